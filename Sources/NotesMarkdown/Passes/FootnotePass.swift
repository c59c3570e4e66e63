import CCmark
import Foundation

/// Footnotes as Obsidian, GitHub and Hugo write them: `text[^1]` in the note and, starting a
/// top-level paragraph, the definition `[^1]: the footnote` (lazy continuation lines belong to
/// it). References become superscript numbers in order of first use, linking to a numbered
/// list at the end of the note whose entries link back. A definition no text refers to is
/// left out, as on GitHub; a `[^x]` without a definition stays as written. Ids are numbers
/// (`fn:1`, `fnref:1`), which no heading id can be; without ids (a note embedded in
/// another) the numbers are plain text.
enum FootnotePass {
  static func run(_ root: CmarkNode, ids: Bool, backLabel: String, source: SourceMap) {
    // Definitions: label → paragraph, its prefix already removed.
    var definitions: [String: CmarkNode] = [:]
    var child = root.firstChild
    while let paragraph = child {
      child = paragraph.next
      guard paragraph.isParagraph, let text = paragraph.firstChild, text.isText else { continue }
      let literal = Array(text.literal.utf8)
      guard let (label, length) = definitionPrefix(literal), definitions[label] == nil else { continue }
      let at = source.bodyPosition(of: text)
      if length >= literal.count {
        source.forget(text)
        text.remove()
      } else {
        text.setLiteral(String(decoding: literal[length...], as: UTF8.self))
        source.setOrigin(of: text, line: at.line, column: at.column + length)
      }
      definitions[label] = paragraph
      // The next definition may follow on the next line: it starts a paragraph of its own.
      var inline = paragraph.firstChild
      while let node = inline {
        inline = node.next
        guard node.isLineBreak, let next = node.next, next.isText,
          definitionPrefix(Array(next.literal.utf8)) != nil
        else { continue }
        let rest = CmarkNode.paragraph()
        paragraph.insertAfter(rest)
        paragraph.moveChildren(to: rest, from: next)
        node.remove()
        break
      }
      child = paragraph.next
    }
    guard !definitions.isEmpty else { return }

    // References, in document order, outside links and code (code is never a text node).
    var texts: [CmarkNode] = []
    var linkDepth = 0
    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE: linkDepth += entering ? 1 : -1
      case CMARK_NODE_TEXT:
        if linkDepth == 0, let c = cmark_node_get_literal(node.pointer), strstr(c, "[^") != nil { texts.append(node) }
      default: break
      }
    }
    var numbers: [String: Int] = [:]
    var order: [String] = []
    for text in texts {
      let literal = Array(text.literal.utf8)
      var parts: [(range: Range<Int>, label: String?)] = []
      var start = 0
      var i = 0
      while i + 2 < literal.count {
        guard literal[i] == UInt8(ascii: "["), literal[i + 1] == UInt8(ascii: "^"),
          let close = literal[(i + 2)...].firstIndex(of: UInt8(ascii: "]")), close > i + 2
        else {
          i += 1
          continue
        }
        let label = String(decoding: literal[(i + 2)..<close], as: UTF8.self)
        guard definitions[label] != nil, !label.contains(" ") else {
          i += 1
          continue
        }
        if i > start { parts.append((start..<i, nil)) }
        parts.append((i..<(close + 1), label))
        i = close + 1
        start = i
      }
      guard parts.contains(where: { $0.label != nil }) else { continue }
      if start < literal.count { parts.append((start..<literal.count, nil)) }
      let at = source.bodyPosition(of: text)
      for part in parts {
        guard let label = part.label else {
          let piece = CmarkNode.text(String(decoding: literal[part.range], as: UTF8.self))
          source.setOrigin(of: piece, line: at.line, column: at.column + part.range.lowerBound)
          text.insertBefore(piece)
          continue
        }
        let first = numbers[label] == nil
        if first {
          order.append(label)
          numbers[label] = order.count
        }
        let n = numbers[label]!
        let html =
          ids
          ? "<sup class=\"footnote-ref\"><a href=\"#fn:\(n)\"\(first ? " id=\"fnref:\(n)\"" : "")>\(n)</a></sup>"
          : "<sup class=\"footnote-ref\">\(n)</sup>"
        text.insertBefore(CmarkNode.customInline(enter: html))
      }
      source.forget(text)
      text.remove()
    }

    // The list, in number order; definitions nothing refers to go.
    let section = CmarkNode.customBlock(
      enter: "<section class=\"footnotes\">\n<ol>\n", exit: "</ol>\n</section>\n")
    for label in order {
      let n = numbers[label]!
      let item = CmarkNode.customBlock(enter: ids ? "<li id=\"fn:\(n)\">\n" : "<li>\n", exit: "</li>\n")
      let paragraph = definitions[label]!
      if ids {
        paragraph.append(
          CmarkNode.customInline(
            enter: " <a class=\"footnote-back\" href=\"#fnref:\(n)\" aria-label=\"\(HTML.escape(backLabel))\">↩</a>"))
      }
      item.append(paragraph)
      section.append(item)
    }
    for (label, paragraph) in definitions where numbers[label] == nil { paragraph.remove() }
    if !order.isEmpty { root.append(section) } else { cmark_node_free(section.pointer) }
  }

  /// `[^label]:` and the spaces after it at the start of `bytes`: the label and the prefix's
  /// length. A label has no spaces or brackets.
  static func definitionPrefix(_ bytes: [UInt8]) -> (String, Int)? {
    guard bytes.count >= 5, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "^") else { return nil }
    var i = 2
    while i < bytes.count, bytes[i] != UInt8(ascii: "]") {
      if bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == UInt8(ascii: "[") { return nil }
      i += 1
    }
    guard i > 2, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: ":") else { return nil }
    var end = i + 2
    while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
    return (String(decoding: bytes[2..<i], as: UTF8.self), end)
  }
}
