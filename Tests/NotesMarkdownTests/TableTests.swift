import Testing

@testable import NotesMarkdown

@Suite struct TableTests {
  @Test func headerDelimiterAndBodyRowsBecomeATable() {
    let out = html("| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |")
    #expect(
      out == """
        <div class="table-wrap">
        <table tabindex="0">
        <thead>
        <tr>
        <th>A</th>
        <th>B</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td>1</td>
        <td>2</td>
        </tr>
        <tr>
        <td>3</td>
        <td>4</td>
        </tr>
        </tbody>
        </table>
        </div>

        """)
  }

  /// An empty header cell (a row-label column) is a data cell: a header must name its column.
  @Test func anEmptyHeaderCellIsADataCell() {
    let out = html("|  | Light | Dark |\n|---|:-:|---|\n| Text | black | white |")
    #expect(out.contains("<tr>\n<td></td>\n<th style=\"text-align:center\">Light</th>\n<th>Dark</th>\n</tr>\n</thead>"), "\(out)")
  }

  /// `[text][label]` and `[label]` in a cell find the note's definitions, wherever they are.
  @Test func referenceLinksInCells() {
    let rendered = render("""
      [sl]: https://starlight.astro.build

      | Theme | Site |
      |---|---|
      | [Starlight][sl] | [docs] and [[Nowhere]] |

      [docs]: https://docs.astro.build "Docs"
      """)
    #expect(rendered.html.contains("<td><a href=\"https://starlight.astro.build\">Starlight</a></td>"), "\(rendered.html)")
    #expect(rendered.html.contains("<td><a href=\"https://docs.astro.build\" title=\"Docs\">docs</a> and "), "\(rendered.html)")
    // Positions in cells are still the note's.
    #expect(positions(rendered) == ["5:32"])
  }

  @Test func outerPipesAreOptionalAndABodyIsOptional() {
    let out = html("a | b\n--|--")
    #expect(out.contains("<th>a</th>\n<th>b</th>"))
    #expect(!out.contains("<tbody>"))
    #expect(!out.contains("|"))
  }

  @Test func alignmentComesFromTheColons() {
    let out = html("| l | c | r | n |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |")
    #expect(out.contains(#"<th style="text-align:left">l</th>"#))
    #expect(out.contains(#"<th style="text-align:center">c</th>"#))
    #expect(out.contains(#"<th style="text-align:right">r</th>"#))
    #expect(out.contains("<th>n</th>"))
    #expect(out.contains(#"<td style="text-align:center">2</td>"#))
    #expect(out.contains("<td>4</td>"))
  }

  @Test func escapedPipesStayInTheirCellAlsoInCode() {
    let out = html(
      #"| a | b |\n|---|---|\n| x \| y | `p\|q` |"#.replacingOccurrences(of: "\\n", with: "\n"))
    #expect(out.contains("<td>x | y</td>"), "\(out)")
    #expect(out.contains("<td><code>p|q</code></td>"), "\(out)")
  }

  @Test func cellsHaveInlineMarkupLinksWikiLinksAndTags() {
    let out = html(
      """
      | What | Where |
      |------|-------|
      | **bold** *em* `code` | [plan](Roadmap.md) |
      | [[Work/Alpha\\|alpha]] | #work ~~old~~ |
      """)
    #expect(out.contains("<td><strong>bold</strong> <em>em</em> <code>code</code></td>"), "\(out)")
    #expect(out.contains(#"<td><a href="/notes/roadmap/">plan</a></td>"#), "\(out)")
    #expect(out.contains(#"<td><a class="wiki-link" href="/notes/work/alpha/">alpha</a></td>"#))
    #expect(
      out.contains(#"<td><a class="tag" href="/notes/_tags/work/">#work</a> <del>old</del></td>"#),
      "\(out)")
  }

  @Test func cellMarkdownThatLooksLikeABlockStaysInline() {
    let out = html("| h |\n|---|\n| # not a heading |\n| - not a list |\n| > no quote |")
    #expect(out.contains("<td># not a heading</td>"), "\(out)")
    #expect(out.contains("<td>- not a list</td>"))
    #expect(out.contains("<td>&gt; no quote</td>"))
  }

  @Test func shortRowsAreFilledAndLongRowsCut() {
    let out = html("| a | b |\n|---|---|\n| 1 |\n| 1 | 2 | 3 |")
    #expect(out.contains("<tr>\n<td>1</td>\n<td></td>\n</tr>"), "\(out)")
    #expect(!out.contains("3"))
  }

  @Test func brokenWikiLinkInACellWarnsAtItsPlaceInTheFile() throws {
    let note = render("# T\n\n| a | b |\n|---|---|\n| x \\| y | [[Nope]] |", lineOffset: 2)
    #expect(note.html.contains(#"<td><span class="broken-link""#))
    let warning = try #require(note.diagnostics.first)
    #expect(warning.location?.description == "content/Note.md:7:12")
  }

  @Test func tableInAListItemAndInABlockQuote() {
    let list = html("- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n- next")
    #expect(list.contains("<li>\n<p>item</p>\n<div class=\"table-wrap\">"), "\(list)")
    #expect(list.contains("<td>1</td>\n<td>2</td>"))
    let quote = html("> | a | b |\n> |---|---|\n> | *1* | 2 |")
    #expect(quote.contains("<blockquote>\n<div class=\"table-wrap\">"), "\(quote)")
    #expect(quote.contains("<td><em>1</em></td>\n<td>2</td>"))
    let nested = html("> - x | y\n>   --|--\n>   3 | 4")
    #expect(nested.contains("<li>\n<div class=\"table-wrap\">"), "\(nested)")
    #expect(nested.contains("<td>3</td>\n<td>4</td>"), "\(nested)")
  }

  @Test func linesBeforeTheHeaderStayAParagraph() {
    let out = html("Some *intro* text\na | b\n--|--\n1 | 2")
    #expect(out.hasPrefix("<p>Some <em>intro</em> text</p>\n<div class=\"table-wrap\">"), "\(out)")
    #expect(out.contains("<th>a</th>"))
  }

  @Test(arguments: [
    "This | that, and a pipe | or two.",
    "a | b\nc | d",
    "| a | b |\n|---|",  // header and delimiter disagree on the number of cells
    "a | b\n-- x --",
    "`a | b`\n`--|--`",
  ])
  func paragraphsWithPipesThatAreNoTableStayParagraphs(_ markdown: String) {
    let out = html(markdown)
    #expect(out.hasPrefix("<p>"), "\(out)")
    #expect(!out.contains("<table"))
  }

  @Test func previewAndPlainTextReadCellsAsWords() {
    let note = """
      # Prices

      | Fruit | Price |
      |:------|------:|
      | *Apple* | [[Roadmap\\|one]] |
      | Pear | 2 #fruit |

      After.
      """
    let analysis = Markdown.analyze(note)
    #expect(analysis.preview == "Fruit Price Apple one Pear 2 #fruit After.")
    #expect(!analysis.plainText.contains("|"))
    #expect(analysis.plainText.contains("Fruit Price\nApple one\nPear 2 #fruit\nAfter."))
    #expect(analysis.tags == ["fruit"])
    #expect(
      analysis.references == [
        LinkReference(kind: .wikiLink, target: "Roadmap", label: "one", line: 5, column: 13)
      ])
  }
}

@Suite struct StrikethroughTests {
  @Test(arguments: [
    ("~~gone~~", "<p><del>gone</del></p>"),
    ("a ~~b *c* d~~ e", "<p>a <del>b <em>c</em> d</del> e</p>"),
    (
      "~~[[Roadmap]]~~",
      #"<p><del><a class="wiki-link" href="/notes/roadmap/">Roadmap</a></del></p>"#
    ),
    ("`~~code~~`", "<p><code>~~code~~</code></p>"),
    ("~~ spaced ~~", "<p>~~ spaced ~~</p>"),
    ("a ~~~three~~~", "<p>a ~~~three~~~</p>"),
    ("~~open only", "<p>~~open only</p>"),
    ("~~a~~b~~c~~", "<p><del>a</del>b<del>c</del></p>"),
    ("*~~a*~~", "<p><em>~~a</em>~~</p>"),
  ])
  func tildePairsBecomeDel(_ markdown: String, _ expected: String) {
    #expect(html(markdown) == expected + "\n")
  }

  @Test func inCodeBlocksItStaysLiteral() {
    #expect(html("```\n~~x~~\n```").contains("~~x~~"))
  }

  @Test func struckTextReadsWithoutTildesAndKeepsPositions() throws {
    let analysis = Markdown.analyze("~~old~~ text [[Nope]]\n\n## A ~~b~~")
    #expect(analysis.plainText == "old text Nope\nA b")
    #expect(analysis.headings.map(\.id) == ["a-b"])
    #expect(analysis.references.first?.column == 14)
    let note = render("x ~~y~~ [[Nope]]")
    #expect(try #require(note.diagnostics.first).location?.description == "content/Note.md:1:9")
  }
}

/// Obsidian's `==highlight==` follows the strikethrough rules with `=`.
@Suite struct HighlightTests {
  @Test(arguments: [
    ("==key point==", "<p><mark>key point</mark></p>"),
    ("a ==b ~~c~~ d== e", "<p>a <mark>b <del>c</del> d</mark> e</p>"),
    ("`==code==`", "<p><code>==code==</code></p>"),
    ("a == b and c == d", "<p>a == b and c == d</p>"),
    ("x === y", "<p>x === y</p>"),
    ("==open only", "<p>==open only</p>"),
    ("Title\n==", "<h1>Title</h1>"),
  ])
  func equalsPairsBecomeMark(_ markdown: String, _ expected: String) {
    #expect(html(markdown).hasPrefix(expected.hasPrefix("<h1") ? "<h1 id=\"title\">Title" : expected))
  }

  @Test func inTablesAndAnalysis() {
    #expect(html("| a |\n|---|\n| ==hi== |").contains("<td><mark>hi</mark></td>"))
    let analysis = Markdown.analyze("==marked== text [[Nope]]")
    #expect(analysis.plainText == "marked text Nope")
    #expect(analysis.references.first?.column == 17)
  }
}

extension TableTests {
  /// `[[Note|label]]` in a cell without `\|`, as Quartz reads it: one link, no lost cell.
  @Test func aWikiLinksBarDoesNotSplitACell() {
    let out = html("| Pattern | Kind |\n|---|---|\n| [[Roadmap|Декоратор]] | структурный |\n| [[a [[b]] | c |\n")
    #expect(out.contains(#"<td><a class="wiki-link" href="/notes/roadmap/">Декоратор</a></td>"#), "\(out)")
    #expect(out.contains("<td>структурный</td>"))
    // An unclosed `[[` splits as before.
    #expect(out.contains("<td>c</td>"))
  }
}
