/// A page has exactly one `h1`: the note's title in the detail header. A note that opens with
/// its own `# Title` would repeat it, so that leading heading is dropped, and any other level-1
/// headings in the body become level 2. cmark escapes `<` in code, so only real headings match.
enum BodyHeadings {
  static func fitted(_ html: String) -> String {
    var body = Substring(html)
    if body.hasPrefix("<h1"), let end = body.range(of: "</h1>") {
      body = body[end.upperBound...]
      while body.first == "\n" { body = body.dropFirst() }
    }
    guard body.contains("<h1") else { return String(body) }
    return body.replacingOccurrences(of: "<h1", with: "<h2").replacingOccurrences(
      of: "</h1>", with: "</h2>")
  }
}
