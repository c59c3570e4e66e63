/// Hugo's shortcodes that stand on lines of their own, read as what Hugo and its common
/// themes make of them, so that notes written for a Hugo site read as their author meant:
/// - `{{< figure src="a.png" alt="…" caption="…" >}}` is the image, its caption after it;
/// - `{{< youtube ID >}}`, `vimeo`, `gist`, `tweet` / `x` and `instagram` are links to what
///   Hugo embeds (a page of notes-site embeds nothing from other hosts);
/// - `{{< highlight go >}}` … `{{< /highlight >}}` is a fenced code block, and so are
///   `{{< mermaid >}}` … and hugo-book's `{{< katex display >}}` …, which is display math;
/// - `{{< toc >}}` is the note's table of contents (`[TOC]`, see `ContentsPass`);
/// - the tags around tab groups and hugo-book's `{{< columns >}}` go, and so do the
///   `<--->` lines between columns;
/// - `{{< button href="…" >}}Label{{< /button >}}` is a link and `{{< katex >}}x{{< /katex >}}`
///   inline math, wherever they are on a line.
///
/// Shortcodes that hold Markdown (hints, notices, alerts, details, tabs) are callouts, read by
/// `CalloutLines`. Hugo's escaped form, `{{</* name */>}}`, which documentation about
/// shortcodes writes, is shown as the shortcode it writes (`{{< name >}}`), in code too;
/// other shortcodes stay text. Each line stays one line, so line numbers stay the note's.
enum HugoShortcodes {
  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 8, body.containsBytes("{{<") || body.containsBytes("{{%") else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    var fences = CodeFences()
    // The shortcode whose lines are code (`highlight`) and the line that closes it.
    var code: (name: String, closing: String)?
    var columns = 0
    // Shortcodes this does not know, opened and not yet closed, by name; the last line that
    // closes each shortcode, found in one pass.
    var openedUnknown: [String: Int] = [:]
    var lastClosing: [String: Int] = [:]
    for (i, line) in lines.enumerated() where line.containsBytes("{{") {
      if let tag = HugoShortcode(Substring(line).trimmingSpaces), tag.closing { lastClosing[tag.name] = i }
    }
    for i in lines.indices {
      let line = lines[i]
      // Every line goes past the fences (the code shortcodes' lines are not fenced yet).
      if code == nil, fences.contain(Substring(line)) {
        lines[i] = Self.unescaped(line)
        changed = changed || lines[i] != line
        continue
      }
      guard line.containsBytes("{{") || (columns > 0 && line.containsBytes("<--->")) else { continue }
      let indentation = String(line.prefix { $0 == " " || $0 == "\t" })
      var trimmed = Substring(line).trimmingSpaces
      if trimmed.last == "\r" { trimmed = Substring(trimmed.dropLast()).trimmingSpaces }
      if let open = code {
        if let tag = HugoShortcode(trimmed), tag.closing, tag.name == open.name {
          lines[i] = indentation + open.closing
          code = nil
        } else {
          lines[i] = Self.unescaped(line)
        }
        changed = true
        continue
      }
      if let tag = HugoShortcode(trimmed) {
        if tag.name == "columns" { columns += tag.closing ? (columns > 0 ? -1 : 0) : 1 }
        if let replaced = Self.line(for: tag, at: i, in: lines, code: &code) {
          lines[i] = indentation + replaced
          changed = true
          continue
        }
        // A container's tags are read by `CalloutLines`; other tags are read as inline ones.
        if Self.containers.contains(tag.name) { continue }
        // A shortcode this does not know that holds lines (`{{% question %}}` …
        // `{{% /question %}}`, a theme's own): its tags go, what it holds stays.
        if tag.closing ? openedUnknown[tag.name, default: 0] > 0 : (lastClosing[tag.name] ?? -1) > i {
          openedUnknown[tag.name, default: 0] += tag.closing ? -1 : 1
          lines[i] = ""
          changed = true
          continue
        }
      }
      if columns > 0, trimmed == "<--->" {
        lines[i] = ""
        changed = true
        continue
      }
      var inline = Self.inlineShortcodes(line)
      if HugoShortcode(Self.unescaped(trimmed)) == nil {
        inline = Self.unescaped(inline)
      } else {
        // An escaped tag that is the whole line stays escaped, as unescaped it would be read;
        // its `/*` and `*/` are not emphasis.
        inline = inline.replacingOccurrences(of: "/*", with: "/\\*").replacingOccurrences(of: "*/", with: "\\*/")
      }
      if inline != line {
        lines[i] = inline
        changed = true
      }
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// The shortcodes that hold Markdown, made callouts by `CalloutLines` (see there).
  static let containers: Set<String> = [
    "hint", "notice", "alert", "callout", "admonition", "note", "tip", "info", "warning", "caution", "important",
    "danger", "details", "expand", "tab",
  ]

  /// The Markdown line that a whole-line shortcode stands for; nil for a container (read by
  /// `CalloutLines`) or a shortcode this does not know. Opening a code shortcode sets `code`.
  private static func line(
    for tag: HugoShortcode, at index: Int, in lines: [String], code: inout (name: String, closing: String)?
  ) -> String? {
    // Tab groups and columns only group their blocks (`CalloutLines` reads each tab).
    if ["tabs", "tabpane", "columns"].contains(tag.name) { return "" }
    guard !tag.closing else { return nil }
    switch tag.name {
    case "toc":
      return "[TOC]"
    // Quarto's: `include` pastes a file (here, embeds its note), `video` embeds a video (here,
    // its link), `pagebreak` breaks a printed page.
    case "include":
      guard let file = tag.value("file", 0) else { return nil }
      return "![](\(file.markdownDestination))"
    case "video":
      // A URL with a query, `…/watch?v=ID`, reads as a parameter named `…/watch?v`.
      let src = tag.value("src", 0) ?? tag.named.first { $0.key.hasPrefix("http") }.map { $0.key + "=" + $0.value }
      guard let src else { return nil }
      return "<\(src)>"
    case "pagebreak":
      return ""
    case "figure":
      guard let src = tag.value("src") else { return nil }
      let caption = tag.value("caption") ?? ""
      let title = tag.value("title") ?? ""
      let alt = tag.value("alt") ?? (caption.isEmpty ? title : caption)
      var image = "![\(alt.markdownLabel)](\(src.markdownDestination)\(title.isEmpty ? "" : " \"\(title.markdownTitle)\""))"
      if let link = tag.value("link") { image = "[\(image)](\(link.markdownDestination))" }
      let shown = [title, caption].filter { !$0.isEmpty && $0 != alt }
      return shown.isEmpty ? image : image + " " + shown.map { "*\($0)*" }.joined(separator: " ")
    case "youtube", "vimeo":
      guard let id = tag.value("id", 0) else { return nil }
      return HostedEmbed.link(tag.name, id, title: tag.value("title"))
    case "gist":
      guard let user = tag.value("user", 0), let id = tag.value("id", 1) else { return nil }
      return HostedEmbed.link("gist", "\(user)/\(id)")
    case "tweet", "x", "twitter":
      guard let id = tag.value("id", tag.positional.count > 1 ? 1 : 0) else { return nil }
      let user = tag.value("user") ?? (tag.positional.count > 1 ? tag.positional[0] : "i")
      return "[Post by \(user == "i" ? "X" : "@" + user)](https://x.com/\(user)/status/\(id))"
    case "instagram":
      guard let id = tag.value("id", 0) else { return nil }
      return "[Instagram post](https://www.instagram.com/p/\(id)/)"
    case "highlight", "mermaid", "katex", "code", "output", "code-toggle":
      // The closing line must follow; a fence longer than any in what it holds.
      var longest = 2
      var closed = false
      for later in lines[(index + 1)...] {
        var trimmed = Substring(later).trimmingSpaces
        if trimmed.last == "\r" { trimmed = Substring(trimmed.dropLast()).trimmingSpaces }
        if let end = HugoShortcode(trimmed), end.closing, end.name == tag.name {
          closed = true
          break
        }
        longest = max(longest, trimmed.prefix { $0 == "`" }.count)
      }
      guard closed else { return nil }
      if tag.name == "katex" {
        guard tag.positional.contains("display") || tag.value("display") != nil else { return nil }
        code = (tag.name, "$$")
        return "$$"
      }
      let fence = String(repeating: "`", count: longest + 1)
      var language: String
      var title: String?
      switch tag.name {
      case "mermaid": language = "mermaid"
      case "code", "output":
        // hugoDocs: `{{< code file="layouts/a.html" >}}`, in the file's language, titled by
        // the file; other themes: `{{< code shell "YML" >}}`, the language then a label.
        let file = tag.value("file")?.split(separator: "/").last?.split(separator: ".").dropFirst().last.map(String.init)
        language = tag.value("lang") ?? tag.value("language") ?? file ?? tag.value("", 0) ?? ""
        title = tag.value("file") ?? tag.value("title") ?? (tag.positional.count > 1 ? tag.positional[1] : nil)
      case "code-toggle": language = tag.value("lang") ?? "toml"
      default: language = tag.value("lang", 0) ?? ""
      }
      code = (tag.name, fence)
      language = language.filter { !$0.isWhitespace && $0 != "`" }
      if let title, !title.isEmpty, !title.contains("\""), !title.contains("\n") {
        // The first word of an info string is the language: `text` when there is none.
        return fence + (language.isEmpty ? "text" : language) + " title=\"\(title)\""
      }
      return fence + language
    default:
      return nil
    }
  }

  /// `line` with the shortcodes read that stand inside a line: hugo-book's and Relearn's
  /// `button` (a link) and `badge` (its title and value), `katex` (math), Hugo's `new-in`
  /// ("New in 0.140.0"), Relearn's `icon` (nothing). A shortcode written without a space
  /// after `{{<` (`{{<param x>}}`) would be raw HTML to cmark, left out with its text: it
  /// stays text, its `<` escaped (not on a line with code spans, where `\` would show).
  private static func inlineShortcodes(_ line: String) -> String {
    guard line.containsBytes("{{<") || line.containsBytes("{{%") else { return line }
    var out = line
    if out.containsBytes("button") || out.containsBytes("katex") || out.containsBytes("badge") {
      let paired = #/\{\{([<%])\s*(button|katex|badge)((?:\s+[^>%}]*)?)\s*[>%]\}\}(.*?)\{\{[<%]\s*/\2\s*[>%]\}\}/#
      out = out.replacing(paired) { match in
        let inner = String(match.output.4)
        guard let tag = HugoShortcode("{{<" + match.output.2 + match.output.3 + ">}}") else { return String(match.0) }
        switch tag.name {
        case "katex": return tag.positional.contains("display") ? "$$\(inner)$$" : "$\(inner)$"
        case "badge": return (tag.value("title", 0).map { "**\($0)** " } ?? "") + inner
        default:
          guard let target = tag.value("href") ?? tag.value("relref") ?? tag.value("ref") else { return String(match.0) }
          return "[\(inner)](\(target.markdownDestination))"
        }
      }
    }
    // Not in code: a code span (`` `{{< var version >}}` ``, as pages about Quarto write it),
    // or a line indented as code.
    let spans = MDXSyntax.codeSpans(in: out)
    let indentedCode = out.prefix { $0 == " " }.count >= 4 || out.hasPrefix("\t")
    out = out.replacing(#/\{\{([<%])\s*(new-in|icon|badge|meta|var|env|kbd|pagebreak)(\s[^>%}]*)?\s*/?[>%]\}\}/#) { match in
      if indentedCode || spans.contains(where: { $0.contains(match.range.lowerBound) }) { return String(match.0) }
      guard let tag = HugoShortcode(String(match.0)) else { return String(match.0) }
      switch tag.name {
      case "new-in": return tag.positional.first.map { "*New in \($0)*" } ?? ""
      case "icon", "pagebreak": return ""
      // Quarto's values from the project's files, which the notes do not hold.
      case "meta", "var", "env": return ""
      case "kbd": return tag.positional.first.map { "`\($0)`" } ?? ""
      default:
        // hugo-book's badge: `{{< badge title="Hugo" value="0.158" >}}`.
        guard let value = tag.value("value") else { return String(match.0) }
        return tag.value("title").map { "**\($0)** " + value } ?? value
      }
    }
    if !out.containsBytes("`"), out.contains(#/\{\{<[A-Za-z\/]/#) {
      out = out.replacing(#/\{\{<(?=[A-Za-z\/])/#, with: "{{\\<")
    }
    return out
  }

  /// `line` with each `{{</* … */>}}` and `{{%/* … */%}}` written as the shortcode it escapes.
  static func unescaped(_ line: String) -> String {
    guard line.containsBytes("/*") else { return line }
    return line.replacing(#/\{\{([<%])/\*(.*?)\*/([>%])\}\}/#) { match in
      "{{" + match.output.1 + match.output.2 + match.output.3 + "}}"
    }
  }

}

/// A Hugo shortcode tag that is a whole line: `{{< name params >}}` or `{{% name params %}}`
/// (also `{{< name />}}`), or its closing tag `{{< /name >}}`. Parameters are named
/// (`title="Hello"`, `open=true`) or positional (`"Hello"`, `info`, `` `raw` ``).
struct HugoShortcode {
  let name: String
  let closing: Bool
  let positional: [String]
  let named: [String: String]

  init?(_ line: some StringProtocol) {
    let text = Substring(line)
    guard text.hasPrefix("{{"), text.hasSuffix("}}"), text.count >= 7 else { return nil }
    var inner = text.dropFirst(2).dropLast(2)
    let open = inner.first
    guard (open == "<" && inner.last == ">") || (open == "%" && inner.last == "%") else { return nil }
    inner = inner.dropFirst().dropLast()
    if inner.hasSuffix("/") { inner = inner.dropLast() }
    inner = Substring(inner.trimmingSpaces)
    // Not `{{</* … */>}}`: that is written out, not read.
    guard !inner.hasPrefix("/*"), !inner.contains("{{") else { return nil }
    closing = inner.first == "/"
    if closing { inner = Substring(inner.dropFirst().trimmingSpaces) }
    let name = inner.prefix { !$0.isWhitespace }
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_/.".contains($0) }) else { return nil }
    self.name = name.lowercased()
    var positional: [String] = []
    var named: [String: String] = [:]
    var rest = inner.dropFirst(name.count)
    func quoted(_ text: inout Substring) -> String? {
      guard let quote = text.first, quote == "\"" || quote == "`" else { return nil }
      var value = ""
      var index = text.index(after: text.startIndex)
      while index < text.endIndex, text[index] != quote {
        if quote == "\"", text[index] == "\\", text.index(after: index) < text.endIndex {
          index = text.index(after: index)
        }
        value.append(text[index])
        index = text.index(after: index)
      }
      text = index < text.endIndex ? text[text.index(after: index)...] : ""
      return value
    }
    while true {
      rest = rest.drop { $0.isWhitespace }
      guard !rest.isEmpty else { break }
      if let value = quoted(&rest) {
        positional.append(value)
        continue
      }
      let word = rest.prefix { !$0.isWhitespace && $0 != "=" }
      rest = rest.dropFirst(word.count)
      if rest.first == "=" {
        rest = rest.dropFirst()
        if let value = quoted(&rest) {
          named[word.lowercased()] = value
        } else {
          let value = rest.prefix { !$0.isWhitespace }
          rest = rest.dropFirst(value.count)
          named[word.lowercased()] = String(value)
        }
      } else {
        positional.append(String(word))
      }
    }
    self.positional = positional
    self.named = named
  }

  /// The parameter named `key`, or else the one at `position` (Hugo's shortcodes take either).
  func value(_ key: String, _ position: Int? = nil) -> String? {
    if let value = named[key] { return value }
    guard let position, position < positional.count else { return nil }
    return positional[position]
  }
}
