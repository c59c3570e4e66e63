import CCmark

/// GFM pipe tables. cmark (without the GFM extensions) reads a table as a paragraph, so a
/// paragraph whose lines hold a header row followed by a delimiter row is rebuilt as
/// `<div class="table-wrap"><table>` from custom blocks. The cells' inline Markdown is parsed
/// again from the paragraph's source lines, and the resulting inline nodes are moved into the
/// document, so the later passes (links, wiki links, tags, strikethrough) treat them like any
/// other text. Lines of the paragraph before the header row stay a paragraph.
enum TablePass {
  /// What `analyze` needs to read a table as text.
  struct Tables {
    /// The inline of each cell (`<th>`/`<td>`): its text ends with a space.
    var cells: Set<CmarkNode> = []
    /// Rows: each ends a line of plain text.
    var rows: Set<CmarkNode> = []
    /// Text nodes in cells that contain `~~`.
    var tildeTexts: [CmarkNode] = []
  }

  private struct Row {
    var line: Int
    /// Byte offset of the line slice in the body line.
    var base: Int
    var cells: [TableSyntax.Cell]
  }

  /// Rewrites every paragraph of `candidates` (paragraphs with a `|` in their text) that holds
  /// a table.
  static func run(_ candidates: [CmarkNode], source: SourceMap) -> Tables {
    var tables = Tables()
    for paragraph in candidates { rewrite(paragraph, source: source, into: &tables) }
    return tables
  }

  private static func rewrite(_ paragraph: CmarkNode, source: SourceMap, into tables: inout Tables)
  {
    let first = paragraph.startLine
    let last = paragraph.endLine
    guard first >= 1, last > first else { return }
    // The paragraph's lines without their container prefixes (`> `, list indentation).
    let lines = source.blockLines(
      first: first, column: paragraph.startColumn, last: last, quoteDepth: paragraph.quoteDepth)

    // The first header row + delimiter row pair.
    guard let (headerIndex, alignments) = TableSyntax.header(in: lines.map(\.bytes)) else { return }

    // Lines before the header stay a paragraph: cut its inlines at the line break before the
    // header, which must be one of the paragraph's own children.
    var breaks: [CmarkNode] = []
    if headerIndex > 0 {
      paragraph.walk { node, entering in
        if node.isLineBreak { breaks.append(node) }
      }
      guard breaks.count == lines.count - 1, breaks[headerIndex - 1].parent == paragraph else {
        return
      }
    }

    var rows: [Row] = []
    for (i, line) in lines.enumerated() where i >= headerIndex && i != headerIndex + 1 {
      var cells = TableSyntax.cells(line.bytes)
      if cells.count > alignments.count { cells.removeLast(cells.count - alignments.count) }
      while cells.count < alignments.count {
        cells.append(.init(text: [], offset: 0, unescapes: []))
      }
      rows.append(Row(line: line.line, base: line.base, cells: cells))
    }

    let table = CmarkNode.customBlock(
      enter: "<div class=\"table-wrap\">\n<table tabindex=\"0\">", exit: "</table>\n</div>")
    var contents: [CmarkNode] = []
    func section(_ tag: String, _ rows: ArraySlice<Row>, cellTag: String) {
      guard !rows.isEmpty else { return }
      let block = CmarkNode.customBlock(enter: "<\(tag)>", exit: "</\(tag)>")
      table.append(block)
      for row in rows {
        let tr = CmarkNode.customBlock(enter: "<tr>", exit: "</tr>")
        block.append(tr)
        tables.rows.insert(tr)
        for (column, alignment) in alignments.enumerated() {
          let style = alignment.css.map { HTML.attribute("style", $0) } ?? ""
          // An empty header cell names no column: a data cell, as a header must say something.
          let tag = cellTag == "th" && row.cells[column].text.isEmpty ? "td" : cellTag
          let cell = CmarkNode.lineBlock(enter: "<\(tag)\(style)>", exit: "</\(tag)>")
          tr.append(cell.block)
          tables.cells.insert(cell.content)
          contents.append(cell.content)
        }
      }
    }
    section("thead", rows[..<1], cellTag: "th")
    section("tbody", rows[1...], cellTag: "td")
    fillCells(contents, rows: rows, source: source, tables: &tables)

    paragraph.insertAfter(table)
    if headerIndex > 0 {
      var node: CmarkNode? = breaks[headerIndex - 1]
      while let n = node {
        node = n.next
        n.remove()
      }
    } else {
      paragraph.remove()
    }
  }

  /// Parses all non-empty cells of the table in one cmark document, each as a paragraph of
  /// its own (`& ` in front keeps cell text such as `# x` or `- x` from starting a block and is
  /// taken off again), and moves each paragraph's inlines into its cell.
  private static func fillCells(
    _ contents: [CmarkNode], rows: [Row], source: SourceMap, tables: inout Tables
  ) {
    let prefix: [UInt8] = Array("& ".utf8)
    var markdown: [UInt8] = []
    var cells: [(content: CmarkNode, row: Row, cell: TableSyntax.Cell)] = []
    var k = 0
    for row in rows {
      for cell in row.cells {
        defer { k += 1 }
        guard !cell.text.isEmpty else { continue }
        markdown += prefix
        markdown += cell.text
        markdown += [0x0A, 0x0A]
        cells.append((contents[k], row, cell))
      }
    }
    guard !cells.isEmpty else { return }
    // The note's link definitions after the cells, for `[text][label]` in a cell.
    if cells.contains(where: { $0.cell.text.contains(UInt8(ascii: "]")) }) {
      for line in source.linkDefinitionLines {
        markdown += line
        markdown += [0x0A, 0x0A]
      }
    }
    markdown.append(0)
    let document = markdown.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        CmarkDocument.parse($0, length: buffer.count - 1)
      }
    }
    defer { document.remove() }
    for paragraph in document.children {
      // Cell `n` is on line `2n + 1`.
      let n = (paragraph.startLine - 1) / 2
      guard paragraph.isParagraph, n >= 0, n < cells.count else { continue }
      let (content, row, cell) = cells[n]
      func origin(of node: CmarkNode) {
        let index = max(node.startColumn - 1 - prefix.count, 0)
        source.setOrigin(
          of: node, line: row.line, column: row.base + cell.lineOffset(of: index) + 1)
      }
      if let text = paragraph.firstChild, text.isText {
        let literal = text.literal
        if literal.utf8.count <= prefix.count {
          text.remove()
        } else {
          text.setLiteral(String(literal.utf8.dropFirst(prefix.count))!)
          source.setOrigin(
            of: text, line: row.line, column: row.base + cell.lineOffset(of: 0) + 1)
          if text.literalContains("~~") { tables.tildeTexts.append(text) }
        }
      }
      let first = paragraph.firstChild
      paragraph.walk { node, entering in
        guard entering, node != paragraph else { return }
        if node != first || !node.isText { origin(of: node) }
        if node != first, node.isText, node.literalContains("~~") {
          tables.tildeTexts.append(node)
        }
      }
      if source.convertsHTML { HTMLImages.convert(paragraph, source: source) }
      paragraph.moveChildren(to: content)
    }
  }
}
