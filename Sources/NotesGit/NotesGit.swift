// Interface stub: replaced by the real implementation (issue 5).
import Foundation
import NotesCore

/// One commit that touched a note.
public struct Revision: Sendable, Hashable {
  /// Full commit hash.
  public var hash: String
  /// Abbreviated hash used in URLs (unique within the repository's history).
  public var shortHash: String
  /// Author date.
  public var date: Date
  /// Author name after `.mailmap`; emails are never read.
  public var author: String
  public var subject: String
  /// The file's path at that commit, relative to the repository root (follows renames).
  public var path: String
}

/// The history of every file under the content folder, read with one `git log` pass.
public struct GitHistory: Sendable {
  /// True when the repository is a shallow clone (history is incomplete).
  public var isShallow: Bool = false

  /// Reads history for `contentDirectory` if it is inside a git work tree; nil (and no
  /// diagnostics) when it is not or git is missing. `limit` caps revisions kept per file.
  public static func load(contentDirectory: URL, limit: Int) -> (GitHistory?, [Diagnostic]) {
    (nil, [])
  }

  /// Revisions of the file at `contentPath` (relative to the content folder, as it is now),
  /// newest first, following renames.
  public func revisions(ofContentPath contentPath: String) -> [Revision] { [] }

  /// The file contents at each revision, read through one `git cat-file --batch` process.
  /// Keyed by `Revision.hash + ":" + Revision.path`; a missing blob is left out.
  public func contents(of revisions: [Revision]) -> [String: Data] { [:] }
}
