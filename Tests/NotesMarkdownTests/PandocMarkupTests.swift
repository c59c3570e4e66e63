import Testing

@testable import NotesMarkdown

/// What Pandoc writes into the Markdown it converts from org-mode, LaTeX or Word: raw blocks
/// and inlines for other formats, and bracketed spans.
@Suite struct PandocMarkupTests {
  @Test func rawMarkupAndSpans() {
    let note = """
      ```{=org}
      #+filetags: :devops:tech:
      ```

      # [TODO]{.todo .TODO} Script

      Line one`<br>`{=html}line two, `\\newpage`{=latex} gone, [see]{.underline} and `code`{.verbatim}.
      """
    let rendered = html(note)
    #expect(rendered == """
      <h1 id="todo-script">TODO Script <a class="heading-anchor" href="#todo-script" aria-label="Link to this section">#</a></h1>
      <p>Line one<br>line two,  gone, see and <code>code</code>.</p>

      """, "\(rendered)")
    // The opening heading names the note: the raw block before it is not part of the page.
    #expect(Markdown.analyze(note).firstH1 == "TODO Script")
  }

  @Test func linksWikiLinksAndTeXKeepTheirBrackets() {
    #expect(html("[[Roadmap]]{.big} and $x_{i}$ and [a][b]").contains(#"<a class="wiki-link" href="/notes/roadmap/">Roadmap</a> and"#))
    #expect(html("Set [x]{.y} [z]").contains("Set x [z]"))
  }
}
