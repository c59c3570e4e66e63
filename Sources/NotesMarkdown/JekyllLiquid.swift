/// The Liquid a Jekyll site writes in its posts' links and code: `{{ site.url }}` and
/// `{{ site.baseurl }}` before a root path (`![x]({{ site.baseurl }}/img/a.png)` is
/// `/img/a.png`, from `content/`), `{% post_url 2015-07-20-name %}` (the post
/// `/_posts/2015-07-20-name.md`), `{% link path %}` (`/path`), and `{% highlight ruby %}` …
/// `{% endhighlight %}` on lines of their own (a fenced code block). A tag is read where a
/// link's destination or an attribute starts (after `(`, `<`, a quote or `]: `), never in
/// code. Each replacement is padded with spaces to the tag's length, so positions after it on
/// its line stay the note's; other Liquid stays text.
enum JekyllLiquid {
  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 10, body.containsBytes("{{") || body.containsBytes("{%") else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    var fences = CodeFences()
    var inHighlight = false
    for i in lines.indices {
      let line = lines[i]
      // Inside a highlight block, a fence line is code.
      if !inHighlight, fences.contain(Substring(line)) { continue }
      guard line.containsBytes("{") else { continue }
      let trimmed = Substring(line).trimmingSpaces
      // A highlight block's tags alone on their lines.
      if !inHighlight, let language = Self.tag(trimmed, "highlight") {
        inHighlight = true
        let word = language.split(separator: " ").first.map(String.init) ?? ""
        lines[i] = "```" + word
        changed = true
        continue
      }
      if inHighlight {
        if Self.tag(trimmed, "endhighlight") != nil {
          lines[i] = "```"
          inHighlight = false
        }
        continue
      }
      var out = ""
      var rest = Substring(line)
      while let open = rest.firstRange(of: "{") {
        out += rest[..<open.lowerBound]
        let from = rest[open.lowerBound...]
        let before = out.last
        let opensAValue = before == "(" || before == "<" || before == "\"" || before == "'" || out.hasSuffix("]: ")
        if opensAValue, let (length, replacement) = Self.replacement(at: from) {
          out += replacement + String(repeating: " ", count: max(0, length - replacement.count))
          rest = from.dropFirst(length)
          changed = true
        } else {
          out += "{"
          rest = from.dropFirst()
        }
      }
      out += rest
      lines[i] = out
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// What a Liquid tag at the start of `text` stands for in a link, and its length.
  private static func replacement(at text: Substring) -> (Int, String)? {
    let variable = #/^\{\{-?\s*site\.(?:url|baseurl)\s*-?\}\}/#
    if let match = text.prefixMatch(of: variable) { return (match.0.count, "") }
    let tag = #/^\{%-?\s*(post_url|link)\s+([^\s%}]+)\s*-?%\}/#
    if let match = text.prefixMatch(of: tag) {
      let name = String(match.2)
      let path = match.1 == "post_url" ? "/_posts/" + name + (name.hasSuffix(".md") ? "" : ".md") : "/" + name
      // Never longer than the tag: `{% post_url ` and ` %}` are longer than `/_posts/` and `.md`.
      guard path.count <= match.0.count else { return nil }
      return (match.0.count, path)
    }
    return nil
  }

  /// The rest of `{% name rest %}` when `line` is exactly that tag.
  private static func tag(_ line: String, _ name: String) -> String? {
    guard line.hasPrefix("{%"), line.hasSuffix("%}") else { return nil }
    var inner = line.dropFirst(2).dropLast(2)
    if inner.hasPrefix("-") { inner = inner.dropFirst() }
    if inner.hasSuffix("-") { inner = inner.dropLast() }
    let words = inner.split(separator: " ", omittingEmptySubsequences: true)
    guard words.first == Substring(name) else { return nil }
    return words.dropFirst().joined(separator: " ")
  }
}
