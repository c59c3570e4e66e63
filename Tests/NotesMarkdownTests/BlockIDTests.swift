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

  /// A task with an id stays a task: its checkbox first, then the anchor after its text.
  @Test func aTaskWithAnIdKeepsItsCheckbox() {
    let page = html("- [ ] task with id ^abc123\n- [x] done ^def\n- plain ^ghi\n")
    #expect(page.contains("<input type=\"checkbox\" disabled=\"\"") || page.contains("<input type=\"checkbox\" disabled"), "\(page)")
    #expect(!page.contains("[ ]") && !page.contains("[x]"), "\(page)")
    #expect(page.contains("task with id<span id=\"^abc123\"></span>"), "\(page)")
    #expect(page.contains("<span id=\"^ghi\"></span>plain"))
    #expect(Markdown.analyze("- [ ] task ^abc\n- [x] done ^def\n").tasks == TaskCount(done: 1, total: 2))
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
