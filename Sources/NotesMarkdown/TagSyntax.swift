/// Finds inline `#tags` in the literal of a text node.
///
/// A tag starts with `#` at the start of the text or after whitespace or punctuation (but not
/// after `&`, so `&#123;` is no tag, nor after `/`, `#`, `:` or `.`, which belong to URLs and
/// headings, nor after `{` or `}`, so template placeholders such as `{{#section}}` stay text),
/// and runs over letters, digits, emoji, `_`, `-` and `/`. It needs at least one
/// character that is not a digit (`#1` is an issue number, not a tag); a trailing `/` is
/// dropped. A `#` right after a tag closes it, as Bear writes `#work/meetings#`.
enum TagSyntax {
  struct Match {
    /// From `#` to the end of the tag.
    var range: Range<String.Index>
    /// Without `#`.
    var tag: String
  }

  static func matches(in text: String) -> [Match] {
    var result: [Match] = []
    let scalars = text.unicodeScalars
    var i = scalars.startIndex
    var previous: Unicode.Scalar?
    while i < scalars.endIndex {
      let scalar = scalars[i]
      if scalar == "#", previous.map(allowedBefore) ?? true, !isInsideURL(text, before: i) {
        var end = scalars.index(after: i)
        while end < scalars.endIndex, isTagScalar(scalars[end]) { end = scalars.index(after: end) }
        var tag = String(scalars[scalars.index(after: i)..<end])
        while tag.hasSuffix("/") { tag.removeLast() }
        if tag.unicodeScalars.contains(where: { !("0"..."9").contains($0) }) {
          var tagEnd = scalars.index(scalars.index(after: i), offsetBy: tag.unicodeScalars.count)
          // Bear's tag of several words, closed by `#` (`#multi word tag#`): words of tag
          // characters, one space apart, the `#` right after the last.
          if tagEnd < scalars.endIndex, scalars[tagEnd] == " " {
            var j = tagEnd
            var steps = 0
            while j < scalars.endIndex, steps < 80, scalars[j] != "#", isTagScalar(scalars[j]) || scalars[j] == " " {
              if scalars[j] == " ", scalars[scalars.index(before: j)] == " " { break }
              j = scalars.index(after: j)
              steps += 1
            }
            if j < scalars.endIndex, scalars[j] == "#", scalars[scalars.index(before: j)] != " " {
              let after = scalars.index(after: j)
              if after == scalars.endIndex || !isTagScalar(scalars[after]) && scalars[after] != "#" {
                tag = String(scalars[scalars.index(after: i)..<j])
                tagEnd = j
              }
            }
          }
          // Bear closes a tag with `#` (`#work/meetings#`): the `#` goes with it.
          if tagEnd < scalars.endIndex, scalars[tagEnd] == "#" {
            let after = scalars.index(after: tagEnd)
            if after == scalars.endIndex || !isTagScalar(scalars[after]) && scalars[after] != "#" { tagEnd = after }
          }
          result.append(Match(range: i..<tagEnd, tag: tag))
          previous = scalars[scalars.index(before: tagEnd)]
          i = tagEnd
          continue
        }
      }
      previous = scalar
      i = scalars.index(after: i)
    }
    return result
  }

  static func isTagScalar(_ s: Unicode.Scalar) -> Bool {
    if s == "_" || s == "-" || s == "/" { return true }
    let p = s.properties
    return p.isAlphabetic || p.numericType == .decimal || p.generalCategory == .nonspacingMark
      || p.generalCategory == .spacingMark
      // Emoji, as Obsidian takes them (`#📚`, `#📅/🌍`), with their joiners, variation
      // selectors and skin tones; not the ASCII ones (`#`, `*`, digits) nor `©`-like symbols.
      || (s.value >= 0x2000 && (p.isEmojiPresentation || p.isEmojiModifier || (p.isEmoji && s.value >= 0x1F000)))
      || s.value == 0x200D || s.value == 0xFE0F
  }

  static func allowedBefore(_ s: Unicode.Scalar) -> Bool {
    let p = s.properties
    if p.isWhitespace { return true }
    switch s {
    case "&", "/", "#", ":", ".", "\\", "@", "_", "{", "}": return false
    default: break
    }
    switch p.generalCategory {
    case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
      .otherPunctuation, .dashPunctuation:
      return true
    default: return false
    }
  }

  /// True when the word the `#` is in looks like a URL (`https://x.org/a(b)#c`, `www.x.org`).
  /// Looks back a bounded distance so a huge word cannot make this quadratic.
  private static func isInsideURL(_ text: String, before index: String.Index) -> Bool {
    let scalars = text.unicodeScalars
    var start = index
    var steps = 0
    while start > scalars.startIndex, steps < 256 {
      let before = scalars.index(before: start)
      if scalars[before].properties.isWhitespace { break }
      start = before
      steps += 1
    }
    let word = String(scalars[start..<index])
    return word.containsBytes("://") || word.lowercased().hasPrefix("www.")
  }
}
