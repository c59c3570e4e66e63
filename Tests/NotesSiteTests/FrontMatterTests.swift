import Foundation
import NotesCore
import Testing

@testable import NotesSite

/// Front matter as notes are written in Obsidian, Hugo and by hand.
@Suite struct FrontMatterTests {}

extension FrontMatterTests {
  @Suite struct Split {
    @Test func splitsYAMLFromBodyAndCountsLinesBeforeTheBody() throws {
      let text = "---\ntitle: Roadmap\ntags: [work]\n---\n# Roadmap\n\nQ3 plans.\n"
      let (yaml, body, offset, _) = FrontMatter.split(text)
      #expect(yaml == "title: Roadmap\ntags: [work]\n")
      #expect(body == "# Roadmap\n\nQ3 plans.\n")
      #expect(offset == 4)
    }

    @Test func noFrontMatterLeavesTheTextAlone() {
      let text = "# Inbox\n\n---\nnot: front matter\n---\n"
      let (yaml, body, offset, _) = FrontMatter.split(text)
      #expect(yaml == nil)
      #expect(body == Substring(text))
      #expect(offset == 0)
    }

    @Test func toleratesCRLFTrailingSpacesAndDotsClosing() {
      let text = "---  \r\ntitle: Windows\r\n...\r\nBody\r\n"
      let (yaml, body, offset, _) = FrontMatter.split(text)
      #expect(yaml == "title: Windows\r\n")
      #expect(body == "Body\r\n")
      #expect(offset == 3)
    }

    @Test func byteOrderMarkIsSkippedEverywhere() {
      let (yaml, body, _, _) = FrontMatter.split("\u{FEFF}---\ntitle: BOM\n---\nBody")
      #expect(yaml == "title: BOM\n")
      #expect(body == "Body")
      let (noYAML, plainBody, _, _) = FrontMatter.split("\u{FEFF}# Plain")
      #expect(noYAML == nil)
      #expect(plainBody == "# Plain")
    }

    @Test func emptyFrontMatter() {
      let (yaml, body, offset, _) = FrontMatter.split("---\n---\nBody\n")
      #expect(yaml == "")
      #expect(body == "Body\n")
      #expect(offset == 2)
    }

    @Test func closingLineAtEndOfFileWithoutNewline() {
      let (yaml, body, offset, _) = FrontMatter.split("---\ntitle: Only\n---")
      #expect(yaml == "title: Only\n")
      #expect(body == "")
      #expect(offset == 3)
    }

    @Test func unclosedFrontMatterMeansTheWholeFileIsMarkdown() {
      let text = "---\ntitle: Forgot to close\n\n# Heading\n"
      let (yaml, body, offset, _) = FrontMatter.split(text)
      #expect(yaml == nil)
      #expect(body == Substring(text))
      #expect(offset == 0)
    }

    @Test(arguments: ["----\na: 1\n---\n", " ---\na: 1\n---\n", "--- x\na: 1\n---\n"])
    func openingLineMustBeExactlyThreeDashes(text: String) {
      #expect(FrontMatter.split(text).header == nil)
    }

    @Test func plusFencesHoldTOMLAsHugoAndZolaWriteIt() {
      let (header, body, offset, format) = FrontMatter.split("+++\r\ntitle = \"Hugo\"\r\n+++\r\n# Hugo\r\n")
      #expect(header == "title = \"Hugo\"\r\n")
      #expect(body == "# Hugo\r\n")
      #expect(offset == 3)
      #expect(format == .toml)
      #expect(FrontMatter.split("---\na: 1\n---\n").format == .yaml)
    }

    @Test(arguments: [
      // Each fence closes only its own kind: a `---` inside TOML is a TOML line, not the end.
      "+++\ntitle = \"a\"\n---\nBody\n",
      "---\ntitle: a\n+++\nBody\n",
      "++++\ntitle = \"a\"\n+++\n",
    ])
    func fencesMustMatch(text: String) {
      #expect(FrontMatter.split(text).header == nil)
    }

    @Test func dashesInsideTheYAMLBlockDoNotCloseIt() {
      let text = "---\ntitle: a --- b\n  ---x\n---\nBody"
      #expect(FrontMatter.split(text).header == "title: a --- b\n  ---x\n")
    }
  }
}

extension FrontMatterTests {
  @Suite struct Parse {
    private static let path = "content/Work/Roadmap.md"

    private static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> Date {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC")!
      return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
    }

    /// Splits and parses a whole note, as the loader does.
    private func load(_ note: String) -> (FrontMatter, [Diagnostic]) {
      let split = FrontMatter.split(note)
      return FrontMatter.parse(split.header ?? "", format: split.format, path: Self.path)
    }

    @Test func hugoStyleFrontMatter() {
      let (fm, diagnostics) = load(
        """
        ---
        title: "Roadmap: 2027"
        date: 2026-11-29T14:05:00+09:00
        updated: 2026-12-01
        tags: ["work", "planning"]
        draft: false
        slug: roadmap
        aliases:
          - /old/roadmap/
          - /projects/plan/
        weight: 10
        ---
        Body
        """)
      #expect(diagnostics.isEmpty)
      #expect(fm.title == "Roadmap: 2027")
      #expect(fm.date == Self.utc(2026, 11, 29, 5, 5))
      #expect(fm.updated == Self.utc(2026, 12, 1))
      #expect(fm.tags == ["work", "planning"])
      #expect(!fm.draft)
      #expect(fm.slug == "roadmap")
      #expect(fm.aliases == ["/old/roadmap/", "/projects/plan/"])
    }

    @Test func obsidianStyleFrontMatter() {
      let (fm, diagnostics) = load(
        """
        ---
        tags:
          - "#recipe"
          - japanese/food
        cssclasses: wide
        created: 2026-01-01
        pinned: yes
        collaborators: Ann Lee, Bo Kim
        lang: ja
        date: 2026-11-29 14:05
        ---
        """)
      #expect(diagnostics.isEmpty)
      #expect(fm.tags == ["recipe", "japanese/food"])
      #expect(fm.pinned)
      #expect(fm.collaborators == ["Ann Lee", "Bo Kim"])
      #expect(fm.lang == "ja")
      #expect(fm.date == Self.utc(2026, 11, 29, 14, 5))
      #expect(fm.title == nil)
    }

    @Test func otherToolsDateTagAndAliasKeys() {
      // Quartz / Obsidian templates: `created`, `modified`; Hugo: `lastmod`; singular keys.
      let (fm, diagnostics) = load("---\ncreated: 2025-03-01\nmodified: 2025-04-02T10:00:00Z\ntag: recipe\nalias: Curry\n---\n")
      #expect(diagnostics.isEmpty)
      #expect(fm.date == Self.utc(2025, 3, 1))
      #expect(fm.updated == Self.utc(2025, 4, 2, 10, 0))
      #expect(fm.tags == ["recipe"] && fm.aliases == ["Curry"])
      #expect(load("---\nlastmod: 2025-05-05\n---\n").0.updated == Self.utc(2025, 5, 5))
      // notes-site's own keys win, wherever they stand.
      let own = load("---\nlastmod: 2025-05-05\nupdated: 2026-01-02\ncreated: 2020-01-01\ndate: 2021-01-01\ntags: [a]\ntag: b\n---\n").0
      #expect(own.updated == Self.utc(2026, 1, 2) && own.date == Self.utc(2021, 1, 1) && own.tags == ["a"])
      // Not a date notes-site reads: a warning with its place, never an error.
      let (odd, oddDiagnostics) = load("---\ntitle: T\ncreated: Monday, January 2nd\n---\n")
      #expect(odd.date == nil && odd.title == "T")
      #expect(oddDiagnostics.count == 1 && oddDiagnostics.first?.severity == .warning)
      #expect(oddDiagnostics.first?.location?.line == 3)
    }

    /// Hugo reads front matter keys in any case; blogs write `Title:` and `Tags:`.
    @Test func keysInAnyCase() {
      let (fm, diagnostics) = load("---\nTitle: My Post\nDate: 2010-06-12 23:10\nTags:\n- fedora\nDraft: false\nLastMod: 2011-01-02\n---\n")
      #expect(diagnostics.isEmpty)
      #expect(fm.title == "My Post" && fm.tags == ["fedora"] && !fm.draft)
      #expect(fm.date == Self.utc(2010, 6, 12, 23, 10) && fm.updated == Self.utc(2011, 1, 2))
      // The key in notes-site's own case wins, wherever it stands.
      #expect(load("---\nTITLE: Shout\ntitle: Quiet\n---\n").0.title == "Quiet")
      // A value notes-site cannot read under another spelling is a warning, not an error.
      let (odd, oddDiagnostics) = load("---\nTitle: T\nDate: last summer\n---\n")
      #expect(odd.title == "T" && odd.date == nil)
      #expect(oddDiagnostics.map(\.severity) == [.warning])
      #expect(oddDiagnostics.first?.message.hasPrefix("'Date' must be a date") == true)
      #expect(oddDiagnostics.first?.location?.line == 3)
    }

    @Test func publishFalseKeepsANotePrivateLikeADraft() {
      #expect(load("---\npublish: false\n---\n").0.draft)
      #expect(!load("---\npublish: true\n---\n").0.draft)
      #expect(load("---\npublish: true\ndraft: true\n---\n").0.draft)
      #expect(load("---\ndraft: true\npublish: true\n---\n").0.draft)
      #expect(load("---\npublish: nope\n---\n").1.count == 1)
      // Jekyll's `published: false` is a draft too; a date there is still the created date.
      #expect(load("---\npublished: false\n---\n") == ({ var f = FrontMatter(); f.draft = true; return f }(), []))
      #expect(load("---\npublished: true\n---\n") == (FrontMatter(), []))
      #expect(load("---\npublished: 2024-05-06\n---\n").0.date == Date(timeIntervalSince1970: 1_714_953_600))
      // Hugo's pages that are never rendered.
      #expect(load("---\nheadless: true\n---\n").0.draft)
      #expect(load("---\n_build:\n  render: never\n  list: never\n---\n").0.draft)
      #expect(load("---\nbuild:\n  render: false\n---\n").0.draft)
      #expect(!load("---\nbuild:\n  render: always\n---\n").0.draft)
      #expect(!load("---\nheadless: false\nbuild: 42\n---\n").0.draft)
    }

    /// Dates as other tools write them: Notion's, org-mode's (through pandoc), slashes, a
    /// time without seconds; and the keys they write them under.
    @Test func datesAsOtherToolsWriteThem() {
      let cases: [(String, Date)] = [
        ("date: 2024/03/28", Self.utc(2024, 3, 28)),
        ("date: 2024-03-28 10:30", Self.utc(2024, 3, 28, 10, 30)),
        ("date: June 18, 2025 12:29 PM", Self.utc(2025, 6, 18, 12, 29)),
        ("date: Jun 1, 2025 12:05 AM", Self.utc(2025, 6, 1, 0, 5)),
        ("date: 18 June 2025", Self.utc(2025, 6, 18)),
        (#"date: "\\<2022-12-02 Fri 20:40\\>""#, Self.utc(2022, 12, 2, 20, 40)),
        ("date: \"[2022-12-02 Fri]\"", Self.utc(2022, 12, 2)),
        ("created-at: 2023-02-04", Self.utc(2023, 2, 4)),
        ("createdAt: 2023-02-04", Self.utc(2023, 2, 4)),
        ("date_created: 2023/02/04", Self.utc(2023, 2, 4)),
        // RFC 1123, as Hugo and Hexo read it.
        ("date: Mon, 02 Jan 2006 15:04:05 -0700", Self.utc(2006, 1, 2, 22, 4).addingTimeInterval(5)),
        ("date: Tue, 10 Jun 2003 04:02:55 GMT", Self.utc(2003, 6, 10, 4, 2).addingTimeInterval(55)),
      ]
      for (line, expected) in cases {
        let (fm, diagnostics) = load("---\n\(line)\n---\n")
        #expect(diagnostics.isEmpty, "\(line): \(diagnostics)")
        #expect(fm.date == expected, "\(line)")
      }
      #expect(load("---\nupdated_at: 2023-03-01\n---\n").0.updated == Self.utc(2023, 3, 1))
      // Notion's export and Obsidian Linter's default keys.
      let notion = load("---\nCreated Time: Feb 09, 2021 7:59 AM\nLast edited time: May 11, 2021 9:11 AM\n---\n")
      #expect(notion.1.isEmpty, "\(notion.1)")
      #expect(notion.0.date == Self.utc(2021, 2, 9, 7, 59) && notion.0.updated == Self.utc(2021, 5, 11, 9, 11))
      let linter = load("---\ndate created: 2023-02-04\ndate modified: 2023-03-05\n---\n").0
      #expect(linter.date == Self.utc(2023, 2, 4) && linter.updated == Self.utc(2023, 3, 5))
      // Still no dates: an impossible day, an hour past 12 with PM, words.
      for line in ["date: 2024/02/30", "date: June 18, 2025 13:00 PM", "date: last summer", "date: 2024 03"] {
        #expect(load("---\n\(line)\n---\n").1.count == 1, "\(line)")
      }
    }

    /// Evernote's notes exported by yarle and Astro's blog starter name their dates their own way.
    @Test func evernoteAndAstroDateKeys() {
      let (yarle, yarleDiagnostics) = load(
        """
        ---
        title: Trip planning
        Created at: 2023-09-23
        Last updated at: 2024-08-18
        tags: [travel]
        ---
        """)
      #expect(yarleDiagnostics.isEmpty, "\(yarleDiagnostics)")
      #expect(yarle.date == Self.utc(2023, 9, 23) && yarle.updated == Self.utc(2024, 8, 18))
      let (astro, astroDiagnostics) = load(
        """
        ---
        title: 'Markdown Style Guide'
        description: 'Here is a sample of some basic Markdown syntax that can be used when writing Markdown content in Astro.'
        pubDate: 'Jul 08 2022'
        updatedDate: 'Jul 10 2022'
        heroImage: '/blog-placeholder-1.jpg'
        ---
        """)
      #expect(astroDiagnostics.isEmpty, "\(astroDiagnostics)")
      #expect(astro.date == Self.utc(2022, 7, 8) && astro.updated == Self.utc(2022, 7, 10))
    }

    /// Dendron writes Unix times in milliseconds; ten digits are seconds.
    @Test func unixTimesAreDates() {
      let (fm, diagnostics) = load("---\nupdated: 1740226287837\ncreated: 1737484383438\ndate: 1700000000\n---\n")
      #expect(diagnostics.isEmpty)
      #expect(fm.updated == Date(timeIntervalSince1970: 1_740_226_287.837))
      #expect(fm.date == Date(timeIntervalSince1970: 1_700_000_000))
      #expect(load("---\ncreated: 1737484383438\n---\n").0.date == Date(timeIntervalSince1970: 1_737_484_383.438))
      // Other numbers are no dates.
      #expect(load("---\nupdated: 2024\n---\n").1.count == 1)
      #expect(load("---\nupdated: 17402262878370\n---\n").1.count == 1)
    }

    @Test func commaSeparatedTagsAndSingleAlias() {
      // An unquoted ` #` starts a YAML comment, so a `#tag` must be quoted.
      let (fm, diagnostics) = load("---\ntags: \"#work, ideas , later\"\naliases: /old/\n---\n")
      #expect(diagnostics.isEmpty)
      #expect(fm.tags == ["work", "ideas", "later"])
      #expect(fm.aliases == ["/old/"])
      // Obsidian reads a text of tags separated by spaces too (a tag has no spaces); a list
      // item keeps its words together, and aliases (which have spaces) are never split.
      #expect(load("---\ntags: recipe vegan quick\n---\n").0.tags == ["recipe", "vegan", "quick"])
      // With commas, only commas separate: a tag path may hold spaces.
      #expect(
        load("---\ntags: Technology/Software Development, Technology/Security\n---\n").0.tags
          == ["Technology/Software Development", "Technology/Security"])
      #expect(load("---\ntag: \"#a #b\"\n---\n").0.tags == ["a", "b"])
      #expect(load("---\ntags: [to read, \"#c\"]\n---\n").0.tags == ["to read", "c"])
      #expect(load("---\naliases: Old Name, Other\n---\n").0.aliases == ["Old Name", "Other"])
    }

    @Test func emptyValuesAndEmptyFrontMatterGiveDefaults() {
      #expect(load("---\n---\n") == (FrontMatter(), []))
      #expect(load("---\n# only a comment\n---\n") == (FrontMatter(), []))
      #expect(load("---\ntitle:\ntags:\npinned: ~\n---\n") == (FrontMatter(), []))
    }

    @Test func numbersAsTitleAreText() {
      #expect(load("---\ntitle: 2026\n---\n").0.title == "2026")
    }

    @Test func malformedYAMLIsOneErrorAtTheNoteFileLine() throws {
      let (_, diagnostics) = load("---\ntitle: Roadmap\ntags: [work\ndraft: true\n---\nBody\n")
      try #require(diagnostics.count == 1)
      let error = diagnostics[0]
      #expect(error.severity == .error)
      #expect(error.location?.path == Self.path)
      // The list opened on file line 3 is still open when libyaml meets `draft:` on line 4.
      #expect(error.location?.line == 4)
      #expect(error.location?.column == 6)
      #expect(error.message.hasPrefix("front matter is not valid YAML"))
      #expect(error.message.contains("did not find expected ',' or ']'"))
    }

    @Test func badIndentationPointsAtTheOffendingLine() throws {
      let (_, diagnostics) = load("---\ntitle: Roadmap\n  date: 2026-11-29\n---\n")
      let error = try #require(diagnostics.first)
      #expect(error.location?.line == 3)
      #expect(error.location?.column == 7)
      #expect(error.description.hasPrefix("content/Work/Roadmap.md:3:7: error:"))
    }

    @Test(arguments: [
      ("tags: {a: 1}", "'tags'", 4, 7),
      ("pinned: maybe", "'pinned'", 4, 9),
      ("draft: \"yes\"", "'draft'", 4, 8),
      ("date: not a date", "'date'", 4, 7),
      ("updated: [2026-11-29]", "'updated'", 4, 10),
      ("title: [a, b]", "'title'", 4, 8),
      ("slug: ''", "'slug'", 4, 7),
      ("collaborators: [[Ann]]", "'collaborators'", 4, 16),
    ])
    func wrongTypeIsAnErrorNamingTheKey(line: String, key: String, row: Int, column: Int) throws {
      // Two harmless lines first, so the bad key sits on line 4 of the note file.
      let (_, diagnostics) = load("---\nlang: en\n# a comment\n\(line)\n---\n")
      try #require(diagnostics.count == 1)
      #expect(diagnostics[0].severity == .error)
      #expect(diagnostics[0].message.contains(key))
      #expect(diagnostics[0].location == SourceLocation(path: Self.path, line: row, column: column))
    }

    @Test func everyBadKeyIsReportedAndGoodKeysStillRead() {
      let (fm, diagnostics) = load("---\ntitle: Kept\npinned: maybe\ndraft: often\n---\n")
      #expect(fm.title == "Kept")
      #expect(diagnostics.map(\.location?.line) == [3, 4])
    }

    @Test(arguments: ["just a string", "- a\n- b"])
    func frontMatterThatIsNotAMappingIsAnError(yaml: String) throws {
      let (_, diagnostics) = load("---\n\(yaml)\n---\n")
      let error = try #require(diagnostics.first)
      #expect(diagnostics.count == 1)
      #expect(error.message.contains("must be a mapping"))
      #expect(error.location?.line == 2)
    }

    @Test func hugoTOMLFrontMatter() {
      let (fm, diagnostics) = load(
        """
        +++
        title = "Roadmap: 2027"
        date = 2026-11-29T14:05:00+09:00
        lastmod = 2026-12-01
        tags = ["work", "planning"]
        aliases = ["/old/roadmap/"]
        draft = true
        slug = "roadmap"
        weight = 10

        [params]
          toc = true
        +++
        Body
        """)
      #expect(diagnostics.isEmpty)
      #expect(fm.title == "Roadmap: 2027")
      #expect(fm.date == Self.utc(2026, 11, 29, 5, 5))
      #expect(fm.updated == Self.utc(2026, 12, 1))
      #expect(fm.tags == ["work", "planning"])
      #expect(fm.aliases == ["/old/roadmap/"])
      #expect(fm.draft)
      #expect(fm.slug == "roadmap")
    }

    @Test func malformedTOMLIsOneErrorAtTheNoteFileLine() throws {
      let (fm, diagnostics) = load("+++\ntitle = \"Kept?\"\ndate = 2026-11-29\ntags = work\n+++\nBody\n")
      try #require(diagnostics.count == 1)
      #expect(diagnostics[0].severity == .error)
      #expect(diagnostics[0].location == SourceLocation(path: Self.path, line: 4, column: 8))
      #expect(diagnostics[0].message == #"front matter is not valid TOML: 'work' is not a TOML value; text must be in quotes ("work")"#)
      #expect(fm.title == nil)
    }

    @Test func wrongTypeInTOMLNamesTheKeyAndItsLine() throws {
      let (_, diagnostics) = load("+++\ntitle = \"A\"\ndraft = \"yes\"\n+++\n")
      try #require(diagnostics.count == 1)
      #expect(diagnostics[0].message.contains("'draft' must be true or false"))
      #expect(diagnostics[0].location == SourceLocation(path: Self.path, line: 3, column: 9))
    }

    @Test func quotedTrueAndFalseAreBooleans() {
      #expect(load("---\ndraft: \"true\"\npinned: 'True'\n---\n").0.draft)
      #expect(load("---\ndraft: \"true\"\npinned: 'True'\n---\n").0.pinned)
      #expect(!load("---\npublish: \"true\"\n---\n").0.draft)
      #expect(load("---\npublish: \"false\"\n---\n").0.draft)
    }

    @Test func wikiLinksInOtherKeysAreLinksAtTheirPlace() {
      let (fm, diagnostics) = load("---\ntitle: T\nup: \"[[MOC]]\"\nrelated: [\"[[A#Part|a]]\", x]\nnested: {k: \"[[No]]\"}\n---\n")
      #expect(diagnostics.isEmpty)
      #expect(fm.links.map(\.target) == ["MOC", "A"])
      #expect(fm.links.map(\.line) == [3, 4])
      #expect(fm.links.map(\.column) == [6, 12])
      #expect(fm.links.last?.fragment == "Part")
    }

    @Test func crlfFrontMatterParses() {
      let (fm, diagnostics) = load("---\r\ntitle: Windows\r\ntags: [a, b]\r\n---\r\nBody")
      #expect(diagnostics.isEmpty)
      #expect(fm.title == "Windows")
      #expect(fm.tags == ["a", "b"])
    }
  }
}

@Suite struct SectionHeadingTitleTests {
  /// An Obsidian note with several `#` sections is named by its file; every section keeps
  /// its heading on the page.
  @Test func aNoteOfSeveralH1SectionsIsNamedByItsFile() async throws {
    let site = try SiteFixture([
      "content/DAX case.md": "---\ncreated: 2025-02-09\n---\n# Step 1: plain TOP\n\nOne.\n\n# Step 2: show amount\n\nTwo.\n",
      "content/Trip.md": "# Kyoto trip\n\nText.\n",
      "content/songs/README.md": "# Songs and lyrics\n\nList.\n\n# Older\n",
      "content/What's New 8cdbd9309da848d7b48ac291f1ff5b96.md": "# What's New\n\nA.\n\n# Announcements\n\nB.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    let page = try site.page("notes/dax-case")
    #expect(page.contains("<h1>DAX case</h1>"), "\(page)")
    #expect(page.contains("<h2 id=\"step-1-plain-top\">Step 1: plain TOP") && page.contains("<h2 id=\"step-2-show-amount\">Step 2: show amount"), "\(page)")
    #expect(try site.page("notes/trip").contains("<h1>Kyoto trip</h1>"))
    // A README's name says nothing: its opening heading names it.
    #expect(try site.page("songs/readme").contains("<h1>Songs and lyrics</h1>"))
    // Notion names the file as its opening heading: that heading is the title, once.
    let notion = try site.page("notes/what-s-new")
    #expect(notion.contains("<h1>What&#39;s New</h1>") || notion.contains("<h1>What's New</h1>"), "\(notion)")
    #expect(!notion.contains("<h2 id=\"what-s-new\">") && notion.contains("<h2 id=\"announcements\">"), "\(notion)")
  }
}

@Suite struct UnfencedFrontMatterTests {
  /// Hexo accepts front matter without the opening `---`.
  @Test func hexoFrontMatterWithoutItsOpeningFence() async throws {
    let text = "title: Hexo 书写语法\ndate: 2017-10-31 00:00:00\ntags:\n- hexo\n---\nBody.\n"
    let (header, body, offset, format) = FrontMatter.split(text)
    #expect(header == "title: Hexo 书写语法\ndate: 2017-10-31 00:00:00\ntags:\n- hexo\n")
    #expect(body == "Body.\n" && offset == 5 && format == .yamlUnfenced)
    let site = try SiteFixture(["content/hexo.md": text])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let page = try site.page("notes/hexo")
    #expect(page.contains("<h1>Hexo 书写语法</h1>") && page.contains("datetime=\"2017-10-31"), "\(page)")
    #expect(!page.contains("<h2>title"))
  }

  /// Front matter whose closing `---` is missing is the note's text, with a warning at its
  /// opening line; a thematic break opening a note is none.
  @Test func unclosedFrontMatterIsReported() async throws {
    let site = try SiteFixture([
      "content/open.md": "---\ntitle: never closed\n\nbody text here\n",
      "content/rule.md": "---\n\nA thematic break first.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.map(\.description) == [
      "content/open.md:1:1: warning: front matter opened with '---' is never closed by a '---' line; the note is read as Markdown"
    ])
    #expect(try site.page("notes/open").contains("body text here"))
  }

  /// `lang` takes a language tag's shape, private-use ones too; anything else is no tag.
  @Test(arguments: [("ja", true), ("pt-BR", true), ("zh-Hant-TW", true), ("x-klingon", true), ("i-navajo", true),
    ("pt_BR", false), ("not a lang!", false), ("x", false), ("en-", false), ("en\" onload=\"x", false)])
  func languageTags(_ tag: String, _ valid: Bool) {
    #expect(FrontMatterReader.isLanguageTag(tag) == valid, "\(tag)")
  }

  /// Quarto's `date: today` (and `now`, `last-modified`) is the file's own date; a template's
  /// placeholder, Templater's `<% tp.date.now() %>`, is ignored with a warning: neither stops
  /// the build, as a malformed date does.
  @Test func dateWordsAndPlaceholders() async throws {
    let site = try SiteFixture([
      "content/Templates/Daily.md": "---\ndate: <% tp.date.now(\"YYYY-MM-DD\") %>\ntags: [daily]\n---\n# Daily\n",
      "content/Q/report.qmd": "---\ntitle: Report\ndate: today\nupdated: last-modified\n---\nText.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.map(\.description) == [
      "content/Templates/Daily.md:2:7: warning: 'date' is a template's placeholder, not a date: '<% tp.date.now(\"YYYY-MM-DD\") %>'; ignored"
    ])
    #expect(try site.page("q/report").contains("<h1>Report</h1>"))
  }

  /// Without a `title` or `date` key, or when it is not YAML, such lines are the note's text
  /// (a setext heading over `---`).
  @Test func otherLinesOverADashLineStayText() {
    #expect(FrontMatter.split("Status: done\n---\nText.\n").header == nil)
    #expect(FrontMatter.split("title: a: b\n---\nText.\n").header == nil)
    #expect(FrontMatter.split("title: Plan\nSome words here\n---\n").header == nil)
  }
}

/// Pelican's and MultiMarkdown's metadata lines, which open a note instead of front matter.
@Suite struct MetadataHeaderTests {
  static let helm = """
    Title: Helm
    Date: 2018-11-12 21:00:08
    Modified: 2018-11-14 08:00
    Tags: Container, Helm
    Category: Ops
    Slug: helm-intro
    Authors: Alexis Metaireau, Conan Doyle
    Summary: Short version for index and feeds

    Helm is the package manager of Kubernetes. Read [the next post]({filename}/posts/charts.md),
    [the one beside it]({filename}values.md) and [the old way](|filename|/posts/charts.md).

    ![A chart]({static}/images/chart.png)

    Slides: [PDF]({attach}files/helm.pdf). See [[Nowhere]].

    """

  @Test func theLinesUpToABlankLineAreTheHeader() {
    let (header, body, offset, format) = FrontMatter.split(Self.helm)
    #expect(format == .metadata && offset == 8)
    #expect(header?.hasPrefix("Title: Helm\n") == true && header?.hasSuffix("Summary: Short version for index and feeds\n") == true)
    #expect(body.hasPrefix("\nHelm is the package manager"))
    let (fm, diagnostics) = FrontMatter.parse(header ?? "", format: format, path: "content/helm.md")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(fm.title == "Helm" && fm.slug == "helm-intro" && fm.tags == ["Container", "Helm"] && !fm.draft)
    #expect(fm.date == Date(timeIntervalSince1970: 1_542_056_408) && fm.updated == Date(timeIntervalSince1970: 1_542_182_400))
    // MultiMarkdown's: keys with spaces, values over indented lines, tags split at `;`.
    let mmd = "Title:  A Sample MultiMarkdown Document\n  with a long title\nAuthor: Fletcher T. Penney\nBase Header Level: 2\nTags: a; b c\nStatus: Draft\nDate: February 9, 2011\n"
    let split = FrontMatter.split(mmd)
    #expect(split.format == .metadata && split.bodyLineOffset == 7 && split.body.isEmpty)
    let (multi, multiDiagnostics) = FrontMatter.parse(split.header ?? "", format: split.format, path: "content/mmd.md")
    #expect(multiDiagnostics.isEmpty, "\(multiDiagnostics)")
    #expect(multi.title == "A Sample MultiMarkdown Document with a long title" && multi.tags == ["a", "b c"] && multi.draft)
    #expect(multi.date == Date(timeIntervalSince1970: 1_297_209_600))
    // Windows line ends.
    let crlf = FrontMatter.split("Title: Windows\r\nTags: a, b\r\n\r\nText.\r\n")
    #expect(crlf.format == .metadata && crlf.bodyLineOffset == 2)
    let windows = FrontMatter.parse(crlf.header ?? "", format: crlf.format, path: "content/w.md").0
    #expect(windows.title == "Windows" && windows.tags == ["a", "b"])
    // A date notes-site cannot read is a warning at its line: the header was not written for it.
    let (odd, oddDiagnostics) = FrontMatter.parse("Title: T\nDate: last summer\n", format: .metadata, path: "content/t.md")
    #expect(odd.title == "T" && odd.date == nil)
    #expect(oddDiagnostics.map(\.severity) == [.warning] && oddDiagnostics.first?.location?.line == 2)
  }

  /// Prose that happens to open with `Word: …` keeps its text: the first key must be one
  /// Pelican knows, every line up to a blank one keyed, and one of them `Title`.
  @Test(arguments: [
    "Note: remember to water the plants\nand call Ann.\n",
    "Summary: the meeting went well\nWe agreed on the plan.\n",
    "TODO: write the intro\n\nText.\n",
    "Title: Plan\nhttps://example.org: a link\n\nText.\n",
    "Date: 2020-01-01\n# Heading\n",
    "title:: Logseq page\n",
    // A meeting note's own lines: no `Title`, so no header.
    "Date: 2024-03-01\nAttendees: Ann, Bob\n\nWe agreed on the plan.\n",
    "Status: done\n",
  ])
  func proseIsNoHeader(_ text: String) {
    #expect(FrontMatter.split(text).format != .metadata, "\(text)")
  }

  @Test func aPelicanSiteBuilds() async throws {
    let site = try SiteFixture([
      "content/helm.md": Self.helm,
      "content/values.md": "Title: Values\nDate: 2018-11-13\n\nText.\n",
      "content/posts/charts.md": "Title: Charts\nDate: 2018-11-14 10:20\nLang: en\n\nText.\n",
      "content/posts/unfinished.md": "Title: Unfinished\nStatus: draft\n\nText.\n",
      "content/images/chart.png": "png",
      "content/files/helm.pdf": "pdf",
      "content/reminder.md": "Note: remember to water the plants\nand call Ann.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    // The body's lines are the file's.
    #expect(report.diagnostics.map(\.description) == ["content/helm.md:15:44: warning: no note named 'Nowhere'"])
    let page = try site.page("notes/helm-intro")
    #expect(page.contains("<h1>Helm</h1>") && !page.contains("Short version") && !page.contains("Ops"), "\(page)")
    #expect(page.contains(#"<time datetime="2018-11-12T21:00:08Z">"#) && page.contains(#"<time datetime="2018-11-14T08:00:00Z">"#), "\(page)")
    #expect(page.contains(#"href="/_tags/container/""#) && page.contains(#"href="/_tags/helm/""#))
    let body = try noteBodyLinks(page)
    #expect(Array(body.prefix(4)) == ["/posts/charts/", "/notes/values/", "/posts/charts/", "/files/helm.pdf"], "\(body)")
    #expect(page.contains(#"<img src="/images/chart.png" alt="A chart""#), "\(page)")
    #expect(!site.exists("posts/unfinished"))
    #expect(try site.page("notes/reminder").contains("Note: remember to water the plants"))
  }
}

/// The date a note header shows is labelled by what it is.
@Suite struct NoteDateLabelTests {
  /// A date written with its zone shows as that day there, as Hugo shows it; the `datetime`
  /// stays the instant.
  @Test func aDateShowsAsTheDayOfTheZoneItWasWrittenIn() async throws {
    let site = try SiteFixture([
      "content/Chirpy.md": "---\ndate: 2019-01-01 01:00:00 +0800\n---\n# Chirpy\n\nPost.\n",
      "content/Hugo.md": "---\ndate: 2019-01-01T23:30:00-05:00\nlastmod: 2019-01-03T23:30:00-05:00\n---\n# Hugo\n\nPost.\n",
    ])
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let chirpy = try site.page("notes/chirpy")
    #expect(chirpy.contains(#"<time datetime="2018-12-31T17:00:00Z">Jan 1, 2019</time>"#), "\(chirpy)")
    let hugo = try site.page("notes/hugo")
    #expect(hugo.contains(#"<span>Updated <time datetime="2019-01-04T04:30:00Z">Jan 3, 2019</time></span>"#), "\(hugo)")
    #expect(hugo.contains(#"<span>Created <time datetime="2019-01-02T04:30:00Z">Jan 1, 2019</time></span>"#), "\(hugo)")
    // In the notes list too.
    #expect(try site.page("notes").contains(#"<time datetime="2019-01-04T04:30:00Z">Jan 3, 2019</time>"#))
  }

  /// Each date shows in the zone it was written in: a date without one beside a date with
  /// one keeps its own day.
  @Test func eachDateKeepsItsOwnZone() async throws {
    let site = try SiteFixture([
      "content/Mixed.md": "---\ndate: 2022-01-01\nlastmod: 2022-03-05T09:00:00-05:00\n---\n# Mixed\n\nPost.\n",
      "content/Reverse.md": "---\ndate: 2022-01-01T09:00:00-05:00\nlastmod: 2022-03-05\n---\n# Reverse\n\nPost.\n",
    ])
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let mixed = try site.page("notes/mixed")
    #expect(mixed.contains(#"<time datetime="2022-01-01T00:00:00Z">Jan 1, 2022</time>"#), "\(mixed)")
    #expect(mixed.contains(#"<time datetime="2022-03-05T14:00:00Z">Mar 5, 2022</time>"#), "\(mixed)")
    let reverse = try site.page("notes/reverse")
    #expect(reverse.contains(#"<time datetime="2022-03-05T00:00:00Z">Mar 5, 2022</time>"#), "\(reverse)")
    #expect(reverse.contains(#"<time datetime="2022-01-01T14:00:00Z">Jan 1, 2022</time>"#), "\(reverse)")
  }

  @Test func aWrittenCreationDateAloneReadsAsCreated() async throws {
    let site = try SiteFixture([
      "content/C MOC.md": "---\nCreated: 2023-01-24\n---\n# C MOC\n\nLinks.\n",
      "content/Both.md": "---\ndate: 2023-01-24\nupdated: 2023-03-01\n---\n# Both\n\nText.\n",
    ])
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    func dates(_ page: String) throws -> String {
      try #require(site.page(page).components(separatedBy: "class=\"note-dates\"").last).components(separatedBy: "</p>")[0]
    }
    #expect(try dates("notes/c-moc") == #"><span>Created <time datetime="2023-01-24T00:00:00Z">Jan 24, 2023</time></span>"#)
    let both = try dates("notes/both")
    #expect(both.hasPrefix(#"><span>Updated <time datetime="2023-03-01T00:00:00Z">"#), "\(both)")
    #expect(both.contains(#"<span>Created <time datetime="2023-01-24T00:00:00Z">"#), "\(both)")
  }
}
