import CCmark

/// Inline `#tags` in text become links to the tag's page. Text in links, headings and
/// generator-made inlines (wiki links) is left alone; code is never a text node.
enum TagPass {
  static func run(on root: CmarkNode, context: RenderContext) {
    for node in TextNodes.outsideLinks(of: root, includingHeadings: false)
    where node.literalContains("#") {
      let literal = node.literal
      let matches = TagSyntax.matches(in: literal)
      guard !matches.isEmpty else { continue }
      var rest = literal.startIndex
      for match in matches {
        TextNodes.insertText(literal[rest..<match.range.lowerBound], before: node)
        let href = InlineHTML.safeURL(context.resolver.tagURL(match.tag))
        node.insertBefore(
          .customInline(
            enter: "<a class=\"tag\"\(HTML.attribute("href", href))>#\(HTML.escape(match.tag))</a>")
        )
        rest = match.range.upperBound
      }
      TextNodes.insertText(literal[rest...], before: node)
      node.remove()
    }
  }
}

/// Finding and splitting the text nodes that the inline passes rewrite.
enum TextNodes {
  /// Text nodes that are not inside a link, an image or a generator-made inline (whose text is
  /// a link label), optionally skipping headings.
  static func outsideLinks(of root: CmarkNode, includingHeadings: Bool) -> [CmarkNode] {
    var result: [CmarkNode] = []
    var linkDepth = 0
    var headingDepth = 0
    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_CUSTOM_INLINE:
        linkDepth += entering ? 1 : -1
      case CMARK_NODE_HEADING:
        headingDepth += entering ? 1 : -1
      case CMARK_NODE_TEXT:
        if linkDepth == 0 && (includingHeadings || headingDepth == 0) { result.append(node) }
      default:
        break
      }
    }
    return result
  }

  static func insertText(_ text: Substring, before node: CmarkNode) {
    if !text.isEmpty { node.insertBefore(.text(String(text))) }
  }
}
