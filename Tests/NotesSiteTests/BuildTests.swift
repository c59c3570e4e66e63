import Foundation
import NotesCore
import NotesSite
import Testing

@Suite struct BuildTests {
  static let vault: [String: String] = [
    "content/Work/Roadmap.md": "---\ntitle: Roadmap 2026\npinned: true\ntags: [planning]\n---\n# Roadmap\n\nSee [the meeting](Meeting%20notes.md) and [Alpha](/Work/Projects/Alpha.md) and [[Ghost note]].\n\n![diagram](diagram.png)\n",
    "content/Work/Meeting notes.md": "# Meeting notes\n\nBack to the [[Roadmap 2026|roadmap]]. Recipe: [[レシピ]].\n",
    "content/Work/Projects/Alpha.md": "# Alpha\n\nUp: [roadmap](../Roadmap.md#roadmap). Templates: {{user}} {{{x}}} {{#a}}\n",
    "content/Work/diagram.png": "PNG",
    "content/個人/レシピ.md": "---\nlang: ja\n---\n# レシピ\n\n湯豆腐の作り方。\n",
    "content/Inbox.md": "Quick capture without a heading. %%Kiwiberry: a private remark%%\n",
    "content/Odd/clang.md": "# clang\n",
    "content/Odd/clang++.md": "# clang++\n",
    "content/Odd/a b c.md": "spaces\n",
    "content/Odd/+++.md": "symbols only\n",
    "content/Odd/empty.md": "",
    "content/Drafts/Secret plan.md": "---\ndraft: true\n---\n# Secret plan\n\nZebracorn launch.\n",
    "content/Only drafts/Hidden.md": "---\ndraft: true\n---\nnothing\n",
    "content/Work/Diary.md": "---\npublish: false\n---\n# Diary\n\nUnicornfish secrets.\n",
    "content/.obsidian/workspace.md": "# ignored\n",
  ]

  @Test func buildsEveryPageAndNoBrokenLinks() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.notes == 10)
    for path in ["", "work", "work/roadmap", "work/meeting-notes", "work/projects/alpha", "個人/レシピ", "notes/inbox", "odd/clang", "odd/a-b-c", "odd/empty"] {
      #expect(site.exists(path.isEmpty ? "index.html" : path + "/index.html"), "missing page \(path)")
    }
    #expect(site.exists("work/diagram.png"))
    #expect(site.exists("sitemap.xml") && site.exists("feed.xml") && site.exists("404.html"))
    // Every internal link of every page points at a file of the site.
    let files = site.snapshot()
    for (path, data) in files where path.hasSuffix(".html") {
      for link in internalLinks(String(decoding: data, as: UTF8.self)) {
        var target = String(decodeEntities(link).dropFirst())
        if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
        #expect(files[target] != nil, "\(path) links to missing \(link)")
      }
    }
  }

  @Test func draftsAppearNowhere() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    for (path, data) in site.snapshot() {
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains("Secret plan") && !text.contains("Zebracorn"), "draft leaked into \(path)")
      #expect(!text.contains("Unicornfish") && !text.contains("Diary"), "`publish: false` note leaked into \(path)")
      #expect(!text.contains("Kiwiberry"), "%%comment%% leaked into \(path)")
      #expect(!path.hasPrefix("drafts/") && !path.hasPrefix("only-drafts/"), "draft folder published: \(path)")
    }
    let home = try site.page("")
    #expect(!home.contains("Only drafts"))
    // --drafts brings them back.
    #expect(await site.build(drafts: true).exitCode == 0)
    #expect(try site.page("drafts/secret-plan").contains("Zebracorn"))
  }

  @Test func siblingCollisionsAreDisambiguatedAndWarned() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    let report = await site.build()
    #expect(try site.page("odd/clang").contains("<h1>clang</h1>"))
    #expect(try site.page("odd/clang-plus-sign-plus-sign").contains("clang++"))
    #expect(try site.page("odd/plus-sign-plus-sign-plus-sign").contains("symbols only"))
    let warning = try #require(report.diagnostics.first { $0.message.contains("would both be published") })
    #expect(warning.severity == .warning)
    #expect(warning.location?.path == "content/Odd/clang++.md")
    #expect(await site.build(strict: true).exitCode == 1)
  }

  @Test func linksBecomeSiteURLs() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    let report = await site.build()
    let roadmap = try site.page("work/roadmap")
    #expect(roadmap.contains("href=\"/work/meeting-notes/\""))
    #expect(roadmap.contains("href=\"/work/projects/alpha/\""))
    #expect(roadmap.contains("src=\"/work/diagram.png\""))
    // The unresolved wiki link is marked, not a dead link, and reported with file and line.
    #expect(roadmap.contains("class=\"broken-link\""))
    let warning = try #require(report.diagnostics.first { $0.message.contains("Ghost note") })
    #expect(warning.location == SourceLocation(path: "content/Work/Roadmap.md", line: 8, column: warning.location?.column))
    let alpha = try site.page("work/projects/alpha")
    #expect(alpha.contains("href=\"/work/roadmap/#roadmap\""))
    let meeting = try site.page("work/meeting-notes")
    #expect(meeting.contains("href=\"/work/roadmap/\""))
    #expect(meeting.contains("href=\"/個人/レシピ/\""))
  }

  @Test func noteTextNeverPassesThroughMustache() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let alpha = try site.page("work/projects/alpha")
    #expect(alpha.contains("{{user}} {{{x}}} {{#a}}"))
  }

  @Test func everyPageParsesBackToItsRoute() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let files = site.snapshot()
    let pages = files.keys.filter { $0.hasSuffix("index.html") }.map { String($0.dropLast("index.html".count)) }
    // Folder and note IDs as the site has them: pages whose body says so.
    var folders = Set<String>()
    var notes = Set<String>()
    for page in pages {
      let html = String(decoding: files[page + "index.html"]!, as: UTF8.self)
      if html.contains("data-route=\"folder\"") { folders.insert(String(page.dropLast())) }
      if html.contains("data-route=\"note\"") { notes.insert(String(page.dropLast())) }
    }
    #expect(!folders.isEmpty && !notes.isEmpty)
    for page in pages where !page.hasPrefix("_search") {
      let route = try #require(Route(path: page, isFolder: folders.contains, isNote: notes.contains), "no route for \(page)")
      #expect(route.path == page)
      let html = String(decoding: files[page + "index.html"]!, as: UTF8.self)
      #expect(html.contains("data-route=\"\(route.kind)\""), "\(page) is not a \(route.kind) page")
    }
  }

  @Test func sameInputGivesIdenticalOutput() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let first = site.snapshot()
    #expect(await site.build().exitCode == 0)
    let second = site.snapshot()
    #expect(Set(second.keys) == Set(first.keys))
    let changed = first.keys.filter { first[$0] != second[$0] }.sorted()
    #expect(changed.isEmpty, "changed between identical builds: \(changed)")
  }
}

extension BuildTests {
  /// A file whose name is not UTF-8 (Latin-1 `café`, from an old disk) is skipped with a
  /// warning that shows the bytes, so the file can be found and renamed.
  @Test func aFileNameThatIsNotUTF8IsNamedByItsBytes() async throws {
    let site = try SiteFixture(["content/X/fine.md": "# Fine\n"])
    defer { site.remove() }
    let folder = site.root.appendingPathComponent("content/X").path
    for name: [UInt8] in [Array("caf".utf8) + [0xE9] + Array(".md".utf8), Array("ok ".utf8) + [0x82, 0xA0] + Array(".md".utf8)] {
      let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
      let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
      #expect(fd >= 0)
      close(fd)
    }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(Set(report.diagnostics.map(\.description)) == [
      "content/X/caf\\xE9.md: warning: file name is not valid UTF-8 (rename it to UTF-8); skipped",
      "content/X/ok \\x82\\xA0.md: warning: file name is not valid UTF-8 (rename it to UTF-8); skipped",
    ])
  }

  /// Two names that look the same, one composed (`é`) and one decomposed (`e` and an accent,
  /// as a Mac writes it), would share a URL: the warning says why they do.
  @Test func lookAlikeNamesAreExplained() async throws {
    // One dictionary cannot hold both names: Swift holds them equal.
    let site = try SiteFixture(["content/X/Caf\u{E9}.md": "a\n"])
    defer { site.remove() }
    try Data("b\n".utf8).write(to: site.root.appendingPathComponent("content/X/Cafe\u{301}.md"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("content/X").path).count == 2)
    let report = await site.build()
    #expect(report.diagnostics.count == 1)
    #expect(report.diagnostics.first?.message.contains("(their names differ only in Unicode normalisation, NFC and NFD)") == true, "\(report.diagnostics)")
  }

  /// Quarto's `.qmd` and R Markdown's `.Rmd` files are notes, and links to them (or to the
  /// `.html` Quarto makes of them) open their pages.
  @Test func quartoAndRMarkdownFilesAreNotes() async throws {
    let site = try SiteFixture([
      "content/ch/timers.qmd": "---\ntitle: \"Timers\"\n---\n\nText.\n",
      "content/Cookbook.Rmd": "---\ntitle: Cookbook\n---\n\n```{r}\nx <- 1\n```\n",
      "content/index.md": "# Start\n\n[timers](ch/timers.qmd) and [html](ch/timers.html) and [book](Cookbook.Rmd)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(try site.page("ch/timers").contains("<h1>Timers</h1>"))
    #expect(try site.page("notes/cookbook").contains(#"<code class="language-r">x &lt;- 1"#))
    let links = try noteBodyLinks(site.page("notes/index"))
    #expect(links.prefix(3) == ["/ch/timers/", "/ch/timers/", "/notes/cookbook/"], "\(links)")
    #expect(!site.exists("ch/timers.qmd"))
  }

  @Test func theSummaryCountsInTheSingular() async throws {
    let site = try SiteFixture(["content/Only.md": "# Only\n"])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.summary.hasPrefix("Built 1 note in 1 folder: "), "\(report.summary)")
  }
}

extension BuildTests {
  /// Bear and Obsidian keep a note's attachments in a folder named after it. That folder has
  /// no page, so the note keeps its URL and its files sit beside its page; a folder with a
  /// file named like one of the note's own pages still gets a URL of its own.
  @Test func anAttachmentFolderNamedAfterItsNoteSharesItsURL() async throws {
    let site = try SiteFixture([
      "content/Bear/Trip Plan.md": "# Trip\n\n![[photo 1.png]]\n",
      "content/Bear/Trip Plan/photo 1.png": "png",
      "content/Bear/Trip Plan/more/map.png": "png",
      "content/Bear/Log.md": "# Log\n",
      "content/Bear/Log/history": "a file named like the note's history page",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.map(\.message).filter { $0.contains("would both be published") }.count == 1, "\(report.diagnostics)")
    #expect(try site.page("bear/trip-plan").contains(#"<img src="/bear/trip-plan/photo-1.png""#))
    #expect(site.exists("bear/trip-plan/photo-1.png") && site.exists("bear/trip-plan/more/map.png"))
    #expect(site.exists("bear/trip-plan/history/index.html"))
    // `Log/history` would be the note's history page: the note moves, the file stays.
    #expect(site.exists("bear/log/history") && site.exists("bear/log-2/history/index.html"))
  }
}

extension BuildTests {
  /// A note beside a folder of notes of its name (Notion's export of a parent page, Obsidian's
  /// folder notes) is that folder's note: listed in it, its URL inside it, no collision.
  @Test func aNoteBesideItsFolderOfNotesIsThatFoldersNote() async throws {
    let site = try SiteFixture([
      "content/Cook/Recipes.md": "# Recipes\n\nAll of them: [Soup](Recipes/Soup.md).\n",
      "content/Cook/Recipes/Soup.md": "# Soup\n\nBack to [[Recipes]].\n",
      "content/Wiki 2e36a1b2c3d4e5f60718293a4b5c6d7e.md": "# Wiki\n\n[Page](Wiki%202e36a1b2c3d4e5f60718293a4b5c6d7e/Page.md)\n",
      "content/Wiki 2e36a1b2c3d4e5f60718293a4b5c6d7e/Page.md": "# Page\n\nChild.\n",
    ])
    defer { site.remove() }
    let report = await site.build(strict: true)
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let recipes = try site.page("cook/recipes/recipes")
    #expect(try noteBodyLinks(recipes).first == "/cook/recipes/soup/")
    #expect(try noteBodyLinks(site.page("cook/recipes/soup")).first == "/cook/recipes/recipes/")
    // Listed in its folder, with the notes it holds.
    #expect(try site.page("cook/recipes").contains(#"<a href="/cook/recipes/recipes/">"#))
    #expect(try noteBodyLinks(site.page("wiki/wiki")).first == "/wiki/page/")
  }
}

extension BuildTests {
  /// Obsidian's properties link notes (`up: "[[MOC]]"`): those links count as the note's,
  /// so the linked note lists it under "Linked from".
  @Test func wikiLinksInPropertiesAreBacklinks() async throws {
    let site = try SiteFixture([
      "content/Topics/MOC.md": "# MOC\n\nIndex.\n",
      "content/Topics/Other.md": "# Other\n",
      "content/Topics/Note.md": "---\nup: \"[[MOC]]\"\nrelated:\n  - \"[[Other|the other]]\"\n  - plain text\nsource: https://x.org\n---\nBody.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    for page in ["topics/moc", "topics/other"] {
      let html = try site.page(page)
      let backlinks = try #require(html.range(of: "class=\"backlinks\"")).upperBound
      #expect(html[backlinks...].contains("href=\"/topics/note/\""), "\(page)")
    }
    // The property's text is not shown on the page.
    #expect(!(try site.page("topics/note")).contains("the other"))
  }
}
