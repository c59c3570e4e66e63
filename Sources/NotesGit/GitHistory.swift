import Foundation
import NotesCore

/// The history of every file under the content folder, read with one `git log` pass.
public struct GitHistory: Sendable {
  /// True when the repository is a shallow clone (history is incomplete).
  public var isShallow: Bool = false

  /// The git processes this history has launched so far: one to locate the work tree, one
  /// `git log`, and one per non-empty `contents(of:)` call. Copies share the count.
  public var processesLaunched: Int { tally.launched }

  /// The git subcommand of each process launched so far, in launch order
  /// (`["rev-parse", "log", "cat-file"]` for a history whose contents were read once).
  public var processCommands: [String] { tally.subcommands }

  /// The warning a shallow clone gives.
  public static let shallowCloneWarning =
    "history is incomplete: the repository is a shallow clone; fetch full history with "
    + "`git fetch --unshallow` (in CI: actions/checkout with fetch-depth: 0)"

  let git: GitProcess
  let tally: ProcessTally
  let contentDirectory: URL
  let commits: [CommitRecord]
  /// Keyed by the file's current path relative to the content folder, NFC.
  let files: [String: FileRecord]

  /// Reads history for `contentDirectory` if it is inside a git work tree; nil (and no
  /// diagnostics) when it is not, when the repository has no commits yet, or git is missing.
  /// `limit` caps revisions kept per file; 0 keeps none, while `firstRevision`, `editCount`
  /// and `collaborators(ofContentPath:)` still cover the whole history.
  /// A failing `git log` is a warning and gives nil.
  public static func load(contentDirectory: URL, limit: Int) -> (GitHistory?, [Diagnostic]) {
    let tally = ProcessTally()
    guard let git = GitProcess(tally: tally) else { return (nil, []) }

    let workTree: WorkTree
    switch WorkTree.locate(contentDirectory, git: git) {
    case .success(let located):
      workTree = located
    case .failure(.noHistory):
      return (nil, [])
    case .failure(.refused(let reason)):
      return (nil, [.warning("history is not available: git refused the repository: \(reason)")])
    }

    let output: ProcessOutput
    do {
      output = try git.run(logArguments(contentDirectory))
    } catch {
      return (nil, [.warning("history is not available: could not run git log: \(error)")])
    }
    guard output.succeeded else {
      return (nil, [.warning("history is not available: git log failed: \(output.errorSummary)")])
    }

    let index = LogParser.parse(output.stdout, limit: limit, boundary: workTree.isShallow ? shallowBoundary(contentDirectory, git: git) : [])
    let history = GitHistory(
      isShallow: workTree.isShallow, git: git, tally: tally, contentDirectory: contentDirectory,
      commits: index.commits,
      files: contentRelative(index.files, prefix: workTree.contentPrefix))
    return (history, workTree.isShallow ? [.warning(shallowCloneWarning)] : [])
  }

  /// Revisions of the file at `contentPath` (relative to the content folder, as it is now),
  /// newest first, following renames; at most `limit` of them.
  public func revisions(ofContentPath contentPath: String) -> [Revision] {
    file(contentPath)?.recent.map(revision) ?? []
  }

  /// The commit that created the file at `contentPath` (under an older name, perhaps), even
  /// when `limit` left it out of `revisions(ofContentPath:)`.
  public func firstRevision(ofContentPath contentPath: String) -> Revision? {
    file(contentPath)?.oldest.map(revision)
  }

  /// The newest commit that touched the file at `contentPath`, even when `limit` is 0.
  public func lastRevision(ofContentPath contentPath: String) -> Revision? {
    file(contentPath)?.newest.map(revision)
  }

  /// The number of commits that touched the file at `contentPath`, regardless of `limit`.
  public func editCount(ofContentPath contentPath: String) -> Int {
    file(contentPath)?.total ?? 0
  }

  /// The authors of the file at `contentPath` over its whole history, regardless of `limit`;
  /// most edits first, then by name.
  public func collaborators(ofContentPath contentPath: String) -> [Collaborator] {
    file(contentPath)?.collaborators.values.sorted(by: Collaborator.ranking) ?? []
  }

  private func file(_ contentPath: String) -> FileRecord? {
    files[contentPath.precomposedStringWithCanonicalMapping]
  }

  private func revision(_ entry: (commit: Int, path: String)) -> Revision {
    let commit = commits[entry.commit]
    return Revision(
      hash: commit.hash, shortHash: commit.shortHash, date: commit.date, author: commit.author,
      subject: commit.subject, path: entry.path)
  }

  /// The commits a shallow clone was cut at, from the repository's `shallow` file (one more
  /// `git rev-parse`, in shallow clones only).
  private static func shallowBoundary(_ contentDirectory: URL, git: GitProcess) -> Set<String> {
    guard let output = try? git.run(["-C", contentDirectory.path, "rev-parse", "--path-format=absolute", "--git-path", "shallow"]),
      output.succeeded
    else { return [] }
    var path = String(decoding: output.stdout, as: UTF8.self)
    while path.hasSuffix("\n") { path.removeLast() }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return Set(text.split(whereSeparator: \.isNewline).map(String.init))
  }

  private static func logArguments(_ contentDirectory: URL) -> [String] {
    [
      // A user's configuration must not change the shape of the output: `log.follow` would
      // turn the single pathspec into --follow, `diff.relative` would cut path prefixes.
      "-c", "log.follow=false", "-c", "diff.relative=false", "-c", "log.showSignature=false",
      "-C", contentDirectory.path,
      "log", "--use-mailmap", "--encoding=UTF-8", "--no-color", "--no-merges",
      // Children before parents, so a rename is always seen before the commits that used
      // the old name.
      "--date-order",
      "--name-status", "-M", "-z", LogParser.logFormat, "--", ".",
    ]
  }

  /// Re-keys files from repository-relative to content-relative paths. git gives paths as
  /// stored (NFC or NFD), so both sides are compared in NFC.
  private static func contentRelative(_ files: [String: FileRecord], prefix: String)
    -> [String: FileRecord]
  {
    var result: [String: FileRecord] = [:]
    result.reserveCapacity(files.count)
    for (path, record) in files {
      let normalized = path.precomposedStringWithCanonicalMapping
      guard normalized.hasPrefix(prefix) else { continue }
      result[String(normalized.dropFirst(prefix.count))] = record
    }
    return result
  }
}
