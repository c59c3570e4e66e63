import CCmark

/// Obsidian block ids: `^id` at the end of a paragraph (`Some text ^a1b2c3`, or alone on the
/// paragraph's last line) names that paragraph; a paragraph that is only `^id` names the
/// block before it (a list, a table, a quote). The markers are removed from the text, and the
/// named blocks are returned so links (`[[Note#^a1b2c3]]`) and embeds can find them. A
/// repeated id names only its first block.
enum BlockIDPass {
  /// `paragraphs`: those whose last child is text holding `^`, in document order.
  static func run(_ paragraphs: [CmarkNode]) -> [(id: String, block: CmarkNode)] {
    var found: [(id: String, block: CmarkNode)] = []
    var seen = Set<String>()
    for paragraph in paragraphs {
      guard let text = paragraph.lastChild, text.isText else { continue }
      let bytes = Array(text.literal.utf8)
      var end = bytes.count
      while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      var start = end
      while start > 0, isIDByte(bytes[start - 1]) { start -= 1 }
      guard start < end, start > 0, bytes[start - 1] == UInt8(ascii: "^") else { continue }
      let caret = start - 1
      guard caret == 0 || bytes[caret - 1] == 0x20 || bytes[caret - 1] == 0x09 else { continue }
      let id = "^" + String(decoding: bytes[start..<end], as: UTF8.self)
      let isNew = seen.insert(id).inserted
      if caret == 0, text.previous == nil {
        // The whole paragraph is the marker: it names the block before it.
        guard let previous = paragraph.previous else { continue }
        if isNew { found.append((id, previous)) }
        paragraph.remove()
        continue
      }
      var keep = caret
      while keep > 0, bytes[keep - 1] == 0x20 || bytes[keep - 1] == 0x09 { keep -= 1 }
      if keep == 0 {
        // On a line of its own at the end of the paragraph: the line break goes too.
        if let lineBreak = text.previous, lineBreak.isLineBreak { lineBreak.remove() }
        text.remove()
      } else {
        text.setLiteral(String(decoding: bytes[..<keep], as: UTF8.self))
      }
      if isNew { found.append((id, paragraph)) }
    }
    return found
  }

  private static func isIDByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "-")
  }

  /// Gives each named block its anchor: an empty element at the start of a paragraph (after
  /// a task item's text, whose `[ ]` must stay first), or just before any other block.
  static func anchor(_ blocks: [(id: String, block: CmarkNode)]) {
    for (id, item) in blocks {
      let html = "<span id=\"\(HTML.escape(id))\"></span>"
      // A Logseq block is a list item: the anchor goes in its first paragraph, else first.
      var block = item
      if item.type == CMARK_NODE_ITEM {
        guard let first = item.firstChild else { continue }
        if !first.isParagraph {
          first.insertBefore(CmarkNode.customBlock(enter: html))
          continue
        }
        block = first
      }
      if block.isParagraph, let first = block.firstChild {
        if block.parent?.type == CMARK_NODE_BLOCK_QUOTE, block.previous == nil, first.isText, first.literal.hasPrefix("[!") {
          // A callout's first paragraph (`> [!abstract] Trigger` … `^trigger`): its marker
          // must stay first to make the callout, so the anchor ends it.
          block.append(CmarkNode.customInline(enter: html))
        } else if block.parent?.type == CMARK_NODE_ITEM, first.isText, first.literal.hasPrefix("[") {
          // A task item (`- [ ] task ^id`): its `[ ]` must stay first to become the checkbox.
          first.insertAfter(CmarkNode.customInline(enter: html))
        } else {
          first.insertBefore(CmarkNode.customInline(enter: html))
        }
      } else {
        block.insertBefore(CmarkNode.customBlock(enter: html))
      }
    }
  }
}
