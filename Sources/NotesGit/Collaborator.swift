import Foundation

/// A person who edited a note, by name only (emails are never read).
public struct Collaborator: Sendable, Hashable {
  public var name: String
  /// Number of commits by this person.
  public var edits: Int
  /// Author date of this person's oldest commit.
  public var firstEdit: Date
  /// Author date of this person's newest commit.
  public var lastEdit: Date

  public init(name: String, edits: Int, firstEdit: Date, lastEdit: Date) {
    self.name = name
    self.edits = edits
    self.firstEdit = firstEdit
    self.lastEdit = lastEdit
  }
}

extension GitHistory {
  /// The authors of `revisions`, most edits first, then by name.
  public static func collaborators(of revisions: [Revision]) -> [Collaborator] {
    var byName: [String: Collaborator] = [:]
    for revision in revisions {
      byName[
        revision.author,
        default: Collaborator(
          name: revision.author, edits: 0, firstEdit: revision.date, lastEdit: revision.date)
      ].record(revision.date)
    }
    return byName.values.sorted(by: Collaborator.ranking)
  }
}

extension Collaborator {
  mutating func record(_ date: Date) {
    edits += 1
    firstEdit = min(firstEdit, date)
    lastEdit = max(lastEdit, date)
  }

  /// Most edits first; ties by name so the order is deterministic.
  static func ranking(_ a: Collaborator, _ b: Collaborator) -> Bool {
    a.edits != b.edits ? a.edits > b.edits : a.name < b.name
  }
}
