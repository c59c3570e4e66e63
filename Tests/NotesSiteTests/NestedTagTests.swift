import Foundation
import NotesSite
import Testing

/// Nested tags (`#work/projects/alpha`) as Obsidian's tag pane and Quartz show them: every tag
/// above one has its own page, listing the notes of every tag below it, and the folders column
/// shows the tags as a tree.
@Suite struct NestedTagTests {
  static let files: [String: String] = [
    "notes-site.yml": "title: Nested\nnotes_per_page: 3\n",
    "content/Work/Standup.md":
      "---\ntags: [work/meetings]\ndate: 2026-03-01\nupdated: 2026-03-05\n---\n# Standup\n\nBlockers first.\n",
    // Inline, in another case: the same tag.
    "content/Work/Retro.md":
      "---\ndate: 2026-03-01\nupdated: 2026-03-04\n---\n# Retro\n\nWhat went well. #Work/Meetings\n",
    // Tagged with a tag and with one below it: listed once under `#work`.
    "content/Work/Projects/Alpha.md":
      "---\ntags: [\"#work/projects/alpha\"]\ndate: 2026-02-01\nupdated: 2026-03-03\n---\n# Alpha\n\nKick-off notes. #work\n",
    "content/Work/Projects/Beta.md":
      "---\npinned: true\ndate: 2026-02-01\nupdated: 2026-01-10\n---\n# Beta\n\nOn hold. #work/projects/beta\n",
    "content/Personal/Kyoto.md":
      "---\ntags: [travel, 旅行/日本]\ndate: 2026-01-01\nupdated: 2026-03-02\n---\n# Kyoto\n\nTemples.\n",
  ]

  @Test func parentTagsGetPagesListingTheNotesOfTheTagsBelow() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    // Pinned first, then newest first, as on every list; Alpha once though tagged twice.
    #expect(try Self.listed(site.page("_tags/work")) == ["/work/projects/beta/", "/work/standup/", "/work/retro/"])
    #expect(try Self.listed(site.page("_tags/work/_page/2")) == ["/work/projects/alpha/"])
    #expect(!site.exists("_tags/work/_page/3"))
    #expect(try Self.listed(site.page("_tags/work/projects")) == ["/work/projects/beta/", "/work/projects/alpha/"])
    #expect(try Self.listed(site.page("_tags/work/meetings")) == ["/work/standup/", "/work/retro/"])
    #expect(try Self.listed(site.page("_tags/旅行")) == ["/personal/kyoto/"])
    // Same anatomy as any tag page: a smart folder, its name as the notes column's title.
    let projects = try site.page("_tags/work/projects")
    #expect(projects.contains("data-route=\"tag\" data-compact-column=\"notes\""))
    #expect(projects.contains("<h1 class=\"column-title\">#work/projects</h1>"))
    #expect(try site.page("_tags/work").contains("<p class=\"count\">4 notes</p>"))
  }

  @Test func theFoldersColumnShowsTagsAsANestedList() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let tree = try #require(Self.element("<ul class=\"tag-list\">", in: site.page("")))
    #expect(
      Self.outline(tree) == [
        "#travel 1 /_tags/travel/",
        "#work 4 /_tags/work/",
        "  Meetings 2 /_tags/work/meetings/",
        "  projects 2 /_tags/work/projects/",
        "    alpha 1 /_tags/work/projects/alpha/",
        "    beta 1 /_tags/work/projects/beta/",
        "#旅行 1 /_tags/旅行/",
        "  日本 1 /_tags/旅行/日本/",
      ])
    #expect(Self.current(in: tree).isEmpty)
    // A tag reads as first written, by note: Retro's `#Work/Meetings` comes before Standup's
    // `work/meetings`, Alpha's `#work` before both.
    let standup = try site.page("work/standup")
    #expect(standup.contains(#"<a class="tag" href="/_tags/work/meetings/">#work/Meetings</a>"#), "\(standup)")
    // A tag page marks its own tag, not the tags above it.
    let onProjects = try #require(Self.element("<ul class=\"tag-list\">", in: site.page("_tags/work/projects")))
    #expect(Self.current(in: onProjects) == ["/_tags/work/projects/"])
    #expect(Self.outline(onProjects) == Self.outline(tree))
  }

  @Test func aNotesOwnTagsLinkToTheExactTag() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    #expect(try Self.chips(site.page("work/projects/alpha")) == ["/_tags/work/", "/_tags/work/projects/alpha/"])
    #expect(try Self.chips(site.page("work/retro")) == ["/_tags/work/meetings/"])
    // The inline tag in the text too.
    #expect(try site.page("work/retro").contains("<a class=\"tag\" href=\"/_tags/work/meetings/\">#Work/Meetings</a>"))
  }

  /// Tags that share a page, `#to_do` and `#to-do`, are one chip on the note.
  @Test func tagsSharingAPageAreOneChip() async throws {
    let site = try SiteFixture(["content/List.md": "---\ntags: [to_do]\n---\n# List\n\nMore #to-do here.\n"])
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    #expect(try Self.chips(site.page("notes/list")) == ["/_tags/to-do/"])
  }

  @Test(arguments: [
    // Moved to a new nested tag: `#work/meetings` loses it, `#work/projects/gamma` appears.
    ("content/Work/Standup.md",
     "---\ntags: [work/projects/gamma]\ndate: 2026-03-01\nupdated: 2026-03-05\n---\n# Standup\n\nBlockers first.\n"),
    // The only note under `#旅行`: the tag and the tag below it go away.
    ("content/Personal/Kyoto.md",
     "---\ntags: [travel]\ndate: 2026-01-01\nupdated: 2026-03-02\n---\n# Kyoto\n\nTemples.\n"),
    // A new note under a tag that existed only as a parent.
    ("content/Work/Projects/Plan.md",
     "---\ndate: 2026-03-06\nupdated: 2026-03-06\n---\n# Plan\n\n#work/projects\n"),
  ])
  func rebuildAfterATagEditEqualsAFullBuild(path: String, text: String) async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    try site.write(path, text)
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.notesParsed == 1, "only the edited note is parsed again")
    // Every date is in front matter, so a fresh copy builds the same notes.
    let fresh = try SiteFixture(Self.files.merging([path: text]) { $1 })
    defer { fresh.remove() }
    #expect(await fresh.build().exitCode == 0)
    var incremental = site.snapshot()
    var full = fresh.snapshot()
    incremental[".notes-site-manifest"] = nil
    full[".notes-site-manifest"] = nil
    #expect(Set(incremental.keys) == Set(full.keys))
    let differing = full.keys.filter { incremental[$0] != full[$0] }.sorted()
    #expect(differing.isEmpty, "incremental output differs from a full build: \(differing)")
  }

  @Test func tagPathsRunFromTheTagToTheTop() {
    #expect(Site.tagAndAncestors("work/projects/alpha") == ["work/projects/alpha", "work/projects", "work"])
    #expect(Site.tagAndAncestors("料理") == ["料理"])
    #expect(Site.parentTag(of: "work/projects") == "work" && Site.parentTag(of: "work") == nil)
  }

  // MARK: - Reading the pages

  /// The element that opens with `marker` up to its matching end tag, parsed.
  static func element(_ marker: String, in html: String) -> XMLNode? {
    guard let start = html.range(of: marker) else { return nil }
    let name = String(marker.dropFirst().prefix { $0.isLetter })
    var depth = 0
    var scan = start.lowerBound
    while let next = html[scan...].firstRange(of: try! Regex("</?\(name)[ >]")) {
      depth += html[next].hasPrefix("</") ? -1 : 1
      scan = next.upperBound
      if depth == 0 {
        let end = html[scan...].firstIndex(of: ">").map { html.index(after: $0) } ?? scan
        return XMLNode.parse(Data(html[start.lowerBound..<end].utf8)).root
      }
    }
    return nil
  }

  /// Each entry of a tree of links as `label count url`, indented by its depth.
  static func outline(_ list: XMLNode, depth: Int = 0) -> [String] {
    list.all("li").flatMap { item -> [String] in
      guard let link = item.first("a"), let spans = Optional(link.all("span")), spans.count == 2 else { return ["?"] }
      let count = spans[1].text
      let line = String(repeating: "  ", count: depth) + "\(spans[0].text) \(count) \(link.attributes["href"] ?? "")"
      return [line] + (item.first("ul").map { outline($0, depth: depth + 1) } ?? [])
    }
  }

  /// Hrefs of the links marked `aria-current` anywhere in the tree.
  static func current(in node: XMLNode) -> [String] {
    (node.attributes["aria-current"] != nil ? [node.attributes["href"] ?? ""] : [])
      + node.children.flatMap { current(in: $0) }
  }

  /// Note URLs of a notes column, in order.
  static func listed(_ html: String) -> [String] {
    element("<ol class=\"note-list\">", in: html)?.all("li").compactMap { $0.first("a")?.attributes["href"] } ?? []
  }

  /// Hrefs of a note's tag chips.
  static func chips(_ html: String) -> [String] {
    element("<ul class=\"note-tags\">", in: html)?.all("li").compactMap { $0.first("a")?.attributes["href"] } ?? []
  }
}
