import Foundation

/// Someone who commits in a test repository.
struct Person {
  var name: String
  var email: String

  static let ana = Person(name: "Ana Lima", email: "ana@example.com")
  static let ben = Person(name: "Ben Ito", email: "ben@example.org")
}

/// A throwaway git repository in its own temporary directory (tests run in parallel), with
/// identities and dates set per commit so results are deterministic. Removed when released.
final class TestRepository {
  let root: URL

  /// `2023-11-14T22:13:20Z`, a round number to build commit dates from.
  static let epoch = 1_700_000_000

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-git-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try git("init", "-q", "--initial-branch=main")
  }

  /// Wraps an existing directory (a clone made by another repository).
  init(existing root: URL) {
    self.root = root
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  func url(_ path: String) -> URL {
    root.appendingPathComponent(path)
  }

  func write(_ path: String, _ text: String) throws {
    let file = url(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// Stages everything and commits it as `author` at `epoch + offset` seconds.
  func commit(_ message: String, by author: Person, at offset: Int) throws {
    try git("add", "-A")
    try git("commit", "-q", "-m", message, as: author, at: offset)
  }

  @discardableResult
  func git(_ arguments: String..., as author: Person = .ana, at offset: Int = 0, input: URL? = nil)
    throws -> String
  {
    try Self.run(arguments, in: root, as: author, at: offset, input: input)
  }

  /// Runs git isolated from the machine's configuration, so signing or hooks set up there
  /// cannot change the repository a test builds.
  @discardableResult
  static func run(
    _ arguments: [String], in directory: URL, as author: Person = .ana, at offset: Int = 0,
    input: URL? = nil
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    let date = "\(epoch + offset) +0000"
    environment.merge(
      [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": author.name, "GIT_AUTHOR_EMAIL": author.email,
        "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_NAME": author.name,
        "GIT_COMMITTER_EMAIL": author.email, "GIT_COMMITTER_DATE": date,
      ], uniquingKeysWith: { $1 })
    process.environment = environment
    // One pipe for both streams: a single reader cannot deadlock on the other stream.
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    if let input {
      process.standardInput = try FileHandle(forReadingFrom: input)
    }
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      throw GitCommandFailed(arguments: arguments, output: text)
    }
    return text
  }
}

struct GitCommandFailed: Error, CustomStringConvertible {
  var arguments: [String]
  var output: String
  var description: String { "git \(arguments.joined(separator: " ")) failed: \(output)" }
}

/// A date `offset` seconds after `TestRepository.epoch`.
func commitDate(_ offset: Int) -> Date {
  Date(timeIntervalSince1970: TimeInterval(TestRepository.epoch + offset))
}
