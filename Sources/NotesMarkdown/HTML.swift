/// The one place where this module escapes text for HTML. Everything the generator writes into
/// custom nodes goes through here; cmark escapes the rest.
enum HTML {
  /// Escapes `&`, `<`, `>`, `"` and `'`, so the result is safe in text and in quoted
  /// attribute values.
  static func escape(_ text: String) -> String {
    guard
      text.utf8.contains(where: {
        $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
      })
    else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 16)
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }

  /// ` name="value"`, escaped, with its leading space.
  static func attribute(_ name: String, _ value: String) -> String {
    " \(name)=\"\(escape(value))\""
  }
}
