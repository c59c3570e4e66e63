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
    // Only a heading that opens the note is its title; further down it is a section.
    #expect(Markdown.analyze("Intro\n\n# Later title").firstH1 == nil)
    #expect(Markdown.analyze("#tag\n\n# Concepts\n\ntext").firstH1 == nil)
    #expect(Markdown.analyze("%% note to self %%\n\n# Title\n\ntext").firstH1 == "Title")
  }
}

/// The page's `h1` is the note's title; body headings never skip a level below it.
@Suite struct HeadingLevelTests {
  func levels(_ markdown: String) -> [Int] {
    var result: [Int] = []
    var rest = html(markdown)[...]
    while let open = rest.range(of: "<h") {
      let digit = rest[open.upperBound]
      if let level = digit.wholeNumberValue { result.append(level) }
      rest = rest[open.upperBound...]
    }
    return result
  }

  @Test(arguments: [
    ("# Title\n\n### Details\n\n#### More", [1, 2, 3]),
    ("### Details first\n\n###### Deep\n\n## Back", [2, 3, 2]),
    ("Intro.\n\n# Not the title\n\n### Sub", [2, 3]),
    ("# T\n\n## A\n\n#### B\n\n## C\n\n### D", [1, 2, 3, 2, 3]),
    ("# T\n\n> ### Quoted\n\n- #### Listed", [1, 2, 3]),
    // Siblings get one level, whatever gap their written level leaves.
    ("Intro.\n\n# Part A\n## Sub A1\n# Part B\n##### Deep 1\n##### Deep 2", [2, 3, 2, 3, 3]),
    ("# T\n\n## A\n\n#### B\n\n### C\n\n#### D", [1, 2, 3, 3, 4]),
  ])
  func levelsNeverSkip(_ markdown: String, _ expected: [Int]) {
    #expect(levels(markdown) == expected)
  }

  @Test func idsAndAnalysisKeepTheWrittenLevels() {
    let note = "# T\n\n#### Deep heading\n"
    #expect(Markdown.analyze(note).headings.map(\.level) == [1, 4])
    #expect(html(note).contains("<h2 id=\"deep-heading\">Deep heading"))
  }
}

extension HeadingTests {
  /// Note templates write an item with an empty sub-item; CommonMark would read the lone `-` as
  /// a setext underline and the item as an `h2`. Obsidian shows the item and an empty bullet.
  @Test func anEmptySubBulletIsNotAHeadingUnderline() {
    let out = html("- Known for?\n\t- \n- Met at\n  -\n\nA paragraph\n---\n\nSetext\n-\n")
    #expect(out.hasPrefix("<ul>\n<li>Known for?\n<ul>\n<li></li>\n</ul>\n</li>\n<li>Met at\n<ul>\n<li></li>\n</ul>\n</li>\n</ul>\n"), "\(out)")
    // Outside lists, setext headings stay headings.
    #expect(out.contains(">A paragraph <a class=\"heading-anchor\""))
    #expect(out.contains("<h2 id=\"setext\">"))
    #expect(Markdown.analyze("- Known for?\n\t- \n").headings.isEmpty)
  }
}
