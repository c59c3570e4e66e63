import CCmark

/// Pass 1: reads a parsed note without changing it.
struct NoteAnalyzer {
  private let source: SourceMap
  private let tables: TablePass.Tables
  private var result = NoteAnalysis()
  private var plain = ""
  private var preview = PreviewBuilder()
  private var seenTags: Set<String> = []

  private init(source: SourceMap, tables: TablePass.Tables) {
    self.source = source
    self.tables = tables
  }

  /// Reads the prepared tree `root` (see `Prepared`), whose headings are `headings`.
  static func analyze(
    _ root: CmarkNode, source: SourceMap, headings: [(node: CmarkNode, heading: Heading)],
    tables: TablePass.Tables
  ) -> NoteAnalysis {
    var analyzer = NoteAnalyzer(source: source, tables: tables)
    analyzer.run(root, headings: headings)
    return analyzer.result
  }

  private mutating func run(_ root: CmarkNode, headings: [(node: CmarkNode, heading: Heading)]) {
    result.headings = headings.map(\.heading)
    // A note's title heading is a `# Heading` that opens it; a level-1 heading further down
    // is a section (as in Obsidian, whose notes often have several), not the note's name.
    // The preview starts after the title heading.
    var first = root.firstChild
    while let block = first, block.isMarkupOnly { first = block.next }
    let title = first.flatMap {
      $0.type == CMARK_NODE_HEADING && $0.headingLevel == 1 ? $0 : nil
    }
    result.firstH1 = title.flatMap { title in headings.first { $0.node == title }?.heading.text }
    var inTitle = false
    var linkDepth = 0
    var imageDepth = 0
    var headingDepth = 0
    // Text nodes that start with a task or callout marker, which is not text to read.
    var markedTexts: [CmarkNode: (rest: String, skippedBytes: Int)] = [:]

    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        let isImage = node.type == CMARK_NODE_IMAGE
        if entering {
          let at = source.location(of: node)
          result.references.append(
            .markdown(
              kind: isImage ? .image : .link, destination: node.url, line: at.line,
              column: at.column))
        }
        linkDepth += entering ? 1 : -1
        if isImage { imageDepth += entering ? 1 : -1 }
      case CMARK_NODE_HEADING:
        headingDepth += entering ? 1 : -1
        if node == title { inTitle = entering }
        if !entering { endBlock() }
      case CMARK_NODE_ITEM:
        if entering, let task = TaskMarker.find(in: node) {
          result.tasks.total += 1
          if task.isDone { result.tasks.done += 1 }
          markedTexts[task.text] = (task.rest, task.text.literal.utf8.count - task.rest.utf8.count)
        }
      case CMARK_NODE_BLOCK_QUOTE:
        if entering, let paragraph = node.firstChild, paragraph.isParagraph,
          let text = paragraph.firstChild, text.isText, text.literalContains("[!"),
          let header = CalloutPass.header(of: text.literal)
        {
          markedTexts[text] = (header.rest, text.literal.utf8.count - header.rest.utf8.count)
        }
      case CMARK_NODE_TEXT:
        let marked = markedTexts[node]
        let literal = marked?.rest ?? node.literal
        if linkDepth > 0 {
          // An image embedded as a link's text (`[![[pic.png]]](https://…)`, as Evernote
          // exports write clipped images) is a reference; other text in links is text.
          if imageDepth == 0, literal.containsBytes("![[") {
            addLinkText(literal, at: node, skippedBytes: marked?.skippedBytes ?? 0, toPreview: !inTitle)
          } else {
            addText(literal, toPreview: !inTitle && imageDepth == 0)
          }
        } else {
          addInlineText(
            literal, at: node, skippedBytes: marked?.skippedBytes ?? 0, tags: headingDepth == 0,
            toPreview: !inTitle)
        }
      case CMARK_NODE_CODE:
        addText(node.literal, toPreview: !inTitle)
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        addText(" ", toPreview: !inTitle)
      case CMARK_NODE_CODE_BLOCK:
        // Searchable, but not what a preview should show.
        plain += node.literal
        endBlock()
      case CMARK_NODE_PARAGRAPH:
        if !entering { endBlock() }
      case CMARK_NODE_CUSTOM_INLINE:
        // Math reads as its TeX.
        if entering, let tex = MathPass.tex(of: node) { addText(tex, toPreview: !inTitle && imageDepth == 0) }
        // A table cell: cells read as words of one line, rows as lines.
        if !entering, tables.cells.contains(node) { addText(" ", toPreview: !inTitle) }
      case CMARK_NODE_CUSTOM_BLOCK:
        // A table row, or a block written as one line other than a cell (a term, a
        // definition), ends a line.
        if !entering,
          tables.rows.contains(node)
            || node.firstChild.map({ $0.type == CMARK_NODE_CUSTOM_INLINE && !tables.cells.contains($0) }) == true
        {
          endBlock()
        }
      default:
        break
      }
    }
    result.plainText = PlainText.collapsingWhitespaceByLine(plain)
    result.preview = preview.preview
  }

  private mutating func addText(_ text: String, toPreview: Bool) {
    plain += text
    if toPreview { preview.append(text) }
  }

  private mutating func endBlock() {
    if !plain.isEmpty && !plain.hasSuffix("\n") { plain += "\n" }
    preview.append(" ")
  }

  /// Text outside links: wiki links become references and read as their label; the rest is
  /// searched for tags.
  private mutating func addInlineText(
    _ literal: String, at node: CmarkNode, skippedBytes: Int, tags: Bool, toPreview: Bool
  ) {
    var rest = literal.startIndex
    let matches = literal.containsBytes("[[") ? WikiLinkSyntax.matches(in: literal) : []
    for match in matches {
      addPlainSegment(
        String(literal[rest..<match.range.lowerBound]), tags: tags, toPreview: toPreview)
      if match.isTag {
        // `#[[Deep Work]]`: a tag, read as `#Deep Work` (in a heading, `#` and a wiki link).
        guard tags else {
          addText("#", toPreview: toPreview)
          addReference(match, at: node, literal: literal, skippedBytes: skippedBytes, toPreview: toPreview)
          rest = match.range.upperBound
          continue
        }
        if seenTags.insert(match.link.target).inserted { result.tags.append(match.link.target) }
        addText("#" + match.link.target, toPreview: toPreview)
        rest = match.range.upperBound
        continue
      }
      addReference(match, at: node, literal: literal, skippedBytes: skippedBytes, toPreview: toPreview)
      rest = match.range.upperBound
    }
    addPlainSegment(String(literal[rest...]), tags: tags, toPreview: toPreview)
  }

  /// A wiki link or embed of `literal` as a reference at its place, read as its text.
  private mutating func addReference(
    _ match: WikiLinkSyntax.Match, at node: CmarkNode, literal: String, skippedBytes: Int, toPreview: Bool
  ) {
    let offset = skippedBytes + literal.utf8.distance(from: literal.startIndex, to: match.range.lowerBound)
    let at = source.location(of: node, extraBytes: offset)
    result.references.append(match.link.reference(line: at.line, column: at.column))
    if !match.link.isEmbed { addText(match.link.displayText, toPreview: toPreview) }
  }

  /// Text of a link: its embeds (`![[pic.png]]`) become references, the rest reads as text.
  private mutating func addLinkText(_ literal: String, at node: CmarkNode, skippedBytes: Int, toPreview: Bool) {
    var rest = literal.startIndex
    for match in WikiLinkSyntax.matches(in: literal) where match.link.isEmbed {
      addText(String(literal[rest..<match.range.lowerBound]), toPreview: toPreview)
      addReference(match, at: node, literal: literal, skippedBytes: skippedBytes, toPreview: toPreview)
      rest = match.range.upperBound
    }
    addText(String(literal[rest...]), toPreview: toPreview)
  }

  private mutating func addPlainSegment(_ text: String, tags: Bool, toPreview: Bool) {
    if tags && text.containsBytes("#") {
      for match in TagSyntax.matches(in: text) where seenTags.insert(match.tag).inserted {
        result.tags.append(match.tag)
      }
    }
    addText(text, toPreview: toPreview)
  }
}
