/// Zola's shortcodes on lines of their own, read as what Zola's built-in ones make:
/// - `{{ youtube(id="dQw4w9WgXcQ") }}`, `vimeo`, `streamable` and `gist(url="…")` are links to
///   what they embed (a page of notes-site embeds nothing from other hosts);
/// - a body shortcode's tags, `{% name(args) %}` and `{% end %}`, go and its text stays; a
///   `quote` is a block quote, its `author` under it;
/// - in code, the escaped forms that pages about shortcodes write, `{{/* youtube(…) */}}` and
///   `{%/* quote() */%}`, show as the shortcode (`{{ youtube(…) }}`).
/// Other shortcodes stay text. Each line stays one line, so line numbers stay the note's.
enum ZolaShortcodes {
  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 8, body.containsBytes("("), body.containsBytes("{{") || body.containsBytes("{%") else {
      return body
    }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var fences = CodeFences()
    var changed = false
    // Open body shortcodes, innermost last: the name and, for a quote, its author.
    var open: [(name: String, author: String?)] = []
    for i in lines.indices {
      let line = lines[i]
      if fences.contain(Substring(line)) {
        if line.containsBytes("/*") {
          let shown = line.replacingOccurrences(of: "{{/*", with: "{{").replacingOccurrences(of: "*/}}", with: "}}")
            .replacingOccurrences(of: "{%/*", with: "{%").replacingOccurrences(of: "*/%}", with: "%}")
          if shown != line {
            lines[i] = shown
            changed = true
          }
        }
        continue
      }
      var trimmed = Substring(line).trimmingSpaces
      if trimmed.last == "\r" { trimmed = Substring(trimmed.dropLast()).trimmingSpaces }
      if trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), let (name, arguments) = call(trimmed.dropFirst(2).dropLast(2)),
        let link = embedLink(name, arguments)
      {
        lines[i] = link
        changed = true
        continue
      }
      if trimmed.hasPrefix("{%"), trimmed.hasSuffix("%}") {
        let inner = trimmed.dropFirst(2).dropLast(2).trimmingSpaces
        if inner == "end", let closed = open.popLast() {
          lines[i] = closed.author.map { "> — " + $0 } ?? ""
          changed = true
          continue
        }
        if let (name, arguments) = call(Substring(inner)) {
          open.append((name, name == "quote" ? arguments["author"] : nil))
          lines[i] = ""
          changed = true
          continue
        }
      }
      if open.last?.name == "quote" {
        lines[i] = "> " + line
        changed = true
      }
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// `youtube(id="x", autoplay=true)` → (`youtube`, [`id`: `x`, `autoplay`: `true`]).
  static func call(_ text: Substring) -> (String, [String: String])? {
    let inner = text.trimmingSpaces
    let name = inner.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    guard !name.isEmpty, inner.dropFirst(name.count).first == "(", inner.last == ")" else { return nil }
    let list = inner.dropFirst(name.count + 1).dropLast()
    var arguments: [String: String] = [:]
    let pattern = #/\s*(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^,\s]+))\s*,?/#
    var rest = Substring(list)
    while let match = rest.prefixMatch(of: pattern) {
      arguments[String(match.output.1)] = String(match.output.2 ?? match.output.3 ?? match.output.4 ?? "")
      rest = rest[match.range.upperBound...]
    }
    guard rest.allSatisfy(\.isWhitespace) else { return nil }
    return (String(name), arguments)
  }

  /// A link to what Zola's embedding shortcode `name` shows: `gist` takes a `url`, the others
  /// an `id`.
  private static func embedLink(_ name: String, _ arguments: [String: String]) -> String? {
    switch name {
    case "youtube", "vimeo", "streamable": arguments["id"].flatMap { HostedEmbed.link(name, $0) }
    case "gist": arguments["url"].flatMap { $0.hasPrefix("https://") ? HostedEmbed.link(name, $0) : nil }
    default: nil
    }
  }
}
