import CCmark

/// Callouts written as lines around Markdown, which CommonMark does not know:
/// - Notion exports a callout as `<aside>`, its Markdown, `</aside>`: raw HTML to CommonMark,
///   which would swallow the text up to the first blank line into an HTML block that a safe
///   page leaves out. It becomes a note callout without a title.
/// - Docusaurus and VitePress write an admonition as `:::tip Title` (or `:::tip[Title]`), its
///   Markdown, `:::`, which would read as text. It becomes a callout of its type, titled as
///   written or by its type (`Tip`), as Obsidian's `> [!tip]` makes one.
/// - GitBook writes one as `{% hint style="info" %}`, its Markdown, `{% endhint %}`, and a tab
///   as `{% tab title="One" %}` … `{% endtab %}`; Hexo's themes a note as `{% note info %}` …
///   `{% endnote %}`.
/// - Docsify marks a paragraph `!> important` or `?> tip`.
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
    /// Only groups its blocks (a Pandoc div): its lines are blanked, nothing is wrapped.
    var plain = false
    /// A MyST directive, whose option lines (`:class: x`) right after it are blanked.
    var myst = false
    /// Whether `lines.lowerBound` is an opening line of its own, blanked (not Docsify's `!>`,
    /// whose block starts on the line after it).
    var opening = true
    /// The line (0-based) of a `<details>` element's `<summary>`, blanked with it.
    var summaryLine: ClosedRange<Int>?
    /// Spaces before the opening line: an admonition inside a list item is indented under
    /// the item's text, and holds blocks of that item.
    var indent = 0
    /// Titled by the heading it opens with, when it has one (Quarto's callouts).
    var headingTitle = false
    /// Obsidian's Admonition plugin: `title:` and `collapse:` lines right under its fence.
    var pluginOptions = false
  }

  /// `body` with each container's opening and closing lines emptied and the lines of
  /// indented containers unindented, outside code fences; and how many characters each
  /// unindented line (1-based) lost.
  static func blanking(_ body: String) -> (body: String, asides: [Container], dedented: [Int: Int]) {
    guard body.utf8.count >= 6,
      body.containsBytes("<aside>") || body.containsBytes(":::") || body.containsBytes("{%") || Self.hasClosingTag(body)
        || body.containsBytes("!!! ") || body.containsBytes("??? ") || body.containsBytes("???+ ")
        || body.containsBytes("=== \"") || body.containsBytes("```{") || body.containsBytes("`ad-") || body.containsBytes(")=")
        || body.containsBytes("!> ") || body.containsBytes("?> ") || body.containsBytes("{{<") || body.containsBytes("{{%")
        || body.containsBytes("\n+++")
    else { return (body, [], [:]) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    if body.containsBytes("</details>") { Self.closingDetailsOnTheirOwnLine(&lines) }
    let diagrams = body.containsBytes("mermaid") && Self.mermaidDiagramsAsCode(&lines)
    var found: [Container] = []
    var dedented: [Int: Int] = [:]
    // Lines blanked besides containers' opening and closing lines: MyST directives' options
    // and targets.
    var options: [Int] = []
    var lastOption: Int?
    var targets = Set<Int>()
    // Containers between lines, innermost last: each closes before the one around it.
    var open: [(line: Int, container: Container, closing: Closing)] = []
    // Indented containers, outermost first: each one's opening and the last line under it.
    var indented: [(line: Int, opening: IndentedOpening, last: Int)] = []
    var fences = CodeFences()
    // The opening line of each open MDX component → the indentation its lines lose (-1 until
    // its first line is read).
    var componentIndent: [Int: Int] = [:]
    // Where the text of the list item being read starts, while in a list.
    var listContent: Int?
    func closeIndented(downTo depth: Int) {
      while indented.count > depth {
        let current = indented.removeLast()
        let opening = current.opening
        found.append(
          Container(
            lines: (current.line + 1)...(current.last + 2), type: opening.type, title: opening.title,
            closed: false, openFolded: opening.openFolded))
        // What the inner one held is under the outer one too.
        if !indented.isEmpty { indented[indented.count - 1].last = max(indented[indented.count - 1].last, current.last) }
      }
    }
    for (index, line) in lines.enumerated() {
      var content = line.utf8[...]
      if content.last == 0x0D { content = content.dropLast() }
      var text = line
      if !componentIndent.isEmpty, !content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        // Inside MDX components, where indentation is not code: each component's lines lose
        // the indentation of its first line, outermost first.
        var removed = 0
        for entry in open where componentIndent[entry.line] != nil {
          let available = content.dropFirst(removed).prefix { $0 == 0x20 }.count
          let amount = componentIndent[entry.line] ?? 0
          if amount < 0 { componentIndent[entry.line] = available }
          removed += min(amount < 0 ? available : amount, available)
        }
        if removed > 0 {
          text = line.dropFirst(removed)
          lines[index] = text
          dedented[index + 1] = removed
          content = content.dropFirst(removed)
        }
      }
      if !indented.isEmpty, !content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        // As many levels of indentation as containers are open, at most.
        var removed = 0
        var levels = 0
        while levels < indented.count, let indent = content.dropFirst(removed).blockIndentation {
          removed += indent
          levels += 1
        }
        closeIndented(downTo: levels)
        if levels > 0 {
          text = line.dropFirst(removed)
          lines[index] = text
          dedented[index + 1] = removed
          indented[levels - 1].last = index
          if let opening = Self.indentedOpening(text) { indented.append((index, opening, index)) }
          continue
        }
      }
      // A MyST notebook's cell break, `+++` (with the cell's metadata, `+++ {"tags": []}`),
      // divides cells: not text.
      if !fences.isInside, content.first == UInt8(ascii: "+"), Self.isCellBreak(Substring(content)), index > 0 {
        options.append(index)
        targets.insert(index)
        continue
      }
      if !fences.isInside, content.first == UInt8(ascii: "`") || content.first == UInt8(ascii: "(") {
        let string = Substring(content)
        // A MyST directive fenced with backticks, ```` ```{note} ````: its closing fence, or
        // its opening.
        if let top = open.last, case .backticks = top.closing, top.closing.closes(content) {
          var container = top.container
          container.lines = (top.line + 1)...(index + 1)
          found.append(container)
          open.removeLast()
          continue
        }
        if let (image, count) = Self.mystFigure(string, after: lines[(index + 1)...]) {
          lines[index] = Substring(image)
          Self.blankingYAMLOptions(after: index, in: &lines)
          open.append((index, Self.figureContainer, .backticks(count)))
          lastOption = nil
          continue
        }
        if let (container, count) = Self.mystDirective(string) ?? Self.pluginAdmonition(string) {
          open.append((index, container, .backticks(count)))
          lastOption = nil
          continue
        }
        // A MyST target, `(label)=`, names the block after it: not text.
        if Self.isMystTarget(string) {
          options.append(index)
          targets.insert(index)
          continue
        }
      }
      guard !fences.contain(line) else { continue }
      let indent = content.prefix { $0 == 0x20 }.count
      let trimmed = content.dropFirst(indent)
      let string = Substring(trimmed)
      if let column = Self.listItemContent(trimmed) {
        listContent = indent + column
      } else if indent == 0, !trimmed.isEmpty {
        listContent = nil
      }
      if indent > 0 {
        // An admonition inside a list item, as Docusaurus and VitePress indent it under the
        // item's text: opened and closed at one indentation. (Elsewhere four spaces make code.)
        guard let column = listContent, indent < column + 4, trimmed.first == UInt8(ascii: ":") else { continue }
        if let current = open.last, current.container.indent == indent, current.closing.closes(trimmed) {
          var container = current.container
          container.lines = (current.line + 1)...(index + 1)
          found.append(container)
          open.removeLast()
        } else if let (container, colons) = Self.admonition(string), !container.plain, !container.myst {
          var container = container
          container.indent = indent
          open.append((index, container, .colons(colons)))
        }
        continue
      }
      if let current = open.last, current.closing.closes(trimmed) {
        var container = current.container
        container.lines = (current.line + 1)...(index + 1)
        found.append(container)
        open.removeLast()
        componentIndent[current.line] = nil
        continue
      }
      if let current = open.last, current.container.myst, index == (lastOption ?? current.line) + 1,
        Self.isDirectiveOption(string)
      {
        options.append(index)
        lastOption = index
        continue
      }
      if let current = open.last, current.container.pluginOptions, index == (lastOption ?? current.line) + 1,
        let (key, value) = Self.pluginAdmonitionOption(string)
      {
        options.append(index)
        lastOption = index
        switch key {
        case "title": open[open.count - 1].container.title = value.isEmpty ? nil : value
        case "collapse":
          let folded = value.lowercased()
          open[open.count - 1].container.openFolded = folded == "open" ? true : folded == "none" ? nil : false
        default: break
        }
        continue
      }
      if string.hasPrefix("!> ") || string.hasPrefix("?> ") {
        // Docsify's `!> important` and `?> tip` paragraphs: the marker becomes spaces.
        lines[index] = "  " + line.dropFirst(2)
        var container = Container(
          lines: index...(index + 2), type: string.first == "!" ? "important" : "tip", title: nil, closed: false)
        container.opening = false
        found.append(container)
        continue
      }
      if trimmed.elementsEqual("<aside>".utf8) {
        open.append((index, Container(lines: 1...1, type: "note", title: nil), .line("</aside>")))
      } else if trimmed.first == UInt8(ascii: "<"), let tag = HTMLTagLine(string), !tag.selfClosing,
        let (container, summary) = Self.tagContainer(tag, after: lines[(index + 1)...])
      {
        if tag.rest.isEmpty || container.type == "details" {
          // `<details>` has its summary on the line, if anything.
          var container = container
          container.summaryLine = summary
          open.append((index, container, .tag(tag.name)))
          // An MDX component (its name capitalised): its first line sets its indentation.
          if tag.name.first?.isUppercase == true { componentIndent[index] = -1 }
          continue
        }
        if let inner = Self.innerText(tag.rest, closing: tag.name) {
          // The whole component on its line: the line keeps what it holds, its positions
          // counted from where that stood.
          if !inner.isEmpty, let start = line.range(of: inner)?.lowerBound {
            dedented[index + 1] = line.distance(from: line.startIndex, to: start)
          }
          lines[index] = Substring(inner)
          var container = container
          container.lines = index...(index + 2)
          container.closed = false
          container.opening = false
          found.append(container)
          continue
        }
      } else if let (image, colons) = Self.mystFigure(string, after: lines[(index + 1)...]) {
        lines[index] = Substring(image)
        Self.blankingYAMLOptions(after: index, in: &lines)
        open.append((index, Self.figureContainer, .colons(colons)))
        lastOption = nil
        continue
      } else if let (container, colons) = Self.admonition(string) {
        open.append((index, container, .colons(colons)))
        lastOption = nil
      } else if let (container, closing) = Self.liquidContainer(string) {
        open.append((index, container, .line(closing)))
        continue
      } else if let (container, name) = Self.hugoContainer(string) {
        open.append((index, container, .shortcode(name)))
        continue
      }
      if indented.isEmpty, let opening = Self.indentedOpening(text) {
        indented = [(index, opening, index)]
      }
    }
    closeIndented(downTo: 0)
    // An indented container with nothing under it is text as written.
    found.removeAll { !$0.closed && $0.lines.count == 2 }
    guard !found.isEmpty || !targets.isEmpty || diagrams else { return (body, [], [:]) }
    for container in found {
      // At the top level an empty comment, not an empty line: it ends a list before the
      // container (or one in it), which a blank line would let run on into the next.
      let blank: Substring = container.indent == 0 ? "<!---->" : ""
      if container.opening { lines[container.lines.lowerBound - 1] = blank }
      if container.closed { lines[container.lines.upperBound - 1] = blank }
      if let summary = container.summaryLine { for line in summary { lines[line] = "" } }
    }
    for line in options where targets.contains(line) || found.contains(where: { $0.myst && $0.lines.contains(line + 1) }) {
      lines[line] = ""
    }
    return (lines.joined(separator: "\n"), found, dedented)
  }

  /// `body` with the line under a callout's title line (`> [!abstract] Related`) no
  /// underline of a heading, as CommonMark would read `> ---` or `> -` there, making the title a
  /// heading: Obsidian reads the title line alone. Three dashes or more become a rule (`***`),
  /// fewer (an empty list item) or `=` an empty comment. Line numbers stay.
  static func keepingCalloutTitles(_ body: String) -> String {
    guard body.containsBytes("[!") else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var changed = false
    func split(_ line: Substring) -> (markers: Substring, rest: Substring) {
      let markers = line.prefix { $0 == ">" || $0 == " " || $0 == "\t" }
      var rest = line.dropFirst(markers.count)
      if rest.hasSuffix("\r") { rest = rest.dropLast() }
      return (markers, rest)
    }
    for i in lines.indices.dropLast() where lines[i].hasPrefix(">") {
      let (markers, rest) = split(lines[i])
      guard rest.hasPrefix("[!"), rest.contains("]") else { continue }
      let (nextMarkers, next) = split(lines[i + 1])
      guard nextMarkers.contains(">"), nextMarkers.filter({ $0 == ">" }).count == markers.filter({ $0 == ">" }).count else { continue }
      let trimmed = next.trimmingCharacters(in: .whitespaces)
      guard let mark = trimmed.first, mark == "-" || mark == "=", trimmed.allSatisfy({ $0 == mark }) else { continue }
      let replacement = mark == "-" && trimmed.count >= 3 ? String(repeating: "*", count: trimmed.count) : "<!---->"
      lines[i + 1] = nextMarkers + Substring(replacement)
      changed = true
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// `Text.</details>` before a blank line (or the end), as Hexo posts write a folded block:
  /// the closing tag moves to the blank line, where it closes the block as on a line of its
  /// own. Lines keep their number.
  private static func closingDetailsOnTheirOwnLine(_ lines: inout [Substring]) {
    var fences = CodeFences()
    for i in lines.indices {
      guard !fences.contain(lines[i]) else { continue }
      var text = lines[i]
      while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
      guard text.hasSuffix("</details>"), !text.drop(while: { $0 == " " }).hasPrefix("</details>"),
        text.contains(where: { $0 != " " }), !text.contains("<details")
      else { continue }
      let next = i + 1
      guard next == lines.count || lines[next].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { continue }
      lines[i] = text.dropLast("</details>".count)
      if next == lines.count { lines.append("</details>") } else { lines[next] = "</details>" }
    }
  }

  /// Whether `body` has the closing tag of a container that `tagContainer` reads (`</details>`,
  /// `</TabItem>`): one `memchr` pass, as HTML in code makes `</` common.
  private static func hasClosingTag(_ body: String) -> Bool {
    let names: [[UInt8]] = ["details>", "Details>", "Tab", "Aside>", "Admonition>", "Callout>", "Card", "Steps>"].map {
      Array($0.utf8)
    }
    return body.utf8.withContiguousStorageIfAvailable { b in
      b.containsByte(UInt8(ascii: "<")) { i in
        guard i + 2 < b.count, b[i + 1] == UInt8(ascii: "/") else { return false }
        let rest = b[(i + 2)...]
        return names.contains { rest.starts(with: $0) }
      }
    } ?? body.containsBytes("</")
  }

  /// `:class: dropdown`, `:label: x`: a MyST directive's option line, right after its opening.
  /// A MyST figure or image, ```` ```{figure} ./pic.png ```` (or `:::{figure}`): the opening
  /// line as the image (its `:alt:`, else a figure's caption, the text), and how many fence
  /// characters close it. Its options go and a figure's caption stays, under the image.
  static func mystFigure(_ line: Substring, after following: ArraySlice<Substring>) -> (String, Int)? {
    guard let fence = line.first, fence == "`" || fence == ":" else { return nil }
    let count = line.prefix { $0 == fence }.count
    guard count >= 3 else { return nil }
    let rest = line.dropFirst(count).drop { $0 == " " }
    let name = rest.hasPrefix("{figure}") ? "figure" : rest.hasPrefix("{image}") ? "image" : nil
    guard let name else { return nil }
    let path = rest.dropFirst(name.count + 2).trimmingSpaces
    guard !path.isEmpty, !path.contains(" ") else { return nil }
    var alt = ""
    // Options as a block of YAML between `---` lines come first: not the caption.
    var inside = following.prefix(40)
    if inside.first?.trimmingSpaces == "---", let close = inside.dropFirst().firstIndex(where: { $0.trimmingSpaces == "---" }) {
      inside = inside[(close + 1)...]
    }
    for next in inside {
      let text = next.trimmingSpaces
      if text.hasPrefix(String(repeating: String(fence), count: count)) { break }
      if text.hasPrefix(":alt:") {
        alt = String(Substring(text).dropFirst(5).trimmingSpaces)
        break
      }
      if name == "figure", !text.isEmpty, !isDirectiveOption(Substring(text)), alt.isEmpty { alt = text }
    }
    return ("![\(alt.markdownLabel)](\(path.markdownDestination))", count)
  }

  /// A directive's options written as YAML between `---` lines right after line `index`:
  /// blanked.
  private static func blankingYAMLOptions(after index: Int, in lines: inout [Substring]) {
    guard index + 1 < lines.count, lines[index + 1].trimmingSpaces == "---",
      let close = lines[(index + 2)...].prefix(30).firstIndex(where: { $0.trimmingSpaces == "---" })
    else { return }
    for i in (index + 1)...close { lines[i] = "" }
  }

  /// A figure's lines: its opening line stays (the image), its options and fence go.
  private static var figureContainer: Container {
    var container = Container(lines: 1...1, type: "", title: nil, plain: true)
    container.myst = true
    container.opening = false
    return container
  }

  private static func isDirectiveOption(_ line: Substring) -> Bool {
    guard line.first == ":" else { return false }
    let name = line.dropFirst().prefix { $0.isLetter || $0 == "-" || $0 == "_" }
    guard !name.isEmpty else { return false }
    let rest = line.dropFirst(1 + name.count)
    return rest.first == ":" && (rest.count == 1 || rest.dropFirst().first == " ")
  }

  /// What closes a container of lines.
  private enum Closing {
    /// A line of exactly this many colons.
    case colons(Int)
    /// A line of at least this many backticks (a MyST directive's fence).
    case backticks(Int)
    /// This line.
    case line(String)
    /// Hugo's closing tag of this shortcode, `{{< /name >}}` or `{{% /name %}}`.
    case shortcode(String)
    /// The closing tag of this HTML element or MDX component, `</name>`.
    case tag(String)

    func closes(_ trimmed: Substring.UTF8View) -> Bool {
      switch self {
      case .colons(let count): trimmed.count == count && trimmed.allSatisfy { $0 == UInt8(ascii: ":") }
      case .backticks(let count):
        trimmed.prefix { $0 == UInt8(ascii: "`") }.count >= count
          && trimmed.drop(while: { $0 == UInt8(ascii: "`") }).allSatisfy { $0 == 0x20 || $0 == 0x09 }
      case .line(let text): Substring(trimmed).trimmingSpaces == text
      case .shortcode(let name):
        HugoShortcode(Substring(trimmed).trimmingSpaces).map { $0.closing && $0.name == name } ?? false
      case .tag(let name): Substring(trimmed).trimmingSpaces == "</" + name + ">"
      }
    }
  }

  /// MyST's directives that hold Markdown to show as a callout: admonitions, and the boxes
  /// of `sphinx-proof` (`prf:theorem`) and `sphinx-exercise`.
  private static let mystBoxes: Set<String> = [
    "note", "tip", "hint", "important", "warning", "caution", "attention", "danger", "error", "seealso",
    "admonition", "exercise", "solution", "epigraph", "sidebar", "margin", "topic", "dropdown",
  ]

  /// ```` ```{note} Title ```` (three or more backticks) for a directive in `mystBoxes` or
  /// `prf:…`: the container and the number of backticks.
  private static func mystDirective(_ line: Substring) -> (Container, Int)? {
    let count = line.prefix { $0 == "`" }.count
    guard count >= 3 else { return nil }
    let rest = line.dropFirst(count)
    guard rest.first == "{", let close = rest.firstIndex(of: "}") else { return nil }
    let name = rest[rest.index(after: rest.startIndex)..<close].lowercased()
    let kind = name.split(separator: ":").last.map(String.init) ?? name
    guard mystBoxes.contains(name) || name.hasPrefix("prf:") else { return nil }
    var title = rest[rest.index(after: close)...].trimmingSpaces
    var type = kind
    if type == "admonition" { type = "note" }
    if title.isEmpty || name == "solution" || name == "exercise" {
      // `{solution} ex1` names the exercise it answers: the box reads "Solution".
      title = titled(kind)
    }
    var container = Container(lines: 1...1, type: type, title: title, openFolded: name == "dropdown" ? false : nil)
    container.myst = true
    return (container, count)
  }

  /// An Azure DevOps wiki draws `::: mermaid` … `:::` as a diagram: its lines are a code
  /// block of language `mermaid`, as a ```` ```mermaid ```` fence is, not a callout's Markdown.
  private static func mermaidDiagramsAsCode(_ lines: inout [Substring]) -> Bool {
    var fences = CodeFences()
    var changed = false
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      if fences.contain(lines[index]) { continue }
      let line = lines[index].trimmingSpaces
      let colons = line.prefix { $0 == ":" }.count
      guard colons >= 3, line.dropFirst(colons).trimmingSpaces.lowercased() == "mermaid",
        let end = lines[(index + 1)...].firstIndex(where: { $0.trimmingSpaces == line.prefix(colons) })
      else { continue }
      lines[index] = "```mermaid"
      lines[end] = "```"
      index = end
      changed = true
    }
    return changed
  }

  /// Obsidian's Admonition plugin, ```` ```ad-note ```` (three or more backticks; any type
  /// after `ad-`, as the plugin lets a vault add its own): a callout of that type, titled by
  /// its type until a `title:` option line under the fence says otherwise.
  private static func pluginAdmonition(_ line: Substring) -> (Container, Int)? {
    let count = line.prefix { $0 == "`" }.count
    guard count >= 3 else { return nil }
    let rest = line.dropFirst(count).trimmingSpaces
    guard rest.hasPrefix("ad-") else { return nil }
    let type = rest.dropFirst(3).lowercased()
    guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
    var container = Container(lines: 1...1, type: type, title: titled(type))
    container.myst = true
    container.pluginOptions = true
    return (container, count)
  }

  /// An Admonition plugin option line, `title: Text`, `collapse: open`, `icon: …`, `color: …`:
  /// its key and value.
  private static func pluginAdmonitionOption(_ line: Substring) -> (String, String)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon].lowercased()
    guard ["title", "collapse", "icon", "color"].contains(key) else { return nil }
    return (key, String(line[line.index(after: colon)...].trimmingSpaces))
  }

  /// `(label)=` on a line of its own: a MyST target.
  private static func isCellBreak(_ line: Substring) -> Bool {
    var text = line
    while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
    guard text.hasPrefix("+++") else { return false }
    let rest = text.dropFirst(3).drop { $0 == " " }
    return rest.isEmpty || (text.dropFirst(3).first == " " && rest.hasPrefix("{") && rest.hasSuffix("}"))
  }

  private static func isMystTarget(_ line: Substring) -> Bool {
    var text = line
    while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
    guard text.hasPrefix("("), text.hasSuffix(")="), text.count > 3 else { return false }
    return text.dropFirst().dropLast(2).allSatisfy { $0.isLetter || $0.isNumber || "_-:./".contains($0) }
  }

  /// A container GitBook or Hexo writes as a Liquid tag: `{% hint style="info" %}` …
  /// `{% endhint %}`, `{% tab title="One" %}` … `{% endtab %}`, Hexo's `{% note info %}` …
  /// `{% endnote %}`. The container and its closing line.
  private static func liquidContainer(_ line: Substring) -> (Container, String)? {
    guard let tag = LiquidTag(line) else { return nil }
    let words = tag.words
    func isName(_ s: String) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } }
    switch words.first {
    case "hint":
      guard let style = tag.value("style")?.lowercased(), isName(style) else { return nil }
      return (Container(lines: 1...1, type: style, title: titled(style)), "{% endhint %}")
    case "tab":
      guard let title = tag.value("title") else { return nil }
      return (Container(lines: 1...1, type: "tab", title: title), "{% endtab %}")
    case "note":
      // Hexo's themes: `{% note [type] [no-icon] %}`, no title.
      let type = words.dropFirst().first.map { String($0).lowercased() } ?? "note"
      return (Container(lines: 1...1, type: isName(type) && type != "no-icon" ? type : "note", title: nil), "{% endnote %}")
    default:
      return nil
    }
  }

  /// A container a Hugo site writes as a shortcode, the ones of Hugo's documentation and its
  /// common themes: hugo-book's `{{< hint info >}}`, `{{< details "Title" >}}` and
  /// `{{< tab "macOS" >}}`; Learn's and Relearn's `{{% notice tip "Title" %}}` and
  /// `{{% expand "Title" %}}`; Docsy's `{{% alert title="…" color="warning" %}}`; Hextra's
  /// `{{< callout type="info" >}}`; LoveIt's `{{< admonition tip "Title" >}}`; Hugo's own
  /// `{{< note >}}`, `{{< details summary="…" >}}` (`HugoShortcodes` takes away the tags
  /// around tab groups). The container and the shortcode's name, which its closing tag repeats.
  private static func hugoContainer(_ line: Substring) -> (Container, String)? {
    guard line.hasPrefix("{{"), let tag = HugoShortcode(line), !tag.closing, HugoShortcodes.containers.contains(tag.name)
    else { return nil }
    func kind(_ value: String?, else fallback: String) -> String {
      guard let value = value?.lowercased(), !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") })
      else { return fallback }
      return value
    }
    func isTrue(_ value: String?) -> Bool { value.map { $0 == "true" || $0 == "open" } ?? false }
    let container: Container
    switch tag.name {
    case "hint":
      let type = kind(tag.value("type", 0), else: "note")
      container = Container(lines: 1...1, type: type, title: tag.value("title") ?? titled(type))
    case "notice":
      let type = kind(tag.value("style") ?? tag.value("type", 0), else: "note")
      container = Container(lines: 1...1, type: type, title: tag.value("title", 1) ?? titled(type))
    case "alert":
      container = Container(lines: 1...1, type: kind(tag.value("color") ?? tag.value("type"), else: "info"), title: tag.value("title"))
    case "callout":
      container = Container(lines: 1...1, type: kind(tag.value("type", 0), else: "note"), title: tag.value("title"))
    case "admonition":
      let type = kind(tag.value("type", 0), else: "note")
      let folded = tag.value("open", 2) == "false" ? false : nil as Bool?
      container = Container(lines: 1...1, type: type, title: tag.value("title", 1) ?? titled(type), openFolded: folded)
    case "note", "tip", "info", "warning", "caution", "important", "danger":
      container = Container(lines: 1...1, type: tag.name, title: tag.value("title") ?? titled(tag.name))
    case "details", "expand":
      let title = tag.value("title") ?? tag.value("summary") ?? tag.positional.first ?? titled(tag.name)
      let open = isTrue(tag.value("open")) || tag.positional.dropFirst().contains { isTrue($0) }
      container = Container(lines: 1...1, type: "details", title: title, openFolded: open)
    case "tab":
      guard let title = tag.value("title") ?? tag.value("header") ?? tag.value("name", 0) else { return nil }
      container = Container(lines: 1...1, type: "tab", title: title)
    default:
      return nil
    }
    return (container, tag.name)
  }

  /// A container written as an HTML element or an MDX component on lines of its own:
  /// `<details>` (titled by the `<summary>…</summary>` on its line or the next one, which the
  /// second value gives), Docusaurus' and Starlight's `<TabItem label="…">`, `<Aside>`,
  /// `<Admonition>`, Nextra's `<Callout>`, Starlight's `<Card>`; `<Tabs>`, `<CardGrid>` and
  /// `<Steps>` only group their blocks.
  private static func tagContainer(_ tag: HTMLTagLine, after following: ArraySlice<Substring>) -> (Container, ClosedRange<Int>?)? {
    func kind(_ value: String?) -> String {
      guard let value = value?.lowercased(), !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return "note"
      }
      return value
    }
    switch tag.name {
    case "details", "Details":
      // The summary: on the tag's line, or the next line that is not blank.
      var summary: (title: String, line: ClosedRange<Int>?)?
      if !tag.rest.isEmpty {
        summary = Self.innerText(tag.rest, opening: "summary").map { ($0, nil) }
      } else if let next = following.firstIndex(where: { !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }) {
        if let title = Self.innerText(following[next].trimmingSpaces, opening: "summary") {
          summary = (title, next...next)
        } else if following[next].trimmingSpaces == "<summary>",
          let close = following[(next + 1)...].prefix(5).firstIndex(where: { $0.trimmingSpaces == "</summary>" })
        {
          // Over lines of its own: `<summary>`, its text, `</summary>`.
          let title = following[(next + 1)..<close].map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
          summary = (title, next...close)
        }
      }
      guard tag.rest.isEmpty || summary != nil else { return nil }
      let title = summary.map { Self.withoutTags($0.title) } ?? "Details"
      return (
        Container(lines: 1...1, type: "details", title: title, openFolded: tag.attributes["open"] != nil),
        summary?.line
      )
    case "Tabs", "CardGrid", "Steps", "TabGroup":
      return (Container(lines: 1...1, type: "", title: nil, plain: true), nil)
    case "TabItem", "Tab":
      return (Container(lines: 1...1, type: "tab", title: tag.attributes["label"] ?? tag.attributes["title"] ?? tag.attributes["value"]), nil)
    case "Aside", "Admonition":
      let type = kind(tag.attributes["type"])
      return (Container(lines: 1...1, type: type, title: tag.attributes["title"] ?? titled(type)), nil)
    case "Callout":
      return (Container(lines: 1...1, type: kind(tag.attributes["type"]), title: tag.attributes["title"]), nil)
    case "Card":
      return (Container(lines: 1...1, type: "card", title: tag.attributes["title"]), nil)
    default:
      return nil
    }
  }

  /// What stands between `<name …>` (or, with `closing` only, the start) and `</name>` when the
  /// text is exactly that: `<summary>Title</summary>` is "Title".
  private static func innerText(_ text: some StringProtocol, opening: String? = nil, closing: String? = nil) -> String? {
    var inner = Substring(text).trimmingSpaces[...]
    if let opening {
      guard let tag = HTMLTagLine(inner), tag.name == opening, !tag.selfClosing else { return nil }
      inner = tag.rest
    }
    let end = "</" + (closing ?? opening ?? "") + ">"
    guard inner.hasSuffix(end) else { return nil }
    return Substring(inner.dropLast(end.count)).trimmingSpaces
  }

  /// `html` without its tags: `<b>Show</b> more` is "Show more".
  private static func withoutTags(_ html: String) -> String {
    html.replacing(#/<[^<>]*>/#, with: "")
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
    let byType = titled(name)
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

  /// `:::type`, `:::type Title` or `:::type[Title]` (three or more colons; Docusaurus,
  /// VitePress, also with a space, `::: tip Title`), `:::{tip} Title` (MyST), `::: details
  /// Title` (a closed `<details>`), and a Pandoc div, `::: {.class}` or `::: name`, or
  /// VuePress's `::: v-pre`, which only group their blocks: the container and the colons.
  private static func admonition(_ line: Substring) -> (Container, Int)? {
    let colons = line.prefix { $0 == ":" }.count
    guard colons >= 3 else { return nil }
    var rest = line.dropFirst(colons).drop { $0 == " " || $0 == "\t" }
    var myst = false
    if rest.hasPrefix("{"), let close = rest.lastIndex(of: "}") {
      let attributes = Substring(rest[rest.index(after: rest.startIndex)..<close].trimmingSpaces)
      // Quarto's callout, `::: {.callout-warning title="Careful" collapse="true"}`.
      if let type = attributes.split(separator: " ").first(where: { $0.hasPrefix(".callout-") })?.dropFirst(9), !type.isEmpty {
        var container = Container(lines: 1...1, type: String(type).lowercased(), title: nil)
        container.title = quotedAttribute("title", in: attributes) ?? titled(container.type)
        container.headingTitle = quotedAttribute("title", in: attributes) == nil
        if let collapse = quotedAttribute("collapse", in: attributes) { container.openFolded = collapse == "false" }
        return (container, colons)
      }
      // Pandoc's attributes (`{.class}`, `{#id}`, `{ #fig-x }`, `{layout-ncol=2}`):
      // nothing to show.
      if attributes.hasPrefix(".") || attributes.hasPrefix("#") || attributes.contains("=") {
        return (Container(lines: 1...1, type: "", title: nil, plain: true), colons)
      }
    }
    if rest.hasPrefix("v-pre") {
      // VuePress's: nothing to show.
      return (Container(lines: 1...1, type: "", title: nil, plain: true), colons)
    }
    if rest.first == "{", let close = rest.firstIndex(of: "}") {
      // MyST: `{note}`, `{admonition} Title`, `{prf:theorem}`.
      myst = true
      let name = rest[rest.index(after: rest.startIndex)..<close]
      rest = name.split(separator: ":").last.map { $0 + rest[rest.index(after: close)...] } ?? ""
    }
    let type = rest.prefix { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }
    guard !type.isEmpty else { return nil }
    if type == "code-group" {
      // VitePress's tabs of code blocks, each titled by its `[label]`: the blocks, one by one.
      return (Container(lines: 1...1, type: "", title: nil, plain: true), colons)
    }
    var after = rest.dropFirst(type.count)
    var title: Substring
    if after.first == "[", after.last == "]" {
      title = after.dropFirst().dropLast()
    } else {
      guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
      after = after.drop { $0 == " " || $0 == "\t" }
      title = after
    }
    var name = type.lowercased()
    var shown = title.trimmingSpaces
    // Qiita's `:::note info` / `warn` / `alert` and Zenn's `:::message` / `:::message alert`:
    // the word after the name is the box's style, not its title.
    if name == "note" || name == "message", let style = ["info": "note", "warn": "warning", "alert": "danger"][shown.lowercased()] {
      (name, shown) = (style, "")
    } else if name == "message", shown.isEmpty {
      name = "note"
    }
    var openFolded: Bool?
    if name == "details" || name == "dropdown" {
      openFolded = false
      // VitePress opens one with `{open}` after its title.
      if shown.hasSuffix("{open}") {
        shown = String(Substring(shown).dropLast(6).trimmingSpaces)
        openFolded = true
      }
      if shown.isEmpty { name = "details" }
    }
    if name == "admonition", !shown.isEmpty { name = "note" }
    // Quarto's short form, `::: callout-tip`, titled by the heading it opens with.
    var headingTitle = false
    if name.hasPrefix("callout-"), name.count > 8 {
      name = String(name.dropFirst(8))
      headingTitle = shown.isEmpty
    }
    let byType = titled(name)
    var container = Container(
      lines: 1...1, type: name, title: shown.isEmpty ? byType : shown, openFolded: openFolded)
    container.myst = myst
    container.headingTitle = headingTitle
    return (container, colons)
  }

  /// The value of `name="…"` (or `'…'`) among Pandoc attributes.
  private static func quotedAttribute(_ name: String, in attributes: Substring) -> String? {
    guard let range = attributes.range(of: name + "="), range.lowerBound == attributes.startIndex
      || attributes[attributes.index(before: range.lowerBound)] == " "
    else { return nil }
    let after = attributes[range.upperBound...]
    guard let quote = after.first, quote == "\"" || quote == "'" else {
      return String(after.prefix { $0 != " " })
    }
    return String(after.dropFirst().prefix { $0 != quote })
  }

  /// Where a list item's text starts on its first line (`- ` 2, `10. ` 4), or nil when the
  /// line opens no list item.
  private static func listItemContent(_ line: Substring.UTF8View.SubSequence) -> Int? {
    guard let first = line.first else { return nil }
    var width: Int
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
      width = 1
    } else {
      let digits = line.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
      guard (1...9).contains(digits), let mark = line.dropFirst(digits).first, mark == UInt8(ascii: ".") || mark == UInt8(ascii: ")")
      else { return nil }
      width = digits + 1
    }
    let spaces = line.dropFirst(width).prefix { $0 == 0x20 }.count
    guard spaces > 0 || line.count == width else { return nil }
    return width + min(max(spaces, 1), 4)
  }

  /// The innermost list item or block quote whose lines hold `line`, below `node`.
  private static func holder(of line: Int, in node: CmarkNode) -> CmarkNode? {
    var child = node.firstChild
    while let c = child {
      switch c.type {
      case CMARK_NODE_LIST, CMARK_NODE_CUSTOM_BLOCK:
        if let found = holder(of: line, in: c) { return found }
      case CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE:
        if c.startLine <= line && line <= c.endLine { return holder(of: line, in: c) ?? c }
      default:
        break
      }
      child = c.next
    }
    return nil
  }

  /// The title a callout of `type` shows when it gives none (`tip` reads "Tip"), as
  /// `CalloutPass` titles Obsidian's.
  static func titled(_ type: String) -> String { type.prefix(1).uppercased() + type.dropFirst() }

  /// `title` as HTML: its inline Markdown (code, emphasis) rendered, as the tools that write
  /// these titles show them; escaped text when it is more than one paragraph's inlines.
  static func titleHTML(_ title: String) -> String {
    CmarkDocument.withParsed(title) { root in
      guard let paragraph = root.firstChild, paragraph.isParagraph, paragraph.next == nil else {
        return HTML.escape(title)
      }
      var html = CmarkDocument.renderHTML(paragraph, unsafe: false)
      if html.hasPrefix("<p>") { html.removeFirst(3) }
      while html.hasSuffix("\n") { html.removeLast() }
      if html.hasSuffix("</p>") { html.removeLast(4) }
      return html
    }
  }

  /// Puts the top-level blocks that start inside each container in a callout (for an
  /// indented one, the blocks of the list item or quote that holds it).
  /// Outer containers first, so that an inner one's callout is made inside the outer one's.
  static func wrap(_ root: CmarkNode, _ asides: [Container]) {
    guard !asides.isEmpty else { return }
    func children(_ node: CmarkNode) -> [CmarkNode] {
      var blocks: [CmarkNode] = []
      var child = node.firstChild
      while let node = child {
        blocks.append(node)
        child = node.next
      }
      return blocks
    }
    let topLevel = children(root)
    for aside in asides.sorted(by: { $0.lines.lowerBound < $1.lines.lowerBound }) where !aside.plain {
      let parent = aside.indent > 0 ? holder(of: aside.lines.lowerBound, in: root) : nil
      let blocks = parent.map(children) ?? topLevel
      var inside = blocks.filter { $0.startLine > aside.lines.lowerBound && $0.startLine < aside.lines.upperBound }
      var aside = aside
      if aside.headingTitle, let first = inside.first, first.type == CMARK_NODE_HEADING {
        aside.title = PlainText.of(first)
        first.remove()
        inside.removeFirst()
      }
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
        callout.append(.customBlock(enter: "<\(tag) class=\"callout-title\">\(titleHTML(title))</\(tag)>\n"))
      }
      if let first = inside.first ?? blocks.first(where: { $0.startLine > aside.lines.upperBound }) {
        first.insertBefore(callout)
      } else {
        (parent ?? root).append(callout)
      }
      for node in inside { callout.append(node) }
    }
  }
}
