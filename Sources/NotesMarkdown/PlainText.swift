import CCmark

/// Text without markup, as a reader would read it aloud.
enum PlainText {
  /// The inline text of `node` (a heading or paragraph): wiki links read as their label, code
  /// as its text, raw HTML dropped, whitespace collapsed.
  static func of(_ node: CmarkNode) -> String {
    var text = ""
    node.walk { child, entering in
      guard entering else { return }
      switch child.type {
      case CMARK_NODE_TEXT: text += readable(child.literal)
      case CMARK_NODE_CODE: text += child.literal
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
      default: break
      }
    }
    return collapsingWhitespace(text)
  }

  /// A text literal with `[[wiki links]]` replaced by what the reader sees and embeds dropped.
  static func readable(_ literal: String) -> String {
    guard literal.contains("[[") else { return literal }
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

  static func collapsingWhitespace(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for c in text {
      if c.isWhitespace {
        pendingSpace = true
      } else {
        if pendingSpace && !out.isEmpty { out.append(" ") }
        pendingSpace = false
        out.append(c)
      }
    }
    return out
  }
}
