import Foundation

/// One commit that touched a note.
public struct Revision: Sendable, Hashable {
  /// Full commit hash.
  public var hash: String
  /// Abbreviated hash used in URLs: the shortest prefix of at least 7 characters that is
  /// unique among the commits loaded for the content folder.
  public var shortHash: String
  /// Author date.
  public var date: Date
  /// Author name after `.mailmap`; emails are never read.
  public var author: String
  public var subject: String
  /// The file's path at that commit, relative to the repository root (follows renames).
  public var path: String

  public init(
    hash: String, shortHash: String, date: Date, author: String, subject: String, path: String
  ) {
    self.hash = hash
    self.shortHash = shortHash
    self.date = date
    self.author = author
    self.subject = subject
    self.path = path
  }

  /// What a history list calls it: its subject, or its short hash when the commit has no
  /// message.
  public var label: String { subject.isEmpty ? shortHash : subject }

  /// The key of this revision's file contents in `GitHistory.contents(of:)`.
  public var contentsKey: String { hash + ":" + path }
}
