// Interface stub: replaced by the real implementation (issue 2).
import Foundation
import NotesCore

/// A note's optional YAML header between `---` lines.
public struct FrontMatter: Sendable, Equatable {
  public var title: String? = nil
  public var date: Date? = nil
  public var updated: Date? = nil
  public var tags: [String] = []
  public var pinned: Bool = false
  public var draft: Bool = false
  public var slug: String? = nil
  public var aliases: [String] = []
  public var collaborators: [String] = []
  /// The note's own language (`lang: ja`), for `lang` on its article.
  public var lang: String? = nil

  public init() {}

  /// Splits a note's text into front matter and Markdown body. `bodyLineOffset` is the number
  /// of lines before the body (0 when there is no front matter).
  public static func split(_ text: String) -> (yaml: Substring?, body: Substring, bodyLineOffset: Int) {
    (nil, Substring(text), 0)
  }

  /// Parses front matter YAML. `path` is the note's path for diagnostics; line numbers are
  /// those of the note file (front matter starts on line 2). Unknown keys are ignored; malformed
  /// YAML or a wrong type is an error.
  public static func parse(_ yaml: Substring, path: String) -> (FrontMatter, [Diagnostic]) {
    (FrontMatter(), [])
  }
}
