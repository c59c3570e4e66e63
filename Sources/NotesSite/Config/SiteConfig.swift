import Foundation
import NotesCore
import NotesYAML

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
  /// Paths under `content/` that are not published at all (`ignore: [Templates, private]`):
  /// gitignore-like patterns, matched without regard to case; `*` and `?` match within one
  /// name; a pattern without `/` names a file or folder at any depth, one with `/` a path from
  /// `content/`.
  public var ignore: [String] = []
  /// Every line break inside a paragraph shows, as in Obsidian's reading view by default.
  public var hardLineBreaks: Bool = false
  /// Wiki links may be written label first, `[[Click here|Home]]`, as in a GitHub wiki: set
  /// by the build, not the file, when `content/` is one (`SiteLoader.isGitHubWiki`).
  public var labelFirstLinks: Bool = false
  /// `content/` is a Dendron vault, whose labelled wiki links put the label first,
  /// `[[Office Hours|community.office-hours]]`: set by the build (`SiteLoader.isDendron`).
  public var dendron: Bool = false

  public init() {}

  /// The keys `notes-site.yml` understands, as written in the file.
  public static let knownKeys = [
    "title", "description", "base_url", "language", "notes_per_page", "history_limit",
    "feed_limit", "restore_last_note", "unsafe_html", "ignore", "hard_line_breaks",
  ]

  /// Reads the config file at `url` (`displayPath` is how diagnostics name it). A missing file
  /// gives the defaults. Unknown keys are warnings; wrong types and malformed YAML are errors
  /// with line and column.
  public static func load(from url: URL, displayPath: String) -> (SiteConfig, [Diagnostic]) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return (SiteConfig(), []) }
      return (
        SiteConfig(),
        [
          .error(
            "cannot read the config file: \(error.localizedDescription)",
            at: .init(path: displayPath))
        ]
      )
    }
    return parse(String(decoding: data, as: UTF8.self), displayPath: displayPath)
  }

  /// Reads config from YAML text; `load` without the file system.
  public static func parse(_ yaml: String, displayPath: String) -> (SiteConfig, [Diagnostic]) {
    var reader = SiteConfigReader(path: displayPath)
    let config = reader.read(yaml)
    return (config, reader.diagnostics)
  }
}
