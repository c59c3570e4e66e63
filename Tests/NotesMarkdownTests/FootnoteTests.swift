import Testing

@testable import NotesMarkdown

/// Footnotes as Obsidian, GitHub and Hugo write them.
@Suite struct FootnoteTests {
  static let note = """
    Tea[^tea] and coffee[^1], tea again[^tea], and a stray [^nope].

    [^1]: Coffee needs [[Roadmap]].
    [^tea]: Tea, with *style*,
    over two lines.
    [^unused]: Never referenced.

    `[^1]` in code stays.
    """

  @Test func referencesBecomeNumberedLinksToAListAtTheEnd() throws {
    let page = html(Self.note)
    #expect(page.contains("Tea<sup class=\"footnote-ref\"><a href=\"#fn:1\" id=\"fnref:1\">1</a></sup>"))
    #expect(page.contains("coffee<sup class=\"footnote-ref\"><a href=\"#fn:2\" id=\"fnref:2\">2</a></sup>"))
    // A second reference links to the same footnote without repeating the id.
    #expect(page.contains("again<sup class=\"footnote-ref\"><a href=\"#fn:1\">1</a></sup>"))
    #expect(page.contains("a stray [^nope]."))
    #expect(page.contains("<code>[^1]</code>"))
    let start = try #require(page.range(of: "<section class=\"footnotes\">"))
    let list = String(page[start.lowerBound...])
    #expect(list.contains("<li id=\"fn:1\">") && list.contains("<li id=\"fn:2\">"))
    #expect(list.contains("Tea, with <em>style</em>,\nover two lines."))
    #expect(list.contains("<a class=\"wiki-link\" href=\"/notes/roadmap/\">Roadmap</a>"))
    #expect(list.contains("<a class=\"footnote-back\" href=\"#fnref:1\" aria-label=\"Back to text\">↩</a>"))
    #expect(!page.contains("Never referenced") && !page.contains("[^tea]:"))
    // Tea (first used) comes before coffee in the list.
    #expect(list.range(of: "fn:1")!.lowerBound < list.range(of: "fn:2")!.lowerBound)
    #expect(page.hasSuffix("</section>\n"))
  }

  @Test func withoutIdsInsideAnEmbed() {
    let result = Markdown.render(
      Self.note, options: RenderOptions(sourcePath: "content/Note.md", headingIDs: false), resolver: TestResolver())
    #expect(!result.html.contains(" id=\""))
    #expect(result.html.contains("Tea<sup class=\"footnote-ref\">1</sup>"))
  }

  @Test func aNoteWithoutDefinitionsIsUntouched() {
    #expect(html("See [^1] and [^x]: here.") == "<p>See [^1] and [^x]: here.</p>\n")
  }

  @Test func linksInAFootnoteKeepTheirPlace() {
    let result = render("Text[^a].\n\n[^a]: see [[Nowhere]]\n")
    #expect(result.diagnostics.first?.location?.line == 3)
    #expect(result.diagnostics.first?.location?.column == 11)
  }

  /// Obsidian's inline footnotes, numbered with the written ones in order of use.
  @Test func inlineFootnotes() throws {
    let page = html(
      "Binomial trees^[a *rose* tree, see [[Roadmap]] [x]] are\nheaps[^h]. Twice^[a]^[b].\n\n"
        + "Open ^[never closed, and [link ^[in link text]](https://x.org) stays.\n\n[^h]: Written.\n")
    #expect(page.contains("Binomial trees<sup class=\"footnote-ref\"><a href=\"#fn:1\" id=\"fnref:1\">1</a></sup> are"))
    #expect(page.contains("heaps<sup class=\"footnote-ref\"><a href=\"#fn:2\" id=\"fnref:2\">2</a></sup>."))
    #expect(page.contains("Twice<sup class=\"footnote-ref\"><a href=\"#fn:3\" id=\"fnref:3\">3</a></sup><sup class=\"footnote-ref\"><a href=\"#fn:4\""))
    #expect(page.contains("Open ^[never closed"))
    #expect(page.contains("^[in link text]"))
    let list = String(page[try #require(page.range(of: "<section class=\"footnotes\">")).lowerBound...])
    #expect(list.contains("<li id=\"fn:1\">\n<p>a <em>rose</em> tree, see <a class=\"wiki-link\" href=\"/notes/roadmap/\">Roadmap</a> [x] <a class=\"footnote-back\""))
    #expect(list.contains("<li id=\"fn:2\">\n<p>Written."))
    #expect(list.contains("<li id=\"fn:4\">\n<p>b <a"))
    // The label no written footnote can have never reaches the page.
    #expect(!page.contains("\u{1}"))
  }

  /// `[^1]: Source.` and `[^1]: https://x.org` are also valid link reference definitions,
  /// which cmark would take out of the text; they stay footnotes (not in code).
  @Test func oneWordDefinitionsAreFootnotes() throws {
    let page = html("Claim[^1] and more[^2].\n\n[^1]: Source.\n[^2]: https://x.org/a \"T\"\n\n```\n[^3]: code\n```\n")
    #expect(page.contains("Claim<sup class=\"footnote-ref\"><a href=\"#fn:1\" id=\"fnref:1\">1</a></sup>"))
    #expect(page.contains("more<sup class=\"footnote-ref\"><a href=\"#fn:2\""))
    #expect(page.contains("<p>Source. <a class=\"footnote-back\""))
    #expect(page.contains("https://x.org/a"))
    #expect(page.contains("<code>[^3]: code\n</code>"))
  }

  @Test func aWarningInAnInlineFootnoteKeepsItsPlace() {
    let result = render("Line one.\n\nText^[see [[Nowhere]]].\n")
    #expect(result.diagnostics.first?.location?.line == 3)
    #expect(result.diagnostics.first?.location?.column == 11)
  }
}

@Suite struct FootnoteAnalysisTests {
  @Test func previewAndSearchTextReadWithoutMarkers() {
    let analysis = Markdown.analyze("Tea[^1] is good.\n\n[^1]: Green, mostly. See [[Roadmap]].\n[^2]: Unused, with [[Ideas]].\n")
    #expect(analysis.preview.hasPrefix("Tea is good."))
    #expect(!analysis.plainText.contains("[^"))
    #expect(analysis.plainText.contains("Green, mostly."))
    // Links in a footnote count; links in a footnote nobody refers to are not published.
    #expect(analysis.references.map(\.target) == ["Roadmap"])
    let inline = Markdown.analyze("Binomial trees^[a rose tree] are heaps.")
    #expect(inline.preview.hasPrefix("Binomial trees are heaps."))
    #expect(inline.plainText.contains("a rose tree"))
  }
}

extension FootnoteTests {
  /// An inline note inside an inline note (found by the fuzzer: its internal label reached
  /// the page): both are numbered, the inner one after the outer.
  @Test func anInlineNoteInsideAnInlineNote() {
    let out = html("Twice^[outer ^[inner] end] and once[^a].\n\n[^a]: Written.\n")
    #expect(!out.utf8.contains(1), "\(out)")
    #expect(out.contains("<p>outer ^[inner] end"), "\(out)")
    // The fuzzer's case: an inline note's text runs into the next one's reference.
    let fuzzed = html("#da. Twice^[_a_/b*ca]^[b]. Op\"\ncoa. Twice^[_a_/b*ca]^[b]. Op\"\n")
    #expect(!fuzzed.utf8.contains(1), "\(fuzzed)")
  }
}

extension FootnoteTests {
  /// A footnote of several paragraphs, a list and code, indented under its definition as
  /// Pandoc, PHP Markdown Extra and GitHub read it: its blocks stay in the footnote, read as
  /// Markdown, not as a code block after it.
  @Test func aFootnoteOfSeveralBlocks() throws {
    let note = """
      Claim[^long] and another[^short].

      [^long]: The first paragraph,
      with a lazy line.

          A second paragraph with [[Roadmap]].

              let code = 1

          - a list item
          - another

      [^short]: One line.

      After the notes.

          top-level code
      """
    let page = html(note)
    let list = String(page[try #require(page.range(of: "<section class=\"footnotes\">")).lowerBound...])
    #expect(list.contains("<li id=\"fn:1\">\n<p>The first paragraph,\nwith a lazy line.</p>\n<p>A second paragraph with <a class=\"wiki-link\" href=\"/notes/roadmap/\">Roadmap</a>.</p>\n<pre tabindex=\"0\"><code>let code = 1\n</code></pre>\n<ul>\n<li>a list item</li>\n<li>another</li>\n</ul>\n<p><a class=\"footnote-back\" href=\"#fnref:1\""), "\(list)")
    #expect(list.contains("<li id=\"fn:2\">\n<p>One line. <a class=\"footnote-back\""))
    // What follows the footnotes without indentation is the note's again.
    let body = String(page[..<page.range(of: "<section class=\"footnotes\">")!.lowerBound])
    #expect(body.contains("<p>After the notes.</p>\n<pre tabindex=\"0\"><code>top-level code\n</code></pre>"), "\(body)")
    #expect(!body.contains("second paragraph"))
  }

  /// A warning inside an indented footnote block points at the column in the file.
  @Test func aWarningInAnIndentedFootnoteBlockKeepsItsColumn() {
    let result = render("Text[^a].\n\n[^a]: First.\n\n    Then [[Nowhere]].\n")
    #expect(result.diagnostics.first?.location?.line == 5)
    #expect(result.diagnostics.first?.location?.column == 10)
  }

  /// An indented code block after a definition without a blank line between is the
  /// definition's lazy text, as in CommonMark; a fenced block after a blank line ends it.
  @Test func aFenceEndsTheFootnote() throws {
    let page = html("A[^a].\n\n[^a]: Note.\n\n```\n    [^b]: not a definition\n```\n")
    #expect(page.contains("<pre tabindex=\"0\"><code>    [^b]: not a definition\n</code></pre>"), "\(page)")
    #expect(page.contains("<p>Note. <a class=\"footnote-back\""))
  }
}

@Suite struct FootnoteBlockAnalysisTests {
  /// Links and text in a footnote's later paragraphs count, as the page shows them.
  @Test func linksInLaterParagraphsAreLinks() {
    let analysis = Markdown.analyze("Tea[^1].\n\n[^1]: Green.\n\n    Brewed as in [[Roadmap]].\n")
    #expect(analysis.references.map(\.target) == ["Roadmap"])
    #expect(analysis.plainText.contains("Brewed as in"))
  }
}

extension FootnoteTests {
  /// Found by the fuzzer: a footnote nobody refers to is freed with the blocks indented under
  /// it, headings included, which the heading pass and the table of contents then used.
  @Test func anUnusedFootnoteOfSeveralBlocksTakesItsHeadingsWithIt() {
    let note = "Text.\n\n[^unused]: Def.\n\n    # Inside\n\n    ## Deeper\n\n[TOC]\n\n## Outside\n"
    let page = html(note)
    #expect(!page.contains("Inside") && !page.contains("Deeper"), "\(page)")
    #expect(page.contains("<li><a href=\"#outside\">Outside</a></li>"), "\(page)")
    #expect(Markdown.analyze(note).headings.map(\.text) == ["Outside"])
    // A used one keeps them, in the footnote.
    let used = html("Text[^a].\n\n[^a]: Def.\n\n    ## Inside\n")
    #expect(used.contains("<section class=\"footnotes\">") && used.contains("Inside"), "\(used)")
  }

  /// A paragraph that became a definition list is freed: a block id at its end must not be
  /// read from it afterwards.
  @Test func aDefinitionListWithABlockID() {
    let page = html("Term\n: definition ^abc123\n")
    #expect(page.contains("<dl>"), "\(page)")
  }
}
