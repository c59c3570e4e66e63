import Foundation
import Testing

@testable import NotesSite

/// Links to headings land on an anchor the page has, or on the note with a warning; a page
/// never holds one id twice, whatever its note embeds or names its headings.
@Suite struct HeadingLinkTests {
  /// Every `id="…"` of a page, with how often it occurs.
  static func ids(_ html: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    var rest = html[...]
    while let start = rest.range(of: " id=\"") {
      let value = rest[start.upperBound...].prefix { $0 != "\"" }
      counts[String(value), default: 0] += 1
      rest = rest[start.upperBound...]
    }
    return counts
  }

  /// The `href` of the first link whose text is `text`.
  static func href(of text: String, in html: String) -> String? {
    guard let end = html.range(of: "\">\(text)</a>") else { return nil }
    let before = html[..<end.lowerBound]
    guard let start = before.range(of: "href=\"", options: .backwards) else { return nil }
    return String(before[start.upperBound...])
  }

  /// A link to a footnote by the id the page gives it (`#fn:1`), as MkDocs' docs write one,
  /// keeps its fragment without a warning.
  @Test func footnoteAnchorsLand() async throws {
    let site = try SiteFixture([
      "content/A.md": "Lorem[^1].\n\n[Jump](#fn:1) [Back](A.md#fnref:1)\n\n[^1]: Note.\n"
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let html = try site.page("notes/a")
    #expect(Self.href(of: "Jump", in: html) == "/notes/a/#fn:1")
    #expect(Self.href(of: "Back", in: html) == "/notes/a/#fnref:1")
    #expect(html.contains("<li id=\"fn:1\">"))
  }

  /// Anchors written as GitHub, mdBook and MkDocs make them land on the heading.
  @Test func githubStyleAnchorsLand() async throws {
    let site = try SiteFixture([
      "content/B.md": "# B\n\n## What's new?\n\n## `[output.html.print]`\n\n## C++ & Rust\n",
      "content/A.md": "[a](B.md#whats-new) [b](B.md#outputhtmlprint) [[B#whats-new|c]] [d](B.md#c--rust) [e](B.md#nope)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("notes/a")
    #expect(Self.href(of: "a", in: html) == "/notes/b/#what-s-new")
    #expect(Self.href(of: "b", in: html) == "/notes/b/#output-html-print")
    #expect(Self.href(of: "c", in: html) == "/notes/b/#what-s-new")
    #expect(Self.href(of: "d", in: html) == "/notes/b/#c-rust")
    #expect(Self.href(of: "e", in: html) == "/notes/b/")
    #expect(report.diagnostics.map(\.message) == ["no heading 'nope' in 'content/B.md'; linking to the note"])
  }

  @Test func aMissingHeadingLinksToTheNoteWithAWarning() async throws {
    let site = try SiteFixture([
      "content/Guide.md": "# Guide\n\n## Setup\n\n### Linux\n\nSteps.\n",
      "content/Work/Plan.md": """
        # Plan

        See [[Guide#Setup|setup]], [[Guide#Setup#Linux|on Linux]], [[Guide#Gone|gone]], \
        [[Guide#^a1b2c3|block]] and [the guide](../Guide.md#nowhere).

        ## Steps

        [Up](#steps), [missing](#later), [top](#top).
        """,
    ])
    let report = await site.build()
    #expect(report.outcome == .success)
    let html = try site.page("work/plan")
    #expect(Self.href(of: "setup", in: html) == "/notes/guide/#setup")
    #expect(Self.href(of: "on Linux", in: html) == "/notes/guide/#linux")
    #expect(Self.href(of: "gone", in: html) == "/notes/guide/")
    #expect(Self.href(of: "block", in: html) == "/notes/guide/")
    #expect(Self.href(of: "the guide", in: html) == "/notes/guide/")
    #expect(Self.href(of: "Up", in: html) == "/work/plan/#steps")
    #expect(Self.href(of: "missing", in: html) == "/work/plan/")
    #expect(Self.href(of: "top", in: html) == "#top")
    let warnings = report.diagnostics.map(\.description)
    #expect(warnings.contains { $0.hasPrefix("content/Work/Plan.md:3:") && $0.contains("no heading 'Gone' in 'content/Guide.md'") })
    #expect(warnings.contains { $0.contains("no heading 'nowhere'") })
    #expect(warnings.contains { $0.hasPrefix("content/Work/Plan.md:7:") && $0.contains("no heading 'later' in 'content/Work/Plan.md'") })
    #expect(warnings.count == 4, "\(warnings)")
    #expect(warnings.contains { $0.contains("no block '^a1b2c3' in 'content/Guide.md'") })
    #expect(!warnings.contains { $0.contains("Setup") })

    let strict = await site.build(strict: true)
    #expect(strict.outcome == .contentError)
  }

  @Test func theHeadingThatBecomesTheTitleKeepsItsAnchor() async throws {
    let site = try SiteFixture([
      "content/Recipes/Curry.md": "# Curry\n\nSpicy.\n\n## Spices\n",
      "content/Index.md": "[[Curry#Curry|top]] and [[Curry#Spices|spices]]\n",
    ])
    #expect(await site.build().outcome == .success)
    let index = try site.page("notes/index")
    #expect(Self.href(of: "top", in: index) == "/recipes/curry/#curry")
    let curry = try site.page("recipes/curry")
    #expect(Self.ids(curry)["curry"] == 1)
    #expect(Self.ids(curry)["spices"] == 1)
    #expect(curry.components(separatedBy: "<h1").count == 2, "one h1: the title")
  }

  @Test func embeddedNotesAddNoSecondId() async throws {
    let site = try SiteFixture([
      "content/Meeting.md": "# Meeting\n\n## Notes\n\nOurs.\n\n![[Template]]\n\n![[Template]]\n",
      "content/Template.md": "# Template\n\n## Notes\n\nTheirs, see [below](#details).\n\n## Details\n",
    ])
    #expect(await site.build().outcome == .success)
    let meeting = try site.page("notes/meeting")
    let ids = Self.ids(meeting)
    #expect(ids.values.allSatisfy { $0 == 1 }, "duplicate ids: \(ids.filter { $0.value > 1 })")
    #expect(ids["notes"] == 1)
    #expect(Self.href(of: "below", in: meeting) == "/notes/template/#details")
    // The embedded note's own page keeps its anchors.
    let template = try site.page("notes/template")
    #expect(Self.ids(template)["details"] == 1)
    #expect(Self.href(of: "below", in: template) == "/notes/template/#details")
  }

  @Test func blockLinksAndEmbedsLandOnTheBlock() async throws {
    let site = try SiteFixture([
      "content/Guide.md": "# Guide\n\nStep one is important. ^step-one\n\nOther text.\n",
      "content/Plan.md": "See [[Guide#^step-one|the step]].\n\n![[Guide#^step-one]]\n",
    ])
    let report = await site.build()
    #expect(report.outcome == .success)
    #expect(!report.diagnostics.contains { $0.description.contains("block") })
    let plan = try site.page("notes/plan")
    #expect(Self.href(of: "the step", in: plan) == "/notes/guide/#%5Estep-one")
    let embed = try #require(plan.components(separatedBy: "class=\"embed-note\"").last)
    #expect(embed.contains("Step one is important.") && !embed.contains("Other text"))
    let guide = try site.page("notes/guide")
    #expect(guide.contains("<span id=\"^step-one\"></span>Step one is important.</p>"))
  }

  /// A note embeds its own block or section (`![[#^id]]`, `![[#Heading]]`), as Obsidian
  /// shows it; an embed of the whole note in itself stays a link.
  @Test func aNoteEmbedsItsOwnBlockOrSection() async throws {
    let site = try SiteFixture([
      "content/Carnot.md": "Efficiency $$ \\eta = W/Q $$\n^Rend\n\n## Part\n\nPart text.\n\n## Recap\n\n![[#^Rend]]\n\n![[#Part]]\n\n![[Carnot]]\n"
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let page = try site.page("notes/carnot")
    let embeds = page.components(separatedBy: "class=\"embed-note\"").dropFirst()
    #expect(embeds.count == 2, "\(page)")
    #expect(embeds.first?.contains(#"\eta = W/Q"#) == true && embeds.first?.contains("Part text") == false)
    #expect(embeds.dropFirst().first?.contains("Part text.") == true)
    #expect(page.contains(#"<p><a class="wiki-link" href="/notes/carnot/">Carnot</a></p>"#), "\(page)")
  }

  @Test func aSectionEmbedShowsOnlyThatSection() async throws {
    let site = try SiteFixture([
      "content/Recipes/Curry.md": """
        # Curry

        Intro paragraph.

        ## Spices

        Cumin and coriander.

        ### Toasting

        Dry pan, one minute.

        ## Method

        Simmer for an hour.
        """,
      "content/Plan.md": "Shopping: ![[Curry#Spices]]\n\nWhole: ![[Curry#No such heading]]\n",
    ])
    let report = await site.build()
    #expect(report.outcome == .success)
    let plan = try site.page("notes/plan")
    let sections = plan.components(separatedBy: "class=\"embed-note\"").dropFirst()
    #expect(sections.count == 1)
    let spices = sections.first ?? ""
    #expect(spices.contains("Cumin and coriander") && spices.contains("Dry pan"))
    #expect(!spices.contains("Intro paragraph") && !spices.contains("Simmer"))
    #expect(spices.contains("href=\"/recipes/curry/#spices\""))
    // A heading the note lacks: a link to the note, as the warning says, never the whole note.
    #expect(plan.contains(#"Whole: <a class="wiki-link" href="/recipes/curry/">"#), "\(plan)")
    #expect(!plan.contains("Simmer"))
    #expect(report.diagnostics.contains { $0.description.contains("no heading 'No such heading'") })
  }

  /// Obsidian writes an embed as `![](Note.md)` when it makes Markdown links: the note is
  /// shown, not a broken image of its page; an edit of the embedded note shows up in it.
  @Test func anImageOfANoteEmbedsIt() async throws {
    let site = try SiteFixture([
      "content/includes/pricing.md": "---\ntitle: Pricing\ndate: 2026-01-01\nupdated: 2026-01-02\n---\nBilled **per hour**.\n",
      "content/Plan.md": "---\ndate: 2026-01-01\nupdated: 2026-01-02\n---\nCosts:\n\n![Pricing](includes/pricing.md)\n\nIn a link: [![x](includes/pricing.md)](https://example.com)\n",
    ])
    defer { site.remove() }
    try site.ageFiles()
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let plan = try site.page("notes/plan")
    #expect(plan.contains("<div class=\"embed-note\"><p class=\"embed-title\"><a href=\"/includes/pricing/\">Pricing</a></p>\n<p>Billed <strong>per hour</strong>.</p>"), "\(plan)")
    #expect(!plan.contains("<img src=\"/includes/pricing/\""), "\(plan)")
    // Inside a link, where neither a block nor another link can stand, its description.
    #expect(plan.contains("In a link: <a href=\"https://example.com\">x</a>"), "\(plan)")
    try site.write("content/includes/pricing.md", "---\ntitle: Pricing\ndate: 2026-01-01\nupdated: 2026-01-02\n---\nBilled **per day**.\n")
    #expect(await site.build().exitCode == 0)
    #expect(try site.page("notes/plan").contains("Billed <strong>per day</strong>."))
  }

  @Test func headingsNamedLikeThePagesOwnIdsGetAnotherId() async throws {
    let site = try SiteFixture([
      "content/Spec.md": "# Spec\n\n## Detail\n\n## Q\n\n## Backlinks title\n\n[[#Detail|jump]]\n",
      "content/Other.md": "[[Spec]]\n",
    ])
    #expect(await site.build().outcome == .success)
    let spec = try site.page("notes/spec")
    let ids = Self.ids(spec)
    #expect(ids.values.allSatisfy { $0 == 1 }, "duplicate ids: \(ids.filter { $0.value > 1 })")
    #expect(ids["detail-1"] == 1 && ids["q-1"] == 1 && ids["backlinks-title-1"] == 1)
    #expect(Self.href(of: "jump", in: spec) == "/notes/spec/#detail-1")
  }
}

extension HeadingLinkTests {
  /// An embedded note's headings sit below the heading the embed is under, so the page's
  /// outline never skips a level after it (axe's heading-order rule failed such a page).
  @Test func embeddedHeadingsNestUnderTheEmbedsSection() async throws {
    let site = try SiteFixture([
      "content/A.md": "## Teil\n\n### Unterteil\n\n![[B]]\n\n#### Tiefer\n",
      "content/B.md": "# B\n\nEinleitung.\n\n## Abschnitt B\n\n### Detail\n",
      "content/C.md": "![[B]]\n\n## After\n",
    ])
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let levels = { (html: String) in
      html.components(separatedBy: "<h").dropFirst().compactMap { $0.first?.wholeNumberValue }
    }
    let a = try site.page("notes/a")
    let body = String(a[try #require(a.range(of: "<div class=\"note-body\">")).upperBound...])
    // Teil h2 › Unterteil h3 › (embed: Abschnitt B h4 › Detail h5) › Tiefer h4.
    #expect(levels(body).prefix(5) == [2, 3, 4, 5, 4], "\(body)")
    // An embed before any heading keeps its levels.
    let c = try site.page("notes/c")
    let cBody = String(c[try #require(c.range(of: "<div class=\"note-body\">")).upperBound...])
    #expect(levels(cBody).prefix(3) == [2, 3, 2], "\(cBody)")
  }
}
