import Foundation
import NotesCore
import NotesMarkdown
import NotesYAML

/// A note's optional header: YAML between `---` lines, or TOML between `+++` lines as Hugo and
/// Zola write it.
public struct FrontMatter: Sendable, Equatable {
  public var title: String? = nil
  public var date: Date? = nil
  public var updated: Date? = nil
  /// The zones `date` and `updated` were written in (`date: 2019-01-01 01:00:00 +0800`), as
  /// seconds east of UTC, so pages show the day the author wrote; nil when one names none.
  public var dateZone: Int? = nil
  public var updatedZone: Int? = nil
  /// Without a leading `#` (`#work` and `work` are the same tag).
  public var tags: [String] = []
  public var pinned: Bool = false
  public var draft: Bool = false
  public var slug: String? = nil
  public var aliases: [String] = []
  public var collaborators: [String] = []
  /// The note's own language (`lang: ja`), for `lang` on its article.
  public var lang: String? = nil
  /// The page's path on the site it came from, Jekyll's `permalink: /docs/setup/` or Hugo's
  /// `url:`: links written to it find the note.
  public var permalink: String? = nil
  /// Wiki links in other keys' values (`up: "[[MOC]]"`, `related: ["[[Other]]"]`), links
  /// as Obsidian's properties make them, at their place in the note file. Not cached: the
  /// loader adds them to the note's references, which are.
  public var links: [LinkReference] = []

  public init() {}

  /// The language of a note's front matter.
  public enum Format: Sendable, Equatable {
    case yaml
    case toml
    /// Logseq's page properties (`title:: Plan`), lines that open the file with no fence.
    case logseq
    /// YAML that opens the file with no `---` above it, only below, as Hexo accepts it.
    case yamlUnfenced
    /// Pelican's and MultiMarkdown's metadata (`Title: Helm`), lines that open the file up to
    /// a blank line, with no fence.
    case metadata
  }

  /// Splits a note's text into front matter and Markdown body. `bodyLineOffset` is the number
  /// of lines before the body (0 when there is no front matter).
  ///
  /// Front matter exists only when the first line is exactly `---` (trailing spaces, a byte
  /// order mark and `\r\n` line ends are tolerated) and a later line is `---` or `...`; or,
  /// for TOML, when the first line is `+++` and a later line is `+++`; or, for Logseq, when
  /// the first lines are page properties (`title:: Plan`), which are then all of it; or, as
  /// Hexo accepts it, when `title:` or `date:` lines open the file over a `---` line; or, as
  /// Pelican and MultiMarkdown write it, when `Key: value` lines open the file up to a blank
  /// line, the first with a key Pelican knows (`Title:`, `Date:`). An opening fence that is
  /// never closed is *not* front matter: the whole file is Markdown (where a leading `---` is a
  /// thematic break), so a note is never swallowed by a typo. The byte order mark is never part
  /// of the body.
  public static func split(_ text: String) -> (
    header: Substring?, body: Substring, bodyLineOffset: Int, format: Format
  ) {
    var start = text.startIndex
    if text.unicodeScalars.first == "\u{FEFF}" {
      start = text.unicodeScalars.index(after: start)
    }
    let whole = text[start...]
    var lines = LineCursor(whole)
    guard let opening = lines.next(), let format = fence(opening.content, closing: nil) else {
      if let (header, body, count) = unfencedYAML(whole) { return (header, body, count, .yamlUnfenced) }
      var count = LogseqProperties.lineCount(whole)
      var format = Format.logseq
      if count == 0 { (count, format) = (MetadataHeader.lineCount(whole), .metadata) }
      guard count > 0 else { return (nil, whole, 0, .yaml) }
      var properties = LineCursor(whole)
      var end = whole.startIndex
      for _ in 0..<count { end = properties.next()?.end ?? whole.endIndex }
      return (whole[..<end], whole[end...], count, format)
    }
    var linesBefore = 1
    while let line = lines.next() {
      linesBefore += 1
      if fence(line.content, closing: format) != nil {
        return (whole[opening.end..<line.start], whole[line.end...], linesBefore, format)
      }
    }
    return (nil, whole, 0, .yaml)
  }

  /// Whether `text` (which `split` found no front matter in) opens with `---` over a
  /// `key: value` line, as front matter does: its closing `---` is missing, and the reader
  /// should hear of it.
  public static func opensUnclosed(_ text: String) -> Bool {
    var lines = LineCursor(Substring(text).drop { $0 == "\u{FEFF}" })
    guard let opening = lines.next(), fence(opening.content, closing: nil) == .yaml, let next = lines.next() else { return false }
    let key = next.content.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    let rest = next.content.dropFirst(key.count)
    return !key.isEmpty && rest.first == ":" && (rest.count == 1 || rest.dropFirst().first == " " || rest.dropFirst().first == "\r")
  }

  /// Hexo's front matter without its opening `---`: `title: Post` and `date: …` lines (and
  /// other `key: value` lines, their indented or `- ` continuations) from the first line,
  /// then `---`. Only when a `title` or `date` key is among them: a note that opens with
  /// `Status: done` over `---` is a heading. The header, the body and the lines before it.
  private static func unfencedYAML(_ text: Substring) -> (Substring, Substring, Int)? {
    guard let first = text.utf8.first, (0x61...0x7A).contains(first) || (0x41...0x5A).contains(first) else {
      return nil
    }
    var lines = LineCursor(text)
    var count = 0
    var dated = false
    while let line = lines.next(), count < 60 {
      count += 1
      let content = line.content.hasSuffix("\r") ? line.content.dropLast() : line.content
      if fence(content, closing: .yaml) != nil {
        // YAML that does not parse was not meant as front matter: it stays the note's text.
        guard dated, count > 1, (try? YAML.parse(String(text[..<line.start]), lineOffset: 0)) != nil else { return nil }
        return (text[..<line.start], text[line.end...], count)
      }
      if content.first == " " || content.first == "\t" || content.hasPrefix("- ") || content.isEmpty { continue }
      let key = content.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
      let rest = content.dropFirst(key.count)
      guard !key.isEmpty, rest.first == ":", rest.count == 1 || rest.dropFirst().first == " " else { return nil }
      if key.lowercased() == "title" || key.lowercased() == "date" { dated = true }
    }
    return nil
  }

  /// The format a fence line opens (`---` or `+++`), or, with `closing`, whether it closes that
  /// format (`---` or `...` for YAML, `+++` for TOML); trailing spaces, tabs and a `\r` ignored.
  private static func fence(_ line: Substring, closing: Format?) -> Format? {
    var trimmed = line.utf8[...]
    while let last = trimmed.last, last == 0x20 || last == 0x09 || last == 0x0D {
      trimmed = trimmed.dropLast()
    }
    switch closing {
    case nil:
      if trimmed.elementsEqual("---".utf8) { return .yaml }
      if trimmed.elementsEqual("+++".utf8) { return .toml }
      return nil
    case .yaml:
      return trimmed.elementsEqual("---".utf8) || trimmed.elementsEqual("...".utf8) ? .yaml : nil
    case .toml:
      return trimmed.elementsEqual("+++".utf8) ? .toml : nil
    case .logseq, .yamlUnfenced, .metadata:
      return nil
    }
  }

  /// Parses front matter. `path` is the note's path for diagnostics; line numbers are those of
  /// the note file (front matter starts on line 2). Unknown keys are ignored; malformed YAML or
  /// TOML, or a wrong type, is an error.
  public static func parse(_ header: Substring, format: Format = .yaml, path: String) -> (FrontMatter, [Diagnostic]) {
    var reader = FrontMatterReader(path: path)
    let frontMatter = reader.read(String(header), format: format)
    return (frontMatter, reader.diagnostics)
  }
}

/// Lines of a text with the positions just after their line break, so slices of the original
/// text can be taken between them.
private struct LineCursor {
  let text: Substring
  var position: String.Index

  init(_ text: Substring) {
    self.text = text
    position = text.startIndex
  }

  /// The next line: `content` excludes the `\n`, `end` is after it.
  mutating func next() -> (start: String.Index, content: Substring, end: String.Index)? {
    guard position < text.endIndex else { return nil }
    let start = position
    let utf8 = text.utf8
    if let newline = utf8[start...].firstIndex(of: 0x0A) {
      position = utf8.index(after: newline)
      return (start, text[start..<newline], position)
    }
    position = text.endIndex
    return (start, text[start...], position)
  }
}
