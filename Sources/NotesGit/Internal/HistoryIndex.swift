import Foundation

/// One commit that touched the content folder; its strings are shared by every revision it
/// produced.
struct CommitRecord: Sendable {
  var hash: String
  var shortHash: String
  var date: Date
  var author: String
  var subject: String
}

/// The history of one file as it is now, following renames.
struct FileRecord: Sendable {
  /// Newest first, at most `limit`: the commit index and the file's path at that commit.
  var recent: [(commit: Int, path: String)] = []
  /// The oldest revision and the number of revisions, both over all history regardless of
  /// `limit`, so created dates and edit counts stay right when the list is capped.
  var oldest: (commit: Int, path: String)?
  /// The newest revision, kept even when `limit` is 0, for updated dates.
  var newest: (commit: Int, path: String)?
  var total = 0
  var collaborators: [String: Collaborator] = [:]
}

/// Everything `git log` said, indexed by each file's current path.
struct HistoryIndex: Sendable {
  var commits: [CommitRecord] = []
  /// Keyed by the file's current path relative to the repository root.
  var files: [String: FileRecord] = [:]
}
