/// Attribute lists, which a page should not show as text: kramdown's (Jekyll), Python-Markdown's
/// `attr_list` (MkDocs) and Pandoc's, `{: .class #id key="value"}` or without the colon,
/// `{ .class #id key=value }`:
///
/// - a line of its own that is only an attribute list (after a heading, paragraph or list),
///   kramdown's `{:ref: .class}` or an extension like `{::options … /}` is blanked;
/// - `{::comment}` … `{:/comment}` is blanked, as kramdown leaves it out, and so is an
///   abbreviation's definition, `*[HTML]: Hyper Text Markup Language`;
/// - one right after a link, image or code span (`[x](y){:target="_blank"}`,
///   `![](a.png){width="300"}`), or with the colon after emphasis or a `:shortcode:`, goes;
/// - one at the end of a heading's line goes, and its `#id` becomes the heading's id
///   (`## Install {#setup}`, as Hugo, Pandoc and MkDocs read it);
/// - the table of contents, a one-item list over `{:toc}`, becomes `[TOC]`, which
///   `ContentsPass` fills in, and a heading marked `{: .no_toc}` is left out of it.
///
/// Without a colon, a list is only read as one when every word in it is `.class`, `#id`,
/// `key=value` or Pandoc's `-` (`.unnumbered`): TeX's `x_{i}` and other braces stay. Fenced code and code spans keep theirs.
/// Lines keep their number; a line that lost an inline list reports columns after it a little
/// to the left.
enum AttributeLists {
  struct Result {
    var text: String
    /// Body lines of the headings marked `.no_toc`.
    var hiddenFromContents: Set<Int> = []
    /// Body line of a heading → the id its attribute list gives it.
    var headingIDs: [Int: String] = [:]
  }

  static func resolving(_ body: String) -> Result {
    guard mayHaveList(body) || body.containsBytes("*[") else { return Result(text: body) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var result = Result(text: body)
    var fences = CodeFences()
    var inComment = false
    var changed = false
    for i in lines.indices {
      let line = lines[i]
      if inComment {
        if line.containsBytes("{:/") { inComment = false }
        lines[i] = ""
        changed = true
        continue
      }
      guard !fences.contain(Substring(line)) else { continue }
      // An abbreviation's definition (`*[HTML]: Hyper Text Markup Language`, PHP Markdown
      // Extra and MkDocs) is not text.
      if line.hasPrefix("*["), let close = line.firstIndex(of: "]"), line[close...].hasPrefix("]:") {
        lines[i] = ""
        changed = true
        continue
      }
      guard line.containsBytes("{") else { continue }
      let trimmed = Substring(line).trimmingSpaces
      if trimmed.hasPrefix("{::comment}") {
        inComment = !trimmed.contains("{:/")
        lines[i] = ""
        changed = true
        continue
      }
      if trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), line.prefix(while: { $0 == " " }).count <= 3,
        !trimmed.dropLast().dropFirst().contains("}"), let list = attributes(trimmed.dropFirst().dropLast())
      {
        if i > 0 {
          let previous = Substring(lines[i - 1]).trimmingSpaces
          if list.words == ["toc"], isListItem(previous) {
            lines[i - 1] = "[TOC]"
          } else if previous.hasPrefix("#"), list.words.contains(".no_toc") {
            result.hiddenFromContents.insert(i)
          }
        }
        lines[i] = ""
        changed = true
        continue
      }
      var stripped = withoutInlineLists(line)
      if trimmed.hasPrefix("#"), let (heading, id) = headingWithoutList(stripped) {
        stripped = heading
        if let id { result.headingIDs[i + 1] = id }
      }
      if stripped != line {
        lines[i] = stripped
        changed = true
      }
    }
    if changed { result.text = lines.joined(separator: "\n") }
    return result
  }

  /// Whether some `{` in `body` may open an attribute list: followed (after spaces) by `:`,
  /// `.` or `#`, or holding a `=` before its `}` on the same line. A `memchr` for each `{`:
  /// this runs for every note twice a build, and code is full of braces.
  private static func mayHaveList(_ body: String) -> Bool {
    var copy = body
    return copy.withUTF8 { bytes in
      bytes.containsByte(UInt8(ascii: "{")) { at in
        var i = at + 1
        while i < bytes.count, bytes[i] == 0x20 { i += 1 }
        guard i < bytes.count else { return false }
        switch bytes[i] {
        case UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "#"): return true
        case UInt8(ascii: "-") where i + 1 < bytes.count && (bytes[i + 1] == 0x20 || bytes[i + 1] == UInt8(ascii: "}")):
          return true
        default:
          while i < bytes.count, i - at < 200 {
            switch bytes[i] {
            case UInt8(ascii: "="): return true
            case UInt8(ascii: "}"), 0x0A, UInt8(ascii: "{"): return false
            default: i += 1
            }
          }
          return false
        }
      }
    }
  }

  /// The words of an attribute list's inside (`: .a #b`, ` .a key="x y" `), if it is one:
  /// with a colon (kramdown) anything; without, only `.class`, `#id` and `key=value`.
  private static func attributes(_ inner: Substring) -> (words: [String], id: String?)? {
    var text = inner
    let kramdown = text.first == ":"
    if kramdown { text = text.dropFirst() }
    // Words, quoted values kept whole.
    var words: [String] = []
    var word = ""
    var quote: Character?
    for c in text {
      if let q = quote {
        word.append(c)
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        word.append(c)
        quote = c
      } else if c == " " || c == "\t" {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(c)
      }
    }
    if !word.isEmpty { words.append(word) }
    guard quote == nil else { return nil }
    func isName(_ s: Substring) -> Bool {
      guard let first = s.first, first.isLetter || first == "_" || first == "-" else { return false }
      return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == ":" || $0 == "." }
    }
    var id: String?
    for w in words {
      let s = Substring(w)
      if s.first == "#", isName(s.dropFirst()) {
        id = String(s.dropFirst())
      } else if s.first == ".", isName(s.dropFirst()) {
        continue
      } else if s == "-" {
        // Pandoc's shorthand for `.unnumbered` (`# Preface {-}`).
        continue
      } else if let eq = s.firstIndex(of: "="), isName(s[..<eq]) {
        continue
      } else if !kramdown {
        return nil
      }
    }
    guard kramdown || !words.isEmpty else { return nil }
    return (words, id)
  }

  /// `## Title {#id .class}` as `## Title` and the id, when the line ends in an attribute list.
  private static func headingWithoutList(_ line: String) -> (String, String?)? {
    var end = Substring(line)
    while end.last == " " || end.last == "\t" { end = end.dropLast() }
    // A closing sequence of `#` may follow (`## Title {#id} ##`): rare, not read.
    guard end.last == "}", let open = end.lastIndex(of: "{"), open > end.startIndex,
      end[end.index(before: open)] == " ", let list = attributes(end[end.index(after: open)..<end.index(before: end.endIndex)])
    else { return nil }
    var heading = end[..<open]
    while heading.last == " " { heading = heading.dropLast() }
    // `#` alone is not a heading with text.
    guard heading.contains(where: { $0 != "#" && $0 != " " }) else { return nil }
    return (String(heading), list.id)
  }

  /// `* TOC`, `- Contents`, `1. TOC`: a list item's line.
  private static func isListItem(_ line: String) -> Bool {
    if let first = line.first, first == "*" || first == "-" || first == "+" {
      return line.dropFirst().first == " "
    }
    let digits = line.prefix(while: \.isASCIIDigit)
    guard !digits.isEmpty, digits.count <= 9 else { return false }
    let rest = line.dropFirst(digits.count)
    return (rest.first == "." || rest.first == ")") && rest.dropFirst().first == " "
  }

  /// `line` without the attribute lists that follow a link, image, emphasis, code span or
  /// `:shortcode:`, outside code spans.
  private static func withoutInlineLists(_ line: String) -> String {
    var out = ""
    var rest = Substring(line)
    var backticks = 0
    while let open = rest.firstIndex(of: "{") {
      let before = rest[..<open]
      backticks += before.filter { $0 == "`" }.count
      out += before
      let after = rest[rest.index(after: open)...]
      // Without kramdown's colon, only after a link, image or code span: TeX writes `x_{i=1}`.
      let kramdown = after.first == ":"
      if backticks % 2 == 0, out.last == "`", after.first == "=", let close = after.firstIndex(of: "}"),
        after[after.index(after: after.startIndex)..<close].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
        let opening = out.dropLast().lastIndex(of: "`")
      {
        // Pandoc's raw inline, `` `<br>`{=html} ``: HTML as HTML; for another format, nothing.
        let format = after[after.index(after: after.startIndex)..<close]
        let content = out[out.index(after: opening)..<out.index(before: out.endIndex)]
        out = String(out[..<opening]) + (format.lowercased() == "html" ? String(content) : "")
        rest = after[after.index(after: close)...]
      } else if backticks % 2 == 0, let last = out.last, (kramdown ? ")]*_`:" : ")]`").contains(last),
        let close = after.firstIndex(of: "}"), !after[..<close].contains("{"), attributes(after[..<close]) != nil
      {
        // Pandoc's span, `[TODO]{.todo}`: its text (a link's text and a wiki link keep theirs).
        if last == "]", !kramdown, !out.hasSuffix("]]"), let open = out.lastIndex(of: "["), !out[open...].dropFirst().contains("[") {
          out = String(out[..<open]) + out[out.index(after: open)..<out.index(before: out.endIndex)]
        }
        rest = after[after.index(after: close)...]
      } else {
        out += "{"
        rest = after
      }
    }
    return out + rest
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
