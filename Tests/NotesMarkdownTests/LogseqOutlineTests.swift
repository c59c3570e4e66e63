import Testing

@testable import NotesMarkdown

/// Logseq writes a heading block without a bullet and its children under it, tab-indented.
@Suite struct LogseqOutlineTests {
  @Test func blocksUnderAHeadingAreAList() {
    let note = "## Usage\n\t- Inline math with `$`:\n\t\t- see [[Nowhere]]\n\t\t  continued\n\t- Second\n## Next\nText.\n"
    let rendered = render(note)
    #expect(rendered.html.contains(
      "<ul>\n<li>Inline math with <code>$</code>:\n<ul>\n<li>see <span class=\"broken-link\" title=\"unknown note &#39;Nowhere&#39;\">Nowhere</span>\ncontinued</li>\n</ul>\n</li>\n<li>Second</li>\n</ul>"),
      "\(rendered.html)")
    #expect(!rendered.html.contains("<pre"))
    // Positions are the note's: the tab became one space, not four.
    #expect(positions(rendered) == ["3:9"])
  }

  @Test(arguments: [
    "## Code\n    - not a list\n",
    "Para\n\t- lazy text\n",
    "```\n## In a fence\n\t- stays\n```\n",
    "## Heading\n\n\tcode after a blank line\n",
  ])
  func otherIndentationIsUntouched(_ note: String) {
    #expect(LogseqOutline.listingHeadingChildren(note) == note)
  }
}

extension LogseqOutlineTests {
  /// A heading block's properties stand between it and its children.
  @Test func propertiesBetweenAHeadingAndItsChildren() {
    let rendered = html("# Principles\ncollapsed:: true\n\t- Child\n\t\t- ### Basics\n")
    #expect(rendered.contains("<li>Child\n<ul>\n<li>\n<h2 id=\"basics\">Basics"), "\(rendered)")
    #expect(!rendered.contains("collapsed"), "\(rendered)")
  }
}
