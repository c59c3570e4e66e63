import Testing

@testable import NotesMarkdown

/// Obsidian block ids: the marker leaves the text and the block gets an anchor.
@Suite struct BlockIDTests {
  static let note = """
    # Title

    An easier way is the following: ^376b9d

    Values can be text or lists.
    ^text-list

    - one
    - two

    ^my-list

    Not an id: 2^10 and x ^ y, and `code ^nope`.
    """

  @Test func markersBecomeAnchors() {
    let page = html(Self.note)
    #expect(page.contains("<p><span id=\"^376b9d\"></span>An easier way is the following:</p>"))
    #expect(page.contains("<p><span id=\"^text-list\"></span>Values can be text or lists.</p>"))
    #expect(page.contains("<span id=\"^my-list\"></span>\n<ul>"))
    #expect(!page.contains("^my-list</p>") && !page.contains("<p>^my-list"))
    #expect(page.contains("2^10 and x ^ y") && page.contains("<code>code ^nope</code>"))
  }

  @Test func theAnalysisKnowsTheIdsAndReadsNoMarker() {
    let analysis = Markdown.analyze(Self.note)
    #expect(analysis.blockIDs == ["^376b9d", "^text-list", "^my-list"])
    #expect(!analysis.plainText.contains("376b9d") && !analysis.plainText.contains("text-list"))
  }

  @Test func anEmbedOfABlockShowsThatBlockAlone() {
    let result = Markdown.render(
      Self.note, options: RenderOptions(sourcePath: "content/Note.md", headingIDs: false, section: "^my-list"),
      resolver: TestResolver())
    #expect(result.html == "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n")
  }
}
