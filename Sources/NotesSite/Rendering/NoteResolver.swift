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
  /// `aria-label` of heading self-links in embedded notes, from the string table.
  var headingAnchorLabel = "Link to this section"
  /// This note's references as the link graph resolved them.
  var resolved: [SiteGraph.ResolvedKey: LinkTarget] = [:]

  func resolve(_ reference: LinkReference) -> LinkResolution {
    let target = resolved[SiteGraph.ResolvedKey(reference)] ?? index.resolve(reference, from: noteID).0
    switch target {
    case .external:
      return .keep
    case .note(let id, let fragment):
      // A block id's caret is not a URL character: `#%5Ea1b2c3` (browsers decode it).
      let url = urls.url(.note(id)) + (fragment.map { "#" + $0.replacingOccurrences(of: "^", with: "%5E") } ?? "")
      if reference.kind == .wikiEmbed, let other = site.notes[id] {
        // An embed shows the other note inline; a cycle or a deep chain falls back to a link.
        if id == noteID || embedding.contains(id) || embedding.count >= 4 {
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
            hardLineBreaks: site.config.hardLineBreaks),
          resolver: nested)
        return .embed(url: url, title: other.title, html: BodyHeadings.fitted(rendered.html))
      }
      return .page(url: url)
    case .folder(let id):
      return .page(url: urls.url(.folder(id, page: 1)))
    case .file(let id):
      return .file(url: urls.fileURL(id), kind: site.files[id]?.kind ?? .other)
    case .missing(let message):
      return .unresolved(message: message)
    }
  }

  func tagURL(_ tag: String) -> String {
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
