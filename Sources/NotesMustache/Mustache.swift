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
    var text = text
    let escaped: String? = text.withUTF8 { utf8 in
      guard let first = utf8.firstIndex(where: HTMLEscape.needsEscape) else { return nil }
      var buffer = OutputBuffer(capacity: utf8.count + utf8.count / 8 + 16)
      buffer.append(UnsafeBufferPointer(rebasing: utf8[..<first]))
      buffer.appendEscaped(UnsafeBufferPointer(rebasing: utf8[first...]))
      return String(decoding: buffer.bytes, as: UTF8.self)
    }
    output += escaped ?? text
  }

  /// Appends the UTF-8 bytes of `text`, HTML-escaped, to `output`.
  public static func escapeHTML(_ text: String, into output: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for index in utf8.indices where HTMLEscape.needsEscape(utf8[index]) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        HTMLEscape.withReplacement(for: utf8[index]) { output.append(contentsOf: $0) }
        runStart = index + 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
  }
}
