import NotesCore

/// A link, image or embed written in a note, with its 1-based position in the note's file.
public struct LinkReference: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// `[text](dest)` or an autolink.
    case link
    /// `![alt](dest)`.
    case image
    /// `[[Target]]`, `[[Target|label]]`, `[[Target#Heading]]`, `[[#Heading]]`.
    case wikiLink
    /// `![[Target]]`, `![[image.png|300]]`.
    case wikiEmbed

    /// Whether a reference of this kind that names a note shows the note: `![[Note]]`, and
    /// `![x](Note.md)` as Obsidian writes an embed with Markdown links.
    public var embedsNotes: Bool { self == .wikiEmbed || self == .image }
  }
  public var kind: Kind
  /// Markdown: the destination as written, without its `#fragment` (percent-escapes decoded).
  /// Wiki: the text before `|` and `#`, trimmed. Empty for `[[#Heading]]`.
  public var target: String
  /// The part after `#`, without the `#`, as written.
  public var fragment: String?
  /// Wiki: the text after `|` (label, or an embed size such as `300` / `100x145`).
  public var label: String?
  public var line: Int
  public var column: Int

  public init(
    kind: Kind, target: String, fragment: String? = nil, label: String? = nil, line: Int,
    column: Int
  ) {
    self.kind = kind
    self.target = target
    self.fragment = fragment
    self.label = label
    self.line = line
    self.column = column
  }
}

public struct Heading: Sendable, Hashable {
  public var level: Int
  public var text: String
  /// Unique within the note, Unicode kept (`Slug.make`, then `-1`, `-2` for repeats).
  public var id: String
  public init(level: Int, text: String, id: String) {
    self.level = level
    self.text = text
    self.id = id
  }
}

public struct TaskCount: Sendable, Hashable {
  public var done: Int
  public var total: Int
  public init(done: Int, total: Int) {
    self.done = done
    self.total = total
  }
}

/// What the site needs to know about a note before any page is rendered (pass 1).
public struct NoteAnalysis: Sendable {
  /// Plain text of the level-1 heading that opens the note (its first block), if any.
  public var firstH1: String?
  /// About 140 characters of plain text after the title heading, cut on a grapheme boundary.
  public var preview: String
  /// Inline `#tags` (not in code, headings, links or URLs), as written without `#`, unique.
  public var tags: [String]
  public var references: [LinkReference]
  public var headings: [Heading]
  /// Obsidian block ids the note defines (`^a1b2c3`, caret included), in document order.
  public var blockIDs: [String]
  /// Ids that HTML anchors give places in the note (`<a name="install"></a>`, as GitHub
  /// READMEs write them), for links to `#install`; in document order.
  public var anchors: [String]
  public var tasks: TaskCount
  /// The note's text without markup, for the search index.
  public var plainText: String
  public init() {
    firstH1 = nil
    preview = ""
    tags = []
    references = []
    headings = []
    blockIDs = []
    anchors = []
    tasks = TaskCount(done: 0, total: 0)
    plainText = ""
  }
}

public enum AttachmentKind: String, Sendable, Hashable {
  case image, pdf, audio, video, text, other
}

extension AttachmentKind {
  /// Guesses the kind from a file extension.
  public init(fileExtension ext: String) {
    switch ext.lowercased() {
    case "png", "jpg", "jpeg", "gif", "webp", "svg", "avif", "bmp", "ico": self = .image
    case "pdf": self = .pdf
    case "mp3", "wav", "ogg", "oga", "m4a", "flac", "aac", "opus": self = .audio
    case "mp4", "webm", "ogv", "mov", "m4v": self = .video
    case "txt", "csv", "json", "log", "yml", "yaml", "xml", "tsv", "ini", "toml": self = .text
    default: self = .other
    }
  }
}

/// What the site says a reference points to.
public enum LinkResolution: Sendable, Hashable {
  /// Leave the destination as written (external URL, same-page `#fragment`, `mailto:`).
  case keep
  /// A page of the site (URL already includes the base path and any `#fragment`).
  case page(url: String)
  /// A file of the site (raw attachment URL).
  case file(url: String, kind: AttachmentKind)
  /// Another note embedded inline (`![[Note]]`): its rendered HTML, its title and URL.
  case embed(url: String, title: String, html: String)
  /// Nothing to link to: rendered as a visibly marked, non-link span; `message` becomes a
  /// warning at the reference's position.
  case unresolved(message: String)
}

public protocol LinkResolver: Sendable {
  func resolve(_ reference: LinkReference) -> LinkResolution
  /// The URL of a tag's page, for inline `#tags`.
  func tagURL(_ tag: String) -> String
}

public struct RenderOptions: Sendable {
  /// Pass raw HTML from notes through (config `unsafe_html`).
  public var unsafeHTML: Bool
  /// Lines before the Markdown body in the file (front matter), added to reported lines.
  public var lineOffset: Int
  /// Path for diagnostics, relative to the site root (`content/Work/Roadmap.md`).
  public var sourcePath: String
  /// `aria-label` of the self-link after each heading, in the site's language.
  public var headingAnchorLabel: String
  /// Whether headings get their `id` and self-link. A note shown inside another (an embed)
  /// renders without them: its ids would repeat the host note's, and a page's ids are unique.
  public var headingIDs: Bool
  /// The id of a heading: only its section is rendered (the heading and what follows it up to
  /// the next heading of its level or higher), as `![[Note#Heading]]` shows it. A heading the
  /// note does not have, or one nested in a list or quote, renders the whole note.
  public var section: String?
  /// `aria-label` of the link from a footnote back to where it is referenced.
  public var footnoteBackLabel: String
  /// `aria-label` of a table of contents (`[TOC]`).
  public var contentsLabel: String
  /// Whether a `# Heading` that opens the note is its title (rendered `h1`, which the page
  /// drops as it shows the title itself); when not, it is a section heading like the others.
  public var titleHeading: Bool
  /// Every line break in a paragraph is a `<br>`, as Obsidian shows notes by default (config
  /// `hard_line_breaks`); otherwise a single line break is a space, as in CommonMark.
  public var hardLineBreaks: Bool
  /// A wiki link that names nothing as written is read label first when that names a page
  /// (`LinkReference.labelFirst`), as GitHub wikis write links.
  public var labelFirstLinks: Bool
  /// A labelled wiki link is read label first whenever that names a page, as a Dendron vault
  /// writes every one (`[[Office Hours|community.office-hours]]`).
  public var labelFirstPreferred: Bool = false
  /// The text of each of mdBook's file directives in the note (`{{#include a.rs:2:10}}`), by
  /// argument (`a.rs:2:10`), as the site read it; see `MdBookIncludes`.
  public var includes: [String: IncludedText] = [:]
  public init(
    unsafeHTML: Bool = false, lineOffset: Int = 0, sourcePath: String,
    headingAnchorLabel: String = "Link to this section", headingIDs: Bool = true, section: String? = nil,
    footnoteBackLabel: String = "Back to text", contentsLabel: String = "Contents", titleHeading: Bool = true,
    hardLineBreaks: Bool = false, labelFirstLinks: Bool = false, labelFirstPreferred: Bool = false,
    includes: [String: IncludedText] = [:]
  ) {
    self.includes = includes
    self.labelFirstPreferred = labelFirstPreferred
    self.contentsLabel = contentsLabel
    self.labelFirstLinks = labelFirstLinks
    self.titleHeading = titleHeading
    self.hardLineBreaks = hardLineBreaks
    self.section = section
    self.footnoteBackLabel = footnoteBackLabel
    self.unsafeHTML = unsafeHTML
    self.lineOffset = lineOffset
    self.sourcePath = sourcePath
    self.headingAnchorLabel = headingAnchorLabel
    self.headingIDs = headingIDs
  }
}

public struct RenderedNote: Sendable {
  public var html: String
  public var diagnostics: [Diagnostic]
  public init(html: String, diagnostics: [Diagnostic]) {
    self.html = html
    self.diagnostics = diagnostics
  }
}
