/// mdBook's preprocessor directives for files: `{{#include file.rs}}`,
/// `{{#rustdoc_include file.rs}}` and `{{#playground file.rs}}`, and `{{#title Title}}`.
///
/// The site reads the files (it knows where notes live; see `RenderOptions.includes`); this
/// type finds the directives and cuts the part of a file one asks for, as mdBook does:
/// `file.rs:2` is line 2, `file.rs::10` lines 1 to 10, `file.rs:2:` line 2 to the end,
/// `file.rs:2:10` lines 2 to 10, `file.rs:name` the lines between `ANCHOR: name` and
/// `ANCHOR_END: name`. Lines that mark anchors are never shown.
public enum MdBookIncludes {
  /// What part of a file a directive asks for.
  public enum Part: Hashable, Sendable {
    case all
    /// 1-based, both ends included; nil: to the end.
    case lines(Int, Int?)
    case anchor(String)
  }

  /// The directive names whose argument is a file (`snippet` stands for VitePress's `<<<`).
  static let fileDirectives: Set<Substring> = ["include", "rustdoc_include", "playground", "snippet"]

  /// The arguments of every file directive in `body` (`file.rs:2:10`, `file.rs editable`),
  /// in order, without repeats.
  public static func arguments(in body: String) -> [String] {
    var found: [String] = []
    if body.containsBytes("<<< ") {
      // VitePress's code imports, `<<< @/snippets/a.js`: that file, included whole.
      for line in body.split(separator: "\n") {
        if let path = vitePressSnippet(line), !found.contains(path) { found.append(path) }
      }
    }
    guard body.containsBytes("{{#") else { return found }
    var rest = Substring(body)
    while let open = rest.range(of: "{{#") {
      rest = rest[open.upperBound...]
      guard let close = rest.range(of: "}}") else { break }
      let inner = rest[..<close.lowerBound]
      if !inner.contains("\n"), let (name, argument) = split(inner), fileDirectives.contains(name),
        !found.contains(argument)
      {
        found.append(argument)
      }
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// `body` with each line outside code that is a file directive for a `.md` file (another
  /// chapter, `{{#include intro.md}}`) made that note's embed, `![](intro.md)`, padded to the
  /// line's length; `body` when it has none. mdBook pastes the chapter's text there.
  /// VitePress writes the same as `<!--@include: ./parts/basics.md-->` (a line range or
  /// region after the path, `{3,}` or `#basic-usage`, is left aside: the whole note shows).
  static func embeddingChapters(_ body: String) -> String {
    let vitePress = body.containsBytes("<!--@include:")
    let snippets = body.containsBytes("<<< ")
    guard (body.containsBytes("{{#") || vitePress) && body.containsBytes(".md") || snippets else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var fences = CodeFences()
    var changed = false
    for i in lines.indices where !fences.contain(Substring(lines[i])) {
      // VitePress's code import: a directive for that file, a code block of it (or, when the
      // file cannot be read, the line as written; see `IncludePass`).
      if snippets, let path = vitePressSnippet(Substring(lines[i])) {
        lines[i] = "{{#snippet \(path)}}"
        changed = true
        continue
      }
      let path: String
      if vitePress, let included = vitePressInclude(Substring(lines[i])) {
        path = included
      } else {
        guard lines[i].containsBytes("{{#"), let (name, argument) = directive(Substring(lines[i])), fileDirectives.contains(name)
        else { continue }
        path = target(of: argument).path
      }
      guard path.lowercased().hasSuffix(".md"), !path.contains(where: { $0 == "(" || $0 == ")" || $0 == " " }) else { continue }
      let indent = lines[i].prefix { $0 == " " || $0 == "\t" }
      let embed = indent + "![](\(path))"
      lines[i] = embed + String(repeating: " ", count: max(0, lines[i].count - embed.count))
      changed = true
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// The path of a line that is VitePress's code import, `<<< @/snippets/a.js{2} [a.js]`,
  /// without the lines it highlights, its region or its label (the whole file shows).
  static func vitePressSnippet(_ line: Substring) -> String? {
    guard line.hasPrefix("<<< ") else { return nil }
    var path = Substring(line.dropFirst(4).trimmingSpaces).prefix { $0 != " " }
    if let brace = path.firstIndex(of: "{") { path = path[..<brace] }
    if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
    // A file's path (with a folder or an extension), not words after `<<<` in a sentence; none
    // that Markdown would read as markup (`__tests__`), which the directive could not stay.
    guard !path.isEmpty, path.contains("/") || path.contains("."),
      !path.contains(where: { "()_*`[]<>\\".contains($0) })
    else { return nil }
    return String(path)
  }

  /// The path of a line that is VitePress's `<!--@include: path-->`, without its line range
  /// (`{3,10}`) or region (`#name`).
  static func vitePressInclude(_ line: Substring) -> String? {
    let text = line.trimmingSpaces
    guard text.hasPrefix("<!--@include:"), text.hasSuffix("-->") else { return nil }
    var path = Substring(text.dropFirst(13).dropLast(3).trimmingSpaces)
    if let brace = path.firstIndex(of: "{") { path = path[..<brace] }
    if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
    return path.isEmpty ? nil : String(path)
  }

  /// The directive a whole line (spaces around it allowed) is: its name and argument.
  static func directive(_ line: Substring) -> (name: Substring, argument: String)? {
    var text = line
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
    guard text.hasPrefix("{{#"), text.hasSuffix("}}"), text.count > 5 else { return nil }
    return split(text.dropFirst(3).dropLast(2))
  }

  /// `include file.rs:2` → (`include`, `file.rs:2`).
  private static func split(_ inner: Substring) -> (Substring, String)? {
    let name = inner.prefix { !$0.isWhitespace }
    let argument = inner.dropFirst(name.count).trimmingSpaces
    guard !name.isEmpty, !argument.isEmpty else { return nil }
    return (name, String(argument))
  }

  /// The file's path and the part asked for, from a directive's argument (`a.rs:2:10`,
  /// `a.rs editable`: the words after the path are the playground's options).
  public static func target(of argument: String) -> (path: String, part: Part) {
    let word = argument.prefix { !$0.isWhitespace }
    let pieces = word.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    let path = String(pieces[0])
    guard pieces.count > 1 else { return (path, .all) }
    let first = pieces[1]
    if pieces.count == 2 {
      if let n = Int(first), n > 0 { return (path, .lines(n, n)) }
      if first.isEmpty { return (path, .all) }
      return (path, .anchor(String(first)))
    }
    let from = first.isEmpty ? 1 : Int(first) ?? 1
    let to = Int(pieces[2])
    return (path, .lines(max(1, from), to))
  }

  /// The part of `text` asked for, without anchor lines and the last line break; nil when the
  /// anchor is not in the file.
  public static func excerpt(_ text: String, _ part: Part) -> String? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    switch part {
    case .all:
      break
    case .lines(let from, let to):
      let end = min(lines.count, to ?? lines.count)
      lines = from <= end ? Array(lines[(from - 1)..<end]) : []
    case .anchor(let name):
      func marks(_ line: Substring, _ marker: String) -> Bool {
        guard let (found, named) = anchor(line) else { return false }
        return found == marker && named == name
      }
      guard let start = lines.firstIndex(where: { marks($0, "ANCHOR") }) else { return nil }
      let end = lines[(start + 1)...].firstIndex { marks($0, "ANCHOR_END") } ?? lines.endIndex
      lines = Array(lines[(start + 1)..<end])
    }
    return lines.filter { anchor($0) == nil }.joined(separator: "\n")
  }

  /// `ANCHOR: name` or `ANCHOR_END: name` in a line (in a comment of any language).
  private static func anchor(_ line: Substring) -> (String, String)? {
    guard line.containsBytes("ANCHOR") else { return nil }
    for marker in ["ANCHOR_END:", "ANCHOR:"] {
      guard let at = line.range(of: marker) else { continue }
      let name = line[at.upperBound...].drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
      return (String(marker.dropLast()), String(name))
    }
    return nil
  }

  /// The language of a code block showing the file at `path`, from its extension.
  static func language(of path: String) -> String {
    let ext = path.split(separator: "/").last.flatMap { name in
      name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } : nil
    } ?? ""
    let names = [
      "rs": "rust", "py": "python", "js": "javascript", "ts": "typescript", "sh": "bash", "rb": "ruby",
      "kt": "kotlin", "yml": "yaml", "md": "markdown", "hs": "haskell", "cs": "csharp", "h": "c", "hpp": "cpp",
    ]
    return names[ext] ?? ext
  }
}

/// What a file directive shows: the file's text, or why there is none.
public enum IncludedText: Hashable, Sendable {
  case text(String)
  case missing(String)
}
