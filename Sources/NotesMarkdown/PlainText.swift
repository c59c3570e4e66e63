import CCmark

/// Text without markup, as a reader would read it aloud.
enum PlainText {
  /// The inline text of `node` (a heading or paragraph): wiki links read as their label, code
  /// and math as their text, raw HTML dropped, whitespace collapsed.
  static func of(_ node: CmarkNode) -> String {
    var text = ""
    node.walk { child, entering in
      guard entering else { return }
      switch child.type {
      case CMARK_NODE_TEXT: text += readable(child.literal)
      case CMARK_NODE_CODE: text += child.literal
      case CMARK_NODE_CUSTOM_INLINE: text += MathPass.tex(of: child) ?? ""
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
      default: break
      }
    }
    return collapsingWhitespace(text)
  }

  /// A text literal with `[[wiki links]]` replaced by what the reader sees and embeds dropped.
  static func readable(_ literal: String) -> String {
    guard literal.containsBytes("[[") else { return literal }
    let matches = WikiLinkSyntax.matches(in: literal)
    guard !matches.isEmpty else { return literal }
    var out = ""
    var rest = literal.startIndex
    for match in matches {
      out += literal[rest..<match.range.lowerBound]
      if !match.link.isEmbed { out += match.link.displayText }
      rest = match.range.upperBound
    }
    out += literal[rest...]
    return out
  }

  /// Runs of whitespace become one space; leading and trailing whitespace goes. Works on
  /// UTF-8 bytes: this runs over every note's whole text, and scalar-by-scalar string
  /// building showed up as the top cost of `analyze`.
  static func collapsingWhitespace(_ text: String) -> String {
    collapse(text, keepingLines: false)
  }

  /// Each line's whitespace collapsed as by `collapsingWhitespace`; empty lines dropped.
  static func collapsingWhitespaceByLine(_ text: String) -> String {
    collapse(text, keepingLines: true)
  }

  private static func collapse(_ text: String, keepingLines: Bool) -> String {
    var text = text
    return text.withUTF8 { bytes in
      // Written straight into the string's storage: the output is never longer than the
      // input. (A nested function capturing the state here cost a dynamic exclusivity check
      // per byte, 7 % of a whole build.)
      String(unsafeUninitializedCapacity: bytes.count) { out in
        var count = 0
        var pendingSpace = false
        var pendingLine = false
        var i = 0
        while i < bytes.count {
          let lead = bytes[i]
          var end = i + 1
          if lead > 0x20, lead < 0x80 {
            // Visible ASCII, most of any note: the whole run is copied at once.
            while end < bytes.count, bytes[end] > 0x20, bytes[end] < 0x80 { end += 1 }
          } else {
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            end = min(i + length, bytes.count)
            if lead == 0x0A && keepingLines {
              pendingLine = count > 0
              pendingSpace = false
              i = end
              continue
            }
            if isWhitespace(bytes, at: i, length: end - i) {
              pendingSpace = !pendingLine
              i = end
              continue
            }
          }
          // Before a visible character: the line break or space collapsed whitespace left.
          if pendingLine {
            out[count] = 0x0A
            count += 1
          } else if pendingSpace && count > 0 {
            out[count] = 0x20
            count += 1
          }
          pendingSpace = false
          pendingLine = false
          UnsafeMutableRawPointer(out.baseAddress! + count).copyMemory(
            from: bytes.baseAddress! + i, byteCount: end - i)
          count += end - i
          i = end
        }
        return count
      }
    }
  }

  /// Whether the UTF-8 encoded scalar at `i` is Unicode whitespace (White_Space property).
  @inline(__always)
  private static func isWhitespace(_ b: UnsafeBufferPointer<UInt8>, at i: Int, length: Int) -> Bool
  {
    switch length {
    case 1: return b[i] == 0x20 || (0x09...0x0D).contains(b[i])
    case 2: return b[i] == 0xC2 && (b[i + 1] == 0x85 || b[i + 1] == 0xA0)  // NEL, NBSP
    case 3:
      let last = b[i + 2]
      switch (b[i], b[i + 1]) {
      case (0xE1, 0x9A): return last == 0x80  // U+1680
      case (0xE2, 0x80):
        return (0x80...0x8A).contains(last) || last == 0xA8 || last == 0xA9 || last == 0xAF
      case (0xE2, 0x81): return last == 0x9F  // U+205F
      case (0xE3, 0x80): return last == 0x80  // ideographic space
      default: return false
      }
    default: return false
    }
  }
}
