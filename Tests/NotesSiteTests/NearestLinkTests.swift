import Foundation
import NotesSite
import Testing

/// A `[[name]]` that several notes answer to links to the nearest one: in the same folder,
/// else sharing the most leading folders, else the shallowest; the rest is a warning.
@Suite struct NearestLinkTests {
  static let files: [String: String] = [
    "content/Work/Plan.md": "# Plan\n\nWork plan.\n",
    "content/Work/Projects/Plan.md": "# Plan\n\nProject plan.\n",
    "content/Home/Plan.md": "# Plan\n\nHome plan.\n",
    "content/Workshop/Plan.md": "# Plan\n\nWorkshop plan.\n",
    "content/Work/Projects/Alpha/Notes.md": "# Notes\n\nSee [[Plan]].\n",
    "content/Home/Garden.md": "# Garden\n\nSee [[Plan]].\n",
    "content/Workshop/Deep/Bench.md": "# Bench\n\nSee [[Plan]].\n",
    "content/Inbox.md": "# Inbox\n\nSee [[Plan]].\n",
  ]

  func linkedPlan(_ site: SiteFixture, from page: String) throws -> String? {
    let html = try site.page(page)
    return try noteBodyLinks(html).first { $0.hasSuffix("/plan/") }
  }

  @Test func theNearestNoteWins() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    // Deepest shared folders: Work/Projects over Work.
    #expect(try linkedPlan(site, from: "work/projects/alpha/notes") == "/work/projects/plan/")
    // Same folder over everything.
    #expect(try linkedPlan(site, from: "home/garden") == "/home/plan/")
    // `Workshop` shares no folder with `Work`, though one name starts the other.
    #expect(try linkedPlan(site, from: "workshop/deep/bench") == "/workshop/plan/")
    // Nothing shared: the shallowest, then the first by ID.
    #expect(try linkedPlan(site, from: "notes/inbox") == "/home/plan/")
    // Only the link that three notes answer equally is a warning, naming them and the one
    // taken; a nearest note that is the only one that near is taken without a word.
    let warnings = report.diagnostics.filter { $0.message.contains("'Plan' matches") }
    #expect(
      warnings.map(\.description) == [
        "content/Inbox.md:3:5: warning: 'Plan' matches 3 files equally near (content/Home/Plan.md, "
          + "content/Work/Plan.md, content/Workshop/Plan.md); using content/Home/Plan.md"
      ])
  }

  /// Two notes of one name in two folders the link's own folder shares nothing with: a tie.
  @Test func aTieBetweenFoldersAtTheSameDepthWarns() async throws {
    let site = try SiteFixture([
      "content/Kids/Meeting Notes.md": "# Meeting Notes\n\nKids.\n",
      "content/Work/Meeting Notes.md": "# Meeting Notes\n\nWork.\n",
      "content/Archive/Old.md": "# Old\n\nSee [[Meeting Notes]].\n",
      "content/Work/Today.md": "# Today\n\nSee [[Meeting Notes]].\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(try noteBodyLinks(site.page("archive/old")).contains("/kids/meeting-notes/"))
    #expect(try noteBodyLinks(site.page("work/today")).contains("/work/meeting-notes/"))
    let warnings = report.diagnostics.filter { $0.message.contains("matches") }
    #expect(warnings.map { $0.location?.path } == ["content/Archive/Old.md"])
    #expect(await site.build(strict: true).exitCode == 1)
  }
}

/// What a note is called, and which note a `[[name]]` means, on vaults written in Obsidian:
/// a file's own name outranks another note's title, and only a heading that opens a note
/// names it.
@Suite struct NoteNameTests {
  static let files: [String: String] = [
    // Obsidian habit: a tag line, then section headings; the title is the file name.
    "content/Algo/Graph.md": "#data-structure\n\n# Concepts\n\nVertices and edges.\n\n# Uses\n\nRouting.\n",
    "content/Algo/Segment Tree.md": "Intro first.\n\n# Concepts\n\nIntervals.\n",
    // A note that opens with its title heading.
    "content/Index/SO MOC.md": "# Sistemas Operacionais\n\nMap of content.\n",
    "content/Topics/Sistemas operacionais.md": "The subject itself.\n",
    "content/Topics/Threads.md": "Intro\n\n# Processos\n\nx\n",
    "content/Topics/Other.md": """
      See [[Sistemas operacionais]], [[Sistemas Operacionais]], [[SO MOC]] and [[Processos]].
      """,
  ]

  @Test func aHeadingAfterOtherTextIsASectionNotTheTitle() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    let graph = try site.page("algo/graph")
    #expect(graph.contains("<h1>Graph</h1>"))
    #expect(graph.contains("<title>Graph"))
    // Both level-1 sections stay in the body, one level below the page's h1.
    #expect(graph.contains("<h2 id=\"concepts\">Concepts"))
    #expect(graph.contains("<h2 id=\"uses\">Uses"))
    #expect(try site.page("algo/segment-tree").contains("<h1>Segment Tree</h1>"))
    // A note that opens with `# Heading` is still called by it.
    #expect(try site.page("index/so-moc").contains("<h1>Sistemas Operacionais</h1>"))
  }

  @Test func aFileNameOutranksAnotherNotesTitle() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("topics/other")
    let links = try noteBodyLinks(html)
    // Both spellings name the file `Sistemas operacionais.md`, not the note titled so.
    #expect(links.prefix(3) == ["/topics/sistemas-operacionais/", "/topics/sistemas-operacionais/", "/index/so-moc/"])
    // A title is still a name when no file or alias has it.
    let titled = try SiteFixture(["content/A.md": "# Big Picture\n\ntext\n", "content/B.md": "[[big picture]]\n"])
    defer { titled.remove() }
    _ = await titled.build()
    #expect(try titled.page("notes/b").contains("href=\"/notes/a/\""))
    // A section heading in the middle of a note names nothing.
    let warnings = report.diagnostics.map(\.message)
    #expect(warnings.contains("no note named 'Processos'"), "\(warnings)")
    #expect(!warnings.contains { $0.contains("matches") }, "\(warnings)")
  }

  /// Names with dots (Dendron's hierarchy, version numbers, `Next.js`) name notes when no file
  /// has that name.
  @Test func namesWithDotsLinkToNotes() async throws {
    let site = try SiteFixture([
      "content/templates.daily.md": "Daily template.\n",
      "content/sub/Learn Next.js.md": "Next.\n",
      "content/Type 1 vs. Type 2.md": "Types.\n",
      "content/v0.11.md": "Release.\n",
      "content/Drawing 22.43.28.excalidraw.md": "Drawing.\n",
      "content/diagram.png": "png",
      "content/Object-Mapping.md": "Mapping.\n",
      "content/Links.md": """
        [[templates.daily]] [[Learn Next.js]] [[Type 1 vs. Type 2]] [[v0.11]] [[sub/Learn Next.js]] \
        [[Drawing 22.43.28.excalidraw]] [[Object Mapping]] ![[diagram.png]] [[missing.png]] \\
        [[Functional Dependencies. Normal Forms]]
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("notes/links")
    let links = try noteBodyLinks(html)
    #expect(
      links.prefix(7) == [
        "/notes/templates-daily/", "/sub/learn-next-js/", "/notes/type-1-vs-type-2/", "/notes/v0-11/",
        "/sub/learn-next-js/", "/notes/drawing-22-43-28-excalidraw/", "/notes/object-mapping/",
      ], "\(links)")
    #expect(html.contains("<img src=\"/notes/diagram.png\""))
    let warnings = report.diagnostics.map(\.message)
    #expect(
      warnings == ["no file named 'missing.png'", "no note or file named 'Functional Dependencies. Normal Forms'"],
      "\(warnings)")
  }

  /// A front matter title of its own makes the opening heading a section: its text stays.
  @Test func anOpeningHeadingUnderAnotherTitleStays() async throws {
    let site = try SiteFixture([
      "content/Tmp.md": "---\ntitle: Tmp\n---\n# 生成式AI激活乡土文化基因\n\n## 背景\n\nbody\n",
      "content/Same.md": "---\ntitle: Product Roadmap\n---\n# product roadmap\n\n## Q1\n",
    ])
    defer { site.remove() }
    _ = await site.build()
    let tmp = try site.page("notes/tmp")
    #expect(tmp.contains("<h1>Tmp</h1>"))
    #expect(tmp.contains("<h2 id=\"生成式ai激活乡土文化基因\">生成式AI激活乡土文化基因"))
    #expect(tmp.contains("<h3 id=\"背景\">背景"))
    let same = try site.page("notes/same")
    #expect(same.contains("<h1>Product Roadmap</h1>"))
    #expect(!same.contains(">product roadmap"))
    #expect(same.contains("<h2 id=\"q1\">Q1"))
  }

  /// Hugo notes link page to page by URL: from `d/a.md` (page `/d/a/`), `../b/` is `/d/b/`.
  @Test func pageRelativeLinksAsHugoWritesThem() async throws {
    let site = try SiteFixture([
      "content/d/a.md": "# A\n\n[x](../b/) [y](../b/#h) [z](../) [w](../../d/b/) [gone](../nope/)\n",
      "content/d/b.md": "# B\n\n## H\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("d/a")
    #expect(try noteBodyLinks(html).prefix(4) == ["/d/b/", "/d/b/", "/d/", "/d/b/"])
    #expect(html.contains("<a href=\"/d/b/#h\">y</a>"))
    #expect(report.diagnostics.map(\.message) == ["no note or file at '../nope/'"])
  }

  /// mdBook books link chapters by the pages mdBook makes: `x.html`, a folder's `index.html`.
  @Test func mdBookHTMLLinksLandOnTheirChapters() async throws {
    let site = try SiteFixture([
      "content/cli/README.md": "# CLI\n",
      "content/format/configuration/general.md": "# General\n\n## Rust options\n",
      "content/format/configuration/index.md": "# Configuration\n",
      "content/guide/intro.md": """
        [a](../cli/index.html) [b](../format/configuration/general.html#rust-options) \
        [c](/format/configuration/index.html) [d](../format/index.html) [e](../nope.html)
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("guide/intro")
    #expect(HeadingLinkTests.href(of: "a", in: html) == "/cli/readme/")
    #expect(HeadingLinkTests.href(of: "b", in: html) == "/format/configuration/general/#rust-options")
    #expect(HeadingLinkTests.href(of: "c", in: html) == "/format/configuration/index/")
    #expect(HeadingLinkTests.href(of: "d", in: html) == "/format/")
    #expect(report.diagnostics.map(\.message) == ["no note or file at '../nope.html'"])
  }

  /// Obsidian's "relative path" link format, as Quartz resolves it.
  @Test func relativeWikiLinksResolveFromTheNotesFolder() async throws {
    let site = try SiteFixture([
      "content/a/n.md": "# N\n\n[[../b/other|O]] [[./same]] [[./same.md#Part]] [[../b]] [[../../x]] [[./nope]]\n",
      "content/a/same.md": "# Same\n\n## Part\n",
      "content/b/other.md": "# Other\n",
      "content/a/other.md": "# Decoy\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("a/n")
    #expect(try noteBodyLinks(html).prefix(4) == ["/b/other/", "/a/same/", "/a/same/", "/b/"])
    #expect(html.contains(#"<a class="wiki-link" href="/a/same/#part">same &gt; Part</a>"#))
    #expect(
      report.diagnostics.map(\.message) == [
        "wiki link '../../x' points outside content/", "no note './nope'",
      ])
  }

  /// Names with `_` or `*` are names, not emphasis: Python's `__init__`, Evernote exports'
  /// `_resources` folders, templates folders.
  @Test func wikiLinkNamesWithMarkupCharactersLand() async throws {
    let site = try SiteFixture([
      "content/py/__init__.md": "# Package\n",
      "content/_templates/daily.md": "# Daily\n",
      "content/a *star* note.md": "# Star\n",
      "content/_resources/test_-_note.resources/pic.png": "png",
      "content/py/index.md": """
        # Index

        See [[__init__]], [[_templates/daily]] and [[a *star* note|the _star_]]; *really* emphasised.

        ![[_resources/test_-_note.resources/pic.png]]
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let html = try site.page("py/index")
    #expect(html.contains(#"<a class="wiki-link" href="/py/init/">__init__</a>"#))
    #expect(html.contains(#"<a class="wiki-link" href="/templates/daily/">_templates/daily</a>"#))
    #expect(html.contains(#"<a class="wiki-link" href="/notes/a-star-note/">the _star_</a>"#))
    #expect(html.contains("<em>really</em> emphasised"))
    #expect(html.contains(#"<img src="/resources/test-note-resources/pic.png""#))
  }

  /// Whether this machine's temporary folder tells `a` from `A` (not so on macOS by default).
  static let caseSensitiveFileSystem: Bool = {
    let folder = FileManager.default.temporaryDirectory.appending(path: "case-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    FileManager.default.createFile(atPath: folder.appending(path: "a").path, contents: Data())
    return !FileManager.default.fileExists(atPath: folder.appending(path: "A").path)
  }()

  /// Two notes or files whose names differ only in case: a link that spells one exactly gets
  /// that one, whatever order the build met them in.
  @Test(.enabled(if: caseSensitiveFileSystem))
  func anExactCaseSpellingPicksItsNote() async throws {
    let site = try SiteFixture([
      "content/a/README.md": "# Upper README\n",
      "content/a/readme.md": "# lower readme\n",
      "content/a/Image.PNG": "upper",
      "content/a/image.png": "lower",
      "content/a/l.md": "[[readme]] [b](readme.md) [c](README.md) [[README]] ![[Image.PNG]] ![x](image.png)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(!report.diagnostics.contains { $0.message.contains("matches") }, "\(report.diagnostics)")
    let html = try site.page("a/l")
    let links = try noteBodyLinks(html)
    let lower = links[0]
    let upper = links[2]
    #expect(lower != upper)
    #expect(links.prefix(4) == [lower, lower, upper, upper])
    #expect(try site.page(String(lower.dropFirst().dropLast())).contains("lower readme"))
    let images = html.components(separatedBy: "<img src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(images.count == 2 && images[0] != images[1], "\(images)")
    let first = try String(contentsOf: site.output.appending(path: String(images[0].dropFirst())), encoding: .utf8)
    #expect(first == "upper")
  }

  /// Zettlr and other Zettelkasten tools name notes `202001011200 Title.md` and link them by
  /// the ID alone.
  @Test func zettelkastenIDsNameTheirNotes() async throws {
    let site = try SiteFixture([
      "content/Zettel/202001011200 Zettelkasten method.md": "# Zettelkasten method\n",
      "content/Zettel/20200102143000-linking-notes.md": "# Linking\n",
      "content/Zettel/index.md": "[[202001011200]] [[20200102143000|linking]] [[2020]] [[20200103]]\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("zettel/index")
    #expect(try noteBodyLinks(html).prefix(2) == ["/zettel/202001011200-zettelkasten-method/", "/zettel/20200102143000-linking-notes/"])
    #expect(report.diagnostics.map(\.message) == ["no note named '2020'", "no note named '20200103'"])
  }

  /// Denote names a note `20240329T093529--title__tags.md` and links it by that identifier,
  /// with or without `denote:`; Neuron writes `[[[Note]]]`.
  @Test func denoteIdentifiersAndFolgezettelLinksNameTheirNotes() async throws {
    let site = try SiteFixture([
      "content/Z/20240329T093529--kubernetes-nodes__devops_tech.md": "Nodes.\n",
      "content/Z/20240101T010203Z Target.md": "# Target\n",
      "content/Z/Philosophy.md": "# Philosophy\n",
      "content/Z/index.md": """
        [[20240329T093529]] [[denote:20240329T093529|nodes]] [by id](20240101T010203Z) [d](denote:20240329T093529)

        Read its [[[Philosophy]]]. Not [[20240329T0935]].
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("z/index")
    let nodes = "/z/20240329t093529-kubernetes-nodes-devops-tech/"
    let links = try noteBodyLinks(html)
    #expect(links.prefix(5) == [nodes, nodes, "/z/20240101t010203z-target/", nodes, "/z/philosophy/"], "\(links)")
    #expect(html.contains(#"Read its <a class="wiki-link" href="/z/philosophy/">Philosophy</a>."#), "\(html)")
    #expect(report.diagnostics.map(\.message) == ["no note named '20240329T0935'"])
  }

  /// A note linked by the URL the site gives it, its front matter's `slug` in it, as a
  /// Docusaurus page links itself (`slug: /create-doc`, `[self](/d/create-doc)`).
  @Test func aNoteIsFoundByItsPublishedURL() async throws {
    let site = try SiteFixture([
      "content/D/r10-slug.md": "---\nslug: create-doc\n---\n# Create\n\n[self](/d/create-doc) [again](/D/Create-Doc/) [bad](/d/nothing)\n"
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("d/create-doc")
    #expect(try noteBodyLinks(html).prefix(2) == ["/d/create-doc/", "/d/create-doc/"], "\(html)")
    #expect(report.diagnostics.map(\.message) == ["no note or file at '/d/nothing'"])
  }

  /// `../` from a folder's README up to `content/` opens the README there, as GitHub opens
  /// the repository's; without one, the home page.
  @Test func upToTheContentFolderOpensItsReadme() async throws {
    let site = try SiteFixture([
      "content/README.md": "# Root\n\n## Root\n\nText\n",
      "content/docs/README.md": "# Docs\n\n[main](../) [section](../#root) [file](../README.md)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let html = try site.page("docs/readme")
    #expect(html.contains(#"<a href="/notes/readme/">main</a> <a href="/notes/readme/#root">section</a> <a href="/notes/readme/">file</a>"#), "\(html)")
    let bare = try SiteFixture(["content/docs/README.md": "[home](../)\n", "content/docs/b.md": "b\n"])
    defer { bare.remove() }
    #expect(await bare.build().diagnostics.isEmpty)
    #expect(try bare.page("docs/readme").contains(#"<a href="/">home</a>"#))
  }

  /// Joplin links a resource by its id, `:/1464bd4c…`, and exports it as
  /// `_resources/1464bd4c….png`.
  @Test func joplinResourceIDsNameTheirFiles() async throws {
    let id = "1464bd4ccc814e928deed6d0743dc767"
    let site = try SiteFixture([
      "content/_resources/\(id).png": "png",
      "content/Notes/Trip.md": "![photo.png](:/\(id)) and [missing](:/0000bd4ccc814e928deed6d0743dc767)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("notes/trip")
    #expect(html.contains(#"<img src="/resources/\#(id).png" alt="photo.png""#), "\(html)")
    #expect(report.diagnostics.map(\.message) == ["no note or resource with Joplin id '0000bd4ccc814e928deed6d0743dc767'"])
  }

  /// An Excalidraw drawing embeds as the image the plugin exports beside it; a plain link
  /// still goes to the drawing's note, and a drawing without an export embeds its note.
  @Test func excalidrawDrawingsEmbedTheirExportedImage() async throws {
    let site = try SiteFixture([
      "content/Draw/Plan.excalidraw.md": "==⚠  Switch to EXCALIDRAW VIEW ==\n\n# Text Elements\nBox\n",
      "content/Draw/Plan.excalidraw.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
      "content/Draw/Bare.excalidraw.md": "# Text Elements\nCircle\n",
      "content/Draw/index.md": "![[Plan.excalidraw]]\n\n[[Plan.excalidraw|the plan]]\n\n![[Bare.excalidraw]]\n\n![[Plan.excalidraw.md#^frame=abc]]\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let html = try site.page("draw/index")
    #expect(html.contains(#"<img src="/draw/plan-excalidraw.svg" alt="Plan" loading="lazy">"#), "\(html)")
    #expect(html.components(separatedBy: #"<img src="/draw/plan-excalidraw.svg""#).count == 3)
    #expect(try noteBodyLinks(html).contains("/draw/plan-excalidraw/"))
    #expect(html.contains("Circle"))
    #expect(!html.contains("EXCALIDRAW VIEW"))
  }

  /// A drawing's own page is called by its name and shows the words in it, without the
  /// plugin's banner and the lists it keeps for itself.
  @Test func anExcalidrawDrawingsPageShowsItsWords() async throws {
    let site = try SiteFixture([
      "content/Draw/Drawing 2025-01-28 11.38.52.excalidraw.md": """
        ---
        excalidraw-plugin: parsed
        tags: [excalidraw]
        ---
        ==⚠  Switch to EXCALIDRAW VIEW in the MORE OPTIONS menu of this document. ⚠== You can decompress Drawing data with the command palette.


        # Excalidraw Data

        ## Text Elements
        Give Money ^Xy12ab

        ## Element Links
        Ab34cd: [[Budget]]

        ## Embedded Files
        9f8e7d6c5b4a: [[Pasted Image 20250128.png]]

        %%
        ## Drawing
        ```compressed-json
        N4KAkARALgngDgUwgLgAQQQDwMYEMA2AlgCYBOuA7hADTgQBuCpAzoQPYB2KqATLZMzYBXUtiRoIACyhQ4zZAHoFAc0JRJQgEYA6bGwC2CgF7N6hbEcK4OCtptbErHALRY8RMpWdx8Q1TdIEfBwAZI
        ```
        %%
        """,
      "content/Draw/Budget.md": "# Budget\n\nNumbers.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let page = detailColumn(try site.page("draw/drawing-2025-01-28-11-38-52-excalidraw"))
    #expect(page.contains("<h1>Drawing 2025-01-28 11.38.52</h1>"), "\(page)")
    #expect(page.contains("Give Money"), "\(page)")
    for hidden in ["EXCALIDRAW VIEW", "Excalidraw Data", "Ab34cd", "Pasted Image", "N4KAkAR"] {
      #expect(!page.contains(hidden), "\(hidden): \(page)")
    }
  }

  /// Zola writes internal links from `content/` (`@/posts/a.md`), tags under `[taxonomies]`,
  /// and images relative to the page's URL, as Hugo does.
  @Test func zolaLinksTagsAndPageRelativeImages() async throws {
    let site = try SiteFixture([
      "content/posts/rust/refcell.md": "+++\ntitle = \"RefCell\"\n[taxonomies]\ntags = [\"rust\", \"embedded\"]\n+++\n## Sec\n",
      "content/uploads/x.png": "png",
      "content/posts/stm32/hal/gpio.md": "[r](@/posts/rust/refcell.md) [s](@/posts/rust/refcell.md#sec) ![p](../../../../uploads/x.png) [gone](@/nope.md)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("posts/stm32/hal/gpio")
    #expect(try noteBodyLinks(html).prefix(2) == ["/posts/rust/refcell/", "/posts/rust/refcell/"])
    #expect(html.contains(#"<a href="/posts/rust/refcell/#sec">s</a>"#))
    #expect(html.contains(#"<img src="/uploads/x.png" alt="p" />"#), "\(html)")
    #expect(report.diagnostics.map(\.message) == ["no note or file at '@/nope.md'"])
    #expect(site.exists("_tags/rust/index.html") && site.exists("_tags/embedded/index.html"))
  }

  /// A link to a section file (`_index.md`, front matter for its folder) opens the folder; a
  /// path written from the top of the vault, as Obsidian's "absolute path in vault" format
  /// and Hugo's `ref` write it, finds its note or file from any folder.
  @Test func sectionFilesAndPathsFromTheTopOfTheVault() async throws {
    let site = try SiteFixture([
      "content/blog/_index.md": "+++\ntitle = \"Blog\"\n+++\n",
      "content/blog/post.md": "# Post\n\nHi.\n",
      "content/Work/Roadmap.md": "# Roadmap\n\nPlans.\n",
      "content/Work/pic.png": "png",
      "content/Personal/Deep/Run.md": """
        # Run

        [r](Work/Roadmap.md) [b](@/blog/_index.md) [c](/blog/_index.md) [h]({{< ref "Work/Roadmap.md" >}}) [gone](Work/Nope.md)

        ![p](Work/pic.png)
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    let html = try site.page("personal/deep/run")
    #expect(try noteBodyLinks(html).prefix(4) == ["/work/roadmap/", "/blog/", "/blog/", "/work/roadmap/"])
    #expect(html.contains(#"<img src="/work/pic.png" alt="p" />"#), "\(html)")
    #expect(report.diagnostics.map(\.message) == ["no note or file at 'Work/Nope.md'"])
  }
}

extension NearestLinkTests {
  /// Obsidian's and Quartz's "shortest path" Markdown links name a note or file alone; an
  /// embed of a section the note lacks is a link to it, not the whole note.
  @Test func shortestPathLinksAndMissingSections() async throws {
    let site = try SiteFixture([
      "content/other/comp.md": "# Components\n\n## Usage\n\nUse them.\n",
      "content/attachments/pic.png": "png",
      "content/sub/C.md": "# C\n\nSee [components](comp.md), ![a picture](pic.png) and ![[comp#Nowhere]].\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.map(\.message) == ["no heading 'Nowhere' in 'content/other/comp.md'; linking to the note"], "\(report.diagnostics)")
    let page = detailColumn(try site.page("sub/c"))
    #expect(page.contains(#"<a href="/other/comp/">components</a>"#), "\(page)")
    #expect(page.contains(#"<img src="/attachments/pic.png" alt="a picture""#), "\(page)")
    #expect(!page.contains("Use them."), "\(page)")
  }
}

extension NearestLinkTests {
  /// Obsidian's Markdown links percent-encode the heading; Logseq embeds PDFs, audio and video
  /// with image syntax, which shows them as `![[doc.pdf]]` does.
  @Test func encodedHeadingsAndMediaInImageSyntax() async throws {
    let site = try SiteFixture([
      "content/Resources/DOM XSS.md": "# DOM XSS\n\n## Lab DOM XSS ⭕️\n\nSteps.\n",
      "content/Resources/paper.pdf": "%PDF",
      "content/Resources/talk.mp3": "ID3",
      "content/Areas/Note.md": """
        # Note

        [lab](../Resources/DOM%20XSS.md#Lab%20DOM%20XSS%20%E2%AD%95%EF%B8%8F)

        ![The survey](../Resources/paper.pdf) and ![](../Resources/talk.mp3)
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let page = detailColumn(try site.page("areas/note"))
    #expect(page.contains(#"<a href="/resources/dom-xss/#lab-dom-xss">lab</a>"#), "\(page)")
    #expect(
      page.contains(
        #"<object class="embed-pdf" data="/resources/paper.pdf" type="application/pdf" aria-label="The survey"><a class="embed-file" href="/resources/paper.pdf">The survey</a></object>"#
      ), "\(page)")
    #expect(page.contains(#"<audio controls preload="metadata" src="/resources/talk.mp3"><a class="embed-file" href="/resources/talk.mp3">talk.mp3</a></audio>"#), "\(page)")
    #expect(!page.contains("<img"), "\(page)")
  }
}

extension NearestLinkTests {
  /// A Dendron vault writes labelled wiki links label first, `[[Label|dotted.note.path]]`;
  /// elsewhere the label follows, as Obsidian writes it.
  @Test func dendronLinksPutTheLabelFirst() async throws {
    let files = [
      "content/torchcell.ontology.mermaid_diagram.md": "---\nid: a1\ntitle: Mermaid Diagram Generator\n---\nDiagrams.\n",
      "content/Mermaid diagram generator.md": "# Mermaid diagram generator\n\nA note of that name.\n",
      "content/user.tasks.md": """
        ---
        id: b2
        title: Tasks
        ---
        - [[Mermaid diagram generator|torchcell.ontology.mermaid_diagram]]
        - [[Just a label|nowhere.at.all]]
        """,
    ]
    let dendron = try SiteFixture(files.merging(["dendron.yml": "version: 5\n"]) { $1 })
    defer { dendron.remove() }
    let report = await dendron.build()
    let page = detailColumn(try dendron.page("notes/user-tasks"))
    #expect(page.contains(#"<a class="wiki-link" href="/notes/torchcell-ontology-mermaid-diagram/">Mermaid diagram generator</a>"#), "\(page)")
    #expect(report.diagnostics.map(\.message) == ["no note or file named 'nowhere.at.all'"], "\(report.diagnostics)")

    // Without `dendron.yml`, the Obsidian reading: the label follows the target.
    let obsidian = try SiteFixture(files)
    defer { obsidian.remove() }
    _ = await obsidian.build()
    let other = detailColumn(try obsidian.page("notes/user-tasks"))
    #expect(other.contains(#"<a class="wiki-link" href="/notes/mermaid-diagram-generator/">torchcell.ontology.mermaid_diagram</a>"#), "\(other)")
  }
}

extension NearestLinkTests {
  /// Typora on Windows writes pasted images as paths on that computer: the vault's file of
  /// that name when it has one, else a warning, never an address.
  @Test func windowsPathsAreFilesByName() async throws {
    let site = try SiteFixture([
      "content/assets/image-2.png": "png",
      "content/W.md": #"""
        # W

        ![x](C:\Users\bob\AppData\Roaming\Typora\typora-user-images\image-1.png)

        ![y](C:\Users\bob\Pictures\image-2.png)
        """#,
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(
      report.diagnostics.map(\.description) == [
        #"content/W.md:3:1: warning: 'C:\Users\bob\AppData\Roaming\Typora\typora-user-images\image-1.png' is a path on the computer the note was written on; no file 'image-1.png' in content/"#
      ])
    let page = detailColumn(try site.page("notes/w"))
    #expect(page.contains(#"<img src="/assets/image-2.png" alt="y" />"#), "\(page)")
    #expect(!page.contains("C:%5C"), "\(page)")
  }
}
