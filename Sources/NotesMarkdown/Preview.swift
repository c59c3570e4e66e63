/// Collects the start of a note's text and cuts it into a list preview.
struct PreviewBuilder {
  /// Characters kept for the notes list: DESIGN.md's "first ~140 characters". The built-in
  /// theme shows one line of it and cuts the rest with an ellipsis; a screen reader reads all
  /// of it, and a theme may show two lines (`-webkit-line-clamp`) or more.
  static let length = 140

  private var text = ""
  /// UTF-8 bytes kept so far (cheaper to count than characters).
  private var collected = 0
  private var truncated = false

  /// Enough raw text is kept to fill the preview even after whitespace collapses; the rest of
  /// a long note is not copied.
  var isFull: Bool { collected > PreviewBuilder.length * 12 }

  mutating func append(_ piece: String) {
    guard !piece.isEmpty else { return }
    if isFull {
      truncated = true
      return
    }
    text += piece
    collected += piece.utf8.count
  }

  /// Whitespace collapsed, at most `length` characters cut on a grapheme boundary (at a space
  /// near the end when there is one, so Latin words are not split), `…` when cut.
  var preview: String { PreviewBuilder.cut(PlainText.collapsingWhitespace(text), more: truncated) }

  static func cut(_ text: String, more: Bool) -> String {
    guard text.count > length else { return more ? text + "…" : text }
    var head = text.prefix(length)
    let next = text[head.endIndex]
    if !next.isWhitespace, let space = head.lastIndex(where: \.isWhitespace),
      head.distance(from: space, to: head.endIndex) <= 20
    {
      head = head[..<space]
    }
    while let last = head.last, last.isWhitespace || ",;:、".contains(last) {
      head = head.dropLast()
    }
    return head + "…"
  }
}
