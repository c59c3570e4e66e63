/// Callouts written as lines around Markdown, which CommonMark does not know:
/// - Notion exports a callout as `<aside>`, its Markdown, `</aside>`: raw HTML to CommonMark,
///   which would swallow the text up to the first blank line into an HTML block that a safe
///   page leaves out. It becomes a note callout without a title.
/// - Docusaurus and VitePress write an admonition as `:::tip Title` (or `:::tip[Title]`), its
///   Markdown, `:::`, which would read as text. It becomes a callout of its type, titled as
///   written or by its type (`Tip`), as Obsidian's `> [!tip]` makes one.
/// - GitBook writes one as `{% hint style="info" %}`, its Markdown, `{% endhint %}`.
/// - MkDocs (Python-Markdown) writes one as `!!! tip "Title"` over its Markdown indented by
///   four spaces (`??? tip` folded: a closed `<details>`; `???+ tip` an open one), and
///   Material for MkDocs a tab as `=== "Title"` over its indented content: cmark would read
///   the content as a code block. The lines lose that indentation, and the container ends at
///   the first line after them that is not indented.
/// The opening and closing lines are blanked before parsing (the line numbers stay the
/// note's) and the top-level blocks between them are put in the callout.
enum CalloutLines {
  struct Container: Equatable {
    /// Body lines (1-based) of the opening and closing lines; an indented container's
    /// "closing line" is the one after its last line, which is not blanked.
    var lines: ClosedRange<Int>
    var type: String
    /// Nil: no title (Notion's).
    var title: String?
    /// Whether `lines.upperBound` is a closing line of its own, blanked.
    var closed = true
    /// Foldable (MkDocs' `???`, `???+`): whether it starts open; nil when not foldable.
    var openFolded: Bool?
  }

  /// `body` with each container's opening and closing lines emptied and the lines of
  /// indented containers unindented, outside code fences; and how many characters each
  /// unindented line (1-based) lost.
  static func blanking(_ body: String) -> (body: String, asides: [Container], dedented: [Int: Int]) {
    guard body.utf8.count >= 6,
      body.containsBytes("<aside>") || body.containsBytes(":::") || body.containsBytes("{% hint")
        || body.containsBytes("!!! ") || body.containsBytes("??? ") || body.containsBytes("???+ ")
        || body.containsBytes("=== \"")
    else { return (body, [], [:]) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [Container] = []
    var dedented: [Int: Int] = [:]
    var open: (line: Int, type: String, title: String?, closing: Closing)?
    // An indented container: its opening line and the last line indented under it.
    var indented: (line: Int, opening: IndentedOpening, last: Int)?
    var fences = CodeFences()
    func closeIndented() {
      guard let current = indented else { return }
      let opening = current.opening
      found.append(
        Container(
          lines: (current.line + 1)...(current.last + 2), type: opening.type, title: opening.title, closed: false,
          openFolded: opening.openFolded))
      indented = nil
    }
    for (index, line) in lines.enumerated() {
      var content = line.utf8[...]
      if content.last == 0x0D { content = content.dropLast() }
      if indented != nil, !content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        if let indent = Self.indentation(content) {
          lines[index] = line.dropFirst(indent)
          dedented[index + 1] = indent
          indented!.last = index
          continue
        }
        closeIndented()
      }
      guard !fences.contain(line) else { continue }
      let indent = content.prefix { $0 == 0x20 }.count
      let trimmed = content.dropFirst(indent)
      guard indent == 0 else { continue }
      let text = Substring(trimmed)
      if let current = open {
        if current.closing.closes(trimmed) {
          found.append(Container(lines: (current.line + 1)...(index + 1), type: current.type, title: current.title))
          open = nil
        }
      } else if trimmed.elementsEqual("<aside>".utf8) {
        open = (index, "note", nil, .line("</aside>"))
      } else if let admonition = Self.admonition(text) {
        open = (index, admonition.type, admonition.title, .colons(admonition.colons))
      } else if let hint = Self.gitBookHint(text) {
        open = (index, hint, hint.prefix(1).uppercased() + hint.dropFirst(), .line("{% endhint %}"))
        continue
      }
      if indented == nil, let opening = Self.indentedOpening(text) {
        indented = (index, opening, index)
      }
    }
    closeIndented()
    // An indented container with nothing under it is text as written.
    found.removeAll { !$0.closed && $0.lines.count == 2 }
    guard !found.isEmpty else { return (body, [], [:]) }
    for container in found {
      lines[container.lines.lowerBound - 1] = ""
      if container.closed { lines[container.lines.upperBound - 1] = "" }
    }
    return (lines.joined(separator: "\n"), found, dedented)
  }

  /// What closes a container of lines.
  private enum Closing {
    /// A line of exactly this many colons.
    case colons(Int)
    /// This line.
    case line(String)

    func closes(_ trimmed: Substring.UTF8View) -> Bool {
      switch self {
      case .colons(let count): trimmed.count == count && trimmed.allSatisfy { $0 == UInt8(ascii: ":") }
      case .line(let text): Substring(trimmed).trimmingSpaces == text
      }
    }
  }

  /// One level of block indentation at the start of `line`: four spaces, or up to three and a
  /// tab; its length.
  private static func indentation(_ line: Substring.UTF8View) -> Int? {
    var count = 0
    for byte in line.prefix(4) {
      if byte == 0x09 { return count + 1 }
      guard byte == 0x20 else { return nil }
      count += 1
    }
    return count == 4 ? 4 : nil
  }

  /// `{% hint style="info" %}`: the style.
  private static func gitBookHint(_ line: Substring) -> String? {
    guard line.hasPrefix("{% hint"), line.hasSuffix("%}"),
      let start = line.firstRange(of: "style=\"")?.upperBound,
      let end = line[start...].firstIndex(of: "\"")
    else { return nil }
    let style = line[start..<end].lowercased()
    return style.isEmpty || !style.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) ? nil : style
  }

  private struct IndentedOpening {
    var type: String
    var title: String?
    var openFolded: Bool?
  }

  /// `!!! type`, `!!! type "Title"`, `??? type`, `???+ type` (MkDocs) and `=== "Title"`
  /// (Material for MkDocs' tabs): the type and the title, none when the title is `""` (a
  /// foldable one is titled by its type, as its summary must say something).
  private static func indentedOpening(_ line: Substring) -> IndentedOpening? {
    var rest: Substring
    var openFolded: Bool?
    if line.hasPrefix("=== \"") {
      rest = line.dropFirst(4)
      let title = rest.dropFirst().prefix { $0 != "\"" }
      guard rest.dropFirst(title.count + 2).allSatisfy({ $0 == " " }) else { return nil }
      return IndentedOpening(type: "tab", title: title.isEmpty ? nil : String(title))
    }
    if line.hasPrefix("!!! ") {
      rest = line.dropFirst(4)
    } else if line.hasPrefix("??? ") {
      rest = line.dropFirst(4)
      openFolded = false
    } else if line.hasPrefix("???+ ") {
      rest = line.dropFirst(5)
      openFolded = true
    } else {
      return nil
    }
    rest = rest.drop { $0 == " " }
    let type = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    guard !type.isEmpty else { return nil }
    rest = rest.dropFirst(type.count)
    // Further class names, then the title in quotes.
    let name = type.lowercased()
    let byType = name.prefix(1).uppercased() + name.dropFirst()
    guard let quote = rest.firstIndex(of: "\"") else {
      guard rest.allSatisfy({ $0 == " " || $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
      return IndentedOpening(type: name, title: byType, openFolded: openFolded)
    }
    let after = rest[rest.index(after: quote)...]
    guard let close = after.lastIndex(of: "\""), after[after.index(after: close)...].allSatisfy({ $0 == " " }) else {
      return nil
    }
    let title = after[..<close].trimmingSpaces
    return IndentedOpening(
      type: name, title: title.isEmpty ? (openFolded == nil ? nil : byType) : title, openFolded: openFolded)
  }

  /// `:::type`, `:::type Title` or `:::type[Title]` (three or more colons).
  private static func admonition(_ line: Substring) -> (type: String, title: String?, colons: Int)? {
    let colons = line.prefix { $0 == ":" }.count
    guard colons >= 3 else { return nil }
    let rest = line.dropFirst(colons)
    let type = rest.prefix { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }
    guard !type.isEmpty else { return nil }
    var after = rest.dropFirst(type.count)
    var title: Substring
    if after.first == "[", after.last == "]" {
      title = after.dropFirst().dropLast()
    } else {
      guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
      after = after.drop { $0 == " " || $0 == "\t" }
      title = after
    }
    let name = type.lowercased()
    let shown = title.trimmingSpaces
    return (name, shown.isEmpty ? name.prefix(1).uppercased() + name.dropFirst() : shown, colons)
  }

  /// Puts the top-level blocks that start inside each container in a callout.
  static func wrap(_ root: CmarkNode, _ asides: [Container]) {
    guard !asides.isEmpty else { return }
    var blocks: [CmarkNode] = []
    var child = root.firstChild
    while let node = child {
      blocks.append(node)
      child = node.next
    }
    for aside in asides {
      let inside = blocks.filter { $0.startLine > aside.lines.lowerBound && $0.startLine < aside.lines.upperBound }
      // A Notion callout with nothing in it shows nothing; an admonition still shows its title.
      guard !inside.isEmpty || aside.title != nil else { continue }
      let classes = "callout callout-\(aside.type)"
      let callout: CmarkNode
      if let open = aside.openFolded {
        callout = .customBlock(enter: "<details class=\"\(classes)\"\(open ? " open" : "")>", exit: "</details>")
      } else {
        callout = .customBlock(enter: "<aside class=\"\(classes)\" role=\"note\">", exit: "</aside>")
      }
      if let title = aside.title {
        let tag = aside.openFolded == nil ? "p" : "summary"
        callout.append(.customBlock(enter: "<\(tag) class=\"callout-title\">\(HTML.escape(title))</\(tag)>\n"))
      }
      if let first = inside.first ?? blocks.first(where: { $0.startLine > aside.lines.upperBound }) {
        first.insertBefore(callout)
      } else {
        root.append(callout)
      }
      for node in inside { callout.append(node) }
    }
  }
}
