import CCmark

/// Definition lists as PHP Markdown Extra, Pandoc, kramdown and MkDocs write them: a term on a
/// line of its own, then its definition on a line that starts with `:` and a space.
///
///     Latency
///     : The time a request waits.
///
/// CommonMark reads both lines as one paragraph, which shows "Latency : The time…". A
/// paragraph made only of such groups (one or more terms, then one or more definitions, a
/// definition going on over lines that do not start with `:`) becomes `<dl>` with a `<dt>` per
/// term and a `<dd>` per definition; a paragraph of definitions right after it adds to it.
/// Definitions of several paragraphs are not read.
enum DefinitionListPass {
  /// `paragraphs`: paragraphs with a line that starts with `:`. Returns those it made lists
  /// of, freed by now (their pointers only to compare).
  static func run(_ paragraphs: [CmarkNode], source: SourceMap) -> Set<CmarkNode> {
    var freed = Set<CmarkNode>()
    for paragraph in paragraphs where !freed.contains(paragraph) {
      guard let absorbed = rewrite(paragraph, source: source) else { continue }
      freed.insert(paragraph)
      freed.formUnion(absorbed)
    }
    return freed
  }

  /// The length of the `: ` marker at the start of `text`, if it starts a definition.
  private static func marker(_ node: CmarkNode) -> Int? {
    guard node.isText, let c = cmark_node_get_literal(node.pointer), c[0] == 0x3A, c[1] == 0x20 || c[1] == 0x09
    else { return nil }
    var length = 1
    while c[length] == 0x20 || c[length] == 0x09 { length += 1 }
    guard c[length] == 0 else { return length }
    // `:` and spaces alone define nothing, unless markup follows on the line
    // (`: **Bold** term`, `: [Emacs](emacs.md)`, as ox-hugo writes a note's tags).
    guard let next = node.next, next.type != CMARK_NODE_SOFTBREAK, next.type != CMARK_NODE_LINEBREAK else { return nil }
    return length
  }

  /// Whether it made `paragraph` a list (and freed it): nil if not, else the paragraphs after
  /// it that it took in as further definitions (freed too).
  private static func rewrite(_ paragraph: CmarkNode, source: SourceMap) -> Set<CmarkNode>? {
    // The paragraph's lines, split at soft breaks.
    var lines: [[CmarkNode]] = [[]]
    var breaks: [CmarkNode] = []
    for child in paragraph.children {
      if child.type == CMARK_NODE_SOFTBREAK {
        lines.append([])
        breaks.append(child)
      } else {
        lines[lines.count - 1].append(child)
      }
    }
    let isDefinition = lines.map { $0.first.flatMap(marker) != nil }
    // A term line opens each group; a line after a definition is a term only if a definition
    // follows it before the next term-less line, else it goes on the definition.
    guard lines.count >= 2, !isDefinition[0], isDefinition.contains(true), !lines.contains(where: \.isEmpty)
    else { return nil }
    enum Role { case term, definition, more }
    var roles: [Role] = []
    for i in lines.indices {
      if isDefinition[i] {
        roles.append(.definition)
      } else if i == 0 || roles[i - 1] == .term {
        roles.append(.term)
      } else {
        // After a definition: a term when the next line that is not a term-like line defines.
        let next = lines.indices[(i + 1)...].first { isDefinition[$0] }
        let blocked = next == nil
        roles.append(blocked ? .more : .term)
      }
    }
    // Terms must be followed by a definition: a paragraph ending in a term is not a list.
    guard roles.last != .term else { return nil }

    let list = CmarkNode.customBlock(enter: "<dl>\n", exit: "</dl>\n")
    var current: CmarkNode?
    for (i, line) in lines.enumerated() {
      switch roles[i] {
      case .more:
        current?.append(CmarkNode(cmark_node_new(CMARK_NODE_SOFTBREAK)!))
        for node in line { current?.append(node) }
        continue
      case .term, .definition:
        let tag = roles[i] == .term ? "dt" : "dd"
        let (block, content) = CmarkNode.lineBlock(enter: "<\(tag)>", exit: "</\(tag)>\n")
        list.append(block)
        if roles[i] == .definition { dropMarker(line, source: source) }
        for node in line { content.append(node) }
        current = content
      }
    }
    // A further definition after a blank line (`: Another meaning.`), as PHP Markdown Extra
    // and MkDocs read it: another `<dd>` of the same list.
    var absorbed = Set<CmarkNode>()
    while let next = paragraph.next, next.isParagraph, let first = next.firstChild, marker(first) != nil {
      var content: CmarkNode?
      for child in next.children {
        if child.type == CMARK_NODE_SOFTBREAK, let after = child.next, marker(after) != nil {
          child.remove()
          content = nil
          continue
        }
        if content == nil {
          let (block, inner) = CmarkNode.lineBlock(enter: "<dd>", exit: "</dd>\n")
          list.append(block)
          dropMarker([child], source: source)
          content = inner
        }
        content?.append(child)
      }
      absorbed.insert(next)
      next.remove()
    }
    paragraph.insertBefore(list)
    for softbreak in breaks { softbreak.remove() }
    paragraph.remove()
    return absorbed
  }

  /// Removes the `: ` marker from the start of a definition's first inline.
  private static func dropMarker(_ line: [CmarkNode], source: SourceMap) {
    guard let first = line.first, let length = marker(first) else { return }
    let bytes = Array(first.literal.utf8)
    let at = source.bodyPosition(of: first)
    first.setLiteral(String(decoding: bytes[length...], as: UTF8.self))
    source.setOrigin(of: first, line: at.line, column: at.column + length)
  }
}
