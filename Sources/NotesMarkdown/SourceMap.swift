/// Turns cmark's positions (1-based line and byte column in the Markdown body) into positions
/// in the note's file: lines shifted by the front matter, columns counted in characters so that
/// an editor lands on the right spot in lines with Japanese text or emoji.
struct SourceMap {
  private let body: String
  private let lineStarts: [String.Index]
  let lineOffset: Int

  init(_ body: String, lineOffset: Int) {
    self.body = body
    self.lineOffset = lineOffset
    var starts = [body.startIndex]
    var index = body.utf8.startIndex
    for byte in body.utf8 {
      index = body.utf8.index(after: index)
      if byte == 0x0A { starts.append(index) }
    }
    lineStarts = starts
  }

  /// The file position of byte column `byteColumn` (1-based) on body line `line`, moved
  /// `extraBytes` further along the line.
  func location(line: Int, byteColumn: Int, extraBytes: Int = 0) -> (line: Int, column: Int) {
    let fileLine = line + lineOffset
    guard line >= 1, line <= lineStarts.count, byteColumn >= 1 else {
      return (fileLine, max(byteColumn, 1))
    }
    let start = lineStarts[line - 1]
    let bytes = byteColumn - 1 + extraBytes
    guard
      let end = body.utf8.index(start, offsetBy: bytes, limitedBy: body.utf8.endIndex),
      end.samePosition(in: body) != nil
    else { return (fileLine, bytes + 1) }
    return (fileLine, body[start..<end].count + 1)
  }
}
