import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a finished git process left behind.
struct ProcessOutput: Sendable {
  var status: Int32
  /// False when the process was killed by a signal.
  var exitedNormally: Bool
  var stdout: [UInt8]
  var stderr: [UInt8]

  var succeeded: Bool { exitedNormally && status == 0 }

  /// The first line of stderr, for a diagnostic a user can act on.
  var errorSummary: String {
    let text = String(decoding: stderr, as: UTF8.self)
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return line.isEmpty ? "exit status \(status)" : line
  }
}

/// Runs git without a shell, a pager or a terminal prompt.
struct GitProcess: Sendable {
  let executable: URL
  let tally: ProcessTally

  /// Finds `git` on `PATH`; nil when it is not installed.
  init?(tally: ProcessTally, environment: [String: String] = ProcessInfo.processInfo.environment) {
    let searchPath = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    let candidates = searchPath.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("git")
    }
    guard
      let git = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else { return nil }
    self.executable = git
    self.tally = tally
  }

  /// Runs `git <arguments>` and collects its output. Stdout and stderr are drained while the
  /// process runs and `input` is written interleaved with that, so neither side can fill a
  /// pipe and block the other.
  func run(_ arguments: [String], input: [UInt8]? = nil) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--no-pager", "-c", "core.quotepath=off"] + arguments
    process.environment = Self.environment()
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = input == nil ? nil : Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin ?? FileHandle.nullDevice
    if stdin != nil {
      // Writing to a git that has already exited must give EPIPE, not kill the generator.
      signal(SIGPIPE, SIG_IGN)
    }
    try process.run()
    tally.recordLaunch(Self.subcommand(arguments))

    var pump = PipePump(
      stdout: stdout.fileHandleForReading, stderr: stderr.fileHandleForReading,
      stdin: stdin?.fileHandleForWriting, input: input ?? [])
    pump.run()
    process.waitUntilExit()
    return ProcessOutput(
      status: process.terminationStatus,
      exitedNormally: process.terminationReason == .exit,
      stdout: pump.stdoutBytes, stderr: pump.stderrBytes)
  }

  /// The git command in `arguments`: the first word that is neither an option nor the value
  /// of `-c` / `-C`.
  static func subcommand(_ arguments: [String]) -> String {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "-c" || argument == "-C" {
        index += 2
      } else if argument.hasPrefix("-") {
        index += 1
      } else {
        return argument
      }
    }
    return ""
  }

  /// The caller's environment, made predictable: the repository is chosen by `-C`, never by
  /// variables a git hook may have set, and git must not wait for a pager or a password.
  static func environment() -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX", "GIT_COMMON_DIR"] {
      environment[name] = nil
    }
    environment["LC_ALL"] = "C"
    environment["GIT_PAGER"] = "cat"
    environment["PAGER"] = "cat"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    // Reading history must not take locks a user's own git command could trip over.
    environment["GIT_OPTIONAL_LOCKS"] = "0"
    return environment
  }
}

/// Moves bytes between this process and a child's pipes with `poll`, on one thread.
private struct PipePump {
  var stdoutBytes: [UInt8] = []
  var stderrBytes: [UInt8] = []
  private let stdoutHandle: FileHandle
  private let stderrHandle: FileHandle
  private let stdinHandle: FileHandle?
  private let input: [UInt8]
  private var written = 0

  init(stdout: FileHandle, stderr: FileHandle, stdin: FileHandle?, input: [UInt8]) {
    stdoutHandle = stdout
    stderrHandle = stderr
    stdinHandle = stdin
    self.input = input
  }

  mutating func run() {
    var readers = [stdoutHandle.fileDescriptor, stderrHandle.fileDescriptor]
    var writer: Int32 = -1
    if let stdinHandle {
      writer = stdinHandle.fileDescriptor
      _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK)
      if input.isEmpty { writer = finishInput() }
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)

    while readers.contains(where: { $0 >= 0 }) {
      // poll ignores negative descriptors, so finished pipes stay in place as -1.
      var fds = [
        pollfd(fd: readers[0], events: Int16(POLLIN), revents: 0),
        pollfd(fd: readers[1], events: Int16(POLLIN), revents: 0),
        pollfd(fd: writer, events: Int16(POLLOUT), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(fds.count), -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      for index in 0..<2 where readers[index] >= 0 && fds[index].revents != 0 {
        let count = chunk.withUnsafeMutableBytes { read(readers[index], $0.baseAddress, $0.count) }
        if count > 0 {
          if index == 0 {
            stdoutBytes.append(contentsOf: chunk[0..<count])
          } else {
            stderrBytes.append(contentsOf: chunk[0..<count])
          }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          readers[index] = -1
        }
      }
      if writer >= 0 && fds[2].revents != 0 {
        writer = writeSome(to: writer)
      }
    }
    // git closed its output without reading everything (it failed): stop feeding it.
    if writer >= 0 { writer = finishInput() }
    try? stdoutHandle.close()
    try? stderrHandle.close()
  }

  /// Writes what the pipe takes now; returns -1 once all input is written or git hung up.
  private mutating func writeSome(to descriptor: Int32) -> Int32 {
    let count = input.withUnsafeBytes {
      write(descriptor, $0.baseAddress! + written, $0.count - written)
    }
    if count > 0 {
      written += count
      return written == input.count ? finishInput() : descriptor
    }
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return descriptor }
    return finishInput()
  }

  /// Closing stdin is how git learns the batch is complete.
  private func finishInput() -> Int32 {
    try? stdinHandle?.close()
    return -1
  }
}
