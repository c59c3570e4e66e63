import CCmark
import Foundation

/// Markdown links `[text](dest)` and images `![alt](src)`: the resolver says where they point.
/// Unresolved ones become a marked, non-link span with a warning; script URLs are never kept.
enum LinkPass {
  static func run(_ nodes: [CmarkNode], context: inout RenderContext) {
    for node in nodes { rewrite(node, context: &context) }
  }

  private static func rewrite(_ node: CmarkNode, context: inout RenderContext) {
    let isImage = node.type == CMARK_NODE_IMAGE
    let destination = node.url
    // A link with nothing to see or to read aloud (axe: link-name). `[ ](#anki-card)`, a
    // plugin's marker, and one to a web address show nothing and are left out; `[](Plan.md)`,
    // as a Notion export writes a mention, shows the name of the note or file it points at,
    // and is checked like any link.
    if !isImage, node.showsNothing {
      guard let name = label(of: destination) else {
        node.remove()
        return
      }
      while let child = node.firstChild { child.remove() }
      node.append(.text(name))
    }
    let at = context.location(of: node)
    if URLSafety.isDangerous(destination) {
      let scheme = destination.prefix { $0 != ":" }.trimmingSpaces
      unresolve(
        node,
        message: "unsafe \(scheme.lowercased()): URL removed from \(isImage ? "image" : "link")",
        at: at, context: &context)
      return
    }
    let reference = LinkReference.markdown(
      kind: isImage ? .image : .link, destination: destination, line: at.line, column: at.column)
    switch context.resolver.resolve(reference) {
    case .keep:
      if let repaired = URLSafety.repairedWebURL(destination) {
        context.warn("malformed URL '\(destination)'; linking to '\(repaired)'", line: at.line, column: at.column)
        node.setURL(URLSafety.fragmentHashesEncoded(repaired) ?? repaired)
      } else if let encoded = URLSafety.fragmentHashesEncoded(destination) {
        node.setURL(encoded)
      }
      if isImage, Self.isWebPage(node.url) {
        // `![](https://www.youtube.com/watch?v=…)`, as Obsidian embeds a video or a post: a
        // page, not an image, so a link to it (a page of notes-site embeds nothing from
        // other hosts), reading as its description or its address.
        let inLink = Self.hasLinkAncestor(node)
        let link = node.replace(with: inLink ? .customInline(enter: "") : .link(node.url))
        if link.showsNothing { link.append(.text(destination)) }
        return
      }
    case .file(let url, let kind)
    where isImage && [.pdf, .audio, .video].contains(kind) && !Self.hasLinkAncestor(node)
      && node.children.allSatisfy(\.isText):
      // `![doc](doc.pdf)`, `![](talk.mp3)`, as Logseq writes its PDFs: the file shown as
      // `![[doc.pdf]]` shows it, not a broken image. (Only text in the description, which no
      // later pass holds, is freed with the image.)
      let shown = InlineHTML.withPDFFragment(url, kind: kind, fragment: reference.fragment)
      // Named by its description, else by its file's name.
      let description = node.children.map(\.literal).joined().trimmingCharacters(in: .whitespaces)
      let file = String(url.split(separator: "/").last ?? "")
      let name = description.isEmpty ? file.removingPercentEncoding ?? file : description
      node.insertBefore(
        .customInline(enter: InlineTextPass.fileEmbedHTML(url: shown, kind: kind, name: name, alt: name, size: nil)))
      node.remove()
      return
    case .file(let url, let kind):
      node.setURL(InlineHTML.safeURL(InlineHTML.withPDFFragment(url, kind: kind, fragment: reference.fragment)))
    case .embed(let url, let title, let html) where isImage:
      // `![x](Other.md)`, as Obsidian writes an embed with Markdown links: the note shown
      // inline, as `![[Other]]` shows it; a link to it where a block cannot stand. The
      // description's nodes move into the link, so none that a later pass holds is freed.
      guard !Self.hasLinkAncestor(node) else {
        // In a link's text, where no other link may stand: the description alone.
        let text = node.replace(with: .customInline(enter: ""))
        if text.showsNothing { text.append(.text(title)) }
        return
      }
      let link = node.replace(with: .link(InlineHTML.safeURL(url)))
      if link.showsNothing { link.append(.text(title)) }
      if link.children.allSatisfy(\.isText) {
        InlineTextPass.promoteToBlock(link, html: InlineTextPass.noteEmbedHTML(url: url, title: title, html: html))
        context.embedsNotes = true
      }
      return
    case .page(let url), .embed(let url, _, _):
      node.setURL(InlineHTML.safeURL(url))
    case .unresolved(let message):
      unresolve(node, message: message, at: at, context: &context)
      return
    }
    if isImage { applySize(node, given: context.source.imageSizes[node]) }
  }

  /// What a link with no text shows: the name of the note or file it points at (`../B.md` and
  /// `B%20c.md` read `B` and `B c`; a Notion page id, a space and 32 hex digits, is left off).
  /// Nil for a fragment alone and for a URL with a scheme.
  static func label(of destination: String) -> String? {
    if destination.isEmpty || destination.hasPrefix("#") { return nil }
    if let colon = destination.firstIndex(of: ":"), destination[..<colon].allSatisfy({ $0.isLetter }) {
      return nil
    }
    var path = Substring(destination)
    if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<cut] }
    while path.hasSuffix("/") { path = path.dropLast() }
    var name = path.split(separator: "/").last.map(String.init) ?? ""
    if name.containsBytes("%") { name = name.percentDecoded ?? name }
    for suffix in [".md", ".markdown", ".mdx"] where name.lowercased().hasSuffix(suffix) && name.count > suffix.count {
      name = String(name.dropLast(suffix.count))
    }
    name = name.withoutNotionPageID
    return name.isEmpty ? String(path) : name
  }

  /// Obsidian's sized Markdown image, `![alt|300](src)` or `![alt|300x200](src)`: the size
  /// leaves the alt text and becomes the image's width and height.
  /// `given`: the size of an HTML `<img>`, whose alt text stays as written.
  private static func applySize(_ image: CmarkNode, given: (Int, Int?)? = nil) {
    let width: Int
    let height: Int?
    let alt: String
    if let given {
      (width, height) = given
      let only = image.firstChild.flatMap { $0.isText && $0.next == nil ? $0 : nil }
      alt = only?.literal ?? ""
      while let child = image.firstChild { child.remove() }
    } else {
      guard let (text, sized, caption) = sizedAlt(image) else { return }
      (width, height, alt) = (sized.0, sized.1, caption)
      text.remove()
    }
    var size = HTML.attribute("width", String(width))
    if let height { size += HTML.attribute("height", String(height)) }
    image.replace(
      with: .customInline(
        enter: "<img\(HTML.attribute("src", URLSafety.hrefEncoded(InlineHTML.safeURL(image.url))))\(HTML.attribute("alt", alt))"
          + " loading=\"lazy\"\(size)>"))
  }

  /// The file name in `url` without its extension (`Engelbart` of `…/Engelbart.jpg`): the
  /// description of an image whose alt text was only its size.
  private static func fileStem(_ url: String) -> String {
    let path = url.split(separator: "?").first.map(String.init) ?? url
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let decoded = name.removingPercentEncoding ?? name
    guard let dot = decoded.lastIndex(of: "."), dot != decoded.startIndex else { return decoded }
    return String(decoded[..<dot])
  }

  /// Whether `node` is inside a link's text, where no other link may stand.
  private static func hasLinkAncestor(_ node: CmarkNode) -> Bool {
    var ancestor = node.parent
    while let a = ancestor, a.type != CMARK_NODE_LINK { ancestor = a.parent }
    return ancestor != nil
  }

  /// Whether `url` is a page that Obsidian embeds with image syntax (a YouTube or Vimeo video,
  /// a post on X or Twitter), not an image.
  static func isWebPage(_ url: String) -> Bool {
    guard url.hasPrefix("https://") || url.hasPrefix("http://") else { return false }
    let host = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(2).first?.lowercased() ?? ""
    let bare = host.hasPrefix("www.") ? String(host.dropFirst(4)) : (host.hasPrefix("m.") ? String(host.dropFirst(2)) : host)
    return ["youtube.com", "youtu.be", "vimeo.com", "twitter.com", "x.com"].contains(bare)
  }

  /// The alt text node of an Obsidian sized image (`![Logo|300](a.png)`), its size, and the
  /// alt text without it.
  private static func sizedAlt(_ image: CmarkNode) -> (CmarkNode, (Int, Int?), String)? {
    guard let text = image.firstChild, text.isText, text.next == nil else { return nil }
    let literal = text.literal
    // `![250](pic.png)`: Obsidian reads an alt of a size alone as the size.
    if let (width, height) = WikiLink.size(literal[...]) { return (text, (width, height), fileStem(image.url)) }
    guard text.literalContains("|") else { return nil }
    guard let bar = literal.lastIndex(of: "|"),
      let (width, height) = WikiLink.size(literal[literal.index(after: bar)...])
    else { return nil }
    return (text, (width, height), String(literal[..<bar].trimmingSpaces))
  }

  /// The link's text (or the image's alt text) in a broken-link span.
  private static func unresolve(
    _ node: CmarkNode, message: String, at: (line: Int, column: Int), context: inout RenderContext
  ) {
    context.warn(message, line: at.line, column: at.column)
    // A sized image's alt text shows without its size (`Logo`, not `Logo|300`).
    if node.type == CMARK_NODE_IMAGE, let (text, _, alt) = sizedAlt(node) { text.setLiteral(alt) }
    node.replace(with: InlineHTML.brokenLink(message: message))
  }
}
