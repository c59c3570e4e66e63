/// GFM pipe-table rows, read from a line's UTF-8 bytes.
///
/// A row is split at every `|` that is not written `\|`; a leading and a trailing pipe are
/// optional, cells are trimmed of spaces and tabs, and `\|` reads as `|` inside a cell
/// (also in code spans, as in GFM).
enum TableSyntax {
  enum Alignment: Equatable {
    case none, left, center, right

    /// The CSS for `<th>`/`<td>`, or `nil` when the column is not aligned.
    var css: String? {
      switch self {
      case .none: nil
      case .left: "text-align:left"
      case .center: "text-align:center"
      case .right: "text-align:right"
      }
    }
  }

  struct Cell: Equatable {
    /// The cell's Markdown with `\|` unescaped.
    var text: [UInt8]
    /// 0-based byte offset in the line where `text` starts.
    var offset: Int
    /// Offsets in `text` after which a backslash was removed (to map columns back).
    var unescapes: [Int]

    /// The line offset of byte `index` of `text`.
    func lineOffset(of index: Int) -> Int {
      var extra = 0
      for u in unescapes where u < index { extra += 1 }
      return offset + index + extra
    }
  }

  private static let pipe = UInt8(ascii: "|")
  private static let backslash = UInt8(ascii: "\\")

  @inline(__always)
  private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  /// Ranges of the line's cells, trimmed (indices of `line`).
  /// The index just after the `]]` that closes a wiki link whose name starts at `start`, if
  /// it closes before `end` and before another `[[`.
  private static func wikiLinkEnd(_ line: ArraySlice<UInt8>, from start: Int, end: Int) -> Int? {
    var j = start
    while j + 1 < end {
      if line[j] == UInt8(ascii: "]"), line[j + 1] == UInt8(ascii: "]") { return j + 2 }
      if line[j] == UInt8(ascii: "["), line[j + 1] == UInt8(ascii: "[") { return nil }
      j += 1
    }
    return nil
  }

  static func cellRanges(_ line: ArraySlice<UInt8>) -> [Range<Int>] {
    var start = line.startIndex
    var end = line.endIndex
    while start < end, isSpace(line[start]) { start += 1 }
    while end > start, isSpace(line[end - 1]) { end -= 1 }
    if start < end, line[start] == pipe { start += 1 }
    if end > start, line[end - 1] == pipe, !(end - 2 >= start && line[end - 2] == backslash) {
      end -= 1
    }
    var ranges: [Range<Int>] = []
    var cellStart = start
    var i = start
    while i < end {
      if line[i] == backslash, i + 1 < end, line[i + 1] == pipe {
        i += 2
        continue
      }
      // `[[Note|label]]` in a cell, as Quartz reads it: Obsidian asks for `\|` there, but
      // many notes do without, and a split would lose the rest of the row.
      if line[i] == UInt8(ascii: "["), i + 1 < end, line[i + 1] == UInt8(ascii: "["),
        let close = wikiLinkEnd(line, from: i + 2, end: end)
      {
        i = close
        continue
      }
      if line[i] == pipe {
        ranges.append(cellStart..<i)
        cellStart = i + 1
      }
      i += 1
    }
    ranges.append(cellStart..<end)
    return ranges.map { range in
      var a = range.lowerBound
      var b = range.upperBound
      while a < b, isSpace(line[a]) { a += 1 }
      while b > a, isSpace(line[b - 1]) { b -= 1 }
      return a..<b
    }
  }

  /// The cells of a header or body row.
  static func cells(_ line: ArraySlice<UInt8>) -> [Cell] {
    cellRanges(line).map { range in
      var text: [UInt8] = []
      text.reserveCapacity(range.count)
      var unescapes: [Int] = []
      var i = range.lowerBound
      while i < range.upperBound {
        if line[i] == backslash, i + 1 < range.upperBound, line[i + 1] == pipe {
          unescapes.append(text.count)
          i += 1
        }
        text.append(line[i])
        i += 1
      }
      return Cell(text: text, offset: range.lowerBound - line.startIndex, unescapes: unescapes)
    }
  }

  /// The first header row followed by a delimiter row with as many cells among `lines`:
  /// its index and the columns' alignments.
  static func header(in lines: [ArraySlice<UInt8>]) -> (index: Int, alignments: [Alignment])? {
    guard lines.count >= 2 else { return nil }
    for i in 0..<(lines.count - 1) {
      if let row = delimiterRow(lines[i + 1]), cellRanges(lines[i]).count == row.count {
        return (i, row)
      }
    }
    return nil
  }

  /// The column alignments when `line` is a delimiter row (`|---|:--:|`), else `nil`. The row
  /// must have a pipe, and every cell must be dashes with optional colons at either end.
  static func delimiterRow(_ line: ArraySlice<UInt8>) -> [Alignment]? {
    guard line.contains(pipe) else { return nil }
    var alignments: [Alignment] = []
    for range in cellRanges(line) {
      var a = range.lowerBound
      var b = range.upperBound
      let left = a < b && line[a] == UInt8(ascii: ":")
      if left { a += 1 }
      let right = b > a && line[b - 1] == UInt8(ascii: ":")
      if right { b -= 1 }
      guard a < b, line[a..<b].allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
      alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
    }
    return alignments
  }
}
