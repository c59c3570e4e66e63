import CCmark
import Foundation

/// What Logseq writes inside a page's blocks, read as Logseq shows it:
///
/// - the block properties it keeps out of view (`id:: 6425a352-…`, `collapsed:: true`,
///   `heading:: 2`, `background-color:: red`, `logseq.order-list-type:: number`…) and a
///   task's `:LOGBOOK:` … `:END:` drawer are left out, a paragraph of nothing but them with
///   them; other properties (`author:: Ann`, and Dataview's `Rating:: 5`) read `author: Ann`,
///   each on a line of its own, as Logseq lists them under the block (see
///   `markVisibleProperties`). The block an `id::` names is recorded, as `^uuid`, for block
///   references;
/// - org-mode blocks (`#+BEGIN_QUOTE` … `#+END_QUOTE`, see `wrapOrgBlock`) on any line of a
///   block;
/// - task markers (`TODO`, `DOING`, `NOW`, `LATER`, `WAIT`, `WAITING`, `IN-PROGRESS`, `DONE`)
///   at the start of a list item make it a task, as `[ ]` and `[x]` do; a priority after the
///   marker (`[#A]`) is left out rather than read as a tag;
/// - macros: `{{embed [[Page]]}}` embeds the page as `![[Page]]` does; `{{video url}}`,
///   `{{youtube url}}`, `{{tweet url}}` and their kin are the address; `{{cloze text}}` is the
///   text; `{{renderer …}}`, `{{query …}}` and `{{function …}}`, which only Logseq can run, are
///   left out; a block reference, `((uuid))` or `{{embed ((uuid))}}`, embeds the block it
///   names (`referenceEmbed`), from whichever page has it;
/// - `[label]([[Page]])`, a labelled link to a page, is `[[Page|label]]`, and
///   `[label](((uuid)))` a link to the block; `[[#red]]==text==`, a highlight's colour, is
///   left out.
///
/// Text keeps its positions in the note (`SourceMap.text`), for the diagnostics of later passes.
enum LogseqBlockPass {
  static let hiddenKeys: Set<String> = [
    "id", "collapsed", "heading", "background-color", "background_color", "created-at", "updated-at",
    "ls-type", "hl-type", "hl-page", "hl-color", "hl-stamp", "hl-value", "hl-id", "card-last-interval",
    "card-repeats", "card-ease-factor", "card-next-schedule", "card-last-reviewed", "card-last-score",
    "template-including-parent", "query-table", "query-properties", "query-sort-by", "query-sort-desc",
  ]

  static let openMarkers = ["TODO", "DOING", "NOW", "LATER", "WAIT", "WAITING", "IN-PROGRESS"]

  static let addressMacros: Set<String> = ["video", "youtube", "tweet", "twitter", "vimeo", "bilibili", "pdf", "iframe"]
  static let droppedMacros: Set<String> = [
    "renderer", "query", "function", "namespace", "cards", "zotero-imported-file", "zotero-linked-file", "youtube-timestamp",
    "video-timestamp", "docs-base-url",
    // Roam's components, which only Roam can draw.
    "table", "kanban", "word-count", "character-count", "mentions", "pomodoro", "pomo", "slider", "diagram", "calc",
    "orphans", "chart", "encrypt", "attr-table",
  ]

  /// A macro's name, lowercased, and its argument: Logseq writes `{{video url}}`, Roam
  /// `{{video: url}}` and `{{[[video]]: url}}`.
  static func macroParts(_ inner: String) -> (name: String, argument: String) {
    var rest = Substring(inner)
    var name: Substring
    if rest.hasPrefix("[["), let end = rest.range(of: "]]") {
      name = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]
      rest = rest[end.upperBound...]
    } else {
      name = rest.prefix { !$0.isWhitespace && $0 != ":" }
      rest = rest.dropFirst(name.count)
    }
    if rest.hasPrefix(":") { rest = rest.dropFirst() }
    return (name.lowercased(), rest.trimmingCharacters(in: .whitespaces))
  }

  /// Whether `text` (a text node that opens a list item) may start with a Logseq task marker.
  static func mayStartTask(_ text: UnsafePointer<CChar>) -> Bool {
    let first = UInt8(bitPattern: text[0])
    return first >= UInt8(ascii: "D") && first <= UInt8(ascii: "W")
  }

  /// `tasks`: whether some text that opens a list item may start with a task marker. Returns
  /// whether it changed the tree (and may have freed nodes a caller holds).
  static func run(_ root: CmarkNode, source: SourceMap, tasks: Bool) -> (changed: Bool, blocks: [(id: String, block: CmarkNode)]) {
    var changed = false
    var blocks: [(id: String, block: CmarkNode)] = []
    var paragraphs: [CmarkNode] = []
    var texts: [CmarkNode] = []
    var links: [CmarkNode] = []
    var taskTexts: [CmarkNode] = []
    let properties = source.contains(UInt8(ascii: ":"), UInt8(ascii: ":")) || source.contains(":LOGBOOK:")
      || source.contains(":PROPERTIES:")
    let macros = source.contains(UInt8(ascii: "{"), UInt8(ascii: "{"))
    let labelled = source.contains(UInt8(ascii: "("), UInt8(ascii: "["))
    // Org blocks first: a code block drops what it held, which may have named a block.
    if source.contains(UInt8(ascii: "#"), UInt8(ascii: "+")) {
      var candidates: [CmarkNode] = []
      root.walk { node, entering in
        if entering, node.isText, node.literalContains("#+"), let paragraph = node.parent, paragraph.isParagraph,
          candidates.last != paragraph
        {
          candidates.append(paragraph)
        }
      }
      // Each block's opening line starts a paragraph of its own (a block may open after a
      // block's first line, or right after another block's closing line).
      var openings: [CmarkNode] = []
      for paragraph in candidates { openings += splitAtOrgBlocks(paragraph) }
      for paragraph in openings.reversed() where wrapOrgBlock(paragraph, source: source) { changed = true }
    }
    if properties {
      root.walk { node, entering in
        if entering, node.isParagraph { paragraphs.append(node) }
      }
      for paragraph in paragraphs where dropHiddenProperties(paragraph, source: source, blocks: &blocks) { changed = true }
    }
    let colours = source.contains(UInt8(ascii: "]"), UInt8(ascii: "="))
    let references = source.contains(UInt8(ascii: "("), UInt8(ascii: "("))
    guard macros || labelled || tasks || colours || references else { return (changed, blocks) }
    root.walk { node, entering in
      guard entering else { return }
      if node.isText, let c = cmark_node_get_literal(node.pointer) {
        if tasks, mayStartTask(c), TaskMarker.startsAnItem(node) { taskTexts.append(node) }
        if (macros && strstr(c, "{{") != nil) || (labelled && strstr(c, "]([[") != nil) || (colours && strstr(c, "]]==") != nil)
          || (references && strstr(c, "((") != nil)
        {
          texts.append(node)
        }
      } else if node.type == CMARK_NODE_LINK, (labelled && node.url.hasPrefix("[[")) || (references && node.url.hasPrefix("((")) {
        links.append(node)
      }
    }
    for text in taskTexts {
      // A task's text that holds a macro is rewritten after its marker is gone.
      let rest = markTask(text, source: source)
      if rest != text { changed = true }
      if let index = texts.firstIndex(of: text) {
        if let rest { texts[index] = rest } else { texts.remove(at: index) }
      }
    }
    for text in texts where rewriteInline(text, source: source) { changed = true }
    for link in links where relabel(link, source: source) { changed = true }
    return (changed, blocks)
  }

  // MARK: Properties

  /// Whether `literal` starts with a `key:: value` line whose key Logseq hides.
  static func hiddenKey(_ literal: String) -> Bool {
    guard let colons = literal.range(of: ":: ") ?? (literal.hasSuffix("::") ? literal.range(of: "::", options: .backwards) : nil)
    else { return false }
    let key = literal[..<colons.lowerBound]
    guard !key.isEmpty, key.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E })
    else { return false }
    // Logseq reads `created_at` as `created-at`.
    let name = key.replacingOccurrences(of: "_", with: "-")
    return hiddenKeys.contains(name) || name.hasPrefix("logseq.")
  }

  /// The key of a `key:: value` line that Logseq (or Dataview, `Rating:: 5`) shows: letters,
  /// digits, `-`, `_`, `.`, starting with a letter; and where its value starts.
  static func visibleProperty(_ literal: String) -> (key: Substring, value: String.Index)? {
    guard let colons = literal.range(of: "::"), colons.lowerBound != literal.startIndex else { return nil }
    let key = literal[..<colons.lowerBound]
    guard key.first!.isASCII, key.first!.isLetter,
      key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") })
    else { return nil }
    let after = literal[colons.upperBound...]
    guard after.isEmpty || after.first == " " else { return nil }
    return (key, after.drop { $0 == " " }.startIndex)
  }

  /// Each line of a block's paragraph that is a property Logseq shows under the block
  /// (`author:: Ann`, `due:: [[Mar 21st, 2025]]`): on a line of its own, `key: value` in a
  /// `<span class="block-property">`, its key in `<span class="property-key">`, as Logseq
  /// lists them. Returns whether any was.
  private static func markVisibleProperties(
    _ lines: [[CmarkNode]], breaks: [CmarkNode], skipping: Set<Int>, source: SourceMap
  ) -> Bool {
    var marked = false
    for (index, line) in lines.enumerated() where !skipping.contains(index) {
      guard let first = line.first, first.isText else { continue }
      let literal = first.literal
      guard let (key, value) = visibleProperty(literal) else { continue }
      let span = CmarkNode.customInline(
        enter: "<span class=\"block-property\"><span class=\"property-key\">\(HTML.escape(String(key)))</span>: ",
        exit: "</span>")
      first.insertBefore(span)
      // The value keeps its place in the file, for the links in it.
      let offset = literal.utf8.distance(from: literal.startIndex, to: value)
      if value != literal.endIndex { span.append(source.text(literal.utf8[value...], of: first, at: offset)) }
      for node in line.dropFirst() { span.append(node) }
      source.forget(first)
      first.remove()
      // On a line of its own, as Logseq shows it (the soft break stays, and may go with a
      // hidden property's line).
      if index > 0 { breaks[index - 1].insertBefore(CmarkNode(cmark_node_new(CMARK_NODE_LINEBREAK)!)) }
      marked = true
    }
    return marked
  }

  /// Also records the block each `id:: <uuid>` names (its list item, else the paragraph), as
  /// `^uuid`, the form block ids take, for references to it.
  private static func dropHiddenProperties(
    _ paragraph: CmarkNode, source: SourceMap, blocks: inout [(id: String, block: CmarkNode)]
  ) -> Bool {
    let (lines, breaks) = lines(of: paragraph)
    var dropped: [Int] = []
    // Org-mode drawers Logseq writes into a block, `:LOGBOOK:` (a task's clock entries) to
    // `:END:`: never shown.
    var drawer: Int?
    for (index, line) in lines.enumerated() {
      let text = line.count == 1 && line[0].isText ? line[0].literal.trimmingCharacters(in: .whitespaces) : nil
      if drawer == nil, text == ":LOGBOOK:" || text == ":PROPERTIES:" {
        drawer = index
        continue
      }
      if let start = drawer {
        if text == ":END:" {
          dropped += Array(start...index)
          drawer = nil
        }
        continue
      }
      guard let first = line.first, first.isText, hiddenKey(first.literal) else { continue }
      dropped.append(index)
      let literal = first.literal
      // `logseq.order-list-type:: number`: the block is an item of a numbered list.
      if literal.hasPrefix("logseq.order-list-type:: number"), paragraph.parent?.type == CMARK_NODE_ITEM,
        let list = paragraph.parent?.parent, list.type == CMARK_NODE_LIST, list.isBulletList
      {
        cmark_node_set_list_type(list.pointer, CMARK_ORDERED_LIST)
        cmark_node_set_list_start(list.pointer, 1)
      }
      if line.count == 1, literal.hasPrefix("id:: "), let uuid = blockUUID(literal.dropFirst(5).trimmingCharacters(in: .whitespaces)) {
        blocks.append(("^" + uuid, paragraph.parent?.type == CMARK_NODE_ITEM ? paragraph.parent! : paragraph))
      }
    }
    let shown = Self.markVisibleProperties(lines, breaks: breaks, skipping: Set(dropped), source: source)
    guard !dropped.isEmpty else { return shown }
    if dropped.count == lines.count {
      // A paragraph of nothing but properties names nothing outside a list item.
      blocks.removeAll { $0.block == paragraph }
      for line in lines { for node in line { source.forget(node) } }
      paragraph.remove()
      return true
    }
    var gone = Set<Int>()
    for index in dropped {
      for node in lines[index] {
        source.forget(node)
        node.remove()
      }
      // The break before the line, or after it for the first line.
      let brk = index > 0 ? index - 1 : 0
      if brk < breaks.count, gone.insert(brk).inserted { breaks[brk].remove() }
    }
    // A break left at either end of the paragraph goes too.
    while let first = paragraph.firstChild, first.isLineBreak { first.remove() }
    while let last = paragraph.lastChild, last.isLineBreak { last.remove() }
    return true
  }

  // MARK: Org-mode blocks

  /// `QUOTE` of `#+BEGIN_QUOTE` (any case) at the start of `literal`, with what follows it on
  /// the line.
  static func orgBlockName(_ literal: String) -> (name: String, argument: String)? {
    let line = literal.prefix { $0 != "\n" }
    guard line.count > 8, line.prefix(8).uppercased() == "#+BEGIN_" else { return nil }
    let rest = line.dropFirst(8)
    let name = rest.prefix { $0.isLetter || $0 == "_" }
    guard !name.isEmpty else { return nil }
    return (name.uppercased(), rest.dropFirst(name.count).trimmingCharacters(in: .whitespaces))
  }

  /// Splits `paragraph` before each line after its first that opens an org-mode block; returns
  /// the paragraphs that now start with one, in order.
  private static func splitAtOrgBlocks(_ paragraph: CmarkNode) -> [CmarkNode] {
    let (lines, breaks) = lines(of: paragraph)
    func opens(_ line: [CmarkNode]) -> Bool {
      guard let first = line.first, first.isText else { return false }
      return orgBlockName(first.literal) != nil
    }
    let starts = lines.indices.filter { $0 > 0 && opens(lines[$0]) }
    var result: [CmarkNode] = []
    var pieces: [CmarkNode] = []
    // From the last: each piece takes its lines up to the next piece's, and goes right after
    // `paragraph`, so the pieces end up in order.
    for (n, start) in starts.enumerated().reversed() {
      let end = n + 1 < starts.count ? starts[n + 1] : lines.count
      let piece = CmarkNode.paragraph()
      paragraph.insertAfter(piece)
      for index in start..<end {
        if index > start { piece.append(breaks[index - 1]) }
        for inline in lines[index] { piece.append(inline) }
      }
      breaks[start - 1].remove()
      pieces.insert(piece, at: 0)
    }
    if opens(lines[0]) { result.append(paragraph) }
    return result + pieces
  }

  /// The inlines of `paragraph`, line by line, and the breaks between the lines.
  private static func lines(of paragraph: CmarkNode) -> (lines: [[CmarkNode]], breaks: [CmarkNode]) {
    var lines: [[CmarkNode]] = [[]]
    var breaks: [CmarkNode] = []
    for child in paragraph.children {
      if child.isLineBreak {
        breaks.append(child)
        lines.append([])
      } else {
        lines[lines.count - 1].append(child)
      }
    }
    return (lines, breaks)
  }

  /// Logseq's org-mode blocks inside a block: `#+BEGIN_QUOTE` … `#+END_QUOTE` is a quote,
  /// `NOTE`, `TIP`, `IMPORTANT`, `WARNING`, `CAUTION` and `PINNED` callouts of that type,
  /// `SRC` and `EXAMPLE` code blocks of the lines between (`#+BEGIN_SRC python`: in Python),
  /// any other (`CENTER`, `VERSE`) just their content. The closing line ends this paragraph
  /// or one after it in the same parent; without one, nothing changes.
  private static func wrapOrgBlock(_ opening: CmarkNode, source: SourceMap) -> Bool {
    guard let first = opening.firstChild, let (name, argument) = orgBlockName(first.literal) else { return false }
    let closingLine = "#+END_" + name
    var blocks: [CmarkNode] = []
    var node: CmarkNode? = opening
    var end: (block: CmarkNode, line: Int)?
    while let current = node, blocks.count < 100 {
      blocks.append(current)
      if current.isParagraph {
        let (lines, _) = lines(of: current)
        let from = current == opening ? 1 : 0
        if from < lines.count,
          let index = (from..<lines.count).first(where: { i in
            lines[i].count == 1 && lines[i][0].isText && lines[i][0].literal.trimmingCharacters(in: .whitespaces).uppercased() == closingLine
          })
        {
          end = (current, index)
          break
        }
      }
      node = current.next
    }
    guard let end else { return false }
    // Lines of the source between the markers, for code.
    let firstLine = source.bodyPosition(of: first).line
    var lastLine = firstLine
    do {
      let (endLines, _) = lines(of: end.block)
      lastLine = source.bodyPosition(of: endLines[end.line][0]).line
    }
    let column = source.bodyPosition(of: first).column
    // Where the block goes: before the opening paragraph, which may be emptied below.
    let anchor = CmarkNode.paragraph()
    opening.insertBefore(anchor)
    // What follows the closing line in its paragraph stays, as a paragraph after the block.
    let (endLines, endBreaks) = lines(of: end.block)
    var after: CmarkNode?
    if end.line + 1 < endLines.count {
      let rest = CmarkNode.paragraph()
      for (k, line) in endLines[(end.line + 1)...].enumerated() {
        if k > 0 { rest.append(endBreaks[end.line + k]) }
        for inline in line { rest.append(inline) }
      }
      after = rest
      endBreaks[end.line].remove()
    }
    for node in endLines[end.line] {
      source.forget(node)
      node.remove()
    }
    if end.line > 0 { endBreaks[end.line - 1].remove() }
    // The opening line.
    let (openLines, openBreaks) = lines(of: opening)
    for node in openLines[0] {
      source.forget(node)
      node.remove()
    }
    if let brk = openBreaks.first { brk.remove() }
    var content: [CmarkNode] = []
    for block in blocks {
      if block.isParagraph && block.firstChild == nil { block.remove() } else { content.append(block) }
    }
    if let after { anchor.insertAfter(after) }
    switch name {
    case "SRC", "EXAMPLE", "EXPORT":
      var text = ""
      if lastLine > firstLine + 1 {
        for n in (firstLine + 1)..<lastLine {
          let line = source.line(n)
          let indent = min(column - 1, line.prefix { $0 == 0x20 || $0 == 0x09 }.count)
          text += String(decoding: line.dropFirst(indent), as: UTF8.self) + "\n"
        }
      }
      let code = CmarkNode(cmark_node_new(CMARK_NODE_CODE_BLOCK)!)
      code.setLiteral(text)
      let language = argument.prefix { !$0.isWhitespace }
      if name == "SRC", !language.isEmpty { cmark_node_set_fence_info(code.pointer, String(language)) }
      anchor.insertBefore(code)
      for block in content { forgetAll(block, source: source); block.remove() }
    case "QUOTE", "NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION", "PINNED":
      let quote = CmarkNode(cmark_node_new(CMARK_NODE_BLOCK_QUOTE)!)
      anchor.insertBefore(quote)
      if name != "QUOTE" {
        let header = CmarkNode.paragraph()
        header.append(.text("[!" + name.lowercased() + "]"))
        quote.append(header)
      }
      for block in content { quote.append(block) }
    default:
      for block in content { anchor.insertBefore(block) }
    }
    anchor.remove()
    return true
  }

  private static func forgetAll(_ node: CmarkNode, source: SourceMap) {
    node.walk { inner, entering in if entering { source.forget(inner) } }
  }

  // MARK: Macros and labelled links

  private static func rewriteInline(_ node: CmarkNode, source: SourceMap) -> Bool {
    let bytes = Array(node.literal.utf8)
    var pieces: [(text: String, offset: Int)] = []
    var rest = 0
    var i = 0
    func keep(upTo end: Int) {
      if end > rest { pieces.append((String(decoding: bytes[rest..<end], as: UTF8.self), rest)) }
    }
    var finders = Finders()
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "{"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "{"),
        var close = finders.macroEnd.next(in: bytes, from: i + 2)
      {
        // Braces inside (`{{query: {and: [[a]] [[b]]}}}`) close before the macro does.
        var depth = bytes[(i + 2)..<close].reduce(0) { $0 + ($1 == 0x7B ? 1 : $1 == 0x7D ? -1 : 0) }
        while depth > 0, close + 2 < bytes.count, bytes[close + 2] == 0x7D {
          close += 1
          depth -= 1
        }
        let inner = String(decoding: bytes[(i + 2)..<close], as: UTF8.self)
        let (name, argument) = macroParts(inner)
        let argumentOffset = close - argument.utf8.count
        var replacement: (text: String, offset: Int)?
        var known = true
        switch name {
        case "embed" where argument.hasPrefix("[[") && argument.hasSuffix("]]"):
          replacement = ("!" + argument, argumentOffset - 1)
        case "embed" where argument.hasPrefix("((") && argument.hasSuffix("))"):
          guard let uuid = blockUUID(String(argument.dropFirst(2).dropLast(2))) else { known = false; break }
          replacement = (referenceEmbed(uuid), argumentOffset)
        case _ where addressMacros.contains(name) && !argument.isEmpty:
          replacement = (argument, argumentOffset)
        case "cloze" where !argument.isEmpty:
          replacement = (argument, argumentOffset)
        case _ where droppedMacros.contains(name) || name.hasPrefix("zotero") || name.hasPrefix("roam/"):
          replacement = nil
        default:
          known = false
        }
        if known {
          keep(upTo: i)
          if let replacement { pieces.append(replacement) }
          rest = close + 2
          i = rest
          continue
        }
      }
      if bytes[i] == UInt8(ascii: "("), i + 40 <= bytes.count, bytes[i + 1] == UInt8(ascii: "("),
        bytes[i + 38] == UInt8(ascii: ")"), bytes[i + 39] == UInt8(ascii: ")"),
        let uuid = blockUUID(String(decoding: bytes[(i + 2)..<(i + 38)], as: UTF8.self))
      {
        // `((uuid))`: the block it names, shown where it is referenced.
        keep(upTo: i)
        pieces.append((referenceEmbed(uuid), i))
        rest = i + 40
        i = rest
        continue
      }
      if bytes[i] == UInt8(ascii: "["), let end = highlightColour(bytes, at: i, finders: &finders) {
        // `[[#red]]==text==`: Logseq's colour for the highlight after it, not a link.
        keep(upTo: i)
        rest = end
        i = rest
        continue
      }
      if bytes[i] == UInt8(ascii: "["), let link = labelledLink(bytes, at: i, finders: &finders) {
        keep(upTo: i)
        pieces.append(("[[" + link.target + "|" + link.label + "]]", i))
        rest = link.end
        i = rest
        continue
      }
      i += 1
    }
    guard rest > 0 || !pieces.isEmpty else { return false }
    keep(upTo: bytes.count)
    for piece in pieces { node.insertBefore(source.text(Array(piece.text.utf8), of: node, at: piece.offset)) }
    source.forget(node)
    node.remove()
    return true
  }

  /// `text` if it is a block's UUID as Logseq writes them (`6425a352-7bfd-4b83-bc9c-a65c6b0f2856`),
  /// lower-cased.
  static func blockUUID(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return nil }
    for (i, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(i) {
        guard byte == UInt8(ascii: "-") else { return nil }
      } else {
        guard (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte) else { return nil }
      }
    }
    return text.lowercased()
  }

  /// A block reference as an embed of the block, `![[#^uuid|((uuid))]]`: the site finds the
  /// page that has it; a reference to no block reads as written.
  static func referenceEmbed(_ uuid: String) -> String { "![[#^" + uuid + "|((" + uuid + "))]]" }

  /// `[[#red]]` right before `==` at `start`: where it ends.
  private static func highlightColour(_ bytes: [UInt8], at start: Int, finders: inout Finders) -> Int? {
    guard start + 6 < bytes.count, bytes[start + 1] == 0x5B, bytes[start + 2] == UInt8(ascii: "#"),
      let close = finders.colourEnd.next(in: bytes, from: start + 3), close - start <= 12,
      bytes[(start + 3)..<close].allSatisfy({ $0 >= 0x61 && $0 <= 0x7A })
    else { return nil }
    return close + 2
  }

  /// `[label]([[Target]])` at `start`: its label, target and end.
  private static func labelledLink(
    _ bytes: [UInt8], at start: Int, finders: inout Finders
  ) -> (label: String, target: String, end: Int)? {
    guard let labelEnd = finders.labelEnd.next(in: bytes, from: start + 1),
      let targetEnd = finders.targetEnd.next(in: bytes, from: labelEnd + 4)
    else { return nil }
    let label = bytes[(start + 1)..<labelEnd]
    let target = bytes[(labelEnd + 4)..<targetEnd]
    guard !label.isEmpty, !target.isEmpty, !label.contains(0x5B), !label.contains(0x5D), !target.contains(0x5B),
      !target.contains(0x5D), !target.contains(0x7C)
    else { return nil }
    return (String(decoding: label, as: UTF8.self), String(decoding: target, as: UTF8.self), targetEnd + 3)
  }

  /// A link cmark read with `[[Target]]` as its destination: `[[Target|label]]` again.
  private static func relabel(_ link: CmarkNode, source: SourceMap) -> Bool {
    let url = link.url
    guard let child = link.firstChild, child.isText, child.next == nil else { return false }
    var target = Substring(url.dropFirst(2).dropLast(2))
    if url.hasPrefix("(("), url.hasSuffix("))"), let uuid = blockUUID(String(target)) {
      // `[label](((uuid)))`: a link to the block, labelled.
      target = Substring("#^" + uuid)
    } else if url.hasPrefix("(("), url.hasSuffix("))"), isRoamUID(target) {
      // Roam's `[label](((0EEP-FcAj)))`: its export keeps no block ids, so the label alone.
      let text = CmarkNode.text(child.literal)
      source.setOrigin(of: text, line: source.bodyPosition(of: link).line, column: source.bodyPosition(of: link).column)
      link.insertBefore(text)
      source.forget(link)
      link.remove()
      return true
    } else {
      guard url.hasPrefix("[["), url.hasSuffix("]]"), url.count > 4 else { return false }
    }
    guard !target.contains("["), !target.contains("]"), !target.contains("|") else { return false }
    let text = CmarkNode.text("[[" + target + "|" + child.literal + "]]")
    source.setOrigin(of: text, line: source.bodyPosition(of: link).line, column: source.bodyPosition(of: link).column)
    link.insertBefore(text)
    source.forget(link)
    link.remove()
    return true
  }

  /// A Roam block uid: nine letters, digits, `-` or `_`.
  static func isRoamUID<S: StringProtocol>(_ s: S) -> Bool {
    s.utf8.count == 9
      && s.utf8.allSatisfy { ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
  }

  /// The closing markers `rewriteInline` looks for, each remembering its last answer: the
  /// scan moves forward, so a marker found further on (or found nowhere) is the answer for
  /// every opener before it, and a text of many openers is read once, not once per opener.
  struct Finders {
    var macroEnd = Finder(needle: [0x7D, 0x7D])
    var colourEnd = Finder(needle: [0x5D, 0x5D, 0x3D, 0x3D])
    var labelEnd = Finder(needle: [0x5D, 0x28, 0x5B, 0x5B])
    var targetEnd = Finder(needle: [0x5D, 0x5D, 0x29])
  }

  struct Finder {
    let needle: [UInt8]
    private var from = Int.max
    private var found: Int?

    init(needle: [UInt8]) { self.needle = needle }

    /// The first `needle` at or after `start`; `start` must not go back between calls.
    mutating func next(in bytes: [UInt8], from start: Int) -> Int? {
      if start >= from, found.map({ $0 >= start }) ?? true { return found }
      from = start
      found = LogseqBlockPass.find(needle, in: bytes, from: start)
      return found
    }
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard start <= bytes.count - needle.count else { return nil }
    var i = start
    while i <= bytes.count - needle.count {
      if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
      i += 1
    }
    return nil
  }

  // MARK: Tasks

  /// `TODO [#A] text` at the start of a list item: `[ ] text`. Returns the node of the text
  /// after the marker, if `text` was a task and had more.
  @discardableResult
  private static func markTask(_ text: CmarkNode, source: SourceMap) -> CmarkNode? {
    let literal = text.literal
    var done: Bool
    var length: Int
    if literal.hasPrefix("DONE ") || literal == "DONE" {
      (done, length) = (true, 4)
    } else if let marker = openMarkers.first(where: { literal.hasPrefix($0 + " ") || literal == $0 }) {
      (done, length) = (false, marker.utf8.count)
    } else {
      return text
    }
    let bytes = Array(literal.utf8)
    while length < bytes.count, bytes[length] == 0x20 { length += 1 }
    // A priority: `[#A] `.
    if length + 4 <= bytes.count, bytes[length] == UInt8(ascii: "["), bytes[length + 1] == UInt8(ascii: "#"),
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[length + 2]), bytes[length + 3] == UInt8(ascii: "]")
    {
      length += 4
      while length < bytes.count, bytes[length] == 0x20 { length += 1 }
    }
    text.insertBefore(.text(done ? "[x] " : "[ ] "))
    var rest: CmarkNode?
    if length < bytes.count {
      rest = source.text(bytes[length...], of: text, at: length)
      text.insertBefore(rest!)
    }
    source.forget(text)
    text.remove()
    return rest
  }
}
