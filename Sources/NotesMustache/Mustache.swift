/// Shared Mustache helpers. HTML escaping lives here so the whole project escapes in one place.
public enum Mustache {
  /// Escapes text for HTML element content and quoted attribute values.
  ///
  /// Replaces `&`, `<`, `>`, `"` (as the spec requires) and `'` (as `&#39;`, which the spec
  /// allows) so a value is safe in single-quoted attributes too.
  public static func escapeHTML(_ text: String) -> String {
    var escaped = ""
    escapeHTML(text, into: &escaped)
    return escaped
  }

  /// Appends `text`, HTML-escaped, to `output` without building an intermediate string.
  public static func escapeHTML(_ text: String, into output: inout String) {
    let utf8 = text.utf8
    var runStart = utf8.startIndex
    var index = runStart
    while index != utf8.endIndex {
      let replacement: String? =
        switch utf8[index] {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
      if let replacement {
        // The escaped characters are ASCII, so the run ends on a character boundary.
        if runStart != index { output += Substring(utf8[runStart..<index]) }
        output += replacement
        runStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if runStart == utf8.startIndex {
      output += text
    } else if runStart != utf8.endIndex {
      output += Substring(utf8[runStart..<utf8.endIndex])
    }
  }
}
