import CCmark

/// Bare URLs in text (`https://…`, `http://…`, `www.…`, see `AutolinkSyntax`) become cmark
/// links, so that the link passes, the analysis and the renderer treat them exactly as
/// `[url](url)`. Code is never a text node; text in links, images and raw `<a>` elements is
/// left alone, and so are wiki links. Runs after footnotes, so `https://x.org[^1]` keeps its
/// footnote.
enum AutolinkPass {
  static func run(_ root: CmarkNode, source: SourceMap) {
    var texts: [CmarkNode] = []
    var linkDepth = 0
    var rawAnchors = 0
    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_TEXT:
        guard linkDepth == 0, rawAnchors == 0, let c = cmark_node_get_literal(node.pointer),
          AutolinkSyntax.mayContain(c)
        else { return }
        texts.append(node)
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        linkDepth += entering ? 1 : -1
      case CMARK_NODE_HTML_INLINE:
        rawAnchors = max(0, rawAnchors + anchorDepthChange(node))
      case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CUSTOM_BLOCK:
        rawAnchors = 0
      default:
        break
      }
    }
    for text in texts { link(text, source: source) }
  }

  /// Splits `text` around its URLs, each becoming a link whose text is the URL as written.
  private static func link(_ text: CmarkNode, source: SourceMap) {
    let literal = text.literal
    var wikiLinks: [Range<Int>] = []
    if literal.containsBytes("[[") {
      let utf8 = literal.utf8
      wikiLinks = WikiLinkSyntax.matches(in: literal).map {
        utf8.distance(from: utf8.startIndex, to: $0.range.lowerBound)
          ..< utf8.distance(from: utf8.startIndex, to: $0.range.upperBound)
      }
    }
    let bytes = Array(literal.utf8)
    let found = AutolinkSyntax.matches(in: bytes, excluding: wikiLinks)
    guard !found.isEmpty else { return }
    let at = source.bodyPosition(of: text)
    func insertText(_ range: Range<Int>) {
      if !range.isEmpty { text.insertBefore(source.text(bytes[range], of: text, at: range.lowerBound)) }
    }
    var position = 0
    for match in found {
      insertText(position..<match.range.lowerBound)
      let link = CmarkNode.link(match.url)
      link.append(source.text(bytes[match.range], of: text, at: match.range.lowerBound))
      source.setOrigin(of: link, line: at.line, column: at.column + match.range.lowerBound)
      text.insertBefore(link)
      position = match.range.upperBound
    }
    insertText(position..<bytes.count)
    source.forget(text)
    text.remove()
  }

  /// +1 for a raw `<a …>`, -1 for `</a>`, else 0 (any case).
  private static func anchorDepthChange(_ node: CmarkNode) -> Int {
    guard let c = cmark_node_get_literal(node.pointer), let (name, closing) = InlineTag.read(c), name == "a" else { return 0 }
    return closing ? -1 : 1
  }
}
