import Testing

@testable import NotesMarkdown

@Suite struct HeadingTests {
  let note = """
    # Project *Alpha*

    ## Intro

    ## Intro

    ## 概要

    ### `code` and [link](x.md)

    ## Intro
    """

  @Test func idsAreUniqueAndKeepUnicode() {
    let ids = Markdown.analyze(note).headings.map(\.id)
    #expect(ids == ["project-alpha", "intro", "intro-1", "概要", "code-and-link", "intro-2"])
    let texts = Markdown.analyze(note).headings.map(\.text)
    #expect(texts == ["Project Alpha", "Intro", "Intro", "概要", "code and link", "Intro"])
  }

  @Test func renderedIDsMatchTheAnalysis() {
    let out = html(note)
    for heading in Markdown.analyze(note).headings {
      #expect(out.contains("<h\(heading.level) id=\"\(heading.id)\">"))
      #expect(out.contains("href=\"#\(heading.id)\""))
    }
  }

  @Test func headingHasAnAccessibleSelfLink() {
    #expect(
      html("## 概要") == """
        <h2 id="概要">概要 <a class="heading-anchor" href="#概要" aria-label="Link to this section">#</a></h2>

        """)
  }

  @Test func firstH1() {
    #expect(Markdown.analyze(note).firstH1 == "Project Alpha")
    #expect(Markdown.analyze("## Only h2\n\ntext").firstH1 == nil)
    #expect(Markdown.analyze("Intro\n\n# Later title").firstH1 == "Later title")
  }
}
