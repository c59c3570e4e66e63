import CCmark
import Foundation

/// Headings get their `id` (the same as `Markdown.analyze` reports) and a self-link. The
/// heading is rewritten as a custom block so the generator controls its opening tag.
///
/// Levels are fitted to the page, whose `h1` is the note's title: a note's leading `# Title`
/// stays `h1` (the page drops it); every other heading gets `h2` plus its depth in the note's
/// outline, where a heading is inside the nearest heading before it with a smaller written
/// level. So `# Title` followed by `### Details` gives `h2`, not a skipped level that
/// screen-reader users (and axe's heading-order rule) stumble over, and two sibling
/// `#####` headings under an `#` get the same level (`h3`).
enum HeadingPass {
  static func run(
    _ headings: [(node: CmarkNode, heading: Heading)], anchorLabel: String = "Link to this section",
    ids: Bool = true, titleHeading: Bool = true
  ) {
    let label = HTML.escape(anchorLabel)
    // The open outline: (written level, page level) of each enclosing heading.
    var open: [(written: Int, level: Int)] = []
    for (index, (node, heading)) in headings.enumerated() {
      let written = min(max(heading.level, 1), 6)
      let isTitle =
        titleHeading && index == 0 && written == 1 && node.parent?.type == CMARK_NODE_DOCUMENT && node.opensItsParent
      let level: Int
      if isTitle {
        level = 1
      } else {
        while let last = open.last, last.written >= written { open.removeLast() }
        level = min((open.last?.level ?? 1) + 1, 6)
        open.append((written, level))
      }
      let id = HTML.escape(heading.id)
      let anchor =
        ids ? " <a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"\(label)\">#</a>" : ""
      let line = CmarkNode.lineBlock(
        enter: ids ? "<h\(level) id=\"\(id)\">" : "<h\(level)>", exit: "\(anchor)</h\(level)>")
      node.insertBefore(line.block)
      node.moveChildren(to: line.content)
      node.remove()
    }
  }

  /// An embedded note's headings go one level below the heading the embed sits under (its
  /// `h2` becomes an `h4` under an `h3`), so the page's outline never skips a level after it
  /// (axe: heading-order). Runs after `run`, on the page's heading elements and embed blocks.
  static func nestEmbeds(_ root: CmarkNode) {
    var level = 1
    root.walk { node, entering in
      guard entering, node.type == CMARK_NODE_CUSTOM_INLINE || node.type == CMARK_NODE_CUSTOM_BLOCK,
        let c = cmark_node_get_on_enter(node.pointer)
      else { return }
      if node.type == CMARK_NODE_CUSTOM_INLINE {
        if c[0] == UInt8(ascii: "<"), c[1] == UInt8(ascii: "h"), c[2] >= 0x31, c[2] <= 0x36 { level = Int(c[2]) - 0x30 }
      } else if level > 1, strncmp(c, embedPrefix, embedPrefix.utf8.count) == 0 {
        cmark_node_set_on_enter(node.pointer, shifted(String(cString: c), by: level - 1))
      }
    }
  }

  private static let embedPrefix = "<div class=\"embed-note\">"

  /// `html` with each `<hN` and `</hN` moved `offset` levels down, to `h6` at most.
  static func shifted(_ html: String, by offset: Int) -> String {
    var bytes = Array(html.utf8)
    var i = 0
    while i + 2 < bytes.count {
      if bytes[i] == UInt8(ascii: "<") {
        let h = bytes[i + 1] == UInt8(ascii: "/") ? i + 2 : i + 1
        if h + 1 < bytes.count, bytes[h] == UInt8(ascii: "h"), bytes[h + 1] >= 0x31, bytes[h + 1] <= 0x36,
          h + 2 < bytes.count, bytes[h + 2] == UInt8(ascii: ">") || bytes[h + 2] == UInt8(ascii: " ")
        {
          bytes[h + 1] = UInt8(min(Int(bytes[h + 1]) - 0x30 + offset, 6) + 0x30)
        }
      }
      i += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
