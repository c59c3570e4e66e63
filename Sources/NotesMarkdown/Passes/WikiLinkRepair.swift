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
}
