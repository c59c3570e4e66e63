import Testing

@testable import NotesMarkdown

/// The Obsidian extras together, as real vaults mix them: math inside footnotes and callouts,
/// bare URLs next to math, footnote markup inside math.
@Suite struct CombinedSyntaxTests {
  static let note = """
    Energy^[as $E=mc^2$ says, see https://x.org/a_b] and $x^[1]$ and $https://no.link$.

    [^1]: $a_i$ https://y.org

    Ref[^1].

    > [!tip] $\\alpha$ title
    > $$
    > \\sum_i x_i
    > $$
    """

  @Test func eachExtraKeepsToItsOwnText() throws {
    let page = html(Self.note)
    // Math is never a footnote or a link; an inline footnote and a written one are numbered
    // in order of use.
    #expect(page.contains("<span class=\"math math-inline\">\\(x^[1]\\)</span>"))
    #expect(page.contains("<span class=\"math math-inline\">\\(https://no.link\\)</span>"))
    #expect(page.contains("Ref<sup class=\"footnote-ref\"><a href=\"#fn:2\" id=\"fnref:2\">2</a></sup>"))
    #expect(page.contains("<p class=\"callout-title\"><span class=\"math math-inline\">\\(\\alpha\\)</span> title</p>"))
    #expect(page.contains("<span class=\"math math-display\">\\[\n\\sum_i x_i\n\\]</span>"))
    let notes = String(page[try #require(page.range(of: "<section class=\"footnotes\">")).lowerBound...])
    #expect(notes.contains("<p>as <span class=\"math math-inline\">\\(E=mc^2\\)</span> says, see <a href=\"https://x.org/a_b\">https://x.org/a_b</a>"))
    #expect(notes.contains("<p><span class=\"math math-inline\">\\(a_i\\)</span> <a href=\"https://y.org\">https://y.org</a>"))
  }
}
