/// The short text shown under a search result: the start of the note, whitespace collapsed,
/// cut at a word boundary when there is one nearby. Kept short because every result that is
/// shown costs the browser its whole docs chunk.
enum Excerpt {
  /// In Unicode scalars, which is what JavaScript's `[...text].length` counts too.
  static let maxLength = 160

  static func make(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var length = 0
    var pendingSpace = false
    var lastSpace: String.UnicodeScalarView.Index?
    var index = text.unicodeScalars.startIndex
    while index != text.unicodeScalars.endIndex {
      let scalar = text.unicodeScalars[index]
      // ASCII first: looking up Unicode properties is the slow part of this loop.
      let isWhitespace =
        scalar.isASCII
        ? scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
          || scalar.value == 0x0B || scalar.value == 0x0C
        : scalar.properties.isWhitespace
      if isWhitespace {
        pendingSpace = length > 0
      } else {
        if length + (pendingSpace ? 1 : 0) >= maxLength {
          return cut(out, at: lastSpace, isCharacterBoundary: index.samePosition(in: text) != nil)
        }
        if pendingSpace {
          lastSpace = out.endIndex
          out.append(" ")
          length += 1
          pendingSpace = false
        }
        out.append(scalar)
        length += 1
      }
      index = text.unicodeScalars.index(after: index)
    }
    return String(out)
  }

  /// Text without spaces (Japanese) is cut where it is; otherwise at the last space if that
  /// keeps most of the text. Never inside a character (an accent or emoji sequence).
  private static func cut(
    _ scalars: String.UnicodeScalarView, at space: String.UnicodeScalarView.Index?,
    isCharacterBoundary: Bool
  ) -> String {
    if let space, scalars.distance(from: space, to: scalars.endIndex) < 30 {
      return String(scalars[..<space]) + "…"
    }
    var text = String(scalars)
    if !isCharacterBoundary { text.removeLast() }
    return text + "…"
  }
}
