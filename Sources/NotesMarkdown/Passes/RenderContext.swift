import NotesCore

/// What the render passes share: the resolver, the options and the warnings found so far.
struct RenderContext {
  let resolver: any LinkResolver
  let options: RenderOptions
  let source: SourceMap
  private(set) var diagnostics: [Diagnostic] = []
  /// Whether a note was embedded as a block, whose headings `HeadingPass.nestEmbeds` fits.
  var embedsNotes = false

  init(resolver: any LinkResolver, options: RenderOptions, source: SourceMap) {
    self.resolver = resolver
    self.options = options
    self.source = source
  }

  /// The file position of `node`, moved `extraBytes` along its line.
  func location(of node: CmarkNode, extraBytes: Int = 0) -> (line: Int, column: Int) {
    source.location(of: node, extraBytes: extraBytes)
  }

  mutating func warn(_ message: String, line: Int, column: Int) {
    diagnostics.append(
      .warning(message, at: SourceLocation(path: options.sourcePath, line: line, column: column)))
  }
}

/// Generator-made inline HTML shared by the passes.
enum InlineHTML {
  /// A visibly marked stand-in for a link that goes nowhere; its children are the link text.
  static func brokenLink(message: String) -> CmarkNode {
    .customInline(
      enter: "<span class=\"broken-link\"\(HTML.attribute("title", message))>", exit: "</span>")
  }

  /// `<a href>` around the children, or `href=""` if the URL is one that must never be written.
  static func link(_ url: String, className: String? = nil) -> CmarkNode {
    let classAttribute = className.map { HTML.attribute("class", $0) } ?? ""
    return .customInline(
      enter: "<a\(classAttribute)\(HTML.attribute("href", safeURL(url)))>", exit: "</a>")
  }

  static func safeURL(_ url: String) -> String { URLSafety.isDangerous(url) ? "" : url }

  /// A PDF's URL with the `#page=37` (or other open parameters) the link names, as Obsidian
  /// and browsers open it; other files' fragments mean nothing to them and are left off.
  static func withPDFFragment(_ url: String, kind: AttachmentKind, fragment: String?) -> String {
    guard kind == .pdf, let fragment, !fragment.isEmpty, !url.contains("#") else { return url }
    return url + "#" + (fragment.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? "")
  }
}
