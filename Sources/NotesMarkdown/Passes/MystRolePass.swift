import CCmark

/// MyST's roles (Jupyter Book), `` {ref}`geom_series` `` or `` {doc}`Samuelson <dynam:samuelson>` ``:
/// CommonMark reads the role's name as text before a code span. The name goes; a role that
/// names or cites something reads as its text (`Samuelson`, `[Samuelson1939]`, `(infinite)`
/// for an equation), `sub` and `sup` as subscript and superscript, `math` as inline math;
/// roles that show code (`kbd`, `samp`, …) keep the code span; other names are not roles, and stay. Targets are
/// not resolved.
enum MystRolePass {
  /// `texts`: text nodes that end with `}` and are followed by a code span. The text made of
  /// a span keeps its place in the note (`source`), for the warnings about what it holds.
  static func run(_ texts: [CmarkNode], source: SourceMap) {
    for text in texts {
      guard let code = text.next, code.type == CMARK_NODE_CODE else { continue }
      let literal = text.literal
      guard let open = literal.lastIndex(of: "{") else { continue }
      let name = literal[literal.index(after: open)..<literal.index(before: literal.endIndex)]
      guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_:".contains($0)) }) else {
        continue
      }
      let content = code.literal
      let role = name.split(separator: ":").last.map(String.init) ?? String(name)
      // Text where the span's content starts, after its backtick.
      func spanText(_ literal: String) -> CmarkNode { source.text(Array(literal.utf8), of: code, at: 1) }
      let replacement: CmarkNode?
      switch role {
      case "ref", "doc", "numref", "term", "download", "any", "abbr", "index", "class", "func", "meth", "mod", "attr",
        "obj", "data", "prf", "external":
        replacement = spanText(shown(content))
      case "eq":
        replacement = spanText("(\(shown(content)))")
      case "cite", "cite:p", "cite:t":
        replacement = spanText("[\(content)]")
      case "sub", "sup":
        let tag = CmarkNode.customInline(enter: "<\(role)>", exit: "</\(role)>")
        tag.append(spanText(content))
        replacement = tag
      case "math":
        replacement = MathPass.element(tex: content, display: false)
      case "kbd", "code", "command", "file", "samp", "guilabel", "menuselection", "program", "option",
        "envvar", "regexp", "dfn", "literal":
        replacement = nil
      default:
        // Not a role MyST knows: braces before code in prose, left as written.
        continue
      }
      let before = String(literal[..<open])
      if before.isEmpty {
        source.forget(text)
        text.remove()
      } else {
        text.setLiteral(before)
      }
      if let replacement {
        code.insertBefore(replacement)
        source.forget(code)
        code.remove()
      }
    }
  }

  /// What a reference shows: `Title <target>` reads `Title`; `~a.b.c` reads `c`.
  private static func shown(_ content: String) -> String {
    if content.hasSuffix(">"), let open = content.lastIndex(of: "<"), open > content.startIndex {
      return content[..<open].trimmingSpaces
    }
    if content.hasPrefix("~") { return String(content.split(separator: ".").last ?? Substring(content)) }
    return content
  }
}
