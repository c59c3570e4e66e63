import CCmark
import Foundation

/// `[[Note]](…)`: a wiki link followed by parentheses, as Logseq writes a page link and a block
/// reference (`[[Toric code]]((6371a0ef-…))`). cmark reads the outer brackets and the
/// parentheses as a Markdown link whose text is `[Note]`; it goes back to text as written, so
/// the wiki link is found in it like in any other text and the parentheses stay text.
enum WikiLinkRepair {
  /// A link whose whole text is one bracketed run, `[Note]`.
  static func isWikiLinkReadAsLink(_ link: CmarkNode) -> Bool {
    guard let text = link.firstChild, text.isText, text.next == nil,
      let c = cmark_node_get_literal(text.pointer), c.pointee == UInt8(ascii: "[")
    else { return false }
    let length = strlen(c)
    return length >= 3 && c[length - 1] == UInt8(ascii: "]")
  }

  static func run(_ link: CmarkNode, source: SourceMap) {
    guard let inner = link.firstChild?.literal else { return }
    let title = cmark_node_get_title(link.pointer).map { String(cString: $0) } ?? ""
    let written = "[" + inner + "](" + link.url + (title.isEmpty ? "" : " \"" + title + "\"") + ")"
    let text = CmarkNode.text(written)
    let at = source.bodyPosition(of: link)
    source.setOrigin(of: text, line: at.line, column: at.column)
    link.insertBefore(text)
    link.remove()
  }

  /// `[[Note#Heading with `code`]]`, as Obsidian's heading completion writes a link to a heading
  /// that holds code: cmark reads the code span first, which splits the wiki link in three. The
  /// text before, the code (in its backticks) and the text after become one text node again
  /// when a `[[` before the code closes after it on the same line.
  /// Whether some `[[` in `text` has a backtick after it before its line or a `]]` ends: one
  /// pass over the bytes, so notes without such a link pay no walk of their tree.
  static func mayHaveCodeInWikiLinks(_ text: String) -> Bool {
    guard text.containsBytes("[["), text.containsBytes("`") else { return false }
    var copy = text
    return copy.withUTF8 { bytes in
      // Each `[[` (found with `memchr`), then its line up to `]]`.
      bytes.containsByte(UInt8(ascii: "[")) { at in
        guard at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "[") else { return false }
        var i = at + 2
        while i < bytes.count, bytes[i] != 0x0A {
          if bytes[i] == UInt8(ascii: "`") { return true }
          if bytes[i] == UInt8(ascii: "]"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "]") { return false }
          i += 1
        }
        return false
      }
    }
  }

  static func joinCodeInWikiLinks(_ root: CmarkNode) {
    var joins: [CmarkNode] = []
    root.walk { node, entering in
      guard entering, node.type == CMARK_NODE_CODE, let before = node.previous, before.isText,
        let after = node.next, after.isText,
        let open = before.literal.range(of: "[[", options: .backwards),
        !before.literal[open.upperBound...].contains("]]"), !before.literal[open.upperBound...].contains("\n"),
        let close = after.literal.range(of: "]]"), !after.literal[..<close.lowerBound].contains("\n")
      else { return }
      joins.append(node)
    }
    for code in joins {
      guard let before = code.previous, before.isText, let after = code.next, after.isText else { continue }
      let literal = code.literal
      let ticks = literal.contains("`") ? "``" : "`"
      before.setLiteral(before.literal + ticks + literal + ticks + after.literal)
      after.remove()
      code.remove()
    }
  }
}
