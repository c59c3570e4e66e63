import Foundation
import Testing

@testable import NotesSite

/// Config `ignore` leaves folders and files out of the site, as Quartz's `ignorePatterns`:
/// an Obsidian vault's templates and private notes are not published.
@Suite struct IgnoreTests {
  static let files: [String: String] = [
    "notes-site.yml": "ignore: [templates, \"Work/Private\", \"*.excalidraw.md\"]\n",
    "content/Templates/Daily.md": "# <% tp.file.title %>\n\n[[<% tp.date.now() %>]]\n",
    "content/Work/Templates/Meeting.md": "# {{title}}\n",
    "content/Work/Plan.md": "# Plan\n\nSee [[Secret]] and [[Open]].\n",
    "content/Work/Private/Secret.md": "# Secret\n\nDo not publish.\n",
    "content/Work/Private/photo.png": "png",
    "content/Open/Private/Open.md": "# Open\n\nA folder named Private elsewhere is published.\n",
    "content/Drawing.excalidraw.md": "# Drawing\n\n```json\n{}\n```\n",
  ]

  @Test func ignoredPathsAreNotPublishedAnywhere() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    let output = site.root.appendingPathComponent("_site")
    let all = FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []
    #expect(!all.contains { $0.lowercased().contains("templates") || $0.contains("secret") || $0.contains("excalidraw") || $0.contains("photo") }, "\(all)")
    #expect(try site.page("open/private/open").contains("<h1>Open</h1>"))
    let search = try String(contentsOf: output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
    #expect(!search.contains("secret") && !search.contains("templates"))
    // A link to an ignored note is a link to nothing, with the usual warning.
    #expect(report.diagnostics.map(\.message) == ["no note named 'Secret'"], "\(report.diagnostics.map(\.message))")
  }

  @Test(arguments: [
    ("templates", "Templates", "Templates", true), ("templates", "A/B/Templates", "Templates", true),
    ("Work/Private", "Work/Private", "Private", true), ("Work/Private", "Open/Private", "Private", false),
    ("/work/private/", "Work/Private", "Private", true), ("*.excalidraw.md", "A/x.excalidraw.md", "x.excalidraw.md", true),
    ("Daily/2019-*", "Daily/2019-01-01.md", "2019-01-01.md", true), ("Daily/*", "Daily/Sub/x.md", "x.md", false),
    // A leading `/` anchors a name to the top, as in `.gitignore`.
    ("/Templates", "Templates", "Templates", true), ("/Templates", "A/Templates", "Templates", false),
  ])
  func patternsMatchAsGitignoreReadsThem(_ pattern: String, _ path: String, _ name: String, _ matches: Bool) {
    #expect(IgnorePatterns([pattern]).matches(path, name: name) == matches)
  }

  /// An Obsidian vault's template folders, from its settings, are not published: a template's
  /// `date: <% tp.date.now() %>` is no date, and it is no note.
  @Test func anObsidianVaultsTemplateFoldersAreLeftOut() async throws {
    let site = try SiteFixture([
      "content/.obsidian/templates.json": #"{"folder": "Meta/Templates"}"#,
      "content/.obsidian/plugins/templater-obsidian/data.json": #"{"templates_folder": "_templater/", "trigger_on_file_creation": true}"#,
      "content/Meta/Templates/Daily.md": "---\ndate: {{date}}\n---\n# {{title}}\n",
      "content/_templater/Meeting.md": "---\ndate: <% tp.date.now(\"YYYY-MM-DD\") %>\n---\n# <% tp.file.title %>\n",
      "content/Journal/Templates/Kept.md": "# Kept\n\nA note in a folder of that name elsewhere.\n",
      "content/Meta/Index.md": "# Index\n\nHome.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(site.exists("meta/index/index.html"))
    #expect(site.exists("journal/templates/kept/index.html"))
    #expect(!site.exists("meta/templates"))
    #expect(!site.exists("templater"))
  }

  /// Docsify's navigation files, in any folder, are its frame, not notes.
  @Test func docsifyNavigationIsNotANote() async throws {
    let site = try SiteFixture([
      "content/README.md": "# Home\n\nWelcome.\n",
      "content/_sidebar.md": "* [Home](/README)\n",
      "content/_navbar.md": "* [Guide](/guide/)\n",
      "content/_coverpage.md": "# Cover\n",
      "content/study/GoLang/_sidebar.md": "* [Go](study/GoLang/go.md)\n",
      "content/study/GoLang/go.md": "# Go\n\nNotes.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(site.exists("study/golang/go/index.html"))
    #expect(!site.exists("notes/sidebar") && !site.exists("study/golang/sidebar") && !site.exists("notes/coverpage"))
  }

  /// Docsify links to a heading by the query `?id=`: on another page, from the root, or on
  /// its own. A query on another site's URL stays as written.
  @Test func docsifyHeadingLinks() async throws {
    let site = try SiteFixture([
      "content/api_reference.md": "# API\n\n## Allocator\n\nAllocates.\n",
      "content/guide.md":
        "# Guide\n\n## Install\n\nSee [allocator](/api_reference?id=allocator), [x](api_reference.md?id=allocator&lang=c), [here](?id=install) and [search](https://example.com/find?id=3).\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let guide = detailColumn(try site.page("notes/guide"))
    #expect(guide.contains("<a href=\"/notes/api-reference/#allocator\">allocator</a>"), "\(guide)")
    #expect(guide.contains("<a href=\"/notes/api-reference/#allocator\">x</a>"), "\(guide)")
    #expect(guide.contains("<a href=\"/notes/guide/#install\">here</a>"), "\(guide)")
    #expect(guide.contains("<a href=\"https://example.com/find?id=3\">search</a>"), "\(guide)")
  }

  @Test func ignoreMustBeAList() {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("ignore-\(UUID().uuidString).yml")
    defer { try? FileManager.default.removeItem(at: file) }
    try? Data("ignore: {a: 1}\n".utf8).write(to: file)
    let (_, diagnostics) = SiteConfig.load(from: file, displayPath: "notes-site.yml")
    #expect(diagnostics.map(\.description) == ["notes-site.yml:1:9: error: ignore must be a list of paths, not a mapping"])
  }
}

/// Config `hard_line_breaks`: every line break shows, as in Obsidian's reading view.
@Suite struct HardLineBreakTests {
  @Test func lineBreaksShowWhenAskedAndTheCacheFollowsTheSetting() async throws {
    let site = try SiteFixture([
      "content/Links.md": "rStar\nhttps://arxiv.org/abs/2501.04519\nhttps://github.com/microsoft/rStar\n"
    ])
    defer { site.remove() }
    _ = await site.build()
    #expect(try site.page("notes/links").contains("<p>rStar\n<a href=\"https://arxiv.org/abs/2501.04519\">"))
    // Turning the setting on changes the page on the next build, though the note did not change.
    try site.write("notes-site.yml", "hard_line_breaks: true\n")
    _ = await site.build()
    #expect(try site.page("notes/links").contains("<p>rStar<br />\n<a href=\"https://arxiv.org/abs/2501.04519\">"))
  }
}
