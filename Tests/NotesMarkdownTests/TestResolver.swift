import NotesMarkdown

/// A small site: notes `Roadmap`, `Work/Alpha` (also reachable as `Alpha`) and `Ideas` (which
/// embeds), and files `diagram.png`, `spec.pdf`, `talk.mp3`, `demo.mp4`, `data.csv`. Relative
/// `.md` links and wiki links resolve to `/notes/…` URLs; anything with a scheme is kept.
struct TestResolver: LinkResolver {
  static let notes = [
    "Roadmap": "/notes/roadmap/", "Work/Alpha": "/notes/work/alpha/",
    "Alpha": "/notes/work/alpha/", "Ideas": "/notes/ideas/",
  ]
  static let files: [String: AttachmentKind] = [
    "diagram.png": .image, "spec.pdf": .pdf, "talk.mp3": .audio, "demo.mp4": .video,
    "data.csv": .other,
  ]

  func resolve(_ reference: LinkReference) -> LinkResolution {
    let target = reference.target
    if target.contains(":") || (target.isEmpty && reference.kind == .link) { return .keep }
    let fragment = reference.fragment.map { "#" + $0 } ?? ""
    if reference.kind == .wikiLink && target.isEmpty { return .page(url: fragment) }
    var name = target
    if name.hasSuffix(".md") { name.removeLast(3) }
    if let url = TestResolver.notes[name] {
      if reference.kind.embedsNotes, name == "Ideas" {
        return .embed(url: url, title: "Ideas", html: "<p>Embedded ideas</p>")
      }
      return .page(url: url + fragment)
    }
    if let kind = TestResolver.files[target] { return .file(url: "/notes/" + target, kind: kind) }
    return .unresolved(message: "unknown note '\(target)'")
  }

  func tagURL(_ tag: String) -> String { "/notes/_tags/" + tag + "/" }
}

func render(_ markdown: String, unsafeHTML: Bool = false, lineOffset: Int = 0, labelFirstLinks: Bool = false) -> RenderedNote {
  Markdown.render(
    markdown,
    options: RenderOptions(
      unsafeHTML: unsafeHTML, lineOffset: lineOffset, sourcePath: "content/Note.md", labelFirstLinks: labelFirstLinks),
    resolver: TestResolver())
}

func html(_ markdown: String, unsafeHTML: Bool = false) -> String {
  render(markdown, unsafeHTML: unsafeHTML).html
}

/// Where each diagnostic of a rendering points, as `line:column`.
func positions(_ rendered: RenderedNote) -> [String] {
  rendered.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
}
