import Testing

@testable import NotesMarkdown

/// Tables of contents and kramdown's attribute lists, as notes from Typora, Joplin, GitLab and
/// Jekyll sites write them.
@Suite struct ContentsTests {
  static let note = """
    # Guide

    [TOC]

    ## Install
    ### On Linux
    ### On macOS
    ## Use & abuse
    #### Deep
    ## Last
    """

  @Test func aMarkerBecomesNestedLinksToTheHeadings() throws {
    let page = html(Self.note)
    let toc = String(page[try #require(page.range(of: "<nav class=\"toc\"")).lowerBound...])
    let list = String(toc[..<toc.range(of: "</nav>")!.upperBound])
    #expect(
      list == """
        <nav class="toc" aria-label="Contents">
        <ul>
        <li><a href="#install">Install</a>
        <ul>
        <li><a href="#on-linux">On Linux</a></li>
        <li><a href="#on-macos">On macOS</a></li>
        </ul>
        </li>
        <li><a href="#use-abuse">Use &amp; abuse</a>
        <ul>
        <li><a href="#deep">Deep</a></li>
        </ul>
        </li>
        <li><a href="#last">Last</a></li>
        </ul>
        </nav>
        """)
    // The title heading is the page's title, not an entry; the marker is gone.
    #expect(!list.contains("Guide"))
    #expect(!page.contains("[TOC]"))
    // Each link's target is on the page.
    for id in ["install", "on-linux", "on-macos", "use-abuse", "deep", "last"] {
      #expect(page.contains("id=\"\(id)\""), "\(id)")
    }
  }

  @Test func everyToolsMarker() {
    for marker in ["[toc]", "[[_TOC_]]", "[[toc]]", "${toc}"] {
      let page = html("Intro.\n\n\(marker)\n\n## One\n")
      #expect(page.contains("<li><a href=\"#one\">One</a></li>"), "\(marker)")
      #expect(!page.contains(marker), "\(marker)")
    }
    // In a sentence it is text.
    #expect(html("See [TOC] below.\n\n## One\n").contains("See [TOC] below."))
  }

  @Test func withoutHeadingsOrIdsTheMarkerIsGone() {
    #expect(html("Intro.\n\n[TOC]\n") == "<p>Intro.</p>\n")
    let embedded = Markdown.render(
      "[TOC]\n\n## One\n", options: RenderOptions(sourcePath: "content/N.md", headingIDs: false), resolver: TestResolver())
    #expect(!embedded.html.contains("toc") && !embedded.html.contains("TOC"))
  }

  @Test func aMarkerIsNotALinkOrText() {
    let analysis = Markdown.analyze("[[_TOC_]]\n\n## One\n\nText.\n")
    #expect(analysis.references.isEmpty)
    #expect(!analysis.plainText.contains("TOC"))
    #expect(render("[[_TOC_]]\n\n## One\n").diagnostics.isEmpty)
  }

  @Test func oneListPerPage() {
    let page = html("[TOC]\n\n## One\n\n[TOC]\n")
    #expect(page.components(separatedBy: "<nav class=\"toc\"").count == 2)
  }
}

@Suite struct KramdownAttributeTests {
  /// A just-the-docs page: its title and "Table of contents" heading are kept out of the
  /// list kramdown's `{:toc}` makes.
  @Test func jekyllTableOfContents() throws {
    let page = html("""
      # Navigation
      {: .no_toc }

      ## Table of contents
      {: .no_toc .text-delta }

      1. TOC
      {:toc}

      ## Main
      Text.
      {: .fs-6 .fw-300 }

      [Get started](https://x.org/start){: .btn .btn-primary }
      """)
    #expect(page.contains("<nav class=\"toc\" aria-label=\"Contents\">\n<ul>\n<li><a href=\"#main\">Main</a></li>\n</ul>\n</nav>"), "\(page)")
    #expect(!page.contains("{:"), "\(page)")
    #expect(!page.contains("<ol>"))
    #expect(page.contains("<p>Text.</p>"))
    #expect(page.contains("Get started</a></p>"), "\(page)")
  }

  @Test func codeKeepsItsBraces() {
    let page = html("`{:toc}` and `x`{:.language-ruby}\n\n```\n{: .no_toc}\n```\n")
    #expect(page.contains("<code>{:toc}</code> and <code>x</code>"), "\(page)")
    #expect(page.contains("<code>{: .no_toc}\n</code>"))
  }

  @Test func commentsAreLeftOut() {
    let page = html("Before.\n\n{::comment}\nSecret.\n{:/comment}\n\nAfter.\n")
    #expect(!page.contains("Secret") && page.contains("After."))
  }

  /// Lines keep their numbers: a warning after a blanked list points at its line.
  @Test func warningsKeepTheirLines() {
    let result = render("Para.\n{: .x}\n\nSee [[Nowhere]].\n")
    #expect(result.diagnostics.first?.location?.line == 4)
  }
}

/// Python-Markdown's and Pandoc's attribute lists, written without kramdown's colon.
@Suite struct AttributeListTests {
  @Test func listsWithoutAColonAreNotShown() {
    let page = html("""
      Option `custom_checkbox`{ #custom-checkbox } here.

      Lorem (1) dolor.
      { .annotate }

      ![logo](https://x.org/b.png){.ui .small} and ![](https://x.org/a.png){width="300px"}
      [x](https://x.org/u){ data-preview="" } and [y](https://x.org/v){:target="_blank"}
      """)
    #expect(!page.contains("{"), "\(page)")
    // An id in a list is not a tag.
    #expect(!page.contains("class=\"tag\""), "\(page)")
    #expect(Markdown.analyze("Option `x`{ #custom-checkbox } here.\n").tags.isEmpty)
    #expect(page.contains("<p>Lorem (1) dolor.</p>"))
  }

  @Test func otherBracesStay() {
    let page = html("Math $x_{i}$ and a set {a, b} and `{ .code }` and text{ .not-after-a-span }.\n")
    #expect(page.contains("x_{i}") && page.contains("{a, b}") && page.contains("<code>{ .code }</code>"), "\(page)")
    #expect(page.contains("text{ .not-after-a-span }"))
  }

  /// `## Install {#setup}` (Hugo, Pandoc, MkDocs): the heading's id is `setup`, its text
  /// `Install`.
  @Test func aHeadingsListGivesItsID() {
    let page = html("## Install {#setup}\n\n## Use {.big}\n\nSee [setup](#setup).\n")
    #expect(page.contains("<h2 id=\"setup\">Install <a class=\"heading-anchor\" href=\"#setup\""), "\(page)")
    #expect(page.contains("<h2 id=\"use\">Use <a"), "\(page)")
    let analysis = Markdown.analyze("## Install {#setup}\n")
    #expect(analysis.headings.map(\.id) == ["setup"] && analysis.headings.map(\.text) == ["Install"])
    #expect(analysis.tags.isEmpty)
  }

  /// Pandoc's `{-}`, short for `{.unnumbered}` (Zettlr writes it), is not shown; `{-x}` stays.
  @Test func pandocsUnnumberedShorthandIsNotShown() {
    let page = html("# Preface {-}\n\n## Notes {- #notes}\n\nA set {-x}.\n")
    #expect(page.contains("<h1 id=\"preface\">Preface <a"), "\(page)")
    #expect(page.contains("<h2 id=\"notes\">Notes <a"), "\(page)")
    #expect(page.contains("A set {-x}."), "\(page)")
  }
}

extension AttributeListTests {
  @Test func texIsNotAnAttributeList() {
    let page = html("$$\n\\sum_{i=1}^n x_{k=2}\n$$\n\nInline $a_{n=0}$ and *b*{i=1}.\n")
    #expect(page.contains("\\sum_{i=1}^n x_{k=2}") && page.contains("a_{n=0}") && page.contains("{i=1}"), "\(page)")
  }
}

extension AttributeListTests {
  @Test func abbreviationDefinitionsAreNotShown() {
    let page = html("The HTML spec.\n\n*[HTML]: Hyper Text Markup Language\n")
    #expect(page == "<p>The HTML spec.</p>\n", "\(page)")
    #expect(html("*[not]* a definition\n").contains("<em>[not]</em>"))
  }
}
