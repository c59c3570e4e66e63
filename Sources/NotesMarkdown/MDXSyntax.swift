/// What MDX (Docusaurus, Starlight, Nextra, which read `.md` files as MDX too) writes around a
/// page's Markdown, read before cmark sees the page, outside code:
/// - ESM lines at the start of a block, `import Tabs from '@theme/Tabs';` (over several lines
///   too, `import {` … `} from '…';`) and `export const x = …` up to where its brackets close,
///   go: they are the page's code, not its text;
/// - MDX comments, `{/* … */}`, go; one that ends a heading and names an id,
///   `## Setup {/* #setup */}`, gives the heading that id (as `{#setup}` does);
/// - a ```` ```mdx-code-block ```` fence holds MDX to show, not code: its fence lines go;
/// - `<CodeBlock language="jsx" title="a.js">` … `</CodeBlock>` is a fenced code block;
/// - `<LinkCard title="…" href="…" description="…" />` on a line of its own is a link.
/// Containers (`<Tabs>`, `<TabItem>`, `<Aside>`, `<details>`) are read by `CalloutLines`.
/// Each line stays one line, so line numbers stay the note's.
enum MDXSyntax {
  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 8,
      Self.hasESMLine(body) || body.containsBytes("{/*") || body.containsBytes("`mdx-code-block")
        || body.containsBytes("{' '}") || body.containsBytes("{\" \"}") || body.containsBytes("{` `}")
        || Self.hasComponent(body)
    else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    var fences = CodeFences()
    // The open `mdx-code-block` fence's backticks; an ESM statement's open brackets.
    var unwrapping: Int?
    var statement: Int?
    var inCodeBlock = false
    var blockStart = true
    for i in lines.indices {
      let line = lines[i]
      // A line after a blank line or after ESM starts a block.
      var nextBlockStart = line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
      defer { blockStart = nextBlockStart }
      if statement != nil, nextBlockStart {
        // A blank line ends ESM, as in MDX, whatever its brackets say.
        statement = nil
      } else if let depth = statement {
        // The rest of an ESM statement.
        let open = depth + Self.bracketBalance(line)
        lines[i] = ""
        changed = true
        statement = open > 0 || Self.continues(line) ? max(open, 0) : nil
        nextBlockStart = true
        continue
      }
      if let count = unwrapping, !fences.isInside {
        let ticks = line.prefix { $0 == "`" }.count
        if ticks >= count, line.dropFirst(ticks).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
          lines[i] = ""
          unwrapping = nil
          changed = true
          continue
        }
      }
      if inCodeBlock {
        if Substring(line).trimmingSpaces.hasPrefix("</CodeBlock>") {
          lines[i] = "````"
          inCodeBlock = false
          changed = true
        }
        continue
      }
      if fences.contain(Substring(line)) {
        if unwrapping == nil, fences.isInside, line.hasPrefix("```"),
          line.drop(while: { $0 == "`" }).trimmingSpaces == "mdx-code-block"
        {
          // Its lines are MDX: the fence goes, and the lines are read as any others.
          unwrapping = line.prefix { $0 == "`" }.count
          fences = CodeFences()
          lines[i] = ""
          changed = true
          nextBlockStart = true
        }
        continue
      }
      if blockStart, line.hasPrefix("import ") || line.hasPrefix("export "), Self.isESM(line) {
        let depth = Self.bracketBalance(line)
        lines[i] = ""
        changed = true
        statement = depth > 0 || Self.continues(line) ? max(depth, 0) : nil
        nextBlockStart = true
        continue
      }
      var text = line
      if text.containsBytes("{/*") { text = Self.withoutComments(text) }
      if text.containsBytes(" '}") || text.containsBytes(" \"}") || text.containsBytes(" `}") { text = Self.withoutSpaceExpressions(text) }
      let trimmed = Substring(text).trimmingSpaces
      if trimmed.hasPrefix("<CodeBlock"), let tag = HTMLTagLine(trimmed), tag.name == "CodeBlock", !tag.selfClosing,
        tag.rest.isEmpty, lines[(i + 1)...].contains(where: { Substring($0).trimmingSpaces.hasPrefix("</CodeBlock>") })
      {
        let language = (tag.attributes["language"] ?? "").filter { !$0.isWhitespace && $0 != "`" }
        let title = tag.attributes["title"].map { " title=\"\($0.replacingOccurrences(of: "\"", with: "'"))\"" } ?? ""
        text = "````" + (language.isEmpty && !title.isEmpty ? "text" : language) + title
        inCodeBlock = true
      } else if trimmed.hasPrefix("<LinkCard"), let tag = HTMLTagLine(trimmed), tag.name == "LinkCard", tag.selfClosing,
        let href = tag.attributes["href"]
      {
        let title = tag.attributes["title"] ?? href
        let description = tag.attributes["description"].map { " — " + $0 } ?? ""
        text = "[\(title.markdownLabel)](\(href.markdownDestination))" + description
      }
      if text != line {
        lines[i] = text
        changed = true
      }
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// Whether a line of `body` is an ESM statement's first line (Python's `import os` in a
  /// code block is not): a cheap test before the lines are split.
  private static func hasESMLine(_ body: String) -> Bool {
    body.utf8.withContiguousStorageIfAvailable { b in
      func isESMLine(at start: Int) -> Bool {
        guard start + 7 <= b.count, b[start] == UInt8(ascii: "i") || b[start] == UInt8(ascii: "e") else { return false }
        let word = b[start..<(start + 7)]
        guard word.elementsEqual("import ".utf8) || word.elementsEqual("export ".utf8) else { return false }
        let end = b[start...].firstIndex(of: 0x0A) ?? b.count
        // An import names its module in quotes or opens a brace (Python's `import os` does neither).
        if b[start] == UInt8(ascii: "i"),
          !b[start..<end].contains(where: { $0 == 0x22 || $0 == 0x27 || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "*") })
        {
          return false
        }
        return isESM(String(decoding: b[start..<end], as: UTF8.self))
      }
      return isESMLine(at: 0) || b.containsByte(0x0A) { isESMLine(at: $0 + 1) }
    } ?? true
  }

  /// Whether `body` has a `<CodeBlock` or `<LinkCard` tag: one `memchr` pass.
  private static func hasComponent(_ body: String) -> Bool {
    body.utf8.withContiguousStorageIfAvailable { b in
      b.containsByte(UInt8(ascii: "<")) { i in
        let rest = b[(i + 1)...]
        return rest.starts(with: "CodeBlock".utf8) || rest.starts(with: "LinkCard".utf8)
      }
    } ?? true
  }

  /// Whether a line that starts with `import ` or `export ` is JavaScript: an import of a
  /// module (`import X from '…'`, `import '…'`, `import {`) or an export of a declaration.
  private static func isESM(_ line: String) -> Bool {
    if line.hasPrefix("import ") {
      let rest = line.dropFirst(7).drop { $0 == " " }
      if rest.first == "{" || rest.first == "*" || rest.first == "'" || rest.first == "\"" { return true }
      // ` from '…'` (not a regex: this runs for every `import` line of code in notes).
      var text = Substring(line)
      while let found = text.firstRange(of: "from") {
        let before = text[..<found.lowerBound].last
        let after = text[found.upperBound...]
        let quote = after.drop { $0 == " " || $0 == "\t" }.first
        if before == " " || before == "\t", after.first == " " || after.first == "\t", quote == "'" || quote == "\"" {
          return true
        }
        text = after
      }
      return false
    }
    let rest = line.dropFirst(7).drop { $0 == " " }
    return ["const ", "let ", "var ", "function ", "default ", "async function ", "{"].contains { rest.hasPrefix($0) }
  }

  /// Opened minus closed brackets on a line (strings are not told apart: ESM lines are short).
  private static func bracketBalance(_ line: String) -> Int {
    var balance = 0
    for byte in line.utf8 {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): balance += 1
      case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): balance -= 1
      default: break
      }
    }
    return balance
  }

  /// Whether a statement goes on after this line: it ends with `=`, `,` or an operator.
  private static func continues(_ line: String) -> Bool {
    guard let last = Substring(line).trimmingSpaces.last else { return false }
    return last == "=" || last == "," || last == "+" || last == "(" || last == "{" || last == "["
  }

  /// `line` with its `{/* … */}` comments made spaces; one that ends a heading and holds only
  /// `#id` becomes `{#id}`, a heading id as kramdown writes it.
  static func withoutComments(_ line: String) -> String {
    var out = line.replacing(#/\s*\{/\*\s*(#[A-Za-z0-9_:.-]+)\s*\*/\}\s*$/#) { match in
      line.hasPrefix("#") ? " {\(match.output.1)}" : ""
    }
    // Spaces in its place, so positions after it on the line stay the note's. Not inside a
    // code span, which shows it (`` `{/* … */}` ``, as the Docusaurus docs write about it).
    let spans = Self.codeSpans(in: out)
    out = out.replacing(#/\{/\*.*?\*/\}/#) { match in
      spans.contains { $0.contains(match.range.lowerBound) } ? String(match.output) : String(repeating: " ", count: match.output.count)
    }
    return out
  }

  /// `line` with MDX's expressions that only hold a space, `{' '}`, `{" "}` and ``{` `}``
  /// (JSX drops the spaces around a tag otherwise), as spaces; not in code spans.
  static func withoutSpaceExpressions(_ line: String) -> String {
    let spans = Self.codeSpans(in: line)
    return line.replacing(#/\{(?:' '|" "|` `)\}/#) { match in
      spans.contains { $0.contains(match.range.lowerBound) } ? String(match.output) : "     "
    }
  }

  /// The code spans of a line: from a run of backticks to the next run of the same length.
  static func codeSpans(in line: String) -> [Range<String.Index>] {
    guard line.contains("`") else { return [] }
    var spans: [Range<String.Index>] = []
    var i = line.startIndex
    while let open = line[i...].firstIndex(of: "`") {
      let ticks = line[open...].prefix { $0 == "`" }.count
      let after = line.index(open, offsetBy: ticks)
      var search = after
      var closed = false
      while let close = line[search...].firstIndex(of: "`") {
        let count = line[close...].prefix { $0 == "`" }.count
        let end = line.index(close, offsetBy: count)
        if count == ticks {
          spans.append(open..<end)
          i = end
          closed = true
          break
        }
        search = end
      }
      if !closed { i = after }
    }
    return spans
  }
}

/// An HTML or JSX opening tag at the start of a line: `<TabItem value="a" label="A">`, its
/// name as written, its attributes (`{…}` values as written inside the braces, a bare
/// attribute as `""`), whether it closes itself (`/>`), and what follows it on the line.
struct HTMLTagLine {
  let name: String
  let attributes: [String: String]
  let selfClosing: Bool
  let rest: Substring

  init?(_ line: some StringProtocol) {
    var text = Substring(line)
    guard text.first == "<", let first = text.dropFirst().first, first.isLetter else { return nil }
    text = text.dropFirst()
    let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
    text = text.dropFirst(name.count)
    var attributes: [String: String] = [:]
    var selfClosing = false
    while true {
      // Attributes may stand on lines of their own (`<img width="100"` / `src="logo.svg" />`).
      text = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      guard let c = text.first else { return nil }
      if c == ">" {
        text = text.dropFirst()
        break
      }
      if c == "/", text.dropFirst().first == ">" {
        selfClosing = true
        text = text.dropFirst(2)
        break
      }
      let key = text.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
      guard !key.isEmpty else { return nil }
      text = text.dropFirst(key.count)
      guard text.first == "=" else {
        attributes[String(key)] = ""
        continue
      }
      text = text.dropFirst()
      guard let open = text.first else { return nil }
      let close: Character
      switch open {
      case "\"", "'": close = open
      case "{": close = "}"
      default:
        let value = text.prefix { !$0.isWhitespace && $0 != ">" }
        attributes[String(key)] = String(value)
        text = text.dropFirst(value.count)
        continue
      }
      guard let end = text.dropFirst().firstIndex(of: close) else { return nil }
      var value = text[text.index(after: text.startIndex)..<end]
      // `label={"Apple"}` is the string it holds.
      if open == "{", value.count >= 2, let quote = value.first, quote == "\"" || quote == "'" || quote == "`",
        value.last == quote
      {
        value = value.dropFirst().dropLast()
      }
      attributes[String(key)] = String(value)
      text = text[text.index(after: end)...]
    }
    self.name = String(name)
    self.attributes = attributes
    self.selfClosing = selfClosing
    self.rest = Substring(text.trimmingSpaces)
  }
}
