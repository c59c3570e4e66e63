/// The Liquid a Jekyll site writes in its posts' links and code: `{{ site.url }}` and
/// `{{ site.baseurl }}` before a root path (`![x]({{ site.baseurl }}/img/a.png)` is
/// `/img/a.png`, from `content/`), `{{ '/img/a.png' | relative_url }}` (the path), `{% post_url 2015-07-20-name %}` (the post
/// `/_posts/2015-07-20-name.md`), `{% link path %}` (`/path`), and `{% highlight ruby %}` …
/// `{% endhighlight %}` on lines of their own (a fenced code block). A tag is read where a
/// link's destination or an attribute starts (after `(`, `<`, a quote or `]: `), never in
/// code. Each replacement is padded with spaces to the tag's length, so positions after it on
/// its line stay the note's; other Liquid stays text.
///
/// Tags of the same shape that GitBook and Hexo write on lines of their own are read too:
/// `{% raw %}` and `{% endraw %}` go, outside code (a note on Jinja or Nunjucks shows them in
/// its code as they are written);
/// `{% code title="a.sh" %}` titles the code block after it; `{% embed url="…" %}` and
/// `{% file src="…" %}` are links (`{% endembed %}` goes), `{% page-ref page="a.md" %}` a link
/// named by that page, Hexo's `{% img /a.png %}` and Minimal Mistakes' `{% include figure
/// image_path="/a.png" alt="…" %}` images, and HackMD's embeds (`{%youtube ID %}`, `vimeo`,
/// `gist`, `slideshare`, `speakerdeck`, `pdf`, `figma`) links to what they embed; the tags around
/// GitBook's tabs and page cards go (their content stays; `CalloutLines` reads the tabs).
enum JekyllLiquid {
  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 10, body.containsBytes("{{") || body.containsBytes("{%") || body.containsBytes("{#") else {
      return body
    }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    var fences = CodeFences()
    var inHighlight = false
    // The tag that ends the code block open (`endhighlight`, Hexo's `endcodeblock`).
    var highlightEnd = "endhighlight"
    var codeTitle: String?
    // Hexo's `{% blockquote author %}` … `{% endblockquote %}`: its author, while one is open.
    var quoteAuthor: String??
    // Block tags this does not know (`{% fold info Title %}` … `{% endfold %}`, a theme's
    // own): the last line that ends each, and the last line that ends each kind of comment
    // (-1: none), found in one pass; and those open.
    var lastEnd: [Substring: Int] = [:]
    var lastCommentEnd = (liquid: -1, nunjucks: -1)
    for (i, line) in lines.enumerated() {
      if line.containsBytes("#}") { lastCommentEnd.nunjucks = i }
      guard line.containsBytes("{%") else { continue }
      if line.containsBytes("endcomment") { lastCommentEnd.liquid = i }
      if let tag = LiquidTag(Substring(line).trimmingSpaces), tag.name.hasPrefix("end") { lastEnd[tag.name.dropFirst(3)] = i }
    }
    var openedUnknown: [Substring: Int] = [:]
    // Inside a comment that runs over lines: Liquid's `{% comment %}` or Nunjucks' `{#`.
    var inComment: Comment?
    for i in lines.indices {
      var line = lines[i]
      // Inside a highlight block, a fence line is code.
      if !inHighlight, fences.contain(Substring(line)) {
        if let title = codeTitle {
          // The fence that opens after `{% code title="…" %}`.
          // Without a language, `text`: the first word of the info string is the language.
          let bare = line.allSatisfy { $0 == "`" || $0 == "~" || $0 == " " }
          lines[i] = line + (bare ? "text" : "") + " title=\"\(title)\""
          codeTitle = nil
          changed = true
        }
        continue
      }
      // `{% code %}` titles only the code block right after it.
      if codeTitle != nil, !Substring(line).trimmingSpaces.isEmpty { codeTitle = nil }
      if let open = quoteAuthor {
        if line.containsBytes("{%"), Self.tag(Substring(line).trimmingSpaces, "endblockquote") != nil {
          lines[i] = open.map { "> — " + $0 } ?? ""
          quoteAuthor = nil
        } else {
          lines[i] = "> " + line
        }
        changed = true
        continue
      }
      if inComment != nil || line.containsBytes("{#") || line.containsBytes("comment") {
        let kept = Self.withoutComments(
          line, inComment: &inComment, closedLater: (i < lastCommentEnd.liquid, i < lastCommentEnd.nunjucks))
        if kept != line {
          line = kept.allSatisfy({ $0 == " " || $0 == "\r" }) ? "" : kept
          lines[i] = line
          changed = true
          if line.isEmpty { continue }
        }
      }
      guard line.containsBytes("{") else { continue }
      if !inHighlight, line.containsBytes("{%"), line.containsBytes("raw") {
        let kept = Self.withoutRawTags(line)
        if kept != line {
          line = kept.allSatisfy({ $0 == " " }) ? "" : kept
          lines[i] = line
          changed = true
          if line.isEmpty { continue }
        }
      }
      let trimmed = Substring(line).trimmingSpaces
      if !inHighlight, let replaced = Self.lineTag(trimmed, codeTitle: &codeTitle) {
        lines[i] = replaced
        changed = true
        continue
      }
      // A highlight block's tags alone on their lines.
      if !inHighlight, let language = Self.tag(trimmed, "highlight") {
        inHighlight = true
        highlightEnd = "endhighlight"
        let word = language.split(separator: " ").first.map(String.init) ?? ""
        lines[i] = "```" + word
        changed = true
        continue
      }
      // Hexo's `{% codeblock [title] [lang:python] %}` … `{% endcodeblock %}`.
      if !inHighlight, let arguments = Self.tag(trimmed, "codeblock") {
        inHighlight = true
        highlightEnd = "endcodeblock"
        let words = arguments.split(separator: " ")
        let language = words.first { $0.hasPrefix("lang:") }.map { String($0.dropFirst(5)) } ?? "text"
        let title = words.prefix { !$0.hasPrefix("lang:") && !$0.hasPrefix("http") }.joined(separator: " ")
        lines[i] = "```" + language + (title.isEmpty ? "" : " title=\"\(title.replacingOccurrences(of: "\"", with: "'"))\"")
        changed = true
        continue
      }
      if inHighlight {
        if Self.tag(trimmed, highlightEnd) != nil {
          lines[i] = "```"
          inHighlight = false
        }
        continue
      }
      if let tag = LiquidTag(trimmed), !Self.readElsewhere.contains(tag.name) {
        let name = tag.name.hasPrefix("end") ? tag.name.dropFirst(3) : tag.name
        if tag.name.hasPrefix("end") ? openedUnknown[name, default: 0] > 0 : (lastEnd[name] ?? -1) > i {
          openedUnknown[name, default: 0] += tag.name.hasPrefix("end") ? -1 : 1
          lines[i] = ""
          changed = true
          continue
        }
      }
      if quoteAuthor == nil, let arguments = Self.tag(trimmed, "blockquote") {
        let author = arguments.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        quoteAuthor = .some(author.flatMap { $0.isEmpty || $0.hasPrefix("http") ? nil : $0 })
        lines[i] = ""
        changed = true
        continue
      }

      var out = ""
      var rest = Substring(line)
      // Where the last replacement ended: a tag right after it continues the same value
      // (`({{ site.baseurl }}{% post_url x %})`).
      var replacedUpTo: String.Index?
      while let open = rest.firstRange(of: "{") {
        let continues = replacedUpTo == open.lowerBound
        out += rest[..<open.lowerBound]
        let from = rest[open.lowerBound...]
        let before = out.last
        let opensAValue =
          continues || before == "(" || before == "<" || before == "\"" || before == "'" || out.hasSuffix("]: ")
        if opensAValue, let (length, replacement) = Self.replacement(at: from) {
          out += replacement + String(repeating: " ", count: max(0, length - replacement.count))
          rest = from.dropFirst(length)
          replacedUpTo = rest.startIndex
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
    // `{{ '/img/a.png' | relative_url }}`: the path, which the filter puts under the site.
    let filtered = #/^\{\{-?\s*(?:'([^'\n]*)'|"([^"\n]*)")\s*\|\s*(?:relative_url|absolute_url|url)\s*-?\}\}/#
    if let match = text.prefixMatch(of: filtered) { return (match.0.count, String(match.1 ?? match.2 ?? "")) }
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

  enum Comment { case liquid, nunjucks }

  /// `line` without the comments of Liquid (`{% comment %}` … `{% endcomment %}`) and
  /// Nunjucks or Jinja (`{# … #}`), which the site's templates never publish: their text is
  /// the author's private note. `inComment` carries one that runs on past the line. Not in
  /// a line with a code span.
  static func withoutComments(
    _ line: String, inComment: inout Comment?, closedLater: (liquid: Bool, nunjucks: Bool) = (true, true)
  ) -> String {
    let opening = #/\{%-?\s*comment\s*-?%\}/#
    let closing = #/\{%-?\s*endcomment\s*-?%\}/#
    var out = ""
    var rest = Substring(line)
    while true {
      switch inComment {
      case .liquid:
        guard let end = rest.firstMatch(of: closing) else { return out }
        rest = rest[end.range.upperBound...]
        inComment = nil
      case .nunjucks:
        guard let end = rest.firstRange(of: "#}") else { return out }
        rest = rest[end.upperBound...]
        inComment = nil
      case nil:
        guard !rest.contains("`") else { return out + rest }
        let liquid = rest.firstMatch(of: opening)?.range
        let nunjucks = rest.firstRange(of: "{#")
        guard let start = [liquid, nunjucks].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else {
          return out + rest
        }
        // `{#id}` after a heading (Pandoc's attribute) is no comment: one needs its `#}`. One
        // that runs past the line needs its end on a later line (`closedLater`), else it is
        // text: it would hide the rest of the note.
        let after = rest[start.upperBound...]
        if start == nunjucks, !after.contains("#}"),
          after.first.map({ $0 != " " && $0 != "\r" }) ?? false || !closedLater.nunjucks
        {
          return out + rest
        }
        if start == liquid, after.firstMatch(of: closing) == nil, !closedLater.liquid { return out + rest }
        out += rest[..<start.lowerBound]
        inComment = start == liquid ? .liquid : .nunjucks
        rest = rest[start.upperBound...]
      }
    }
  }

  /// `line` without Liquid's `{% raw %}` and `{% endraw %}` tags.
  private static func withoutRawTags(_ line: String) -> String {
    line.replacing(#/\{%-?\s*(?:end)?raw\s*-?%\}/#, with: "")
  }

  /// What a GitBook or Hexo tag that is a whole line stands for: a line of Markdown, or ""
  /// for a tag that only marks where something starts or ends. `{% code title %}` sets
  /// `codeTitle` for the fence that follows. Nil for any other line.
  private static func lineTag(_ line: String, codeTitle: inout String?) -> String? {
    guard let tag = LiquidTag(line) else { return nil }
    switch tag.name {
    case "endcode", "tabs", "endtabs", "content-ref", "endcontent-ref", "endembed":
      return ""
    case "page-ref":
      // GitBook's card for another page: a link named by that page.
      guard let page = tag.value("page") else { return nil }
      return "[\(tag.value("text") ?? "")](\(page.contains(" ") ? "<\(page)>" : page))"
    case "include" where tag.words.dropFirst().first == "figure":
      // Minimal Mistakes' figure: its image, described by its `alt`, else its caption.
      guard let path = tag.value("image_path") else { return nil }
      let alt = tag.value("alt") ?? tag.value("caption") ?? ""
      return "![\(alt.replacingOccurrences(of: "]", with: "\\]"))](\(path.contains(" ") ? "<\(path)>" : path))"
    case "code":
      codeTitle = tag.value("title")
      return ""
    case "embed":
      guard let url = tag.value("url") else { return nil }
      return tag.value("caption").map { "[\($0)](\(url))" } ?? "<\(url)>"
    case "file":
      guard let src = tag.value("src") else { return nil }
      let label = tag.value("caption") ?? String(src.split(separator: "/").last ?? Substring(src))
      return "[\(label)](\(src))"
    case "asset_img", "asset_image", "asset_link", "post_link":
      // Hexo: `{% asset_img pic.png A picture %}` is the image beside the post (its asset
      // folder), `{% asset_link a.pdf Slides %}` a link to that file, `{% post_link other
      // [Title] %}` a link to the post named so.
      let words = tag.words.dropFirst()
      guard let target = words.first.map(String.init), !target.contains(where: { $0 == "(" || $0 == ")" }) else { return nil }
      let label = words.dropFirst().joined(separator: " ").replacingOccurrences(of: "\"", with: "")
      switch tag.name {
      case "post_link":
        return "[[" + target + (label.isEmpty ? "" : "|" + label) + "]]"
      case "asset_link":
        return "[\((label.isEmpty ? target : label).replacingOccurrences(of: "]", with: "\\]"))](\(target.markdownDestination))"
      default:
        return "![\(label.replacingOccurrences(of: "]", with: "\\]"))](\(target.markdownDestination))"
      }
    case "youtube", "vimeo", "gist", "slideshare", "speakerdeck", "pdf", "figma":
      // HackMD's embeds (`{%youtube 9GBxJMp6UkI %}`) and Jekyll plugins' of the same shape:
      // links to what they embed (a page of notes-site embeds nothing from other hosts).
      return embedLink(tag)
    case "img":
      // `{% img [class names] /path/to/image [width] [height] ["title" ["alt"]] %}`
      guard let path = tag.words.dropFirst().first(where: { $0.hasPrefix("/") || $0.hasPrefix("http") || $0.hasPrefix(".") }) else {
        return nil
      }
      let quoted = tag.inner.split(separator: "\"").dropFirst().first.map(String.init) ?? ""
      return "![\(quoted)](\(path))"
    default:
      return nil
    }
  }

  /// A link to what `{%youtube ID %}` and its kin embed; nil without an argument.
  private static func embedLink(_ tag: LiquidTag) -> String? {
    guard var argument = tag.words.dropFirst().first.map(String.init) else { return nil }
    if argument.count >= 2, let quote = argument.first, quote == "\"" || quote == "'", argument.last == quote {
      argument = String(argument.dropFirst().dropLast())
    }
    guard !argument.isEmpty, !argument.contains(where: { $0 == "<" || $0 == ">" || $0 == "(" || $0 == ")" }) else { return nil }
    if let link = HostedEmbed.link(String(tag.name), argument) { return link }
    // `pdf` and `figma` take an address.
    guard tag.name == "pdf" || tag.name == "figma", argument.hasPrefix("https://") || argument.hasPrefix("http://")
    else { return nil }
    let name = argument.split(separator: "/").last.map(String.init) ?? argument
    let label = tag.name == "pdf" ? "PDF: \(name.removingPercentEncoding ?? name)" : "Figma file"
    return "[\(label.markdownLabel)](\(argument))"
  }

  /// Block tags read here or by `CalloutLines`, and Liquid's own (`if`, `for`, `comment`…),
  /// which do not just hold text.
  static let readElsewhere: Set<Substring> = [
    "highlight", "endhighlight", "codeblock", "endcodeblock", "blockquote", "endblockquote", "raw", "endraw",
    "hint", "endhint", "tab", "endtab", "tabs", "endtabs", "note", "endnote", "code", "endcode", "embed", "endembed",
    "content-ref", "endcontent-ref", "if", "endif", "unless", "endunless", "for", "endfor", "case", "endcase",
    "capture", "endcapture", "comment", "endcomment", "tablerow", "endtablerow",
  ]

  /// The rest of `{% name rest %}` when `line` is exactly that tag.
  private static func tag(_ line: String, _ name: String) -> String? {
    guard let tag = LiquidTag(line), tag.name == name else { return nil }
    return tag.words.dropFirst().joined(separator: " ")
  }
}

/// A Liquid tag that is a whole line, `{% name words %}` (or `{%- … -%}`), as Jekyll, GitBook
/// and Hexo write them.
struct LiquidTag {
  /// What is between the delimiters, trimmed.
  let inner: Substring

  init?(_ line: some StringProtocol) {
    guard line.hasPrefix("{%"), line.hasSuffix("%}") else { return nil }
    var inner = Substring(line.dropFirst(2).dropLast(2))
    if inner.hasPrefix("-") { inner = inner.dropFirst() }
    if inner.hasSuffix("-") { inner = inner.dropLast() }
    self.inner = Substring(inner.trimmingSpaces)
  }

  var words: [Substring] { inner.split(separator: " ") }
  var name: Substring { inner.prefix { !$0.isWhitespace } }

  /// The value of `key="value"` in the tag.
  func value(_ key: String) -> String? {
    guard let start = inner.firstRange(of: key + "=\"")?.upperBound, let end = inner[start...].firstIndex(of: "\"")
    else { return nil }
    return String(inner[start..<end])
  }
}
