import Foundation
import NotesSite

/// Someone who commits in a test site's repository.
struct Author {
  var name: String
  var email: String

  static let ana = Author(name: "Ana Lima", email: "ana@example.com")
  static let ben = Author(name: "Ben Ito", email: "ben@example.org")
}

/// `2023-11-14T22:13:20Z`, a round number commit dates are built from.
let historyEpoch = 1_700_000_000

/// A date `offset` seconds after `historyEpoch`.
func historyDate(_ offset: Int) -> Date {
  Date(timeIntervalSince1970: TimeInterval(historyEpoch + offset))
}

/// The ISO form templates write in `datetime` attributes.
func historyISO(_ offset: Int) -> String {
  let formatter = ISO8601DateFormatter()
  formatter.timeZone = TimeZone(identifier: "UTC")
  return formatter.string(from: historyDate(offset))
}

extension SiteFixture {
  /// Runs git in the fixture's root, isolated from the machine's configuration, with the
  /// author, committer and dates fixed so hashes are the same on every run.
  @discardableResult
  func git(_ arguments: String..., as author: Author = .ana, at offset: Int = 0, input: URL? = nil)
    throws -> String
  {
    try runGit(arguments, in: root, as: author, at: offset, input: input)
  }

  /// Stages everything and commits it as `author` at `historyEpoch + offset`.
  func commit(_ message: String, by author: Author, at offset: Int) throws {
    try git("add", "-A")
    try git("commit", "-q", "-m", message, as: author, at: offset)
  }

  /// Makes the root a repository with a `.gitignore` for the output.
  func initRepository() throws {
    try git("init", "-q", "--initial-branch=main")
    try write(".gitignore", "_site/\n")
  }

  /// The wrapped fixture of a clone of this repository (`--depth 1` when `depth` is given).
  func clone(depth: Int? = nil) throws -> SiteFixture {
    let copy = try SiteFixture([:])
    var arguments = ["clone", "-q"]
    if let depth { arguments += ["--depth", "\(depth)"] }
    arguments += ["file://" + root.path, copy.root.path]
    try runGit(arguments, in: FileManager.default.temporaryDirectory)
    return copy
  }
}

@discardableResult
func runGit(
  _ arguments: [String], in directory: URL, as author: Author = .ana, at offset: Int = 0,
  input: URL? = nil
) throws -> String {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["git"] + arguments
  process.currentDirectoryURL = directory
  var environment = ProcessInfo.processInfo.environment
  let date = "\(historyEpoch + offset) +0000"
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
  if let input { process.standardInput = try FileHandle(forReadingFrom: input) }
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let text = String(decoding: data, as: UTF8.self)
  guard process.terminationStatus == 0 else {
    throw GitFailed(description: "git \(arguments.joined(separator: " ")) failed: \(text)")
  }
  return text
}

struct GitFailed: Error, CustomStringConvertible {
  var description: String
}

/// The detail column of a page (`<main …>…</main>`), so assertions do not match the lists.
func detailColumn(_ html: String) -> String {
  guard let start = html.range(of: "<main"), let end = html.range(of: "</main>") else { return "" }
  return String(html[start.lowerBound..<end.upperBound])
}

/// Every `href` inside `html`, in order.
func hrefs(_ html: String) -> [String] {
  var result: [String] = []
  var rest = html[...]
  while let r = rest.range(of: "href=\"") {
    rest = rest[r.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { break }
    result.append(String(rest[..<end]))
    rest = rest[end...]
  }
  return result
}
