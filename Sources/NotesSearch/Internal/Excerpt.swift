/// The short text shown under a search result: the start of the note, whitespace collapsed,
/// cut at a word boundary when there is one nearby. Kept short because every result that is
/// shown costs the browser its whole docs chunk.
enum Excerpt {
  /// In Unicode scalars, which is what JavaScript's `[...text].length` counts too.
  static let maxLength = 160

  static func make(_ text: String) -> String {
    ascii(text) ?? general(text)
  }

  /// `general` for text that is ASCII up to where the excerpt ends (most notes), by bytes:
  /// appending scalars one by one was most of the search index's time after tokenizing. Nil
  /// when a non-ASCII byte comes first. An ASCII cut point is always a character boundary
  /// (the only ASCII pair that is one character, CR LF, is whitespace, where no cut falls).
  static func ascii(_ text: String) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(maxLength + 1)
    var pendingSpace = false
    var lastSpace: Int?
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        pendingSpace = !out.isEmpty
        continue
      }
      if out.count + (pendingSpace ? 1 : 0) >= maxLength {
        if let lastSpace, out.count - lastSpace < 30 {
          return String(decoding: out[..<lastSpace], as: UTF8.self) + "…"
        }
        return String(decoding: out, as: UTF8.self) + "…"
      }
      if pendingSpace {
        lastSpace = out.count
        out.append(0x20)
        pendingSpace = false
      }
      out.append(byte)
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func general(_ text: String) -> String {
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
