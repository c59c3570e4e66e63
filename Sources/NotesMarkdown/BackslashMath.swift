/// TeX math between backslash delimiters, as LaTeX, MathJax's defaults and text pasted from
/// ChatGPT write it: `\(x^2\)` inline, `\[` … `\]` display. CommonMark reads `\(` as an
/// escaped `(` and drops the backslash, so the TeX was lost. Before `MathSyntax` reads the
/// note, they become its `$` delimiters:
/// - `\[` and `\]` on lines of their own (or opening and closing one line) are `$$`, the same
///   length, so positions stay;
/// - `\(…\)` within a line is `$…$`, the spaces inside the delimiters dropped (diagnostics
///   after it on its line point a few columns to the left), on a line without a `$` of its
///   own, whose meaning would change.
/// - a paragraph that is one bare LaTeX math environment, `\begin{align}` … `\end{align}`
///   (and `equation`, `gather`, `multline`, their starred forms and kin), as Jupyter and
///   MathJax read them without delimiters, is display math: `$$` goes before the `\begin`
///   and after the `\end`, so Markdown no longer reads `\\` and `\,` as escapes.
/// kramdown's doubled backslashes, `\\(…\\)` and `\\[…\\]` (its Markdown makes them MathJax's),
/// are read the same. Never in code (fenced, indented by four spaces, or in a code span).
/// `\[1\]` inside a line,
/// as Pandoc escapes brackets, stays text; so does a pair whose inside reads as prose
/// rather than TeX (`\[Draft\] Meeting notes \[2021\]`, `\[\[\]\]`, `See \(note\)`, as
/// CommonMark escapes brackets and exporters write them; see `looksLikeTeX`).
enum BackslashMath {
  static func resolving(_ body: String) -> String {
    let environments = body.containsBytes("\\begin{")
    guard body.containsBytes("\\(") || body.containsBytes("\\[") || body.containsBytes("\\]") || environments else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var fences = CodeFences()
    var changed = false
    // The line that closes the bare environment being read.
    var environmentEnd: Int?
    for index in lines.indices {
      var line = lines[index]
      if fences.contain(Substring(line)) { continue }
      // kramdown's delimiters, `\\(…\\)` and `\\[…\\]`: its Markdown reads `\\` as `\`, so
      // MathJax sees `\(`. Read as the single-backslash ones, outside code spans.
      if line.containsBytes("\\\\"), !line.contains("`"), line.prefix(while: { $0 == " " }).count < 4,
        let single = Self.singleBackslashDelimiters(line)
      {
        line = single
        lines[index] = single
        changed = true
      }
      if let end = environmentEnd {
        if index == end { environmentEnd = nil }
        continue
      }
      if environments, let end = Self.environment(startingAt: index, in: lines) {
        let begin = lines[index].range(of: "\\begin{")!.lowerBound
        lines[index].insert(contentsOf: "$$", at: begin)
        var last = lines[end]
        if last.hasSuffix("\r") { last.removeLast() }
        lines[end] = last + "$$" + (lines[end].hasSuffix("\r") ? "\r" : "")
        environmentEnd = end
        changed = true
        continue
      }
      guard line.containsBytes("\\(") || line.containsBytes("\\[") || line.containsBytes("\\]") else { continue }
      let indent = line.prefix { $0 == " " }.count
      if indent >= 4 { continue }
      // The line after its quote markers, which stay.
      let markers = line.prefix { $0 == " " || $0 == ">" || $0 == "\t" }
      var content = Substring(line.dropFirst(markers.count))
      var ending = ""
      if content.hasSuffix("\r") {
        content = content.dropLast()
        ending = "\r"
      }
      let trimmed = content.trimmingCharacters(in: .whitespaces)
      if trimmed == "\\[" || trimmed == "\\]" {
        lines[index] = line.replacingOccurrences(of: trimmed, with: "$$")
        changed = true
        continue
      }
      if trimmed.hasPrefix("\\["), trimmed.hasSuffix("\\]"), trimmed.count > 4,
        looksLikeTeX(trimmed.dropFirst(2).dropLast(2))
      {
        lines[index] = String(markers) + content.replacingOccurrences(of: "\\[", with: "$$", options: .anchored)
          .replacingOccurrences(of: "\\]", with: "$$", options: [.anchored, .backwards]) + ending
        changed = true
        continue
      }
      guard !line.contains("$"), line.containsBytes("\\("), let rewritten = inline(line) else { continue }
      lines[index] = rewritten
      changed = true
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// `line` with kramdown's `\\(` … `\\)` and `\\[` … `\\]` pairs as `\(` … `\)` and `\[` … `\]`,
  /// and a line that is only `\\[` or `\\]` (a display block's edge) as `\[` or `\]`; nil
  /// when it has neither.
  static func singleBackslashDelimiters(_ line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed == #"\\["# || trimmed == #"\\]"# { return line.replacingOccurrences(of: #"\\"#, with: #"\"#) }
    var out = line
    for (open, close) in [(#"\\("#, #"\\)"#), (#"\\["#, #"\\]"#)] {
      guard let at = out.range(of: open), out[at.upperBound...].contains(close) else { continue }
      out = out.replacingOccurrences(of: open, with: String(open.dropFirst()))
        .replacingOccurrences(of: close, with: String(close.dropFirst()))
    }
    return out == line ? nil : out
  }

  /// Math environments that MathJax reads where they stand, without `$$` around them.
  static let mathEnvironments: Set<Substring> = [
    "equation", "align", "gather", "multline", "eqnarray", "alignat", "flalign", "displaymath",
    "equation*", "align*", "gather*", "multline*", "eqnarray*", "alignat*", "flalign*",
  ]

  /// The line that ends the bare math environment whose `\begin` opens the paragraph at line
  /// `start` (after a blank line, or first), if that environment is the whole paragraph: its
  /// `\end` ends a line followed by a blank one (or the end), and no line between has a `$`
  /// (math already delimited) or is blank.
  private static func environment(startingAt start: Int, in lines: [String]) -> Int? {
    let line = lines[start]
    guard line.containsBytes("\\begin{") else { return nil }
    func content(_ line: String) -> Substring {
      var content = Substring(line).drop { $0 == " " || $0 == ">" || $0 == "\t" }
      while content.last == "\r" || content.last == " " { content = content.dropLast() }
      return content
    }
    let first = content(line)
    guard line.prefix(while: { $0 == " " }).count < 4, first.hasPrefix("\\begin{"),
      let close = first.firstIndex(of: "}")
    else { return nil }
    let name = first[first.index(first.startIndex, offsetBy: 7)..<close]
    guard mathEnvironments.contains(name), start == 0 || content(lines[start - 1]).isEmpty else { return nil }
    let ending = "\\end{" + name + "}"
    for index in start..<min(lines.count, start + 200) {
      let text = content(lines[index])
      if text.isEmpty || text.contains("$") { return nil }
      if text.hasSuffix(ending) {
        return index + 1 == lines.count || content(lines[index + 1]).isEmpty ? index : nil
      }
    }
    return nil
  }

  /// Whether what stands between `\[` and `\]` (or `\(` and `\)`) on one line reads as TeX
  /// rather than text whose brackets were escaped: a TeX command (`\frac`), one of
  /// `^ _ = { } + < > |`, or letters that make no word (`x`, `n-1`, `2n`, `a, b`). Not when it
  /// holds another escaped bracket (`\[Draft\] notes \[2021\]`), nor a word of three
  /// letters or more with none of those (`\(note\)`), nor only digits and punctuation (`\[1\]`).
  /// Inline (`\\(0\\)`, `\\((0, 1)\\)`), digits and punctuation are math too: prose escapes
  /// brackets, rarely parentheses.
  static func looksLikeTeX(_ inner: Substring, inline: Bool = false) -> Bool {
    let bytes = Array(inner.utf8)
    if inner.contains("\\[") || inner.contains("\\]") { return false }
    func isLetter(_ b: UInt8) -> Bool { b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z") }
    var letters = false
    var run = 0
    var word = false
    for (i, b) in bytes.enumerated() {
      if b == UInt8(ascii: "\\"), i + 1 < bytes.count, isLetter(bytes[i + 1]) { return true }
      if "^_={}+<>|".utf8.contains(b) { return true }
      if isLetter(b) {
        letters = true
        // A run of letters after a backslash is a command, handled above.
        run += 1
        if run >= 3 { word = true }
      } else {
        run = 0
      }
      if b >= 0x80 { word = true }
    }
    return (letters || inline) && !word
  }

  /// Whether what ends `text` is the start of a link's destination or a URL, where `\(` is
  /// an escaped parenthesis (`[CI](Integração-\(CI\).md)`, `https://…/Lisp_\(language\)`):
  /// the run of text since the last space holds `](` or `://`, or the line is a link
  /// reference definition up to it.
  private static func inDestination(_ text: String) -> Bool {
    let token = text.utf8.reversed().prefix { $0 != 0x20 && $0 != 0x09 }
    guard token.count >= 2 else { return false }
    let run = String(decoding: token.reversed(), as: UTF8.self)
    if run.contains("](") || run.contains("://") { return true }
    // A link reference definition, `[ci]: Integração-\(CI\).md`.
    let line = text.drop { $0 == " " }
    guard line.first == "[", let colon = line.range(of: "]: ") else { return false }
    return !line[colon.upperBound...].drop(while: { $0 == " " }).contains(" ")
  }

  /// `line` with each `\(…\)` outside code spans as `$…$`; nil when it has none.
  private static func inline(_ line: String) -> String? {
    var out = ""
    var rest = Substring(line)
    var backticks = 0
    var changed = false
    // The next `\)`, kept while openers before it are read: each is found once.
    var next: Range<Substring.Index>?
    var tick: Substring.Index?
    while let open = rest.range(of: "\\(") {
      let before = rest[..<open.lowerBound]
      backticks += before.filter { $0 == "`" }.count
      out += before
      let after = rest[open.upperBound...]
      if next.map({ $0.lowerBound < after.startIndex }) ?? true { next = after.range(of: "\\)") }
      // No `\)` after this `\(`: none after any later one either.
      guard let close = next else {
        out += "\\("
        rest = after
        break
      }
      // Likewise the next backtick: math does not run into a code span.
      if tick.map({ $0 < after.startIndex }) ?? true { tick = after.firstIndex(of: "`") ?? line.endIndex }
      if backticks % 2 == 0, tick! >= close.lowerBound, !Self.inDestination(out) {
        let tex = after[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
        if !tex.isEmpty, looksLikeTeX(Substring(tex), inline: true) {
          out += "$" + tex + "$"
          rest = after[close.upperBound...]
          changed = true
          continue
        }
      }
      out += "\\("
      rest = after
    }
    return changed ? out + rest : nil
  }
}
