import Testing

@testable import NotesMarkdown

/// Obsidian `%%comments%%` are private: nothing inside one reaches the page, the preview, the
/// search text, the links or the tags.
@Suite struct CommentTests {
  static let note = """
    # Plan %%draft title%%

    Public start %%private [[Roadmap]] #secret-tag%% public end.

    %%
    A whole hidden paragraph with [a link](Work/Alpha.md).

    - hidden list item #hidden

    ```
    hidden code
    ```
    Last hidden line %%

    After the block comment, see [[Ideas]].

    Code keeps its percent signs: `printf("%%d")`.

    ```
    fenced %% also kept %%
    ```

    Unclosed %% from here on nothing [[Work/Alpha]] shows.

    Not this paragraph either.
    """

  @Test func nothingInsideACommentIsPublished() {
    let page = html(Self.note)
    for hidden in ["draft title", "private", "Roadmap", "secret", "hidden", "Last hidden", "from here", "Not this"] {
      #expect(!page.contains(hidden), "'\(hidden)' leaked")
    }
    #expect(page.contains("Public start"))
    #expect(page.contains("public end."))
    #expect(page.contains("After the block comment"))
    #expect(page.contains("/notes/ideas/"))
    #expect(page.contains("<code>printf(&quot;%%d&quot;)</code>"))
    #expect(page.contains("fenced %% also kept %%"))
    #expect(page.contains("<p>Unclosed </p>"))
  }

  @Test func theAnalysisSeesNoCommentEither() {
    let analysis = Markdown.analyze(Self.note)
    #expect(analysis.references.map(\.target) == ["Ideas"])
    #expect(analysis.tags.isEmpty)
    #expect(analysis.headings.map(\.text) == ["Plan "] || analysis.headings.map(\.text) == ["Plan"])
    #expect(!analysis.plainText.contains("private") && !analysis.plainText.contains("hidden"))
    #expect(!analysis.preview.contains("private"))
  }

  @Test func linksAfterAnInlineCommentKeepTheirColumns() {
    let result = render("one %%two%% [[Nowhere]]\n")
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.location?.column == 13)
  }

  @Test func aNoteWithoutCommentsRendersAsBefore() {
    let text = "# T\n\n50% off, 100 % sure, a%b.\n"
    #expect(html(text).contains("50% off, 100 % sure, a%b."))
  }
}
