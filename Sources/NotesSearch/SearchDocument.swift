import Foundation

/// One published note as the search sees it. Drafts are never passed in, so they are simply
/// not in the index.
public struct SearchDocument: Sendable {
  /// Page URL including the base path.
  public var url: String
  public var title: String
  /// Display name of the note's folder.
  public var folder: String
  /// Plain text of the note (no markup).
  public var text: String
  public var updated: Date

  public init(url: String, title: String, folder: String, text: String, updated: Date) {
    self.url = url
    self.title = title
    self.folder = folder
    self.text = text
    self.updated = updated
  }
}
