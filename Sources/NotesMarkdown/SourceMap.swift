import CCmark
import Foundation

/// Turns cmark's positions (1-based line and byte column in the Markdown body) into positions
/// in the note's file: lines shifted by the front matter, columns counted in characters so that
/// an editor lands on the right spot in lines with Japanese text or emoji.
///
/// A class so that line starts are found only when a position or a line is first asked for:
/// most renders report nothing. It also remembers where nodes that the passes made from the
/// body's text (table cells, split text) came from, as cmark positions cannot be set.
final class SourceMap {
  private let body: String
  let lineOffset: Int
  /// UTF-8 offset of the start of each line.
  private lazy var lineStarts: [Int] = {
    var starts = [0]
    var copy = body
    copy.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
        offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        starts.append(offset)
      }
    }
    return starts
  }()
  private lazy var bytes: [UInt8] = Array(body.utf8)
  /// Body line and byte column of nodes whose cmark position is not their place in the body.
  private var origins: [CmarkNode: (line: Int, column: Int)] = [:]

  /// Body line of a footnote definition → the lines of the blocks indented under it.
  let footnoteBlocks: [Int: ClosedRange<Int>]
  /// Body line → characters of indentation taken off before cmark read it (footnote and
  /// admonition blocks): added back to columns on that line.
  let unindented: [Int: Int]
  /// Body lines of headings kept out of the table of contents (`{: .no_toc}`).
  var hiddenFromContents: Set<Int> = []
  /// Whether raw HTML is read for its images, links and text (see `HTMLImages`), also in
  /// table cells, which are parsed apart.
  var convertsHTML = false
  /// Width and height (pixels) of images written as HTML `<img>` tags, see `HTMLImages`.
  var imageSizes: [CmarkNode: (Int, Int?)] = [:]
  /// Body line of a heading → the id its attribute list gives it (`## Install {#setup}`).
  var headingIDs: [Int: String] = [:]

  init(_ body: String, lineOffset: Int, footnoteBlocks: [Int: ClosedRange<Int>] = [:], unindented: [Int: Int] = [:]) {
    self.body = body
    self.lineOffset = lineOffset
    self.footnoteBlocks = footnoteBlocks
    self.unindented = unindented
  }

  /// Whether the body holds the two bytes `first` `second` in a row: a cheap test (`memchr`
  /// for the rarer first byte) before a pass walks the whole tree.
  func contains(_ first: UInt8, _ second: UInt8) -> Bool {
    var copy = body
    return copy.withUTF8 { bytes in
      bytes.containsByte(first) { i in i + 1 < bytes.count && bytes[i + 1] == second }
    }
  }

  /// Whether the body holds `needle`.
  func contains(_ needle: StaticString) -> Bool { body.containsBytes(needle) }

  /// Whether the body may hold raw HTML: a `<` before a letter or `!` (one `memchr` pass).
  var mayHoldHTML: Bool {
    var copy = body
    return copy.withUTF8 { bytes in
      bytes.containsByte(UInt8(ascii: "<")) { i in
        guard i + 1 < bytes.count else { return false }
        let next = bytes[i + 1] | 0x20
        return (next >= 0x61 && next <= 0x7A) || bytes[i + 1] == UInt8(ascii: "!")
      }
    }
  }

  /// The bytes of body line `line` (1-based) without its line ending.
  func line(_ line: Int) -> ArraySlice<UInt8> {
    guard line >= 1, line <= lineStarts.count else { return [] }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return bytes[start..<end]
  }

  /// The number of body lines.
  var lineCount: Int { lineStarts.count }

  /// The lines that may define a link reference (`[label]: destination`, not a footnote's
  /// `[^1]:`), for the passes that parse text of the note in a document of their own (table
  /// cells), where `[text][label]` must find the note's definitions.
  lazy var linkDefinitionLines: [ArraySlice<UInt8>] = (1...max(lineCount, 1)).compactMap { number in
    let full = line(number)
    let text = full.drop { $0 == 0x20 }
    guard full.count - text.count <= 3, text.first == UInt8(ascii: "["), text.dropFirst().first != UInt8(ascii: "^"),
      let close = text.firstIndex(of: UInt8(ascii: "]")), text.index(after: close) < text.endIndex,
      text[text.index(after: close)] == UInt8(ascii: ":")
    else { return nil }
    return full
  }

  /// Body lines `first...last` of a paragraph or heading inside `quoteDepth` block quotes,
  /// without the container prefixes: the first line from byte column `column`, the others
  /// after their `>` markers (list indentation stays). Slice indices are body byte offsets;
  /// `base` is where the slice starts in its line.
  func blockLines(first: Int, column: Int, last: Int, quoteDepth: Int)
    -> [(line: Int, base: Int, bytes: ArraySlice<UInt8>)]
  {
    guard first >= 1, last >= first else { return [] }
    var lines: [(line: Int, base: Int, bytes: ArraySlice<UInt8>)] = []
    for number in first...last {
      let full = line(number)
      let content =
        number == first
        ? full[min(full.startIndex + column - 1, full.endIndex)...]
        : Self.strippingQuoteMarkers(full, depth: quoteDepth)
      lines.append((number, content.startIndex - full.startIndex, content))
    }
    return lines
  }

  /// `line` after up to `depth` block quote markers (`>` with the spaces before it and one
  /// space after it); fewer on a lazy continuation line.
  static func strippingQuoteMarkers(_ line: ArraySlice<UInt8>, depth: Int) -> ArraySlice<UInt8> {
    var start = line.startIndex
    for _ in 0..<depth {
      var i = start
      while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
      guard i < line.endIndex, line[i] == UInt8(ascii: ">") else { break }
      i += 1
      if i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
      start = i
    }
    return line[start...]
  }

  /// A text node of `bytes`, which stood `offset` bytes into the text of `node`: its
  /// positions are reported where those bytes are in the note.
  func text(_ bytes: some Collection<UInt8>, of node: CmarkNode, at offset: Int) -> CmarkNode {
    let text = CmarkNode.text(String(decoding: bytes, as: UTF8.self))
    let at = bodyPosition(of: node)
    setOrigin(of: text, line: at.line, column: at.column + offset)
    return text
  }

  /// Records that `node` starts at byte column `column` of body line `line`.
  func setOrigin(of node: CmarkNode, line: Int, column: Int) {
    origins[node] = (line, column)
  }

  /// Forgets the origin of a node about to be freed (its address may be reused).
  func forget(_ node: CmarkNode) {
    if !origins.isEmpty { origins[node] = nil }
  }

  /// Body line and byte column of `node`.
  func bodyPosition(of node: CmarkNode) -> (line: Int, column: Int) {
    if !origins.isEmpty, let origin = origins[node] { return origin }
    return (node.startLine, node.startColumn)
  }

  /// The file position of `node`, moved `extraBytes` along its line.
  func location(of node: CmarkNode, extraBytes: Int = 0) -> (line: Int, column: Int) {
    let at = bodyPosition(of: node)
    return location(line: at.line, byteColumn: at.column, extraBytes: extraBytes)
  }

  /// The file position of byte column `byteColumn` (1-based) on body line `line`, moved
  /// `extraBytes` further along the line.
  func location(line: Int, byteColumn: Int, extraBytes: Int = 0) -> (line: Int, column: Int) {
    let fileLine = line + lineOffset
    let bytes = byteColumn - 1 + extraBytes
    guard line >= 1, line <= lineStarts.count, bytes >= 0,
      lineStarts[line - 1] + bytes <= body.utf8.count
    else { return (fileLine, max(bytes + 1, 1) + (unindented[line] ?? 0)) }
    let utf8 = body.utf8
    var start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
    let end = utf8.index(start, offsetBy: bytes)
    guard end.samePosition(in: body) != nil else { return (fileLine, bytes + 1 + (unindented[line] ?? 0)) }
    // Positions come in document order: count on from the last one on the same line, so a
    // 1 MB line with thousands of links is not counted from its start each time.
    var counted = 0
    if let last, last.line == line, last.index <= end {
      start = last.index
      counted = last.characters
    }
    // ASCII without a carriage return is one character a byte: no need to find grapheme
    // boundaries, which costs far more per byte.
    let span = utf8[start..<end]
    let plain = span.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    let characters = counted + (plain ? span.count : body[start..<end].count)
    self.last = (line, end, characters)
    return (fileLine, characters + 1 + (unindented[line] ?? 0))
  }

  private var last: (line: Int, index: String.Index, characters: Int)?
}
