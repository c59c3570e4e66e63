/// Callouts written as lines around Markdown, which CommonMark does not know:
/// - Notion exports a callout as `<aside>`, its Markdown, `</aside>`: raw HTML to CommonMark,
///   which would swallow the text up to the first blank line into an HTML block that a safe
///   page leaves out. It becomes a note callout without a title.
/// - Docusaurus and VitePress write an admonition as `:::tip Title` (or `:::tip[Title]`), its
///   Markdown, `:::`, which would read as text. It becomes a callout of its type, titled as
///   written or by its type (`Tip`), as Obsidian's `> [!tip]` makes one.
/// The opening and closing lines are blanked before parsing (the line numbers stay the
/// note's) and the top-level blocks between them are put in the callout.
enum CalloutLines {
  struct Container: Equatable {
    /// Body lines (1-based) of the opening and closing lines.
    var lines: ClosedRange<Int>
    var type: String
    /// Nil: no title (Notion's).
    var title: String?
  }

  /// `body` with each container's opening and closing lines emptied, outside code fences.
  static func blanking(_ body: String) -> (body: String, asides: [Container]) {
    guard body.utf8.count >= 6, body.containsBytes("<aside>") || body.containsBytes(":::") else { return (body, []) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var found: [Container] = []
    var open: (line: Int, type: String, title: String?, colons: Int)?
    var fences = CodeFences()
    for (index, line) in lines.enumerated() {
      guard !fences.contain(line) else { continue }
      var content = line.utf8[...]
      if content.last == 0x0D { content = content.dropLast() }
      let indent = content.prefix { $0 == 0x20 }.count
      let trimmed = content.dropFirst(indent)
      guard indent == 0 else { continue }
      let text = Substring(trimmed)
      if let current = open {
        let closes =
          current.colons == 0
          ? trimmed.elementsEqual("</aside>".utf8)
          : trimmed.count == current.colons && trimmed.allSatisfy { $0 == UInt8(ascii: ":") }
        if closes {
          found.append(Container(lines: (current.line + 1)...(index + 1), type: current.type, title: current.title))
          open = nil
        }
      } else if trimmed.elementsEqual("<aside>".utf8) {
        open = (index, "note", nil, 0)
      } else if let admonition = Self.admonition(text) {
        open = (index, admonition.type, admonition.title, admonition.colons)
      }
    }
    guard !found.isEmpty else { return (body, []) }
    for container in found {
      lines[container.lines.lowerBound - 1] = ""
      lines[container.lines.upperBound - 1] = ""
    }
    return (lines.joined(separator: "\n"), found)
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
      let callout = CmarkNode.customBlock(
        enter: "<aside class=\"callout callout-\(aside.type)\" role=\"note\">", exit: "</aside>")
      if let title = aside.title {
        callout.append(.customBlock(enter: "<p class=\"callout-title\">\(HTML.escape(title))</p>\n"))
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
