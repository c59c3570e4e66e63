// Interface stub: replaced by the real implementation (issue 8).
import Foundation

/// One published note as the search sees it.
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

public enum SearchIndex {
  /// The index files, as paths relative to the site's `_search/` folder → bytes. The same
  /// documents give byte-identical files.
  public static func build(_ documents: [SearchDocument]) -> [String: [UInt8]] { [:] }
}
