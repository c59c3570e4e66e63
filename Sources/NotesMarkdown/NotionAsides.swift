/// Notion exports a callout as `<aside>` on a line of its own, its Markdown, and `</aside>`:
/// raw HTML to CommonMark, which would swallow the text up to the first blank line into an
/// HTML block that a safe page leaves out. The two tag lines are blanked before parsing (the
/// line numbers stay the note's) and the blocks between them are put in a callout, as
/// Obsidian's `> [!note]` makes one, without a title.
enum NotionAsides {
  /// `body` with each `<aside>` … `</aside>` pair's lines emptied, outside code fences, and
  /// the body lines (1-based) the pairs stood on.
  static func blanking(_ body: String) -> (body: String, asides: [ClosedRange<Int>]) {
    guard body.utf8.count >= 15, body.containsBytes("<aside>") else { return (body, []) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var asides: [ClosedRange<Int>] = []
    var open: Int?
    var fence: (byte: UInt8, count: Int)?
    for (index, line) in lines.enumerated() {
      var content = line.utf8[...]
      if content.last == 0x0D { content = content.dropLast() }
      let indent = content.prefix { $0 == 0x20 }.count
      let trimmed = content.dropFirst(indent)
      if let marker = trimmed.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~"), indent <= 3 {
        let run = trimmed.prefix { $0 == marker }.count
        if run >= 3 {
          if let f = fence {
            if f.byte == marker, run >= f.count, trimmed.dropFirst(run).allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { fence = nil }
          } else {
            fence = (marker, run)
          }
          continue
        }
      }
      guard fence == nil, indent == 0 else { continue }
      if trimmed.elementsEqual("<aside>".utf8) {
        open = index
      } else if trimmed.elementsEqual("</aside>".utf8), let start = open {
        asides.append((start + 1)...(index + 1))
        open = nil
      }
    }
    guard !asides.isEmpty else { return (body, []) }
    for range in asides {
      lines[range.lowerBound - 1] = ""
      lines[range.upperBound - 1] = ""
    }
    return (lines.joined(separator: "\n"), asides)
  }

  /// Puts the top-level blocks that start inside each aside in a callout.
  static func wrap(_ root: CmarkNode, _ asides: [ClosedRange<Int>]) {
    guard !asides.isEmpty else { return }
    var blocks: [CmarkNode] = []
    var child = root.firstChild
    while let node = child {
      blocks.append(node)
      child = node.next
    }
    for aside in asides {
      let inside = blocks.filter { $0.startLine > aside.lowerBound && $0.startLine < aside.upperBound }
      guard let first = inside.first else { continue }
      let callout = CmarkNode.customBlock(enter: "<aside class=\"callout callout-note\" role=\"note\">", exit: "</aside>")
      first.insertBefore(callout)
      for node in inside { callout.append(node) }
    }
  }
}
