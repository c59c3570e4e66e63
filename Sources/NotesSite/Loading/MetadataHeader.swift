import Foundation
import NotesYAML

/// The metadata Pelican and MultiMarkdown open a note with instead of front matter: `Key: value`
/// lines up to the first blank line (`Title: Helm`, `Date: 2018-11-12 21:00:08`,
/// `Tags: Container, Helm`), a value going on over lines indented by spaces. They are the
/// note's front matter, read as YAML's would be: `title`, `date`, `modified` (the update),
/// `tags` (separated by commas, or by `;` when there is one, as Pelican splits them), `slug`,
/// `lang`, and `status: draft` as a draft; other keys (`Category`, `Author`, `Summary`) are
/// ignored.
enum MetadataHeader {
  /// The keys Pelican gives a meaning to. The first line must hold one: a note that opens
  /// with `Note: remember to…` is prose.
  static let keys: Set<String> = [
    "title", "date", "modified", "tags", "category", "slug", "author", "authors", "summary", "status", "lang",
  ]

  /// The number of lines at the start of `text` that are such metadata (0 when they are not):
  /// the first is `Key: value` with a key Pelican knows (in any case), and every line up to
  /// the first blank one (or the end) is `Key: value` or indented, a value's continuation.
  /// Any other line among them means they are a note's own text that happens to look so.
  /// A `Title` must be among them, as Pelican requires of a post: a meeting note that opens
  /// with `Date: 2024-03-01` over `Attendees: Ann, Bob` keeps those lines as its text.
  static func lineCount(_ text: Substring) -> Int {
    var count = 0
    var titled = false
    var rest = text.utf8[...]
    while !rest.isEmpty {
      let end = rest.firstIndex(of: 0x0A) ?? rest.endIndex
      var line = Substring(rest[..<end])
      if line.utf8.last == 0x0D { line = line.dropLast() }
      if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { break }
      if count > 0, line.utf8.first == 0x20 || line.utf8.first == 0x09 {
        count += 1
      } else if let (key, _, _) = entry(line), count > 0 || keys.contains(key.lowercased()) {
        count += 1
        if key.lowercased() == "title" { titled = true }
      } else {
        return 0
      }
      rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
    }
    return titled ? count : 0
  }

  /// The key and value of a `Key: value` line (without its `\r`): a key of letters, digits,
  /// spaces (MultiMarkdown's `Base Header Level`), `_` and `-`, then `:` and a space or the
  /// end of the line, so `https://…` is no key.
  static func entry(_ line: Substring) -> (key: Substring, value: Substring, valueColumn: Int)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon]
    guard let first = key.first, first.isLetter || first.isNumber, key.last != " ",
      key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "_" || $0 == "-" })
    else { return nil }
    let after = line[line.index(after: colon)...]
    guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
    let value = after.drop { $0 == " " || $0 == "\t" }
    let column = line.utf8.distance(from: line.startIndex, to: value.startIndex) + 1
    return (key, trimmedEnd(value), column)
  }

  /// `text` without the spaces, tabs and `\r` that end it.
  private static func trimmedEnd(_ text: Substring) -> Substring {
    var text = text
    while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
    return text
  }

  /// The metadata as a front matter mapping; lines are those of the note (the first is 1).
  static func parse(_ header: String) -> YAMLNode {
    // Each key's value with its continuation lines, joined by spaces, as MultiMarkdown does.
    var fields: [(key: String, value: String, line: Int, column: Int)] = []
    // Split at `\n` bytes: a `\r\n` is one `Character`, which no `\n` would match.
    for (index, raw) in header.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let line = trimmedEnd(Substring(raw))
      if line.first == " " || line.first == "\t" {
        let more = line.drop { $0 == " " || $0 == "\t" }
        if !fields.isEmpty, !more.isEmpty {
          fields[fields.count - 1].value += (fields[fields.count - 1].value.isEmpty ? "" : " ") + more
        }
        continue
      }
      guard let (key, value, column) = entry(line) else { continue }
      fields.append((key.lowercased(), String(value), index + 1, column))
    }
    var entries: [YAMLNode.Entry] = []
    var seen = Set<String>()
    for field in fields where !field.value.isEmpty && seen.insert(field.key).inserted {
      func scalar(_ text: some StringProtocol, plain: Bool = false) -> YAMLNode {
        .scalar(String(text), plain: plain, line: field.line, column: field.column)
      }
      func add(_ key: String, _ value: YAMLNode) {
        entries.append(YAMLNode.Entry(key: key, value: value, line: field.line, column: 1))
      }
      switch field.key {
      case "title", "date", "slug", "lang": add(field.key, scalar(field.value))
      case "modified": add("updated", scalar(field.value))
      case "tags":
        // Pelican splits at `;` when the value has one, else at commas: a tag may hold spaces.
        let separator: Character = field.value.contains(";") ? ";" : ","
        let tags = field.value.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }
          .filter { !$0.isEmpty }
        add("tags", .sequence(tags.map { scalar($0) }, line: field.line, column: field.column))
      // Pelican's other statuses, `published` and `hidden` (a page listed nowhere), publish it.
      case "status" where field.value.lowercased() == "draft": add("draft", scalar("true", plain: true))
      default: break
      }
    }
    return .mapping(entries, line: 1, column: 1)
  }
}
