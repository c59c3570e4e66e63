/// What DocFX (Microsoft Learn's documentation) writes on lines of its own, outside code:
/// - `[!INCLUDE [Title](../includes/file.md)]` shows that file's text: an embed of it,
///   `![Title](../includes/file.md)` (see `LinkPass`);
/// - `:::image type="content" source="media/a.png" alt-text="…":::` is the image
///   (`type="complex"` too, whose `:::image-end:::` line goes);
/// - the lines of zones, rows and columns (`:::zone pivot="csharp"`, `::: zone-end`,
///   `:::row:::`, `:::column span="2":::`, `:::column-end:::`, `:::row-end:::`) go, and every
///   zone's text shows;
/// - `> [!div class="nextstepaction"]` goes, leaving the link it styles.
/// Each line stays one line, so line numbers stay the note's.
enum DocFXSyntax {
  /// `body` rewritten, and how many characters each line (1-based) inside a column lost: a
  /// column's lines lose the indentation of its first line, which DocFX does not read as code.
  static func resolving(_ body: String) -> (body: String, dedented: [Int: Int]) {
    guard body.utf8.count >= 8,
      body.containsBytes("[!INCLUDE") || body.containsBytes("[!include") || body.containsBytes(":::image")
        || body.containsBytes(":::zone") || body.containsBytes("::: zone") || body.containsBytes(":::row")
        || body.containsBytes(":::column") || body.containsBytes(":::moniker")
        || body.containsBytes("[!div")
    else { return (body, [:]) }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    var fences = CodeFences()
    var dedented: [Int: Int] = [:]
    // Inside a column: the indentation its lines lose (nil until its first line).
    var column: Int??
    for i in lines.indices {
      var line = lines[i]
      if let indent = column, !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }),
        !Substring(line).trimmingSpaces.hasPrefix(":::")
      {
        let available = line.prefix { $0 == " " }.count
        let amount = min(indent ?? available, available)
        if indent == nil { column = .some(available) }
        if amount > 0 {
          line.removeFirst(amount)
          lines[i] = line
          dedented[i + 1] = amount
          changed = true
        }
      }
      guard !fences.contain(Substring(line)) else { continue }
      let indentation = line.prefix { $0 == " " || $0 == "\t" || $0 == ">" }
      var trimmed = Substring(line.dropFirst(indentation.count)).trimmingSpaces
      if trimmed.last == "\r" { trimmed = Substring(trimmed.dropLast()).trimmingSpaces }
      guard let replacement = Self.replacement(Substring(trimmed), quoted: indentation.contains(">")) else { continue }
      if trimmed.hasPrefix(":::") {
        let name = trimmed.drop { $0 == ":" }.drop { $0 == " " }.prefix { $0.isLetter || $0 == "-" }
        if name == "column" { column = .some(nil) } else if name == "column-end" || name == "row-end" { column = nil }
      }
      lines[i] = replacement.isEmpty ? (indentation.contains(">") ? String(indentation) : "") : indentation + replacement
      changed = true
    }
    return changed ? (lines.joined(separator: "\n"), dedented) : (body, [:])
  }

  /// What a DocFX line stands for: Markdown, or "" for a line that goes. Nil for other lines.
  private static func replacement(_ line: Substring, quoted: Bool) -> String? {
    if line.lowercased().hasPrefix("[!include"), line.hasSuffix(")]") {
      // `[!INCLUDE [Title](path)]`: the link inside, made an embed.
      guard let open = line.dropFirst(9).firstIndex(of: "[") else { return nil }
      return "!" + line[open..<line.index(before: line.endIndex)]
    }
    if quoted, line.hasPrefix("[!div "), line.hasSuffix("]") { return "" }
    guard line.hasPrefix(":::") else { return nil }
    let directive = line.drop { $0 == ":" }.drop { $0 == " " }
    let name = directive.prefix { $0.isLetter || $0 == "-" }
    switch name {
    case "image":
      guard line.hasSuffix(":::"), let tag = HTMLTagLine("<image " + directive.dropFirst(5).dropLast(3) + ">"),
        let source = tag.attributes["source"]
      else { return nil }
      return "![\((tag.attributes["alt-text"] ?? "").markdownLabel)](\(source.markdownDestination))"
    case "image-end", "zone", "zone-end", "row", "row-end", "column", "column-end", "moniker", "moniker-end":
      return ""
    default:
      return nil
    }
  }
}
