/// kramdown's attribute lists, as Jekyll sites write them, which a page should not show:
///
/// - a line of its own that is only `{: .class #id key="value"}` (after a heading, paragraph
///   or list), `{:ref: .class}` or an extension like `{::options … /}` is blanked;
/// - `{::comment}` … `{:/comment}` is blanked, as kramdown leaves it out;
/// - `{:…}` right after a link, emphasis, code span or `:shortcode:`
///   (`[x](y){:target="_blank"}`) goes;
/// - the table of contents, a one-item list over `{:toc}`, becomes `[TOC]`, which
///   `ContentsPass` fills in, and a heading marked `{: .no_toc}` is left out of it.
///
/// Fenced code and code spans keep theirs. Lines keep their number; a line that lost an
/// inline list reports columns after it a little to the left.
enum KramdownAttributes {
  /// `body` so changed, and the body lines of the headings marked `.no_toc`.
  static func resolving(_ body: String) -> (text: String, hidden: Set<Int>) {
    guard body.containsBytes("{:") else { return (body, []) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var hidden = Set<Int>()
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
      guard !fences.contain(Substring(line)), line.containsBytes("{:") else { continue }
      let trimmed = Substring(line).trimmingSpaces
      if trimmed.hasPrefix("{::comment}") {
        inComment = !trimmed.contains("{:/")
        lines[i] = ""
        changed = true
        continue
      }
      if trimmed.hasPrefix("{:"), trimmed.hasSuffix("}"), line.prefix(while: { $0 == " " }).count <= 3,
        !trimmed.dropLast().dropFirst(2).contains("}")
      {
        let inner = trimmed.dropFirst(2).dropLast().trimmingSpaces
        if i > 0 {
          let previous = Substring(lines[i - 1]).trimmingSpaces
          if inner == "toc", isListItem(previous) {
            lines[i - 1] = "[TOC]"
          } else if previous.hasPrefix("#"), inner.split(separator: " ").contains(".no_toc") {
            hidden.insert(i)
          }
        }
        lines[i] = ""
        changed = true
        continue
      }
      let stripped = withoutInlineLists(line)
      if stripped != line {
        lines[i] = stripped
        changed = true
      }
    }
    return (changed ? lines.joined(separator: "\n") : body, hidden)
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

  /// `line` without the `{:…}` lists that follow a link, image, emphasis, code span or
  /// `:shortcode:`, outside code spans.
  private static func withoutInlineLists(_ line: String) -> String {
    var out = ""
    var rest = Substring(line)
    var backticks = 0
    while let open = rest.firstRange(of: "{:") {
      let before = rest[..<open.lowerBound]
      backticks += before.filter { $0 == "`" }.count
      out += before
      let after = rest[open.upperBound...]
      if backticks % 2 == 0, let last = out.last, ")]*_`:".contains(last),
        let close = after.firstIndex(of: "}"), !after[..<close].contains("{")
      {
        rest = after[after.index(after: close)...]
      } else {
        out += "{:"
        rest = after
      }
    }
    return out + rest
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
