import CCmark
import Foundation

/// TeX math as Pandoc, Obsidian and Quartz write it: `$…$` inline, `$$…$$` display. It is
/// found in the Markdown before cmark reads the inlines, so that math is never read as
/// Markdown: in the text cmark parses, each ASCII punctuation character inside math and each
/// delimiter is a private-use character (see `Code`), which cmark takes for a letter. After
/// parsing, `MathPass` turns the marked text back into TeX. One character stands for one, so
/// positions counted in characters (those of diagnostics) are those of the note.
///
/// Rules (Pandoc's `tex_math_dollars`): an opening `$` is followed by a non-space; a closing
/// `$` is preceded by a non-space and not followed by a digit, so `$5 or $10` stays text; `\$`
/// is a dollar. Math stays inside its paragraph, heading or table cell (a table cell ends at
/// `|`, as in GFM: write `\|`). Reading goes left to right, and a code span, autolink, wiki link
/// or link destination that starts before a `$` keeps it. A paragraph line that starts with an
/// unclosed `$$` opens display math that runs on over the following lines (which cmark may
/// have read as other blocks: `+ b` is a list item) up to the line with the closing `$$`, but
/// not into a code block; a blank line on the way is kept in the math (see
/// `fillingBlankLines`).
enum MathSyntax {
  /// The private-use characters, as offsets from U+F0000: `0x21…0x7E` is that ASCII
  /// punctuation inside math, the rest are delimiters. `$$` is written `displayOpen` +
  /// `displayFill` and closed by `displayFill` + `displayClose`, so every character of the
  /// note has one of its own. All of them read `$` where they do not end up delimiting math.
  enum Code: UInt16 {
    case inlineOpen = 0x100, inlineClose, displayOpen, displayClose, displayFill
  }

  static let base: UInt32 = 0xF0000

  /// What the text cmark read holds for the passes to turn back.
  struct Marks {
    /// Math marked with private-use characters, for `MathPass`.
    var math = false
    /// Wiki link names with control characters for their markup, for
    /// `WikiLinkSyntax.restoreNames`.
    var wikiNames = false
  }

  /// Runs `work` with the tree cmark makes of `body`, its math made literal, the text cmark
  /// read (`body` or its rewrite, which source positions refer to) and what that text holds
  /// for the passes to turn back. Notes without `$` or marked-up wiki link names cost a byte
  /// search; notes with them but no math are parsed once.
  ///
  /// The scan also keeps wiki link names literal: Obsidian reads everything between `[[` and
  /// `]]` as written, so `[[__init__]]` and `[[_templates/daily]]` name files where cmark would
  /// read emphasis. Each such character is a control character of the same length in the
  /// text cmark reads (see `WikiLinkSyntax.code(for:)`), so positions do not move.
  static func withParsed<Result>(_ body: String, _ work: (CmarkNode, String, Marks) -> Result) -> Result {
    let body = fillingBlankLines(body)
    var copy = body
    let (dollars, wikiNames) = copy.withUTF8 { bytes -> (Bool, Bool) in
      guard let start = bytes.baseAddress, !hasLoneCarriageReturn(bytes) else { return (false, false) }
      return (
        memchr(start, Int32(UInt8(ascii: "$")), bytes.count) != nil && !hasCodes(bytes),
        WikiLinkSyntax.holdsMarkup(bytes)
      )
    }
    guard dollars || wikiNames else { return CmarkDocument.withParsed(body) { work($0, body, Marks()) } }
    let first = body.withCString { CmarkDocument.parse($0, length: strlen($0)) }
    var scanner = Scanner(source: SourceMap(body, lineOffset: 0), math: dollars, wikiNames: wikiNames)
    scanner.run(first)
    guard !scanner.codes.isEmpty else {
      defer { first.remove() }
      return work(first, body, Marks())
    }
    first.remove()
    let text = rewrite(body, codes: scanner.codes)
    let marks = Marks(
      math: scanner.codes.contains { $0.code > 0x20 }, wikiNames: scanner.codes.contains { $0.code < 0x20 })
    return CmarkDocument.withParsed(text) { work($0, text, marks) }
  }

  /// Display math with a blank line in it, as Obsidian and MathJax take it (`$$` on a line of
  /// its own, `\begin{align}`, a blank line between rows, the closing `$$` further down): each
  /// blank line between the two gets a TeX comment, `%`, so that CommonMark does not end the
  /// paragraph there and the math is read whole. Only where a closing `$$` comes within
  /// `displayLines` lines (a lecture's preamble of macros runs past a hundred)
  /// lines and before any code fence; inside a quote the `>` markers stay. A `---` line right
  /// after the math is a rule, not a heading's underline, and Quarto's label after the
  /// closing `$$` (`$$ {#eq-x}`) goes. Line numbers and the columns of other lines do not move.
  /// How far down the closing `$$` of display math is looked for.
  static let displayLines = 400

  static func fillingBlankLines(_ body: String) -> String {
    guard body.containsBytes("$$") else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    var changed = false
    var i = 0
    /// The line after its quote markers and indentation.
    func content(_ line: Substring) -> Substring {
      line.drop { $0 == " " || $0 == "\t" || $0 == ">" }
    }
    func isBlank(_ line: Substring) -> Bool { content(line).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
    func isFence(_ line: Substring) -> Bool { let c = content(line); return c.hasPrefix("```") || c.hasPrefix("~~~") }
    /// A `---` right under display math is a rule, as Obsidian reads it, not the underline
    /// of a heading made of the paragraph the math is in: its dashes become `*`.
    func ruleAfterMath(_ close: Int) {
      guard close + 1 < lines.count else { return }
      let line = lines[close + 1]
      let markers = line.prefix { $0 == " " || $0 == "\t" || $0 == ">" }
      var rest = line.dropFirst(markers.count)
      if rest.hasSuffix("\r") { rest = rest.dropLast() }
      if let mark = rest.first, mark == "=", rest.allSatisfy({ $0 == "=" || $0 == " " || $0 == "\t" }) {
        // `===` under math is text, as Obsidian shows it, not a heading's underline.
        lines[close + 1] = markers + "\\" + line.dropFirst(markers.count)
        changed = true
        return
      }
      let dashes = rest.prefix { $0 == "-" }.count
      guard dashes >= 3, rest.dropFirst(dashes).allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
      lines[close + 1] = markers + String(repeating: "*", count: dashes) + line.dropFirst(markers.count + dashes)
      changed = true
    }
    /// Quarto's label after the closing `$$`, `$$ {#eq-ratio}`, is the equation's name, not
    /// text: it goes (spaces keep the columns).
    func dropLabel(_ close: Int) {
      let line = lines[close]
      guard let end = line.range(of: "$$", options: .backwards), let open = line[end.upperBound...].range(of: "{#"),
        line[end.upperBound..<open.lowerBound].allSatisfy({ $0 == " " || $0 == "\t" }),
        let brace = line[open.upperBound...].firstIndex(of: "}"),
        line[line.index(after: brace)...].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" })
      else { return }
      lines[close] = line[..<open.lowerBound] + String(repeating: " ", count: line.distance(from: open.lowerBound, to: brace) + 1)
        + line[line.index(after: brace)...]
      changed = true
    }
    while i < lines.count {
      let opening = content(lines[i])
      // `$$ x $$` on a line of its own.
      if opening.hasPrefix("$$"), opening.dropFirst(2).contains("$$"), !isFence(lines[i]) {
        dropLabel(i)
        if content(lines[i]).trimmingCharacters(in: .whitespaces).hasSuffix("$$"), content(lines[i]).count > 4 { ruleAfterMath(i) }
      }
      guard opening.hasPrefix("$$"), !opening.dropFirst(2).contains("$$"), !isFence(lines[i]) else {
        // Display math opened after text on its line (`The formula is: $$`): its closing `$$`
        // further down is no opening.
        if !isFence(lines[i]), lines[i].split(separator: "$$", omittingEmptySubsequences: false).count % 2 == 0,
          let close = lines[(i + 1)..<min(lines.count, i + 1 + Self.displayLines)].firstIndex(where: { $0.contains("$$") })
        {
          i = close + 1
          continue
        }
        i += 1
        continue
      }
      var blanks: [Int] = []
      var close: Int?
      var j = i + 1
      while j < lines.count, j <= i + Self.displayLines, !isFence(lines[j]) {
        if lines[j].contains("$$") {
          close = j
          break
        }
        if isBlank(lines[j]) { blanks.append(j) }
        j += 1
      }
      guard let close else {
        i += 1
        continue
      }
      dropLabel(close)
      ruleAfterMath(close)
      // Two blank lines in a row end the math in any reading: leave such a block alone.
      if !blanks.isEmpty, !zip(blanks, blanks.dropFirst()).contains(where: { $1 == $0 + 1 }) {
        for b in blanks {
          let line = lines[b]
          let markers = line.prefix { $0 == " " || $0 == "\t" || $0 == ">" }
          let ending = line.hasSuffix("\r") ? "\r" : ""
          lines[b] = markers + "%" + ending
          changed = true
        }
      }
      i = close + 1
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// Whether `bytes` already hold characters of the range the codes use (U+F0000–U+F01FF):
  /// such a note is left without math rather than misread.
  private static func hasCodes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.containsByte(0xF3) { i in i + 2 < bytes.count && bytes[i + 1] == 0xB0 && bytes[i + 2] & 0xF8 == 0x80 }
  }

  /// Whether a `\r` ends a line on its own: cmark counts it as a line, `SourceMap` does not,
  /// so their line numbers would disagree. Such a note is left without math.
  private static func hasLoneCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.containsByte(0x0D) { i in i + 1 == bytes.count || bytes[i + 1] != 0x0A }
  }

  /// `body` with the byte at each offset of `codes` (ascending) replaced by its code's
  /// character: a private-use character, or for a wiki link name's code (below U+0020) that
  /// control byte itself.
  private static func rewrite(_ body: String, codes: [(offset: Int, code: UInt16)]) -> String {
    var body = body
    return body.withUTF8 { bytes in
      var out: [UInt8] = []
      out.reserveCapacity(bytes.count + codes.count * 3)
      var copied = 0
      for (offset, code) in codes where offset >= copied {
        out.append(contentsOf: bytes[copied..<offset])
        copied = offset + 1
        if code < 0x20 {
          out.append(UInt8(code))
          continue
        }
        let scalar = base + UInt32(code)
        out += [
          0xF0 | UInt8(scalar >> 18), 0x80 | UInt8((scalar >> 12) & 0x3F),
          0x80 | UInt8((scalar >> 6) & 0x3F), 0x80 | UInt8(scalar & 0x3F),
        ]
      }
      out.append(contentsOf: bytes[copied...])
      return String(decoding: out, as: UTF8.self)
    }
  }

  @inline(__always) static func isPunctuation(_ b: UInt8) -> Bool {
    (0x21...0x2F).contains(b) || (0x3A...0x40).contains(b) || (0x5B...0x60).contains(b)
      || (0x7B...0x7E).contains(b)
  }

  @inline(__always) static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A
  }
}

private let dollar = UInt8(ascii: "$")
private let backslash = UInt8(ascii: "\\")
private let backtick = UInt8(ascii: "`")
private let newline: UInt8 = 0x0A

/// Finds the math of one parsed note and the codes that make it literal.
private struct Scanner {
  let source: SourceMap
  /// Body offsets and codes, ascending.
  var codes: [(offset: Int, code: UInt16)] = []
  /// Line ranges of code and HTML blocks, ascending: display math does not run into them.
  private var opaque: [ClosedRange<Int>] = []
  /// Body offset up to which display math running over lines took the text.
  private var consumed = 0

  /// Whether to look for math (the body has a `$`) and for wiki link names to keep literal.
  let math: Bool
  let wikiNames: Bool

  init(source: SourceMap, math: Bool, wikiNames: Bool) {
    self.source = source
    self.math = math
    self.wikiNames = wikiNames
  }

  /// Inline text of one paragraph, heading, or table cell, without container prefixes: the
  /// lines joined by `\n`.
  struct Unit {
    var bytes: [UInt8] = []
    /// The body offset of each byte; -1 for the `\n` that joins lines.
    var offsets: [Int] = []
    /// Whether `bytes` starts where its line's text starts.
    var startsLine = true
    var lastLine = 0
    var quoteDepth = 0
    /// A table cell: `\|` is left for the table to read.
    var isCell = false
    /// A paragraph: a line-starting `$$` may open display math over the lines after it.
    var mayRunOn = false
  }

  mutating func run(_ root: CmarkNode) {
    // Paragraphs and headings with a `$` in their text, in document order.
    var blocks: [CmarkNode] = []
    var leaf: CmarkNode?
    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
        leaf = entering ? node : nil
      case CMARK_NODE_TEXT:
        if let leaf, blocks.last != leaf, let c = cmark_node_get_literal(node.pointer),
          (math && strchr(c, Int32(dollar)) != nil) || (wikiNames && strstr(c, "[[") != nil)
        {
          blocks.append(leaf)
        }
      case CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK:
        opaque.append(node.startLine...max(node.startLine, node.endLine))
      default:
        break
      }
    }
    for block in blocks { scan(block: block) }
    if codes.count > 1, zip(codes, codes.dropFirst()).contains(where: { $0.offset >= $1.offset }) {
      codes.sort { $0.offset < $1.offset }
    }
  }

  private mutating func scan(block: CmarkNode) {
    let isHeading = block.type == CMARK_NODE_HEADING
    let setext = isHeading && block.endLine > block.startLine
    var (first, column) = (block.startLine, block.startColumn)
    // Link reference definitions at the start of a paragraph are not its text.
    if let child = block.firstChild, child.startLine > first {
      (first, column) = (child.startLine, child.startColumn)
    }
    let depth = block.quoteDepth
    let lines = source.blockLines(
      first: first, column: column, last: setext ? block.endLine - 1 : block.endLine,
      quoteDepth: depth)
    guard !lines.isEmpty else { return }
    if !isHeading, lines[0].bytes.startIndex >= consumed,
      let (header, _) = TableSyntax.header(in: lines.map(\.bytes))
    {
      scan(unit(lines[..<header], depth: depth))
      for line in lines[header...] where line.line != lines[header + 1].line {
        for range in TableSyntax.cellRanges(line.bytes) {
          var cell = unit([(line.line, line.base, line.bytes[range])], depth: depth)
          cell.isCell = true
          scan(cell)
        }
      }
      return
    }
    var whole = unit(lines[...], depth: depth)
    whole.mayRunOn = !isHeading || setext
    scan(whole)
  }

  /// The text of `lines` after what display math already took.
  private func unit(_ lines: ArraySlice<(line: Int, base: Int, bytes: ArraySlice<UInt8>)>, depth: Int)
    -> Unit
  {
    var unit = Unit(quoteDepth: depth)
    for (k, line) in zip(lines.indices, lines) {
      var bytes = line.bytes
      if k != lines.startIndex {
        while let b = bytes.first, b == 0x20 || b == 0x09 { bytes = bytes.dropFirst() }
      }
      guard bytes.endIndex > consumed else { continue }
      let cut = bytes.startIndex < consumed
      if cut { bytes = bytes[consumed...] }
      if unit.bytes.isEmpty {
        unit.startsLine = !cut
      } else {
        unit.bytes.append(newline)
        unit.offsets.append(-1)
      }
      unit.bytes += bytes
      unit.offsets += bytes.indices
      unit.lastLine = line.line
    }
    return unit
  }

  private mutating func scan(_ unit: Unit) {
    let b = unit.bytes
    let n = b.count
    // For each position, the first `$` at or after it that can close inline math, and the
    // first `$$`: one pass from the end, so scanning stays linear however many `$` open.
    var inlineClose = [Int](repeating: n, count: n + 1)
    var displayClose = [Int](repeating: n, count: n + 1)
    for j in stride(from: n - 1, through: 0, by: -1) {
      inlineClose[j] = inlineClose[j + 1]
      displayClose[j] = displayClose[j + 1]
      guard b[j] == dollar, !isEscaped(b, j) else { continue }
      if j > 0, !MathSyntax.isSpace(b[j - 1]), j + 1 == n || !(0x30...0x39).contains(b[j + 1]) {
        inlineClose[j] = j
      }
      if j + 1 < n, b[j + 1] == dollar { displayClose[j] = j }
    }
    var backtickRuns: [Int: [Int]]?
    var i = 0
    while i < n {
      switch b[i] {
      case backslash:
        i += i + 1 < n && MathSyntax.isPunctuation(b[i + 1]) ? 2 : 1
      case backtick:
        // A code span: the next run of as many backticks closes it.
        let end = b.runEnd(of: backtick, from: i)
        if backtickRuns == nil { backtickRuns = Self.backtickRuns(b) }
        let runs = backtickRuns![end - i] ?? []
        let next = Self.firstIndex(in: runs, notBelow: end)
        i = next < runs.count ? runs[next] + end - i : end
      case UInt8(ascii: "<"):
        // An autolink or a tag without attributes.
        var j = i + 1
        if j < n, (0x61...0x7A).contains(b[j] | 0x20) || b[j] == UInt8(ascii: "/") {
          while j < n, !MathSyntax.isSpace(b[j]), b[j] != UInt8(ascii: "<"), b[j] != UInt8(ascii: ">") { j += 1 }
        }
        i = j < n && b[j] == UInt8(ascii: ">") ? j + 1 : i + 1
      case UInt8(ascii: "["):
        // A wiki link on one line.
        guard i + 1 < n, b[i + 1] == UInt8(ascii: "[") else {
          i += 1
          continue
        }
        var j = i + 2
        while j + 1 < n, b[j] != newline, !(b[j] == UInt8(ascii: "[") && b[j + 1] == UInt8(ascii: "[")) {
          if b[j] == UInt8(ascii: "]"), b[j + 1] == UInt8(ascii: "]") { break }
          j += 1
        }
        guard j + 1 < n, b[j] == UInt8(ascii: "]"), b[j + 1] == UInt8(ascii: "]") else {
          i += 2
          continue
        }
        // The name as written: its markup characters are control characters to cmark.
        if wikiNames {
          for p in i + 2..<j where unit.offsets[p] >= 0 {
            if let code = WikiLinkSyntax.code(for: b[p]) { add(unit.offsets[p], UInt16(code)) }
          }
        }
        i = j + 2
      case UInt8(ascii: "]"):
        // A link destination, up to its first space or its closing parenthesis.
        guard i + 1 < n, b[i + 1] == UInt8(ascii: "(") else {
          i += 1
          continue
        }
        var j = i + 2
        var depth = 0
        while j < n, !MathSyntax.isSpace(b[j]) {
          if b[j] == UInt8(ascii: "(") { depth += 1 }
          if b[j] == UInt8(ascii: ")") {
            if depth == 0 { break }
            depth -= 1
          }
          j += 1
        }
        i = j
      case dollar where math && i + 1 < n && b[i + 1] == dollar:
        let close = displayClose[i + 2]
        if close < n, close > i + 2 {
          record(unit, open: i, close: close, width: 2)
          i = close + 2
        } else if unit.mayRunOn, i == 0 ? unit.startsLine : b[i - 1] == newline, runOn(unit, open: i) {
          return
        } else {
          i += 2
        }
      case dollar where math:
        let close = inlineClose[i + 1]
        if i + 1 < n, !MathSyntax.isSpace(b[i + 1]), close < n {
          record(unit, open: i, close: close, width: 1)
          i = close + 1
        } else {
          i += 1
        }
      default:
        i += 1
      }
    }
  }

  /// Whether the byte at `j` follows an odd run of backslashes.
  private func isEscaped(_ b: [UInt8], _ j: Int) -> Bool {
    var k = j
    while k > 0, b[k - 1] == backslash { k -= 1 }
    return (j - k) % 2 == 1
  }

  /// Start offsets of the maximal backtick runs of `b`, by length.
  private static func backtickRuns(_ b: [UInt8]) -> [Int: [Int]] {
    var runs: [Int: [Int]] = [:]
    b.forEachRun(of: backtick) { runs[$0.count, default: []].append($0.lowerBound) }
    return runs
  }

  /// The index of the first element of the ascending `values` that is at least `value`.
  private static func firstIndex(in values: [Int], notBelow value: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let mid = (low + high) / 2
      if values[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  private mutating func add(_ offset: Int, _ code: UInt16) {
    codes.append((offset, code))
  }

  private mutating func add(_ offset: Int, _ code: MathSyntax.Code) {
    codes.append((offset, code.rawValue))
  }

  /// Math from `open` to `close` (each delimiter `width` bytes) in `unit`.
  private mutating func record(_ unit: Unit, open: Int, close: Int, width: Int) {
    let o = unit.offsets
    if width == 2 {
      add(o[open], .displayOpen)
      add(o[open + 1], .displayFill)
    } else {
      add(o[open], .inlineOpen)
    }
    encode(unit, open + width..<close)
    if width == 2 {
      add(o[close], .displayFill)
      add(o[close + 1], .displayClose)
    } else {
      add(o[close], .inlineClose)
    }
  }

  /// Codes for the punctuation of `range` in `unit`. A cell's `\|` stays: the table reads it
  /// as `|`.
  private mutating func encode(_ unit: Unit, _ range: Range<Int>) {
    let b = unit.bytes
    var p = range.lowerBound
    while p < range.upperBound {
      if unit.isCell, b[p] == backslash, p + 1 < range.upperBound, b[p + 1] == UInt8(ascii: "|") {
        p += 2
        continue
      }
      if unit.offsets[p] >= 0, MathSyntax.isPunctuation(b[p]) { add(unit.offsets[p], UInt16(b[p])) }
      p += 1
    }
  }

  /// Display math opened by the `$$` at `open`, which starts a line of `unit` and is not
  /// closed in it, running over the lines after `unit` up to the next `$$`. Returns whether
  /// it closed.
  private mutating func runOn(_ unit: Unit, open: Int) -> Bool {
    var pending: [(offset: Int, code: UInt16)] = []
    var number = unit.lastLine + 1
    while number <= source.lineCount, !isOpaque(number) {
      var line = SourceMap.strippingQuoteMarkers(source.line(number), depth: unit.quoteDepth)
      while let b = line.first, b == 0x20 || b == 0x09 { line = line.dropFirst() }
      guard !line.isEmpty else { return false }
      var p = line.startIndex
      while p < line.endIndex {
        let b = line[p]
        if b == dollar, p + 1 < line.endIndex, line[p + 1] == dollar {
          add(unit.offsets[open], .displayOpen)
          add(unit.offsets[open + 1], .displayFill)
          encode(unit, open + 2..<unit.bytes.count)
          codes += pending
          add(p, .displayFill)
          add(p + 1, .displayClose)
          consumed = p + 2
          return true
        }
        if MathSyntax.isPunctuation(b) { pending.append((p, UInt16(b))) }
        // `\$` is TeX's dollar, not a delimiter.
        if b == backslash, p + 1 < line.endIndex {
          if MathSyntax.isPunctuation(line[p + 1]) { pending.append((p + 1, UInt16(line[p + 1]))) }
          p += 1
        }
        p += 1
      }
      number += 1
    }
    return false
  }

  /// Whether body line `number` belongs to a code or HTML block.
  private func isOpaque(_ number: Int) -> Bool {
    var low = 0
    var high = opaque.count
    while low < high {
      let mid = (low + high) / 2
      if opaque[mid].upperBound < number { low = mid + 1 } else { high = mid }
    }
    return low < opaque.count && opaque[low].contains(number)
  }
}
