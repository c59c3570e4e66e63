import Testing

@testable import NotesMarkdown

@Suite struct PreviewTests {
  @Test func skipsTheTitleAndMarkup() {
    let note = """
      # Weekly review

      Finished the **roadmap** and [[Work/Alpha|alpha]] plans.

      ```swift
      let secret = 42
      ```

      - Next: `ship it`
      """
    #expect(Markdown.analyze(note).preview == "Finished the roadmap and alpha plans. Next: ship it")
  }

  @Test func keepsTextWhenTheNoteDoesNotStartWithATitle() {
    #expect(Markdown.analyze("Intro words.\n\n# Title later").preview == "Intro words. Title later")
  }

  @Test func cutOnAWordNearTheLimit() {
    let words = Array(repeating: "lorem ipsum", count: 40).joined(separator: " ")
    let preview = Markdown.analyze("# T\n\n" + words).preview
    #expect(preview.hasSuffix("…"))
    #expect(preview.count <= PreviewBuilder.length + 1)
    #expect(preview.count > PreviewBuilder.length - 20)
    #expect(preview.dropLast().hasSuffix("lorem") || preview.dropLast().hasSuffix("ipsum"))
  }

  @Test func cutOnGraphemeBoundariesWithEmojiAndJapanese() {
    // Family emoji (7 scalars, 1 character) and flags straddle the limit.
    let text = String(repeating: "日本語👨‍👩‍👧‍👦🇯🇵", count: 60)
    let preview = Markdown.analyze(text).preview
    #expect(preview.count == PreviewBuilder.length + 1)
    #expect(preview.hasSuffix("…"))
    #expect(text.hasPrefix(String(preview.dropLast())))
    #expect(preview.unicodeScalars.filter { $0 == "\u{200D}" }.count % 3 == 0)
  }

  @Test func shortTextIsNotCut() {
    #expect(Markdown.analyze("# T\n\nShort   and\nsweet.").preview == "Short and sweet.")
  }
}

@Suite struct AnalysisTests {
  let note = """
    # Trip to 京都

    Booked the [hotel](https://hotel.example/#rooms) and a ![map](map.png).
    See [[Roadmap]] and [notes](Work/Alpha.md#Goals). #travel

    ```
    [[NotALink]] #notatag
    ```
    """

  @Test func referencesInOrderWithPositions() {
    let references = Markdown.analyze(note, lineOffset: 3).references
    #expect(
      references == [
        LinkReference(
          kind: .link, target: "https://hotel.example/", fragment: "rooms", line: 6, column: 12),
        LinkReference(kind: .image, target: "map.png", line: 6, column: 56),
        LinkReference(kind: .wikiLink, target: "Roadmap", line: 7, column: 5),
        LinkReference(kind: .link, target: "Work/Alpha.md", fragment: "Goals", line: 7, column: 21),
      ])
  }

  @Test func plainTextForSearch() {
    #expect(
      Markdown.analyze(note).plainText == """
        Trip to 京都
        Booked the hotel and a map. See Roadmap and notes. #travel
        [[NotALink]] #notatag
        """)
    #expect(Markdown.analyze(note).tags == ["travel"])
  }

  @Test func emptyNote() {
    let analysis = Markdown.analyze("")
    #expect(analysis.preview == "")
    #expect(analysis.plainText == "")
    #expect(analysis.firstH1 == nil)
    #expect(html("") == "")
  }
}
