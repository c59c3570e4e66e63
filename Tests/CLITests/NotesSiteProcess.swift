import Foundation
import Testing

/// Runs the built `notes-site` executable as a user would.
enum NotesSiteProcess {
  struct Result {
    var status: Int32
    var standardOutput: Data
    var standardError: String
  }

  enum LocateError: Error, CustomStringConvertible {
    case notFound([String])
    var description: String {
      switch self {
      case .notFound(let places): "no notes-site executable in: \(places.joined(separator: ", "))"
      }
    }
  }

  /// The executable sits in the build products directory, next to the test bundle.
  static func executable() throws -> URL {
    var directories = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    // On macOS the tests load from `…/debug/notes-sitePackageTests.xctest`.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent("notes-site")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw LocateError.notFound(directories.map(\.path))
  }

  /// Runs `notes-site ARGUMENTS` in `directory`, capturing output through files so large
  /// output can never block on a full pipe.
  static func run(_ arguments: [String], in directory: URL) throws -> Result {
    let stdoutURL = directory.appendingPathComponent(".stdout")
    let stderrURL = directory.appendingPathComponent(".stderr")
    try Data().write(to: stdoutURL)
    try Data().write(to: stderrURL)
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    defer {
      try? stdout.close()
      try? stderr.close()
    }

    let process = Process()
    process.executableURL = try executable()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()

    return Result(
      status: process.terminationStatus,
      standardOutput: try Data(contentsOf: stdoutURL),
      standardError: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
  }
}

/// A fresh directory per test, removed afterwards; Swift Testing runs tests in parallel.
struct TemporaryDirectory: ~Copyable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-site-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `text` to `path` (relative, may contain folders) byte for byte.
  func write(_ text: String, to path: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }
}
