// Interface stub: replaced by the real implementation (issue 2).
import Foundation
import NotesCore

/// `notes-site.yml`: every key optional (DESIGN §2).
public struct SiteConfig: Sendable, Equatable {
  public var title: String = "Notes"
  public var description: String = ""
  /// As written, e.g. `https://example.org/notes/`; nil when not set.
  public var baseURL: String? = nil
  public var language: String = "en"
  public var notesPerPage: Int = 100
  public var historyLimit: Int = 50
  public var feedLimit: Int = 20
  public var restoreLastNote: Bool = true
  public var unsafeHTML: Bool = false

  public init() {}

  /// Reads the config file at `url` (`displayPath` is how diagnostics name it). A missing file
  /// gives the defaults. Unknown keys are warnings; wrong types and malformed YAML are errors
  /// with line and column.
  public static func load(from url: URL, displayPath: String) -> (SiteConfig, [Diagnostic]) {
    (SiteConfig(), [])
  }
}
