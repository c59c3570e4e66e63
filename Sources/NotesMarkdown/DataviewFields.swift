/// Dataview's inline fields within a line, as the Tasks plugin's Dataview format writes a
/// task's dates (`- [ ] Return [due:: 2024-02-02]`): `[key:: value]` reads `key: value`, as
/// Dataview shows it, and `(key:: value)` its value alone. The brackets of the first are
/// replaced by spaces, so positions after them stay. (A field on a line of its own, `Rating:: 5`, is read
/// with Logseq's properties.) Never in code: not in fenced or indented code, nor on a line
/// with a code span.
enum DataviewFields {
  static func resolving(_ body: String) -> String {
    guard body.containsBytes(":: ") || body.containsBytes("::]") || body.containsBytes("::)") else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var fences = CodeFences()
    var changed = false
    for index in lines.indices {
      let line = lines[index]
      if fences.contain(line) { continue }
      guard line.containsBytes("::"), !line.contains("`"), line.prefix(while: { $0 == " " }).count < 4,
        let rewritten = Self.rewritten(line)
      else { continue }
      lines[index] = rewritten
      changed = true
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// `line` with its bracketed fields read, or nil when it has none.
  private static func rewritten(_ line: Substring) -> Substring? {
    var out = ""
    var rest = line
    var changed = false
    while let open = rest.firstIndex(where: { $0 == "[" || $0 == "(" }) {
      out += rest[..<open]
      let close: Character = rest[open] == "[" ? "]" : ")"
      let inner = rest[rest.index(after: open)...]
      guard let colons = inner.range(of: "::"), let end = inner.firstIndex(of: close), colons.upperBound <= end,
        Self.isKey(inner[..<colons.lowerBound]), !inner[colons.upperBound..<end].contains(where: { $0 == "[" || $0 == "(" })
      else {
        out.append(rest[open])
        rest = inner
        continue
      }
      // `[[link]]` before it, `][` and `](`: a link's brackets, not a field's.
      if rest[open] == "(", out.last == "]" {
        out.append(rest[open])
        rest = inner
        continue
      }
      let key = inner[..<colons.lowerBound]
      let value = inner[colons.upperBound..<end]
      if close == "]" {
        out += " " + key + ": " + value + " "
      } else {
        out += value.drop { $0 == " " }
      }
      rest = inner[inner.index(after: end)...]
      changed = true
    }
    return changed ? Substring(out + rest) : nil
  }

  /// A field's key: a word, or words, of letters, digits, `-` and `_` (Dataview allows spaces).
  private static func isKey(_ key: Substring) -> Bool {
    guard let first = key.first, first.isLetter, key.count <= 40 else { return false }
    return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " } && key.last != " "
  }
}
