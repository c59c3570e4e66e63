/// A 1-based line and column (in Unicode scalars) in a template or JSON source.
struct SourcePosition: Sendable, Hashable {
  var line: Int
  var column: Int

  /// The position of a byte offset, found by scanning from the start; for error paths only.
  static func of(offset: Int, in bytes: [UInt8]) -> SourcePosition {
    var line = 1
    var lineStart = 0
    for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return SourcePosition(line: line, column: column(from: lineStart, to: offset, in: bytes))
  }

  /// Columns count scalars, not bytes, so `é` before a tag moves it by one column.
  static func column(from lineStart: Int, to offset: Int, in bytes: [UInt8]) -> Int {
    var column = 1
    for index in lineStart..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
    return column
  }
}
