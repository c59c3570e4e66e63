import Foundation
import Testing

@testable import NotesSite

/// Link resolution splits extensions without bridging to `NSString` (it runs for every link);
/// it must still agree with `NSString.pathExtension` on every kind of name.
@Suite struct PathExtensionTests {
  @Test(arguments: [
    "Roadmap.md", "Roadmap", "diagram.PNG", "a/b/c.tar.gz", "Work/Projects/Alpha.md", ".hidden",
    "dir/.hidden", "file.", "a.b/c", "a.b/c.d", "dir/", "dir.d/", "/", "", ".", "..", "a/..",
    "Meeting Notes 2.5 ideas", "レシピ.md", "日記/レシピ.markdown", "x..y", "trailing/slashes.md//",
  ])
  func agreesWithNSString(_ path: String) {
    #expect(String(PathName.extension(path)) == (path as NSString).pathExtension)
  }
}

/// The loader takes file and folder names, stems and extensions apart without bridging (it
/// does it for every note, file and folder); titles and slugs made from file names must be
/// what `NSString` would have given.
@Suite struct PathNameTests {
  static let paths = [
    "Roadmap.md", "Work/Projects/Alpha.md", "Work/Projects", "a/b/c.tar.gz", ".hidden", "dir/.hidden",
    ".hidden.md", "dots...md", "name.", "x/y.", "x/.md", "Trailing space .md", "a..", "...", "a. b",
    "a.b c", "x/a.b.c", "レシピ/カレー.md", "Ünïcödé/Café.md", "Weird name #1 ?.md", "percent%20name.md",
    "folder.with.dots/n.md", "folder.with.dots", "!!!.md", "clang++.md", "Q&A/Meeting Notes 4.md",
  ]

  @Test(arguments: paths)
  func agreesWithNSString(_ path: String) {
    let ns = path as NSString
    #expect(String(PathName.last(path)) == ns.lastPathComponent)
    #expect(PathName.stem(path) == (ns.lastPathComponent as NSString).deletingPathExtension)
    #expect(String(PathName.extension(path)) == ns.pathExtension)
  }

  @Test func aNoteWithoutATitleIsNamedAfterItsFileStem() async throws {
    let site = try SiteFixture([
      "content/Trailing dots....md": "No heading here.",
      "content/v1.2 release notes.md": "Nor here.",
      "content/Work/.hidden.md": "Not published: a dot-file.",
      "content/Work/Plan.tar.md": "Only the last extension goes.",
    ])
    let report = await site.build()
    #expect(report.outcome == .success)
    #expect(try site.page("notes/trailing-dots").contains("<h1>Trailing dots...</h1>"))
    #expect(try site.page("notes/v1-2-release-notes").contains("<h1>v1.2 release notes</h1>"))
    #expect(try site.page("work/plan-tar").contains("<h1>Plan.tar</h1>"))
    #expect(!site.exists("work/hidden"))
  }
}

/// A Notion export names every page and folder `Title <32 hex digits>`; readers see the title.
@Suite struct NotionNameTests {
  @Test(arguments: [
    ("회의록 2e36286fa4b680b2805ecb642295eb1b", "회의록"),
    ("Meeting notes 0123456789abcdef0123456789abcdef", "Meeting notes"),
    ("Meeting notes 0123456789ABCDEF0123456789ABCDEF", "Meeting notes 0123456789ABCDEF0123456789ABCDEF"),
    ("Meeting notes-0123456789abcdef0123456789abcdef", "Meeting notes-0123456789abcdef0123456789abcdef"),
    ("0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"),
    ("Short abcdef", "Short abcdef"),
  ])
  func theIdIsLeftOffTheName(_ name: String, _ shown: String) {
    #expect(PathName.displayName(name) == shown)
  }

  /// Folders, titles and URLs read without the ids; two pages of one title keep theirs in
  /// the URL, which tells them apart.
  @Test func foldersTitlesAndURLsReadWithoutIds() async throws {
    let site = try SiteFixture([
      "content/Projects 0123456789abcdef0123456789abcdef/Plan 2e36286fa4b680b2805ecb642295eb1b.md": "Plan text.\n",
      "content/Projects 0123456789abcdef0123456789abcdef/Plan 2e36286fa4b680b2805ecb642295eb1b/image.png": "png",
      "content/Projects 0123456789abcdef0123456789abcdef/Notes 11111111111111111111111111111111.md": "One.\n",
      "content/Projects 0123456789abcdef0123456789abcdef/Notes 22222222222222222222222222222222.md": "Two.\n",
      "content/Index.md": "[plan](Projects%200123456789abcdef0123456789abcdef/Plan%202e36286fa4b680b2805ecb642295eb1b.md)\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let page = try site.page("projects/plan")
    #expect(page.contains("<h1>Plan</h1>"))
    #expect(page.contains("<h2 class=\"column-title\">Projects</h2>"))
    #expect(try site.page("notes/index").contains("href=\"/projects/plan/\""))
    #expect(site.exists("projects/notes-11111111111111111111111111111111") && site.exists("projects/notes-22222222222222222222222222222222"))
  }
}

/// A Logseq graph: pages open with `key:: value` properties, and a namespaced page `a/b` is the
/// file `a___b.md` (or `a%2Fb.md` in older graphs).
@Suite struct LogseqPageTests {
  @Test(arguments: [
    ("term___block reference", "term/block reference"),
    ("Article%2FGuide to Go", "Article/Guide to Go"),
    ("Plain name", "Plain name"),
    ("50% off", "50% off"),
    ("Docker%3A Up & Running", "Docker: Up & Running"),
    ("Why%3F A%7CB", "Why? A|B"),
    ("Space%20stays", "Space%20stays"),
  ])
  func namespacesReadWithSlashes(_ name: String, _ shown: String) {
    #expect(PathName.displayName(name) == shown)
  }

  @Test func propertiesAreFrontMatterAndLeaveTheBody() {
    let note = "title:: Article/Guide\nalias:: Guide, [[How-to]]\ntags:: [[Deep Work]], #reading, focus\ntype:: [[Thing]]\n\n- First block\n"
    let split = FrontMatter.split(note)
    #expect(split.format == .logseq)
    #expect(split.body == "\n- First block\n")
    #expect(split.bodyLineOffset == 4)
    let (fm, diagnostics) = FrontMatter.parse(split.header ?? "", format: split.format, path: "content/pages/x.md")
    #expect(diagnostics.isEmpty)
    #expect(fm.title == "Article/Guide")
    #expect(fm.aliases == ["Guide", "How-to"])
    #expect(fm.tags == ["deep work", "reading", "focus"] || fm.tags == ["Deep Work", "reading", "focus"], "\(fm.tags)")
    // Wiki links in other properties are the note's links, at their place in the file.
    #expect(fm.links.map { "\($0.target)@\($0.line):\($0.column)" } == ["Thing@4:9"])
    // A comma inside a page's name does not split it.
    let book = FrontMatter.split("tags:: [[Docker: Up & Running, 3rd Edition@Books]], ops\n\n- Notes\n")
    let bookTags = FrontMatter.parse(book.header ?? "", format: book.format, path: "p.md").0.tags
    #expect(bookTags.map { $0.lowercased() } == ["docker: up & running, 3rd edition@books", "ops"], "\(bookTags)")
    let hidden = FrontMatter.split("public:: false\n\n- Private\n")
    #expect(FrontMatter.parse(hidden.header ?? "", format: hidden.format, path: "p.md").0.draft)
    // Keys that mean something else to notes-site are Logseq's: no error, their links read.
    let journal = FrontMatter.split("date:: [[Feb 20th, 2021]]\npinned:: maybe\npublic:: soon\n- Text\n")
    let (read, problems) = FrontMatter.parse(journal.header ?? "", format: journal.format, path: "p.md")
    #expect(problems.isEmpty, "\(problems)")
    #expect(read.date == nil && !read.pinned && !read.draft)
    #expect(read.links.map(\.target) == ["Feb 20th, 2021"])
  }

  @Test(arguments: [
    "std:: vector\nholds elements\n", "Title:: Capitalised keys are not Logseq's\n", "a::b\n", "# Heading\ntitle:: later\n", "- title:: in a block\n",
  ])
  func otherTextIsNotProperties(_ text: String) {
    #expect(FrontMatter.split(text).header == nil)
  }

  @Test func aGraphBuildsWithTitlesLinksAndNoPropertiesInTheText() async throws {
    let site = try SiteFixture([
      "content/pages/Article%2FGuide.md": "title:: Article/Guide\ntype:: [[Index]]\n\n- body text\n",
      "content/pages/term___alias.md": "- aliased page\n",
      "content/pages/Index.md": "- see [[Article/Guide]] and [[term/alias]]\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let guide = try site.page("pages/article-guide")
    #expect(guide.contains("<h1>Article/Guide</h1>"))
    #expect(!guide.contains("title::") && !guide.contains("type::"))
    #expect(try site.page("pages/term-alias").contains("<h1>term/alias</h1>"))
    let index = try site.page("pages/index")
    #expect(index.contains("href=\"/pages/article-guide/\"") && index.contains("href=\"/pages/term-alias/\""))
    // The property's link makes Guide a backlink of Index.
    #expect(detailColumn(index).contains("Linked from") && detailColumn(index).contains("/pages/article-guide/"))
  }
}

/// A GitBook repository keeps its images in `.gitbook/assets/`, a dot-folder.
@Suite struct GitBookTests {
  @Test func imagesInTheDotFolderShow() async throws {
    let site = try SiteFixture([
      "content/README.md": "# Intro\n\n![diagram](.gitbook/assets/diagram.png)\n",
      "content/guide/setup.md": "![](../.gitbook/assets/diagram.png)\n",
      "content/.gitbook/assets/diagram.png": "png",
      "content/.gitbook/includes/snippet.md": "Reused text.\n",
      "content/.obsidian/app.json": "{}",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let intro = try site.page("notes/readme")
    #expect(intro.contains("<img src=\"/gitbook/assets/diagram.png\" alt=\"diagram\""), "\(intro)")
    #expect(site.exists("gitbook/assets/diagram.png"))
    #expect(try site.page("guide/setup").contains("src=\"/gitbook/assets/diagram.png\""))
    // Its Markdown is not a note; other dot-folders stay ignored.
    #expect(!site.exists("gitbook/includes/snippet/index.html") && !site.exists("gitbook/includes"))
    #expect(!site.exists("obsidian"))
  }
}

/// A GitHub wiki: `Home.md`, pages named with hyphens, links written label first.
@Suite struct GitHubWikiTests {
  @Test func labelFirstLinksLandAndMakeBacklinks() async throws {
    let site = try SiteFixture([
      "content/Home.md": "Start with [[the install guide|Installation-Guide]] or [[Object Mapping]].\n",
      "content/_Sidebar.md": "[[Home]]\n",
      "content/Installation-Guide.md": "Install it.\n",
      "content/Object-Mapping.md": "Maps objects. Back [[Home]], also [[Home|Start page]].\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let home = try site.page("notes/home")
    #expect(home.contains(#"<a class="wiki-link" href="/notes/installation-guide/">the install guide</a>"#), "\(detailColumn(home))")
    #expect(detailColumn(try site.page("notes/installation-guide")).contains("href=\"/notes/home/\""), "a backlink")
    // Written target first and found, the label is only a label: no link to a 'Start page'.
    #expect(detailColumn(try site.page("notes/object-mapping")).contains(#"<a class="wiki-link" href="/notes/home/">Start page</a>"#))
  }

  @Test func pagesAreNamedSiteWideTitledWithSpacesAndImagesShow() async throws {
    let site = try SiteFixture([
      "content/Home.md": "Hi.\n",
      "content/_Footer.md": "[[Home]]\n",
      "content/about/Talk-to-us.md": "Chat.\n",
      "content/setup/deep/Step.md": "[Home](Home) > [Talk](Talk-to-us) [[/images/chart.png]] [[https://x.org/a.png|alt=A chart]] [[https://x.org/docs]]\n",
      "content/images/chart.png": "png",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let step = detailColumn(try site.page("setup/deep/step"))
    #expect(step.contains(#"<a href="/notes/home/">Home</a> &gt; <a href="/about/talk-to-us/">Talk</a>"#), "\(step)")
    #expect(step.contains(#"<img src="/images/chart.png" alt="chart" loading="lazy">"#), "\(step)")
    #expect(step.contains(#"<img src="https://x.org/a.png" alt="A chart" loading="lazy">"#), "\(step)")
    #expect(step.contains(#"<a class="wiki-link" href="https://x.org/docs">"#), "\(step)")
    #expect(try site.page("about/talk-to-us").contains("<h1>Talk to us</h1>"))
  }

  /// GitHub shows the sidebar and footer around every page and never as a page: they are
  /// not notes, in no list and no count. Outside a wiki, `_Sidebar.md` is a note like others.
  @Test func theSidebarAndFooterAreNotPages() async throws {
    let site = try SiteFixture([
      "content/Home.md": "Hi.\n",
      "content/_Sidebar.md": "* [[Home]]\n* [[Setup]]\n",
      "content/_Footer.md": "Footer text.\n",
      "content/Setup.md": "Steps.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(!site.exists("notes/sidebar/index.html") && !site.exists("notes/footer/index.html"))
    let home = try site.page("notes/home")
    #expect(!home.contains("Sidebar") && !home.contains("Footer"))
    #expect(home.contains("<p class=\"count\">2 notes</p>"), "\(home)")
    #expect(try site.page("notes/setup").contains("Steps."))

    let plain = try SiteFixture(["content/_Sidebar.md": "Side.\n", "content/Other.md": "Hi.\n"])
    defer { plain.remove() }
    _ = await plain.build()
    #expect(plain.exists("notes/sidebar/index.html"))
  }

  @Test func outsideAWikiALinkToNothingStaysBrokenThoughItsLabelNamesAPage() async throws {
    // Obsidian's `[[Plugins/Tags|Tags]]` to a page not written yet must not quietly become a
    // link to the note called Tags.
    let site = try SiteFixture([
      "content/Home.md": "See [[Plugins/Tags|Tags]].\n",
      "content/Tags.md": "Tags.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.map(\.message) == ["no note 'Plugins/Tags'"])
    #expect(detailColumn(try site.page("notes/home")).contains("<span class=\"broken-link\""))
  }
}

/// A Jekyll site: posts dated and named by their file names.
@Suite struct JekyllPostTests {
  @Test func postsTakeTheirDateAndTitleFromTheFileName() async throws {
    let site = try SiteFixture([
      "content/_posts/2009-09-05-edge-case-no-yaml-title.md": "Text.\n",
      "content/_posts/2015-07-19-first.md": "---\ntitle: First\nlast_modified_at: 2016-01-02\n---\nSee [next]({% post_url 2015-07-20-second %}). ![shot]({{ site.baseurl }}/public/shot.png) [home]({{ site.baseurl }}/)\n",
      "content/public/shot.png": "png",
      "content/_posts/2015-07-20-second.md": "---\ntitle: Second\ndate: 2015-08-01\n---\nText.\n",
      "content/notes/2015-07-19-not-a-post.md": "Text.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let untitled = try site.page("posts/2009-09-05-edge-case-no-yaml-title")
    #expect(untitled.contains("<h1>Edge Case No Yaml Title</h1>"))
    #expect(untitled.contains("datetime=\"2009-09-05T00:00:00Z\""))
    let first = try site.page("posts/2015-07-19-first")
    #expect(first.contains("datetime=\"2016-01-02T00:00:00Z\""), "last_modified_at is the update")
    #expect(detailColumn(first).contains("href=\"/posts/2015-07-20-second/\""))
    #expect(detailColumn(first).contains("<img src=\"/public/shot.png\" alt=\"shot\""))
    #expect(detailColumn(first).contains("<a href=\"/\">home</a>"), "the root of content/ is the home page")
    // Front matter wins; outside `_posts` a date in the name dates the note, but the name
    // stays its title.
    #expect(try site.page("posts/2015-07-20-second").contains("datetime=\"2015-08-01T00:00:00Z\""))
    #expect(try site.page("notes/2015-07-19-not-a-post").contains("<h1>2015-07-19-not-a-post</h1>"))
  }
}

extension JekyllPostTests {
  /// Eleventy's, Pelican's and Hugo's posts, Obsidian's daily notes and Docusaurus' page
  /// bundles are dated by the day their file (or bundle folder) name starts with, when their
  /// front matter gives none; their names and URLs stay as they are.
  @Test func aDateOpeningAFileNameIsTheNoteDate() async throws {
    let site = try SiteFixture([
      "content/posts/2020-07-11-eleventy-post.md": "---\ntitle: This is my first post.\ntags:\n  - another tag\n---\nLeverage agile frameworks.\n",
      "content/posts/2013-05-01-pelican-post.md": "# Pelican\n\nText.\n",
      "content/posts/2021-01-02-front-matter-wins.md": "---\ndate: 2021-03-04\n---\nText.\n",
      "content/api/2024-07-09_api-legacy.md": "# API legacy\n\nText.\n",
      "content/Daily/2024-01-01.md": "- [ ] Review the inbox\n",
      "content/Daily/2024-01-02 Tuesday.md": "Text.\n",
      "content/blog/2021-08-26-welcome/index.md": """
        ---
        slug: welcome
        title: Welcome
        authors: [slorber, yangshun]
        tags: [facebook, hello, docusaurus]
        ---

        [Docusaurus blogging features](https://docusaurus.io/docs/blog) are powered by the blog plugin.

        ![Docusaurus Plushie](./docusaurus-plushie-banner.jpeg)
        """,
      "content/blog/2021-08-26-welcome/docusaurus-plushie-banner.jpeg": "jpeg",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let eleventy = try site.page("posts/2020-07-11-eleventy-post")
    #expect(eleventy.contains("<h1>This is my first post.</h1>") && eleventy.contains("datetime=\"2020-07-11T00:00:00Z\""), "\(eleventy)")
    #expect(try site.page("posts/2013-05-01-pelican-post").contains("datetime=\"2013-05-01T00:00:00Z\""))
    let wins = try site.page("posts/2021-01-02-front-matter-wins")
    #expect(wins.contains("datetime=\"2021-03-04T00:00:00Z\"") && !wins.contains("datetime=\"2021-01-02"), "\(wins)")
    #expect(try site.page("api/2024-07-09-api-legacy").contains("datetime=\"2024-07-09T00:00:00Z\""))
    let daily = try site.page("daily/2024-01-01")
    #expect(daily.contains("<h1>2024-01-01</h1>") && daily.contains("datetime=\"2024-01-01T00:00:00Z\""), "\(daily)")
    #expect(try site.page("daily/2024-01-02-tuesday").contains("datetime=\"2024-01-02T00:00:00Z\""))
    let bundle = try site.page("blog/welcome")
    #expect(bundle.contains("<h1>Welcome</h1>") && bundle.contains("datetime=\"2021-08-26T00:00:00Z\""), "\(bundle)")
    #expect(detailColumn(bundle).contains("src=\"/blog/2021-08-26-welcome/docusaurus-plushie-banner.jpeg\""), "\(detailColumn(bundle))")
  }

  /// Only a real day opens a name as a date, followed by a separator or nothing.
  @Test(arguments: [
    "Daily/2024-13-45.md", "Daily/2024-02-30.md", "2024-01-015.md", "2024-01-01T10.md", "20240101.md", "a/index.md",
    "2024-01-0.md", "Daily/notes-2024-01-01.md",
  ])
  func namesThatAreNoDates(_ path: String) {
    #expect(SiteLoader.fileNameDate(path) == nil, "\(path)")
  }
}

extension JekyllPostTests {
  @Test func aLinkToTheRootOfContentIsHomeUnderTheBasePath() async throws {
    let site = try SiteFixture(["content/Work/Plan.md": "[Home](/) and [up](../) and [out](../../x.md)\n"])
    defer { site.remove() }
    let report = await site.build(baseURL: "https://x.org/notes/")
    #expect(report.diagnostics.map(\.message) == ["link '../../x.md' points outside content/"])
    // `../` is read against the page's URL, as Hugo writes it: the folder.
    #expect(detailColumn(try site.page("work/plan")).contains(#"<a href="/notes/">Home</a> and <a href="/notes/work/">up</a>"#))
  }
}

extension LogseqPageTests {
  /// A journal is its day's page, named as Logseq names it and listed by that day.
  @Test func journalsAreTheirDays() async throws {
    let site = try SiteFixture([
      "content/journals/2022_12_15.md": "- Met [[HashiCorp/Vault]] people\n",
      "content/journals/2019_02_01.md": "- Older day\n",
      "content/journals/2023_03_03.md": "- Newest day\n",
      "content/pages/HashiCorp___Vault.md": "# Vault by HashiCorp\n\n- See [[Dec 15th, 2022]] and [[Feb 1st, 2019]].\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let journals = try site.page("journals")
    let order = ["Mar 3rd, 2023", "Dec 15th, 2022", "Feb 1st, 2019"].map { journals.range(of: "<span class=\"title\">\($0)</span>")?.lowerBound }
    #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!, "\(journals)")
    let vault = try site.page("pages/hashicorp-vault")
    #expect(vault.contains(#"<a class="wiki-link" href="/journals/2022-12-15/">Dec 15th, 2022</a>"#), "\(vault)")
    #expect(try site.page("journals/2022-12-15").contains(#"href="/pages/hashicorp-vault/""#))
  }
}

extension LogseqPageTests {
  /// `((uuid))` and `{{embed ((uuid))}}` show the block that `id:: uuid` names, from any page.
  @Test func blockReferencesShowTheirBlock() async throws {
    let site = try SiteFixture([
      "content/pages/Source.md": "- Graph of the week\n  id:: 6425a352-7bfd-4b83-bc9c-a65c6b0f2856\n\t- child point\n- Other block\n",
      "content/pages/User.md": """
        - See ((6425a352-7bfd-4b83-bc9c-a65c6b0f2856)) for details
        - {{embed ((6425A352-7BFD-4B83-BC9C-A65C6B0F2856))}}
        - Missing ((00000000-7bfd-4b83-bc9c-a65c6b0f2856))
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.map(\.description) == [
      "content/pages/User.md:3:11: warning: no block '00000000-7bfd-4b83-bc9c-a65c6b0f2856'"
    ], "\(report.diagnostics)")
    let user = try site.page("pages/user")
    let embed = #"<div class="embed-note"><p class="embed-title"><a href="/pages/source/#%5E6425a352-7bfd-4b83-bc9c-a65c6b0f2856">Source</a></p>"#
      + "\n<ul>\n<li>Graph of the week\n<ul>\n<li>child point</li>\n</ul>\n</li>\n</ul>"
    // In a sentence, the block's text, linked, as Logseq shows it; `{{embed}}` the block.
    #expect(user.components(separatedBy: embed).count == 2, "\(user)")
    #expect(
      user.contains(
        #"<li>See <a class="block-ref" href="/pages/source/#%5E6425a352-7bfd-4b83-bc9c-a65c6b0f2856">Graph of the week</a> for details</li>"#
      ), "\(user)")
    let userBody = user.components(separatedBy: #"<div class="note-body">"#).last ?? ""
    #expect(!userBody.contains("Other block") && !userBody.contains("child point</li>\n</ul>\n</li>\n</ul>\n</div> for"))
    #expect(user.contains("((00000000-7bfd-4b83-bc9c-a65c6b0f2856))</span>"))
    // The block's page has its anchor, and knows who references it.
    let source = try site.page("pages/source")
    #expect(source.contains(#"<li><span id="^6425a352-7bfd-4b83-bc9c-a65c6b0f2856"></span>Graph of the week"#), "\(source)")
    #expect(!source.contains("id::"))
    #expect(source.contains(#"href="/pages/user/""#))
  }
}

extension JekyllPostTests {
  /// A Jekyll page's `permalink` (Hugo's `url`) is where other pages link it; a folder with a
  /// README is linked as the folder.
  @Test func permalinksAndFolderReadmesAreLinkTargets() async throws {
    let site = try SiteFixture([
      "content/docs/extending.md": "---\ntitle: Extensions\npermalink: /docs/extensions/\n---\nText.\n\n## Setup\n",
      "content/blog/launch.md": "---\nurl: /2024/launch.html\n---\n# Launch\n",
      "content/topic/README.md": "Topic notes.\n",
      "content/bookmark.md": "---\nurl: https://example.com/\n---\nSee [ext](/docs/extensions/), [again]({{ site.baseurl }}/docs/extensions/#setup), [launch](/2024/launch.html), [topic](topic) and [topic again](/topic/).\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let links = detailColumn(try site.page("notes/bookmark"))
    #expect(links.contains(#"<a href="/docs/extending/">ext</a>"#), "\(links)")
    #expect(links.contains(#"<a href="/docs/extending/#setup">again</a>"#), "\(links)")
    #expect(links.contains(#"<a href="/blog/launch/">launch</a>"#))
    #expect(links.contains(#"<a href="/topic/readme/">topic</a> and <a href="/topic/readme/">topic again</a>"#), "\(links)")
  }
}

/// Emacs' Denote names a note by its creation time, title and tags.
@Suite struct DenoteNameTests {
  @Test func theFileNameGivesTitleDateAndTags() async throws {
    let site = try SiteFixture([
      "content/20240329T093529--kubernetes-nodes__devops_tech.md": "Nodes run pods.\n",
      "content/20240101T120000==1a--signed-note.md": "---\ntitle: Own title\n---\nText.\n",
      "content/20240101-not-denote.md": "Text.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let note = try site.page("notes/20240329t093529-kubernetes-nodes-devops-tech")
    #expect(note.contains("<h1>kubernetes nodes</h1>"), "\(note)")
    #expect(note.contains(#"datetime="2024-03-29T09:35:29Z""#))
    #expect(note.contains(#"href="/_tags/devops/">#devops</a>"#) && note.contains(#"href="/_tags/tech/">#tech</a>"#))
    #expect(try site.page("notes/20240101t120000-1a-signed-note").contains("<h1>Own title</h1>"))
    #expect(try site.page("notes/20240101-not-denote").contains("<h1>20240101-not-denote</h1>"))
  }
}

extension LogseqPageTests {
  /// A key may have capitals after its first letter, as schema.org-style properties do.
  @Test func camelCaseKeysAreProperties() {
    let split = FrontMatter.split("type:: [[Class]]\nsameAs:: https://schema.org/Class\n\n- A block\n")
    #expect(split.format == .logseq && split.body == "\n- A block\n")
  }
}

extension LogseqPageTests {
  /// An older graph's `%3F` and `%2F` escapes stay out of URLs as they do out of titles.
  @Test func escapedNamesMakePlainURLs() async throws {
    let site = try SiteFixture([
      "content/pages/New to Logseq%3F.md": "- Start here\n",
      "content/pages/Article%2FThe Guide.md": "- Read [[New to Logseq?]]\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(try site.page("pages/article-the-guide").contains(#"href="/pages/new-to-logseq/""#))
  }
}

extension JekyllPostTests {
  /// A post linked by the address Jekyll gives it by default, with or without categories.
  @Test func postsLinkedByTheirDefaultAddress() async throws {
    let site = try SiteFixture([
      "content/_posts/2018-05-09-gibbs-sampling.md": "---\ntitle: Gibbs sampling\n---\nText.\n",
      "content/_posts/2018-12-27-kl.md": """
        ---
        title: KL
        ---
        See [Gibbs](/2018/05/09/gibbs-sampling.html), [again](/blog/2018/05/09/gibbs-sampling/) and [gone](/2018/05/10/nope.html).
        """,
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.map(\.message) == ["no note or file at '/2018/05/10/nope.html'"])
    #expect(try noteBodyLinks(site.page("posts/2018-12-27-kl")).prefix(2) == ["/posts/2018-05-09-gibbs-sampling/", "/posts/2018-05-09-gibbs-sampling/"])
  }
}

/// An Azure DevOps wiki: its uploads in `.attachments/`, diagrams between `::: mermaid` and
/// `:::`, `[[_TOSP_]]` where ADO lists the subpages, `.order` files.
@Suite struct AzureDevOpsWikiTests {
  @Test func uploadsDiagramsAndSubpageLists() async throws {
    let site = try SiteFixture([
      "content/.order": "Home\nArchitecture\n",
      "content/Home.md": "[[_TOSP_]]\n\n![image.png](/.attachments/image-0617abe5.png)\n\n[Spec](/.attachments/spec-1.pdf)\n",
      "content/Architecture.md": "# Flow\n\n::: mermaid\nflowchart LR\n  input[Station] --> |*raw*| queue\n:::\n\nAfter.\n",
      "content/.attachments/image-0617abe5.png": "png",
      "content/.attachments/spec-1.pdf": "%PDF",
      "content/.attachments/stray.md": "# Not a note\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let home = detailColumn(try site.page("notes/home"))
    #expect(home.contains("<img src=\"/attachments/image-0617abe5.png\" alt=\"image.png\""), "\(home)")
    #expect(home.contains("href=\"/attachments/spec-1.pdf\""), "\(home)")
    #expect(!home.contains("TOSP"), "\(home)")
    #expect(site.exists("attachments/image-0617abe5.png") && !site.exists("attachments/stray/index.html"))
    let flow = detailColumn(try site.page("notes/architecture"))
    #expect(flow.contains("<code class=\"language-mermaid\">flowchart LR\n  input[Station] --&gt; |*raw*| queue\n</code>"), "\(flow)")
    #expect(flow.contains("<p>After.</p>") && !flow.contains("callout"), "\(flow)")
  }
}
