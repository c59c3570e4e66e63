/// The short text shown under a search result: the start of the note, whitespace collapsed,
/// cut at a word boundary when there is one nearby. Kept short because every result that is
/// shown costs the browser its whole docs chunk.
enum Excerpt {
  static let maxCharacters = 160

  static func make(_ text: String) -> String {
    var out = ""
    var count = 0
    var pendingSpace = false
    var lastSpaceIndex: String.Index?
    for character in text {
      if character.isWhitespace {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace {
        if count + 1 >= maxCharacters { return cut(out, at: lastSpaceIndex) }
        lastSpaceIndex = out.endIndex
        out.append(" ")
        count += 1
        pendingSpace = false
      }
      if count >= maxCharacters { return cut(out, at: lastSpaceIndex) }
      out.append(character)
      count += 1
    }
    return out
  }

  /// Text without spaces (Japanese) is cut where it is; otherwise at the last space if that
  /// keeps most of the text.
  private static func cut(_ text: String, at space: String.Index?) -> String {
    if let space, text.distance(from: space, to: text.endIndex) < 30 {
      return String(text[..<space]) + "…"
    }
    return text + "…"
  }
}
