import CCmark
import Foundation

/// Footnotes as Obsidian, GitHub and Hugo write them: `text[^1]` in the note and, starting a
/// top-level paragraph, the definition `[^1]: the footnote` (lazy continuation lines, and
/// blocks indented under it after a blank line, belong to it). References become superscript
/// numbers in order of first use, linking to a numbered list at the end of the note whose
/// entries link back. A definition no text refers to is left out, as on GitHub; a `[^x]`
/// without a definition stays as written. Ids are numbers (`fn:1`, `fnref:1`), which no
/// heading id can be; without ids (a note embedded in another) the numbers are plain text.
enum FootnotePass {
  /// Returns the nodes it freed (the definitions nothing refers to, and all they held: a
  /// definition's indented blocks may hold headings), for the caller's lists of nodes.
  @discardableResult
  static func run(_ root: CmarkNode, ids: Bool, backLabel: String, source: SourceMap) -> Set<CmarkNode> {
    // Definitions: label → paragraph, its prefix already removed, or a container of it and
    // the blocks indented under it.
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
      // Its indented blocks, if any, follow it; they go with it, in a container that renders
      // only its children.
      if let lines = source.footnoteBlocks[at.line], let first = paragraph.next,
        lines.contains(first.startLine)
      {
        let container = CmarkNode.customBlock(enter: "")
        paragraph.insertBefore(container)
        container.append(paragraph)
        while let block = container.next, lines.contains(block.startLine) { container.append(block) }
        definitions[label] = container
        child = container.next
        continue
      }
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
    extractInline(root, into: &definitions, source: source)
    guard !definitions.isEmpty else { return [] }

    // References, in document order, outside links and code (code is never a text node).
    func references(in root: CmarkNode) -> [CmarkNode] {
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
      return texts
    }
    var numbers: [String: Int] = [:]
    var order: [String] = []
    // The note's text first, then each footnote in the order they are numbered: one may refer
    // to another (an inline note inside an inline note).
    var texts = references(in: root)
    var nextText = 0
    var nextDefinition = 0
    while true {
      if nextText == texts.count {
        guard nextDefinition < order.count else { break }
        texts = references(in: definitions[order[nextDefinition]]!)
        nextText = 0
        nextDefinition += 1
        continue
      }
      let text = texts[nextText]
      nextText += 1
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
      for part in parts {
        guard let label = part.label else {
          text.insertBefore(source.text(literal[part.range], of: text, at: part.range.lowerBound))
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
      let definition = definitions[label]!
      if ids {
        // After the text of its last paragraph.
        var paragraph = definition
        var space = " "
        if !definition.isParagraph {
          if let last = definition.lastChild, last.isParagraph {
            paragraph = last
          } else {
            paragraph = CmarkNode.paragraph()
            definition.append(paragraph)
            space = ""
          }
        }
        paragraph.append(
          CmarkNode.customInline(
            enter: "\(space)<a class=\"footnote-back\" href=\"#fnref:\(n)\" aria-label=\"\(HTML.escape(backLabel))\">↩</a>"))
      }
      item.append(definition)
      section.append(item)
    }
    var freed = Set<CmarkNode>()
    for (label, definition) in definitions where numbers[label] == nil {
      definition.walk { node, entering in if entering { freed.insert(node) } }
      definition.remove()
    }
    if !order.isEmpty { root.append(section) } else { cmark_node_free(section.pointer) }
    return freed
  }

  /// Obsidian's inline footnotes, `text^[the note, *with* markup]`: each becomes a definition
  /// under a label no written footnote can have (it starts with U+0001) and a `[^label]` text
  /// in its place, so that both kinds are numbered together in order of use. Brackets inside
  /// nest; an unclosed `^[` stays text.
  static func extractInline(_ root: CmarkNode, into definitions: inout [String: CmarkNode], source: SourceMap) {
    guard source.contains(UInt8(ascii: "^"), UInt8(ascii: "[")) else { return }
    var parents: [CmarkNode] = []
    var seen = Set<CmarkNode>()
    var linkDepth = 0
    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE: linkDepth += entering ? 1 : -1
      case CMARK_NODE_TEXT:
        if linkDepth == 0, let c = cmark_node_get_literal(node.pointer), strchr(c, 0x5E) != nil,
          let parent = node.parent, seen.insert(parent).inserted
        {
          parents.append(parent)
        }
      default: break
      }
    }
    let caret = UInt8(ascii: "^")
    let (open, close) = (UInt8(ascii: "["), UInt8(ascii: "]"))
    for parent in parents {
      var next = parent.firstChild
      while let current = next {
        next = current.next
        guard current.isText else { continue }
        let bytes = Array(current.literal.utf8)
        // Where the note starts: just after `^[` in this node, or after the `[` that starts
        // the next text node when this one ends with `^` (cmark splits at brackets).
        var start: (node: CmarkNode, offset: Int, caret: Int)?
        if let i = bytes.indices.dropLast().first(where: { bytes[$0] == caret && bytes[$0 + 1] == open }) {
          start = (current, i + 2, i)
        } else if bytes.last == caret, let following = current.next, following.isText,
          following.literal.utf8.first == open
        {
          start = (following, 1, bytes.count - 1)
        }
        guard let start, let end = closingBracket(from: start.node, offset: start.offset) else { continue }

        let label = "\u{1}\(definitions.count)"
        let note = CmarkNode.paragraph()
        func piece(_ node: CmarkNode, _ range: Range<Int>, _ bytes: [UInt8]) -> CmarkNode? {
          range.isEmpty ? nil : source.text(bytes[range], of: node, at: range.lowerBound)
        }
        let startBytes = start.node == current ? bytes : Array(start.node.literal.utf8)
        let endBytes = end.node == start.node ? startBytes : Array(end.node.literal.utf8)
        // The note's content: the rest of the start node, whole nodes between, the head of the end node.
        if end.node == start.node {
          if let text = piece(start.node, start.offset..<end.offset, startBytes) { note.append(text) }
        } else {
          if let text = piece(start.node, start.offset..<startBytes.count, startBytes) { note.append(text) }
          var between = start.node.next
          while let node = between, node != end.node {
            between = node.next
            note.append(node)
          }
          if let text = piece(end.node, 0..<end.offset, endBytes) { note.append(text) }
        }
        // In its place: the text before `^`, the reference, the text after `]`.
        let reference = CmarkNode.text("[^\(label)]")
        end.node.insertAfter(reference)
        let after = piece(end.node, (end.offset + 1)..<endBytes.count, endBytes)
        if let after { reference.insertAfter(after) }
        if let before = piece(current, 0..<start.caret, bytes) { current.insertBefore(before) }
        for node in Set([current, start.node, end.node]) {
          source.forget(node)
          node.remove()
        }
        definitions[label] = note
        next = after ?? reference.next
      }
    }
  }

  /// The `]` that closes a bracket opened just before `offset` in text node `node`, searching
  /// on through its following siblings (brackets in their text nest).
  private static func closingBracket(from node: CmarkNode, offset: Int) -> (node: CmarkNode, offset: Int)? {
    var depth = 0
    var current: CmarkNode? = node
    var from = offset
    while let n = current {
      if n.isText {
        let bytes = Array(n.literal.utf8)
        var i = from
        while i < bytes.count {
          if bytes[i] == UInt8(ascii: "[") { depth += 1 }
          if bytes[i] == UInt8(ascii: "]") {
            if depth == 0 { return (n, i) }
            depth -= 1
          }
          i += 1
        }
      }
      current = n.next
      from = 0
    }
    return nil
  }

  /// What `protectDefinitions` did to a note's text: the lines of each definition's further
  /// blocks, by the definition's line, and how many leading characters it took off them.
  struct Layout {
    /// Body line of a definition → the lines of its indented blocks (1-based).
    var continuations: [Int: ClosedRange<Int>] = [:]
    /// Body line → characters of indentation removed from its start.
    var dedented: [Int: Int] = [:]
  }

  /// `body` with a backslash before each footnote definition that starts a line outside
  /// fenced code: `[^1]: Source.` or `[^1]: https://x.org` is otherwise a valid CommonMark link
  /// reference definition, which cmark takes out of the text (and links `[^1]` to `Source.`).
  /// Escaped, the line stays a paragraph whose text reads `[^1]: …` again. Positions stay
  /// right: the pass measures the definition's text from its literal, which has no backslash.
  ///
  /// A definition's further paragraphs, lists and code are indented (four spaces or a tab)
  /// after a blank line, as in Pandoc, PHP Markdown Extra and GitHub. cmark would read them as
  /// an indented code block: they lose that indentation here, so that they are read as the
  /// blocks they are, and `Layout` tells the pass which lines belong to which definition.
  static func protectDefinitions(_ body: String) -> (text: String, layout: Layout) {
    guard mayHaveDefinition(body) else { return (body, Layout()) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var fences = CodeFences()
    var layout = Layout()
    var changed = false
    // The definition being read: its line, whether a blank line came last, whether an
    // indented block has started.
    var open: (line: Int, blank: Bool, inBlock: Bool)?
    for (n, line) in lines.enumerated() {
      guard !fences.contain(line) else {
        open = nil
        continue
      }
      let bytes = Array(line.utf8)
      var i = 0
      while i < bytes.count, i < 3, bytes[i] == 0x20 { i += 1 }
      if definitionPrefix(Array(bytes[i...])) != nil {
        lines[n] = line.prefix(i) + "\\" + line.dropFirst(i)
        changed = true
        open = (n + 1, false, false)
        continue
      }
      guard var current = open else { continue }
      if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
        current.blank = true
      } else if let indent = bytes.blockIndentation, current.blank || current.inBlock {
        lines[n] = line.dropFirst(indent)
        layout.dedented[n + 1] = indent
        let first = layout.continuations[current.line]?.lowerBound ?? n + 1
        layout.continuations[current.line] = first...(n + 1)
        current.blank = false
        current.inBlock = true
        changed = true
      } else if current.blank {
        open = nil
        continue
      }
      open = current
    }
    return (changed ? lines.joined(separator: "\n") : body, layout)
  }

  /// Whether some line of `body` starts (after up to three spaces) with `[^`: `memchr` for
  /// each `[`, as this runs for every note twice a build.
  private static func mayHaveDefinition(_ body: String) -> Bool {
    var copy = body
    return copy.withUTF8 { bytes in
      bytes.containsByte(UInt8(ascii: "[")) { at in
        guard at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "^") else { return false }
        var start = at
        while start > 0, at - start < 3, bytes[start - 1] == 0x20 { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A
      }
    }
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
