/// Turns cmark's positions (1-based line and byte column in the Markdown body) into positions
/// in the note's file: lines shifted by the front matter, columns counted in characters so that
/// an editor lands on the right spot in lines with Japanese text or emoji.
///
/// A class so that line starts are found only when a position is first asked for: most
/// renders report nothing.
final class SourceMap {
  private let body: String
  let lineOffset: Int
  /// UTF-8 offset of the start of each line.
  private lazy var lineStarts: [Int] = {
    var starts = [0]
    var offset = 0
    for byte in body.utf8 {
      offset += 1
      if byte == 0x0A { starts.append(offset) }
    }
    return starts
  }()

  init(_ body: String, lineOffset: Int) {
    self.body = body
    self.lineOffset = lineOffset
  }

  /// The file position of byte column `byteColumn` (1-based) on body line `line`, moved
  /// `extraBytes` further along the line.
  func location(line: Int, byteColumn: Int, extraBytes: Int = 0) -> (line: Int, column: Int) {
    let fileLine = line + lineOffset
    let bytes = byteColumn - 1 + extraBytes
    guard line >= 1, line <= lineStarts.count, bytes >= 0,
      lineStarts[line - 1] + bytes <= body.utf8.count
    else { return (fileLine, max(bytes + 1, 1)) }
    let utf8 = body.utf8
    var start = utf8.index(utf8.startIndex, offsetBy: lineStarts[line - 1])
    let end = utf8.index(start, offsetBy: bytes)
    guard end.samePosition(in: body) != nil else { return (fileLine, bytes + 1) }
    // Positions come in document order: count on from the last one on the same line, so a
    // 1 MB line with thousands of links is not counted from its start each time.
    var counted = 0
    if let last, last.line == line, last.index <= end {
      start = last.index
      counted = last.characters
    }
    let characters = counted + body[start..<end].count
    self.last = (line, end, characters)
    return (fileLine, characters + 1)
  }

  private var last: (line: Int, index: String.Index, characters: Int)?
}
