import Foundation
import Testing

@testable import NotesSite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary site (`site/` with `content/`), its output (`out/`) and a file outside both
/// (`secret.txt`) that no request may ever reach.
struct ServeSandbox {
  static let secretMarker = "SECRET-7f3a9c-never-served"

  let root: URL
  var source: URL { root.appending(path: "site") }
  var output: URL { root.appending(path: "out") }
  var note: URL { source.appending(path: "content/Folder/Note.md") }

  init() throws {
    root = FileManager.default.temporaryDirectory.appending(path: "ServeTests-\(UUID().uuidString)")
    try write("site/content/Folder/Note.md", "# Note\n\nHello from the note.\n")
    try write("site/content/Welcome.md", "# Welcome\n\nSee [[Note]].\n")
    try write("secret.txt", Self.secretMarker + "\n")
    try write("secretdir/inner.txt", Self.secretMarker + "\n")
  }

  func write(_ relative: String, _ text: String) throws {
    let url = root.appending(path: relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }

  /// Starts a preview on an ephemeral loopback port, runs `body`, and always stops it.
  @available(macOS 15, *)
  func withPreview(
    baseURL: String? = nil, limits: PreviewServer.Limits = .init(), longPollSeconds: Double = 25,
    _ body: (SitePreview) async throws -> Void
  ) async throws {
    var configuration = SitePreview.Configuration(
      options: BuildOptions(source: source, output: output, baseURL: baseURL), port: 0)
    configuration.pollInterval = .milliseconds(100)
    configuration.limits = limits
    configuration.longPollSeconds = longPollSeconds
    let preview = try await SitePreview.start(configuration) { _ in }
    do {
      try await body(preview)
    } catch {
      await preview.stop()
      throw error
    }
    await preview.stop()
  }
}

/// A parsed HTTP response read from a raw socket until the server closed it.
struct RawResponse {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// HTTP over plain sockets, so tests control every byte sent (URLSession would normalise
/// paths like `/../` before they reach the server).
enum RawHTTP {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Connects to 127.0.0.1:`port`; every read gives up after `timeout` seconds.
  static func connect(port: Int, timeout: Double = 5) throws -> Int32 {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure(description: "socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #else
          Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #endif
      }
    }
    guard connected == 0 else {
      close(fd)
      throw Failure(description: "connect failed: \(String(cString: strerror(errno)))")
    }
    var value = timeval()
    value.tv_sec = .init(Int(timeout))
    value.tv_usec = .init(Int((timeout - Double(Int(timeout))) * 1_000_000))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return fd
  }

  static func send(_ fd: Int32, _ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Socket.sendAll(fd, $0) }
  }

  /// Reads until the server closes the connection (or the read timeout passes).
  static func readAll(_ fd: Int32) -> [UInt8] {
    var buffer: [UInt8] = []
    while Socket.receive(fd, into: &buffer, max: 64 * 1024) > 0 {}
    return buffer
  }

  static func parse(_ bytes: [UInt8]) throws -> RawResponse {
    guard let end = HTTPRequest.endOfHead(in: bytes) else {
      throw Failure(description: "no complete response head in \(bytes.count) bytes")
    }
    let lines = String(decoding: bytes[..<end], as: UTF8.self)
      .components(separatedBy: "\r\n").filter { !$0.isEmpty }
    let statusParts = lines.first?.split(separator: " ") ?? []
    guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
      throw Failure(description: "bad status line \(lines.first ?? "")")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return RawResponse(status: status, headers: headers, body: Array(bytes[end...]))
  }

  /// Sends `raw` as is and returns the parsed response.
  static func exchange(port: Int, raw: [UInt8], timeout: Double = 5) async throws -> RawResponse {
    try await onThread {
      let fd = try connect(port: port, timeout: timeout)
      defer { close(fd) }
      send(fd, raw)
      return try parse(readAll(fd))
    }
  }

  static func request(port: Int, _ target: String, method: String = "GET") async throws -> RawResponse {
    try await exchange(port: port, raw: Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
  }

  /// Runs blocking socket work on a thread of its own: blocking the few threads of the
  /// cooperative pool would stall the rebuilds that tests wait for.
  static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }
}
