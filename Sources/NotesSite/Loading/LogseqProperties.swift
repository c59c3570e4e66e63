import Foundation
import NotesYAML

/// Logseq's page properties: `key:: value` lines that open a page file, as Logseq writes a
/// page's first block (`title:: Article/Guide`, `alias:: Guide, [[How-to]]`, `tags:: [[a]], b`,
/// `public:: false`). They are the note's front matter, read as YAML's would be: `title`,
/// `alias` and `tags` (comma-separated, `[[…]]` and `#` optional), `public:: false` as a
/// draft, and wiki links in any other value as the note's links.
enum LogseqProperties {
  /// The number of lines at the start of `text` that are properties (0 when the first is not).
  /// A property line is a key of ASCII letters, digits, `-` and `_` (starting with a
  /// lower-case letter), `::`, then a space or the end of the line. As Logseq writes them, they end the
  /// file or are followed by a blank line or the first block (`- `); anything else means the
  /// lines are a note's own text that happens to look like them.
  static func lineCount(_ text: Substring) -> Int {
    var count = 0
    var rest = text.utf8[...]
    while !rest.isEmpty {
      let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
      guard property(Substring(rest[..<end])) != nil else {
        let line = rest[..<end].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        let blockOrBlank = line.isEmpty || line.starts(with: "- ".utf8) || line.starts(with: "-\t".utf8)
          || line.elementsEqual("-".utf8)
        return blockOrBlank ? count : 0
      }
      count += 1
      rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
    }
    return count
  }

  /// The key and value of a property line, without the line's `\r`.
  static func property(_ line: Substring) -> (key: Substring, value: Substring, valueColumn: Int)? {
    var line = line
    if line.utf8.last == 0x0D { line = line.dropLast() }
    let u = line.utf8
    guard let first = u.first, first >= 0x61, first <= 0x7A else { return nil }
    var i = u.startIndex
    // Letters of either case after the first (`sameAs::`), digits, `-`, `_`.
    while i < u.endIndex, u[i] >= 0x61 && u[i] <= 0x7A || u[i] >= 0x41 && u[i] <= 0x5A || u[i] >= 0x30 && u[i] <= 0x39
      || u[i] == 0x2D || u[i] == 0x5F
    {
      i = u.index(after: i)
    }
    guard u[i...].starts(with: "::".utf8) else { return nil }
    let afterColons = u.index(i, offsetBy: 2)
    guard afterColons == u.endIndex || u[afterColons] == 0x20 || u[afterColons] == 0x09 else { return nil }
    var valueStart = afterColons
    while valueStart < u.endIndex, u[valueStart] == 0x20 || u[valueStart] == 0x09 { valueStart = u.index(after: valueStart) }
    var valueEnd = u.endIndex
    while valueEnd > valueStart, u[u.index(before: valueEnd)] == 0x20 || u[u.index(before: valueEnd)] == 0x09 {
      valueEnd = u.index(before: valueEnd)
    }
    let column = u.distance(from: u.startIndex, to: valueStart) + 1
    return (line[..<i], line[valueStart..<valueEnd], column)
  }

  /// A list value's items: split at commas, but not at one inside `[[…]]`
  /// (`[[Docker: Up & Running, 3rd Edition]]` is one page).
  static func items(_ value: Substring) -> [Substring] {
    var items: [Substring] = []
    var depth = 0
    var start = value.startIndex
    var i = value.startIndex
    while i < value.endIndex {
      let c = value[i]
      if c == "[", value[value.index(after: i)...].hasPrefix("[") {
        depth += 1
        i = value.index(i, offsetBy: 2)
        continue
      }
      if c == "]", depth > 0, value[value.index(after: i)...].hasPrefix("]") {
        depth -= 1
        i = value.index(i, offsetBy: 2)
        continue
      }
      if c == ",", depth == 0 {
        items.append(value[start..<i])
        start = value.index(after: i)
      }
      i = value.index(after: i)
    }
    items.append(value[start...])
    return items
  }

  /// The properties as a front matter mapping; lines are those of the note (the first is 1).
  static func parse(_ header: String) -> YAMLNode {
    var entries: [YAMLNode.Entry] = []
    var seen = Set<String>()
    for (index, line) in header.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let (key, value, column) = property(line), !value.isEmpty else { continue }
      let lineNumber = index + 1
      let name = String(key)
      guard seen.insert(name).inserted else { continue }
      func scalar(_ text: some StringProtocol, plain: Bool = false) -> YAMLNode {
        .scalar(String(text), plain: plain, line: lineNumber, column: column)
      }
      switch name {
      case "alias", "tags":
        let items = Self.items(value).map { item -> String in
          var item = item.trimmingCharacters(in: [" ", "\t"])
          if name == "tags", item.hasPrefix("#") { item.removeFirst() }
          if item.hasPrefix("[["), item.hasSuffix("]]"), item.count > 4 { item = String(item.dropFirst(2).dropLast(2)) }
          return item
        }.filter { !$0.isEmpty }
        entries.append(YAMLNode.Entry(key: name, value: .sequence(items.map { scalar($0) }, line: lineNumber, column: column), line: lineNumber, column: 1))
      case "public":
        // `public:: false` keeps a page out of Logseq's published graph.
        guard value == "true" || value == "false" else { continue }
        entries.append(YAMLNode.Entry(key: "publish", value: scalar(value, plain: true), line: lineNumber, column: 1))
      case "title":
        entries.append(YAMLNode.Entry(key: name, value: scalar(value), line: lineNumber, column: 1))
      default:
        // Logseq's own meanings (`date:: [[Feb 20th, 2021]]` is a link to a journal page), not
        // notes-site's: only the wiki links in them are read.
        entries.append(YAMLNode.Entry(key: "logseq:" + name, value: scalar(value), line: lineNumber, column: 1))
      }
    }
    return .mapping(entries, line: 1, column: 1)
  }
}
