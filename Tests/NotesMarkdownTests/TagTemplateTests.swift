import NotesMarkdown
import Testing

@Suite struct TagTemplateTests {
  @Test func mustachePlaceholdersInTextAreNotTags() {
    let analysis = Markdown.analyze("Templates use {{user}}, {{{x}}} and {{#a}} — and a real #tag.\n")
    #expect(analysis.tags == ["tag"])
  }
}
