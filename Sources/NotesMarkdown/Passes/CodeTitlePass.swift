import CCmark
import Foundation

/// A code block's title as Quartz and many docs tools write it, ` ```ts title="quartz/path.ts" `
/// (also `title='…'` or `title=word`): the block goes into a `<figure class="code-block">`
/// whose `<figcaption>` is the title. The language stays cmark's `language-ts` class. VitePress
/// titles one with a label, ` ```sh [pnpm] `.
enum CodeTitlePass {
  /// `blocks`: code blocks whose info string contains `title=`, `:`, `,` or `{`, or is `math`.
  static func run(_ blocks: [CmarkNode]) {
    for block in blocks {
      var info = block.fenceInfo
      // GitHub's ` ```math ` fence: display math.
      if info == "math" {
        let text = block.literal
        block.insertBefore(MathPass.element(tex: text.hasSuffix("\n") ? String(text.dropLast()) : text, display: true))
        block.remove()
        continue
      }
      // mdBook's attributes after the language, ` ```rust,ignore ` or ` ```rust, no_run `:
      // the language is the part before the comma (cmark would make the word the class).
      let word = info.prefix { !$0.isWhitespace }
      if let comma = word.firstIndex(of: ","), comma != word.startIndex {
        info = String(word[..<comma]) + info[word.endIndex...]
        cmark_node_set_fence_info(block.pointer, info)
      }
      // VitePress's and VuePress's lines to highlight and line numbers written onto the
      // language, ` ```js{4} `, ` ```ts:line-numbers {1} `: the language is the part before them.
      let first = info.prefix { !$0.isWhitespace }
      var language = first
      if let brace = language.firstIndex(of: "{"), brace != language.startIndex { language = language[..<brace] }
      for suffix in [":line-numbers", ":no-line-numbers"] where language.hasSuffix(suffix) {
        language = language.dropLast(suffix.count)
      }
      if language.count != first.count {
        info = String(language) + info[first.endIndex...]
        cmark_node_set_fence_info(block.pointer, info)
      }
      // HackMD's line numbers and wrapping after the language, ` ```javascript= `,
      // ` ```python=101 `, ` ```js=+ `, ` ```js! `: the language is the part before them.
      if let (language, rest) = Self.hackMDLanguage(in: info) {
        info = language + rest
        cmark_node_set_fence_info(block.pointer, info)
      }
      // A MyST directive left as code (` ```{code-cell} python `, ` ```{math} `): the language
      // is the word after a code directive's name; other directives have none.
      // A Quarto or R Markdown chunk, ` ```{r setup, include=FALSE} `, ` ```{python} `,
      // ` ```{.cpp} `: the language is the engine (or the class); the `#| echo: false` option
      // lines that open it are not its text.
      if info.hasPrefix("{"), let close = info.firstIndex(of: "}"), let language = Self.chunkLanguage(info[info.index(after: info.startIndex)..<close]) {
        info = language
        cmark_node_set_fence_info(block.pointer, info)
        let literal = block.literal
        if literal.hasPrefix("#|") {
          let lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
          block.setLiteral(lines.drop { $0.hasPrefix("#|") }.joined(separator: "\n"))
        }
        continue
      }
      if info.hasPrefix("{"), let close = info.firstIndex(of: "}") {
        let name = info[info.index(after: info.startIndex)..<close]
        let after = info[info.index(after: close)...].drop { $0 == " " }
        info = ["code-cell", "code-block", "code", "sourcecode"].contains(name) ? String(after) : ""
        cmark_node_set_fence_info(block.pointer, info)
        // Its options (`:tags: [hide-input]`, or a `---` block of YAML) are not its text.
        let literal = block.literal
        let text = Self.withoutDirectiveOptions(literal)
        if text.count != literal.count { block.setLiteral(text) }
        // `{math}`: display math, as `$$` would write it.
        if name == "math" {
          let math = CmarkNode.customBlock(
            enter: "<p><span class=\"math math-display\">\\[" + HTML.escape(text.hasSuffix("\n") ? String(text.dropLast()) : text)
              + "\\]</span></p>\n")
          block.insertBefore(math)
          block.remove()
          continue
        }
      }
      var caption = title(in: info)
      // Zenn's and Qiita's `lang:file` (` ```ruby:hello.rb `): the language is the part before
      // the colon (cmark would make the whole word the class), the file the caption.
      if caption == nil, let (language, file) = languageAndFile(in: info) {
        cmark_node_set_fence_info(block.pointer, language + info.drop { !$0.isWhitespace })
        caption = file
      }
      // VitePress's `[label]` after the language (` ```sh [pnpm] `), a code group's tab.
      if caption == nil, let open = info.firstIndex(of: "["), open != info.startIndex,
        let close = info[open...].firstIndex(of: "]"), info.index(after: open) < close
      {
        caption = String(info[info.index(after: open)..<close])
        cmark_node_set_fence_info(block.pointer, String(info[..<open]).trimmingCharacters(in: .whitespaces))
      }
      guard let title = caption else { continue }
      let figure = CmarkNode.customBlock(
        enter: "<figure class=\"code-block\">\n<figcaption>\(HTML.escape(title))</figcaption>\n",
        exit: "</figure>\n")
      block.insertBefore(figure)
      figure.append(block)
    }
  }

  /// The engines knitr and Quarto run, whose name opens a chunk's braces.
  static let chunkEngines: Set<String> = [
    "r", "python", "julia", "sql", "bash", "sh", "zsh", "ojs", "rcpp", "cpp", "c", "stan", "js", "javascript", "css",
    "scss", "sass", "yaml", "md", "markdown", "html", "mermaid", "dot", "tikz", "asis", "octave", "ruby", "perl",
    "scala", "go", "rust", "powershell", "lua", "java", "haskell", "fortran", "typescript", "ts", "json", "toml",
    "xml", "latex", "tex", "text", "txt", "verbatim", "embed", "glue", "exec", "awk", "sed", "cat", "shell",
  ]

  /// The language of a chunk header's inside (`r setup, include=FALSE`, `python`, `.cpp`),
  /// nil when it is no chunk (a MyST directive, `note`, `code-cell`).
  static func chunkLanguage(_ inner: Substring) -> String? {
    let text = inner.trimmingSpaces
    if text.hasPrefix(".") {
      let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "_" }
      return name.isEmpty ? nil : String(name)
    }
    let word = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    guard !word.isEmpty, chunkEngines.contains(word.lowercased()) else { return nil }
    let rest = text.dropFirst(word.count)
    guard rest.isEmpty || rest.first == " " || rest.first == "," else { return nil }
    return word.lowercased()
  }

  /// A MyST directive's text without the options it opens with: `:key: value` lines, or a
  /// block of YAML between `---` lines.
  static func withoutDirectiveOptions(_ literal: String) -> String {
    guard literal.hasPrefix(":") || literal.hasPrefix("---") else { return literal }
    var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)[...]
    if lines.first == "---", let end = lines.dropFirst().firstIndex(of: "---") {
      lines = lines[(end + 1)...]
    } else {
      while let first = lines.first, first.hasPrefix(":"), let colon = first.dropFirst().firstIndex(of: ":"),
        first[first.index(after: first.startIndex)..<colon].allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }),
        colon > first.index(after: first.startIndex)
      {
        lines = lines.dropFirst()
      }
    }
    if lines.first?.isEmpty == true, lines.count > 1 { lines = lines.dropFirst() }
    return lines.joined(separator: "\n")
  }

  /// The language of a first word that HackMD's options follow (`js=`, `js=101`, `js=+`,
  /// `js!`, `js=!`), and the info string after that word.
  static func hackMDLanguage(in info: String) -> (String, Substring)? {
    let word = info.prefix { !$0.isWhitespace }
    guard let mark = word.firstIndex(where: { $0 == "=" || $0 == "!" }), mark != word.startIndex else { return nil }
    let options = word[mark...]
    guard options.allSatisfy({ $0 == "=" || $0 == "!" || $0 == "+" || ($0.isASCII && $0.isNumber) }) else { return nil }
    return (String(word[..<mark]), info[word.endIndex...])
  }

  /// `ruby` and `hello.rb` from an info string whose first word is `ruby:hello.rb`.
  static func languageAndFile(in info: String) -> (String, String)? {
    let word = info.prefix { !$0.isWhitespace }
    guard let colon = word.firstIndex(of: ":"), colon != word.startIndex,
      word.index(after: colon) != word.endIndex, !word.contains("//")
    else { return nil }
    return (String(word[..<colon]), String(word[word.index(after: colon)...]))
  }

  /// The value of `title=` in an info string, quoted with `"` or `'`, or up to the next space.
  static func title(in info: String) -> String? {
    var rest = info[...]
    while let range = rest.range(of: "title=") {
      let before = rest[..<range.lowerBound].last
      rest = rest[range.upperBound...]
      guard before == nil || before!.isWhitespace else { continue }
      let value: Substring
      if let quote = rest.first, quote == "\"" || quote == "'" {
        let body = rest.dropFirst()
        value = body.prefix { $0 != quote }
      } else {
        value = rest.prefix { !$0.isWhitespace }
      }
      let title = value.trimmingCharacters(in: .whitespaces)
      return title.isEmpty ? nil : title
    }
    return nil
  }
}
