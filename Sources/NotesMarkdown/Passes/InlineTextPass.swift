import CCmark

/// Text outside links: `[[Note]]`, `[[Folder/Note|label]]`, `[[Note#Heading]]`, `[[#Heading]]`
/// become links, and `![[file]]` / `![[Note]]` embeds, as the resolver says; inline `#tags`
/// (not in headings, nor in a wiki link's label) become links to the tag's page. Code is never
/// a text node and link texts are not passed in, so the syntax stays literal there.
enum InlineTextPass {
  /// A text node, and whether it has `[[` and tags to look for.
  struct Target {
    var node: CmarkNode
    var wiki: Bool
    var tags: Bool
    /// In a link's text: only image embeds are read (`[![[pic.png]]](https://…)`); a link
    /// inside a link cannot be.
    var embedsOnly = false
  }

  static func run(_ texts: [Target], context: inout RenderContext) {
    // A Logseq block reference (`((uuid))`) within a sentence shows the block's text inline,
    // as Logseq does: `inlineHTML` then stands in when the paragraph has other text.
    var noteEmbeds: [(inline: CmarkNode, html: String, inlineHTML: String?)] = []
    for target in texts {
      let node = target.node
      let tags = target.tags
      let literal = node.literal
      var matches = target.wiki ? WikiLinkSyntax.matches(in: literal) : []
      if target.embedsOnly { matches.removeAll { !$0.link.isEmbed } }
      // Roam's `{{[[TODO]]}}` starting an item is a task marker for `TaskListPass`, not a link.
      if let marker = TaskMarker.roamMarker(literal), TaskMarker.startsAnItem(node) {
        let end = literal.utf8.index(literal.startIndex, offsetBy: marker.length)
        matches.removeAll { $0.range.lowerBound < end }
      }
      guard !matches.isEmpty || tags else { continue }
      if matches.isEmpty {
        // Only tags: the node stays unless one is found.
        let found = TagSyntax.matches(in: literal)
        guard !found.isEmpty else { continue }
        insertTags(found, in: literal, before: node, context: context)
        node.remove()
        continue
      }
      var rest = literal.startIndex
      for match in matches {
        insertText(
          literal[rest..<match.range.lowerBound], before: node, tags: tags, context: context)
        if match.isTag {
          if tags {
            node.insertBefore(tagLink(match.link.target, context: context))
            rest = match.range.upperBound
            continue
          }
          // In a heading, where tags are not read: `#` and the wiki link.
          node.insertBefore(.text("#"))
        }
        let offset = literal.utf8.distance(from: literal.startIndex, to: match.range.lowerBound)
        let at = context.location(of: node, extraBytes: offset)
        var link = match.link
        // A GitHub wiki writes an image as a link to it, `[[/images/a.png]]` or to a web
        // address, `[[https://x.org/a.png|alt=A chart]]`, and shows it.
        let wikiImage = context.options.labelFirstLinks && !link.isEmbed
        var resolution: LinkResolution
        if wikiImage, let scheme = link.target.firstIndex(of: ":"),
          ["http", "https"].contains(link.target[..<scheme].lowercased())
        {
          resolution = .keep
        } else {
          resolution = context.resolver.resolve(link.reference(line: at.line, column: at.column))
        }
        let unresolved = { if case .unresolved = resolution { true } else { false } }()
        if context.options.labelFirstPreferred || (context.options.labelFirstLinks && unresolved),
          let swapped = link.reference(line: at.line, column: at.column).labelFirst
        {
          let other = context.resolver.resolve(swapped)
          switch other {
          // Names nothing either way in a Dendron vault: the warning names the target as
          // Dendron reads it.
          case .page, .file, .unresolved where context.options.labelFirstPreferred && unresolved:
            link = WikiLink(isEmbed: false, target: swapped.target, fragment: swapped.fragment, label: swapped.label)
            resolution = other
          default:
            break
          }
        }
        if target.embedsOnly, !Self.fitsInALink(resolution) {
          // A note or another file in a link's text: the text stays as written.
          node.insertBefore(.text(String(literal[match.range])))
          rest = match.range.upperBound
          continue
        }
        if wikiImage, let image = Self.wikiImage(link, resolution) {
          link = image.link
          resolution = image.resolution
        }
        let inline = inlineNode(for: link, resolution: resolution)
        node.insertBefore(inline)
        switch resolution {
        case .unresolved(let message):
          context.warn(message, line: at.line, column: at.column)
        case .embed(let url, let title, let html) where link.isEmbed:
          let blockReference = link.label.map { $0.hasPrefix("((") && $0.hasSuffix("))") } ?? false
          noteEmbeds.append(
            (inline, noteEmbedHTML(url: url, title: title, html: html),
             blockReference ? blockReferenceHTML(url: url, title: title, html: html) : nil))
        default:
          break
        }
        rest = match.range.upperBound
      }
      insertText(literal[rest...], before: node, tags: tags, context: context)
      node.remove()
    }
    var blockEmbeds = false
    for embed in noteEmbeds {
      if let inlineHTML = embed.inlineHTML, let paragraph = embed.inline.parent,
        paragraph.children.contains(where: { $0 != embed.inline && !$0.isBlankInline })
      {
        embed.inline.insertBefore(.customInline(enter: inlineHTML))
        embed.inline.remove()
        continue
      }
      promoteToBlock(embed.inline, html: embed.html)
      blockEmbeds = true
    }
    if blockEmbeds { context.embedsNotes = true }
  }

  /// A GitHub wiki's link to an image as the embed it shows: the label's `alt=` is the alt
  /// text. Nil for a link to anything else.
  private static func wikiImage(_ link: WikiLink, _ resolution: LinkResolution) -> (link: WikiLink, resolution: LinkResolution)? {
    var embed = link
    embed.isEmbed = true
    if let label = link.label, label.hasPrefix("alt=") { embed.label = String(label.dropFirst(4)) }
    switch resolution {
    case .file(_, .image):
      return (embed, resolution)
    case .keep:
      let path = link.target.split(separator: "?").first.map(String.init) ?? link.target
      let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
      guard AttachmentKind(fileExtension: ext) == .image else { return nil }
      return (embed, .file(url: link.target, kind: .image))
    default:
      return nil
    }
  }

  /// Whether an embed can stand in a link's text: an image, or a broken embed's marked span.
  private static func fitsInALink(_ resolution: LinkResolution) -> Bool {
    switch resolution {
    case .file(_, .image), .unresolved: true
    default: false
    }
  }

  /// Inserts `text` before `node`, with its tags made links when `tags`.
  private static func insertText(
    _ text: Substring, before node: CmarkNode, tags: Bool, context: RenderContext
  ) {
    guard !text.isEmpty else { return }
    let string = String(text)
    if tags, text.containsBytes("#") {
      let found = TagSyntax.matches(in: string)
      if !found.isEmpty {
        insertTags(found, in: string, before: node, context: context)
        return
      }
    }
    node.insertBefore(.text(string))
  }

  /// `string` with the tags `matches` (found in it) as links, before `node`.
  private static func insertTags(
    _ matches: [TagSyntax.Match], in string: String, before node: CmarkNode,
    context: RenderContext
  ) {
    var rest = string.startIndex
    for match in matches {
      if rest < match.range.lowerBound {
        node.insertBefore(.text(String(string[rest..<match.range.lowerBound])))
      }
      node.insertBefore(tagLink(match.tag, context: context))
      rest = match.range.upperBound
    }
    if rest < string.endIndex { node.insertBefore(.text(String(string[rest...]))) }
  }

  /// The link to a tag's page, reading `#tag`.
  private static func tagLink(_ tag: String, context: RenderContext) -> CmarkNode {
    let href = InlineHTML.safeURL(context.resolver.tagURL(tag))
    return .customInline(enter: "<a class=\"tag\"\(HTML.attribute("href", href))>#\(HTML.escape(tag))</a>")
  }

  /// The inline form of a wiki link or embed.
  private static func inlineNode(for link: WikiLink, resolution: LinkResolution) -> CmarkNode {
    let text = visibleText(of: link)
    func labelled(_ node: CmarkNode) -> CmarkNode {
      node.append(.text(text))
      return node
    }
    switch resolution {
    case .unresolved(let message):
      return labelled(InlineHTML.brokenLink(message: message))
    case .keep:
      let written = link.target + (link.fragment.map { "#" + $0 } ?? "")
      return labelled(InlineHTML.link(written, className: "wiki-link"))
    case .page(let url), .embed(let url, _, _):
      return labelled(InlineHTML.link(url, className: "wiki-link"))
    case .file(let url, let kind):
      let url = InlineHTML.withPDFFragment(url, kind: kind, fragment: link.fragment)
      guard link.isEmbed else { return labelled(InlineHTML.link(url, className: "wiki-link")) }
      return .customInline(enter: fileEmbedHTML(link, url: url, kind: kind, name: text))
    }
  }

  /// What a reader sees for the link: its label, except that an embed size is no label.
  private static func visibleText(of link: WikiLink) -> String {
    guard link.isEmbed, link.label?.contains("|") == true || link.embedSize != nil else { return link.displayText }
    var plain = link
    plain.label = link.embedDescription
    return plain.displayText
  }

  static func fileEmbedHTML(_ link: WikiLink, url: String, kind: AttachmentKind, name: String)
    -> String
  {
    fileEmbedHTML(url: url, kind: kind, name: name, alt: altText(link, name: name), size: link.embedSize)
  }

  /// A file shown where it is embedded: an image, a PDF, audio or video player, else a link.
  static func fileEmbedHTML(url: String, kind: AttachmentKind, name: String, alt: String, size embedSize: (Int, Int?)?)
    -> String
  {
    let src = HTML.attribute("src", InlineHTML.safeURL(url))
    let href = HTML.attribute("href", InlineHTML.safeURL(url))
    let fallback = "<a class=\"embed-file\"\(href)>\(HTML.escape(name))</a>"
    var size = ""
    if let (width, height) = embedSize {
      size = HTML.attribute("width", String(width))
      if let height { size += HTML.attribute("height", String(height)) }
    }
    switch kind {
    case .image:
      return
        "<img\(src)\(HTML.attribute("alt", alt)) loading=\"lazy\"\(size)>"
    case .pdf:
      let data = HTML.attribute("data", InlineHTML.safeURL(url))
      // An accessible name (axe: object-alt): the file's name, as the fallback link says.
      return
        "<object class=\"embed-pdf\"\(data) type=\"application/pdf\"\(HTML.attribute("aria-label", name))\(size)>\(fallback)</object>"
    case .audio:
      return "<audio controls preload=\"metadata\"\(src)>\(fallback)</audio>"
    case .video:
      return "<video controls preload=\"metadata\"\(src)\(size)>\(fallback)</video>"
    case .text, .other:
      return fallback
    }
  }

  /// An image's alt text: the label when it is not a size, else the file name without its
  /// extension (the best description the note gives).
  private static func altText(_ link: WikiLink, name: String) -> String {
    if let description = link.embedDescription { return description }
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// A block reference within a sentence: a link to the block that reads as the block's first
  /// line of text (`html` is the block as rendered, so its text is already escaped).
  static func blockReferenceHTML(url: String, title: String, html: String) -> String {
    var text = ""
    var inTag = false
    for c in html {
      if inTag {
        if c == ">" { inTag = false }
      } else if c == "<" {
        inTag = true
      } else if c == "\n" {
        if !text.allSatisfy(\.isWhitespace) { break }
      } else {
        text.append(c)
      }
    }
    text = text.trimmingCharacters(in: .whitespaces)
    let shown = text.isEmpty ? HTML.escape(title) : text
    return "<a class=\"block-ref\"\(HTML.attribute("href", InlineHTML.safeURL(url)))>\(shown)</a>"
  }

  static func noteEmbedHTML(url: String, title: String, html: String) -> String {
    let href = HTML.attribute("href", InlineHTML.safeURL(url))
    return "<div class=\"embed-note\"><p class=\"embed-title\"><a\(href)>\(HTML.escape(title))"
      + "</a></p>\n\(html)\n</div>"
  }

  /// A note embed is a block: when its inline stand-in sits directly in a paragraph, the
  /// paragraph is split around it and the embed goes between the halves. Elsewhere (in
  /// emphasis, a heading) the stand-in link stays.
  static func promoteToBlock(_ inline: CmarkNode, html: String) {
    guard let paragraph = inline.parent, paragraph.isParagraph else { return }
    if let after = inline.next {
      let tail = CmarkNode.paragraph()
      paragraph.insertAfter(tail)
      paragraph.moveChildren(to: tail, from: after)
      trimEdgeBreaks(tail)
      if tail.showsNothing { tail.remove() }
    }
    paragraph.insertAfter(.customBlock(enter: html))
    inline.remove()
    trimEdgeBreaks(paragraph)
    if paragraph.showsNothing { paragraph.remove() }
  }

  private static func trimEdgeBreaks(_ paragraph: CmarkNode) {
    func isBreak(_ node: CmarkNode) -> Bool {
      node.type == CMARK_NODE_SOFTBREAK || node.type == CMARK_NODE_LINEBREAK
    }
    while let first = paragraph.firstChild, isBreak(first) { first.remove() }
    while let last = paragraph.lastChild, isBreak(last) { last.remove() }
  }
}
