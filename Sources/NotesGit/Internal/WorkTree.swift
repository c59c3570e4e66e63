import Foundation

/// Where the content folder sits in its git work tree, read with one `git rev-parse`.
struct WorkTree: Sendable {
  /// The content folder relative to the work tree's top, NFC, with a trailing slash; empty
  /// when the content folder is the top.
  var contentPrefix: String
  var isShallow: Bool

  /// Failure to answer means "no history here": not a work tree, no commits yet (unborn
  /// `HEAD`), a bare repository. Only refusal on ownership grounds is worth telling the user.
  enum Failure: Error {
    case noHistory
    case refused(String)
  }

  static func locate(_ directory: URL, git: GitProcess) -> Result<WorkTree, Failure> {
    // rev-parse prints the shallow flag, the top level and the prefix in argument order and
    // the verified HEAD last; with the prefix after the top level, a line break in the
    // content folder's name still parses.
    let arguments = [
      "-C", directory.path, "rev-parse", "--is-shallow-repository", "--show-toplevel",
      "--show-prefix", "--verify", "HEAD",
    ]
    guard let output = try? git.run(arguments) else { return .failure(.noHistory) }
    guard output.succeeded else {
      let message = String(decoding: output.stderr, as: UTF8.self)
      if message.contains("dubious ownership") { return .failure(.refused(output.errorSummary)) }
      return .failure(.noHistory)
    }
    var text = String(decoding: output.stdout, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    // shallow flag, top level, prefix (may be empty), HEAD.
    let fields = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, let headLine = fields[2].lastIndex(of: "\n") else {
      return .failure(.noHistory)
    }
    let prefix = fields[2][..<headLine]
    return .success(
      WorkTree(
        contentPrefix: String(prefix).precomposedStringWithCanonicalMapping,
        isShallow: fields[0] == "true"))
  }
}
