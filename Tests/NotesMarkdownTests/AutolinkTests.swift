import Testing

@testable import NotesMarkdown

@Suite struct AutolinkTests {
  /// `<a href="url">text</a>`, as cmark writes a link.
  func a(_ url: String, _ text: String? = nil) -> String { #"<a href="\#(url)">\#(text ?? url)</a>"# }

  @Test func urlAtTheEndOfASentence() {
    #expect(html("See https://example.com/page.") == "<p>See \(a("https://example.com/page")).</p>\n")
  }

  @Test(arguments: [".", ",", "!", ":", "?", "*", "_", "~", "...", "?!"])
  func trailingPunctuationIsNotPartOfTheURL(_ punctuation: String) {
    let out = html("Go to https://x.org/a\(punctuation) now")
    #expect(out.contains(a("https://x.org/a")))
  }

  /// A quoted URL (`{% linkpreview "https://metatags.io/" %}` in a Jekyll post) keeps its
  /// quotes outside the link.
  @Test func quotesAroundTheURLStayOutside() {
    #expect(html("Q1 \"https://example.org/x\" end").contains("Q1 &quot;\(a("https://example.org/x"))&quot; end"))
    #expect(html("Q2 'https://example.org/y'. end").contains("Q2 '\(a("https://example.org/y"))'. end"))
  }

  @Test func punctuationInsideTheURLStays() {
    #expect(html("https://x.org/a.b,c!d:e?f=1").contains(a("https://x.org/a.b,c!d:e?f=1")))
  }

  @Test func parenthesesAreKeptOnlyWhenBalanced() {
    #expect(html("(see https://x.org/a_(b))").contains("(see \(a("https://x.org/a_(b)")))"))
    #expect(html("(see https://x.org/a)").contains("(see \(a("https://x.org/a")))"))
    #expect(html("https://x.org/a((b))").contains(a("https://x.org/a((b))")))
    #expect(html("https://x.org/a(b)))").contains(a("https://x.org/a(b)") + "))"))
  }

  @Test func queryWithAmpersand() {
    #expect(html("Search https://x.org/?a=1&b=2 here").contains(a("https://x.org/?a=1&amp;b=2")))
  }

  @Test func entityLikeEndIsNotPartOfTheURL() {
    #expect(html("https://x.org/?q=a&hl; and").contains(a("https://x.org/?q=a") + "&amp;hl; and"))
  }

  @Test func wwwGetsHTTP() {
    let link = a("http://www.example.com/help", "www.example.com/help")
    #expect(html("Visit www.example.com/help.") == "<p>Visit \(link).</p>\n")
    #expect(html("(www.example.com)").contains(a("http://www.example.com", "www.example.com")))
  }

  @Test(arguments: [
    "awww.example.com", "www.", "www. example", "www.x_y.com", "www.a.b_c", "xhttps://x.org",
    "https://", "https:// x.org", "https://_x", "javascript:alert(1)", "javascript://%0Aalert(1)",
    "ftp://x.org", "mailto:me@x.org", "x.org/path", "HTTP:/x.org",
  ])
  func notURLs(_ text: String) {
    #expect(!html("Text \(text) here").contains("<a"))
  }

  @Test func schemeInAnyCase() {
    #expect(html("HTTPS://X.org/A").contains(a("HTTPS://X.org/A")))
  }

  @Test func underscoresAreFineBeforeTheLastTwoSegments() {
    #expect(html("www._x.y.z").contains(a("http://www._x.y.z", "www._x.y.z")))
  }

  @Test func nonASCIIPathsAndDomains() {
    #expect(
      html("東京: https://ja.wikipedia.org/wiki/東京").contains(
        a("https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC", "https://ja.wikipedia.org/wiki/東京")))
    #expect(html("https://日本語.jp/a").contains(#">https://日本語.jp/a</a>"#))
  }

  @Test func japanesePunctuationEndsTheURL() {
    let out = html("詳しくはhttps://x.org/a、または「https://y.org/b」を見る。")
    #expect(
      out.contains("詳しくは" + a("https://x.org/a") + "、または「" + a("https://y.org/b") + "」を見る。"))
  }

  @Test func severalURLsInOneLine() {
    let out = html("https://a.org and www.b.org, then http://c.org")
    let www = a("http://www.b.org", "www.b.org")
    #expect(out == "<p>\(a("https://a.org")) and \(www), then \(a("http://c.org"))</p>\n")
  }

  @Test func inListItemsQuotesAndTables() {
    #expect(html("- one https://x.org\n- two").contains("<li>one \(a("https://x.org"))</li>"))
    #expect(html("> quoted https://x.org.").contains("<p>quoted \(a("https://x.org")).</p>"))
    let table = html("| Site | URL |\n| --- | --- |\n| X | https://x.org |")
    #expect(table.contains(a("https://x.org")))
    #expect(html("- [ ] read https://x.org").contains(a("https://x.org")))
  }

  @Test func nextToEmphasisAndStrikethrough() {
    #expect(html("*https://x.org*").contains("<em>\(a("https://x.org"))</em>"))
    #expect(html("**see https://x.org**.").contains("<strong>see \(a("https://x.org"))</strong>."))
    #expect(html("_www.x.org_").contains("<em>\(a("http://www.x.org", "www.x.org"))</em>"))
    #expect(html("~~https://x.org~~").contains("<del>\(a("https://x.org"))</del>"))
    #expect(html("==https://x.org==").contains("<mark>\(a("https://x.org"))</mark>"))
  }

  @Test func inHeadingsTheIDStaysTheSame() {
    let out = html("## Docs at https://x.org")
    #expect(
      out.contains(
        #"<h2 id="docs-at-https-x-org">Docs at \#(a("https://x.org")) <a class="heading-anchor""#))
    #expect(Markdown.analyze("## Docs at https://x.org").headings.first?.id == "docs-at-https-x-org")
  }

  @Test func notInCode() {
    #expect(html("Run `curl https://x.org` now") == "<p>Run <code>curl https://x.org</code> now</p>\n")
    #expect(!html("```\nhttps://x.org\n```").contains("<a"))
    #expect(!html("    https://x.org").contains("<a"))
  }

  @Test func notInsideLinksOrImages() {
    for markdown in [
      "[text](https://x.org)", "[see https://x.org](https://y.org)", "![https://x.org](diagram.png)",
      "<https://x.org>", "[ref]\n\n[ref]: https://x.org",
    ] {
      let out = html(markdown)
      #expect(out.components(separatedBy: "<a ").count <= 2, "\(markdown): \(out)")
    }
    #expect(html("<https://x.org>") == "<p>\(a("https://x.org"))</p>\n")
  }

  @Test func notInsideWikiLinks() {
    let out = html("[[Roadmap|see https://x.org]] and [[https://y.org]] then https://z.org")
    #expect(out.contains(#"<a class="wiki-link" href="/notes/roadmap/">see https://x.org</a>"#))
    #expect(!out.contains(#"href="https://x.org""#))
    #expect(out.components(separatedBy: "<a ").count == 4)
    #expect(out.hasSuffix("then \(a("https://z.org"))</p>\n"))
  }

  @Test func urlRightBeforeAWikiLinkStopsThere() {
    let out = html("https://x.org/[[Roadmap]]")
    #expect(out.contains(a("https://x.org/") + #"<a class="wiki-link" href="/notes/roadmap/">Roadmap</a>"#))
  }

  @Test func notInsideRawAnchors() {
    let out = html(#"<a href="https://x.org">https://x.org</a>"#, unsafeHTML: true)
    #expect(out == "<p>\(a("https://x.org"))</p>\n")
  }

  @Test func footnoteAfterAURLStaysAFootnote() {
    let out = html("https://x.org[^1]\n\n[^1]: From https://y.org.")
    #expect(out.contains(a("https://x.org") + "<sup"))
    #expect(out.contains("From \(a("https://y.org"))."))
  }

  @Test func tagsAroundURLs() {
    let analysis = Markdown.analyze("#tag https://x.org/#frag #other")
    #expect(analysis.tags == ["tag", "other"])
    #expect(html("#tag https://x.org/#frag").contains(a("https://x.org/#frag")))
  }

  @Test func analysisRecordsTheLinkAndReadsTheURLAsText() throws {
    let analysis = Markdown.analyze("Intro.\n\nSee **it** at www.x.org/a#b.", lineOffset: 3)
    let reference = try #require(analysis.references.first)
    #expect(analysis.references.count == 1)
    #expect(reference.kind == .link)
    #expect(reference.target == "http://www.x.org/a")
    #expect(reference.fragment == "b")
    #expect(reference.line == 6)
    #expect(reference.column == 15)
    #expect(analysis.plainText == "Intro.\nSee it at www.x.org/a#b.")
    #expect(analysis.preview == "Intro. See it at www.x.org/a#b.")
  }

  @Test func goesThroughTheResolverLikeAnyLink() {
    // The test resolver keeps URLs with a scheme; a broken one is a warning at its position.
    let note = render("Line\n\n  see https://x.org")
    #expect(note.diagnostics.isEmpty)
    struct Refusing: LinkResolver {
      func resolve(_ reference: LinkReference) -> LinkResolution { .unresolved(message: "no") }
      func tagURL(_ tag: String) -> String { "" }
    }
    let refused = Markdown.render(
      "Line\n\n  see https://x.org", options: RenderOptions(sourcePath: "n.md"), resolver: Refusing())
    #expect(refused.html.contains(#"<span class="broken-link" title="no">https://x.org</span>"#))
    #expect(refused.diagnostics.first?.location?.line == 3)
    #expect(refused.diagnostics.first?.location?.column == 7)
  }

  @Test func syntaxRanges() {
    let bytes = Array("a https://x.org/b). www.y.org".utf8)
    #expect(
      AutolinkSyntax.matches(in: bytes) == [
        .init(range: 2..<17, url: "https://x.org/b"), .init(range: 20..<29, url: "http://www.y.org"),
      ])
    #expect(
      AutolinkSyntax.matches(in: bytes, excluding: [0..<10]) == [
        .init(range: 20..<29, url: "http://www.y.org")
      ])
  }

  @Test func longRunsStayFast() {
    let text =
      String(repeating: "_www.", count: 20_000) + " " + String(repeating: "https://x.", count: 20_000) + " "
      + String(repeating: "(https://a_b ", count: 10_000) + String(repeating: "www.a_b.c.", count: 10)
    let elapsed = ContinuousClock().measure {
      #expect(render(text).html.contains("<a "))
      #expect(!Markdown.analyze(text).references.isEmpty)
    }
    #expect(elapsed < .seconds(20))
  }
}

extension AutolinkTests {
  /// Roam and Logseq embed a URL in braces (`{{youtube https://…}}`): the braces stay out,
  /// braces inside the URL stay in.
  @Test func unmatchedClosingBracesAreNotPartOfTheURL() {
    #expect(html("{{tabs https://youtu.be/abc}} x").contains("{{tabs \(a("https://youtu.be/abc"))}} x"))
    // A macro Logseq knows is its address alone (see `LogseqBlockPass`).
    #expect(html("{{youtube https://youtu.be/abc}} x") == "<p>\(a("https://youtu.be/abc")) x</p>\n")
    #expect(html("See https://x.org/{id}/a}").contains(a("https://x.org/%7Bid%7D/a", "https://x.org/{id}/a") + "}"))
  }
}
