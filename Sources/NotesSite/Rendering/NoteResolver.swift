import NotesCore
import NotesMarkdown

/// The `LinkResolver` for one note: turns references into URLs of this site.
struct NoteResolver: LinkResolver {
  var site: Site
  var index: LinkIndex
  var urls: URLFormatter
  var noteID: String
  /// Notes being embedded around this one, to cut embedding cycles.
  var embedding: [String] = []
  /// Every embed of a note becomes a link to it: an old revision shows what it embedded as a
  /// link, since the other note's text as it was then is not at hand, and its text of today
  /// would be shown as if it had been there.
  var embedsAsLinks = false
  /// `aria-label` of heading self-links in embedded notes, from the string table.
  var headingAnchorLabel = "Link to this section"
  /// This note's references as the link graph resolved them.
  var resolved: [SiteGraph.ResolvedKey: LinkTarget] = [:]

  func resolve(_ reference: LinkReference) -> LinkResolution {
    let target = resolved[SiteGraph.ResolvedKey(reference)] ?? index.resolve(reference, from: noteID).0
    if case .note(let id, let fragment) = target, reference.kind.embedsNotes, let other = site.notes[id] {
      let url = Self.noteURL(id, fragment: fragment, urls: urls)
      // An embed shows the other note inline; a cycle or a deep chain falls back to a link, as
      // does a section the note does not have (the link graph warned): never the whole note.
      let missingSection = reference.fragment.map { !$0.isEmpty } == true && fragment == nil
      // A note's own section or block (`![[#^id]]`, `![[#Heading]]`) shows there too; the
      // whole note in itself would never end.
      if embedsAsLinks || (id == noteID && fragment == nil) || embedding.contains(id) || embedding.count >= 4 || missingSection {
        return .page(url: url)
      }
      var nested = self
      nested.noteID = id
      nested.resolved = [:]
      nested.embedding.append(noteID)
      let rendered = Markdown.render(
        other.body,
        options: RenderOptions(
          unsafeHTML: site.config.unsafeHTML, lineOffset: other.bodyLineOffset,
          sourcePath: other.displayPath, headingAnchorLabel: headingAnchorLabel, headingIDs: false,
          section: fragment, titleHeading: other.opensWithItsTitle,
          hardLineBreaks: site.config.hardLineBreaks, labelFirstLinks: site.config.labelFirstLinks,
          labelFirstPreferred: site.config.dendron, includes: other.includes),
        resolver: nested)
      return .embed(url: url, title: other.title, html: BodyHeadings.fitted(rendered.html))
    }
    return Self.resolution(of: target, urls: urls) { site.files[$0]?.kind ?? .other }
  }

  /// What a reference resolved to `target` renders as, unless it embeds another note: the one
  /// place a link target becomes a URL, shared with the rebuild that replays a note's links.
  static func resolution(of target: LinkTarget, urls: URLFormatter, fileKind: (String) -> AttachmentKind)
    -> LinkResolution
  {
    switch target {
    case .external: .keep
    case .note(let id, let fragment): .page(url: noteURL(id, fragment: fragment, urls: urls))
    case .folder(let id): .page(url: urls.url(.folder(id, page: 1)))
    case .home: .page(url: urls.url(.home))
    case .file(let id): .file(url: urls.fileURL(id), kind: fileKind(id))
    case .missing(let message): .unresolved(message: message)
    }
  }

  /// A block id's caret is not a URL character: `#%5Ea1b2c3` (browsers decode it).
  static func noteURL(_ id: String, fragment: String?, urls: URLFormatter) -> String {
    urls.url(.note(id)) + (fragment.map { "#" + $0.replacingOccurrences(of: "^", with: "%5E") } ?? "")
  }

  func tagURL(_ tag: String) -> String { Self.tagURL(tag, urls: urls) }

  static func tagURL(_ tag: String, urls: URLFormatter) -> String {
    urls.url(.tag(SiteLoader.tagID(SiteLoader.normaliseTag(tag)), page: 1))
  }
}

/// Routes to URLs with the base path: the only place a site URL is spelled.
struct URLFormatter: Sendable {
  var basePath: String
  func url(_ route: Route) -> String { basePath + route.path }
  func fileURL(_ id: String) -> String { basePath + id }
  func asset(_ path: String) -> String { basePath + "_assets/" + path }
}
