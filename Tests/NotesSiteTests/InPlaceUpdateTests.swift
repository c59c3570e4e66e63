import Foundation
import NotesSite
import Testing

/// An edit to a note's text that no other page shows is made in place: the note's page, the
/// search index and the feed are updated where they stand. Whatever path a rebuild takes, its
/// output and warnings must be exactly those of a whole build of the same notes.
@Suite struct InPlaceUpdateTests {
  /// Lists show a note's first 140 characters or so: an edit after them is one they do not show.
  static let opening = "This opening paragraph is long enough to fill the preview that lists show for a note, "
    + "so that what follows it is text no other page shows: only the note's own page does.\n\n"

  static let files: [String: String] = [
    "content/Work/Roadmap.md": """
      ---
      title: Roadmap
      tags: [plan]
      date: 2026-01-01
      updated: 2026-11-01
      aliases: [Plan of record]
      ---
      # Roadmap

      \(opening)See [[Ideas]], [[Meeting]] and #plan. The [spec](Spec.md) and ![chart](chart.png).

      ## Q1

      - [ ] ship
      - [x] plan

      A link to [[Missing note]] that goes nowhere.

      """,
    "content/Work/Ideas.md": "---\ndate: 2026-01-02\nupdated: 2026-10-01\n---\n# Ideas\n\n\(opening)Back to [[Roadmap#Q1]] and [[Roadmap#Nowhere]].\n\nMore text with a footnote.[^1]\n\n[^1]: The note.\n",
    "content/Work/Spec.md": "---\ndate: 2026-01-05\nupdated: 2026-07-01\n---\n# Spec\n\n\(opening)```swift\nlet x = 1\n```\n\n$$E = mc^2$$\n",
    "content/Work/chart.png": "not really a png",
    "content/Home/Meeting.md": "---\ndate: 2026-01-03\nupdated: 2026-09-01\n---\n# Meeting\n\nNotes from the meeting. #home/garden\n",
    "content/Archive/Meeting.md": "---\ndate: 2026-01-03\nupdated: 2025-09-01\n---\n# Meeting\n\nAn older meeting.\n",
    "content/Home/Garden.md": "---\ndate: 2026-01-04\nupdated: 2026-08-01\n---\n# Garden\n\nTomatoes. ![[Meeting]]\n",
    "content/Home/Recipes.md": "---\ndate: 2026-01-04\nupdated: 2026-08-02\ntitle: Recipes\n---\n\(opening)No heading here.\n\n| Dish | Time |\n|---|---|\n| Soup | 30 min |\n",
    "content/Home/Draft.md": "---\ndate: 2026-01-04\ndraft: true\n---\n# Draft\n\nNot published.\n",
    "content/Loose.md": "# Loose\n\nNo front matter, so its dates are the file's.\n",
  ]

  /// The site built whole from a copy of `site`'s notes: its files and its warnings.
  static func wholeBuild(of site: SiteFixture) async throws -> (files: [String: Data], warnings: [String]) {
    let fresh = try SiteFixture([:])
    defer { fresh.remove() }
    try FileManager.default.createDirectory(at: fresh.root, withIntermediateDirectories: true)
    for name in ["content", "notes-site.yml"] where FileManager.default.fileExists(atPath: site.root.appendingPathComponent(name).path) {
      try FileManager.default.copyItem(at: site.root.appendingPathComponent(name), to: fresh.root.appendingPathComponent(name))
    }
    // The copy's files get new times: only `Loose.md` takes its dates from them, so it is
    // given the original's.
    let loose = "content/Loose.md"
    let time = try FileManager.default.attributesOfItem(atPath: site.root.appendingPathComponent(loose).path)[.modificationDate]!
    try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: fresh.root.appendingPathComponent(loose).path)
    let report = await fresh.build()
    #expect(report.exitCode == 0)
    return (withoutManifest(fresh.snapshot()), report.diagnostics.map(\.description).sorted())
  }

  static func withoutManifest(_ files: [String: Data]) -> [String: Data] {
    var files = files
    files[".notes-site-manifest"] = nil
    return files
  }

  /// Builds, applies `edits`, builds again; checks the second build against a whole build and
  /// returns how many notes it updated in place.
  static func rebuild(after edits: [(String, String)], site: SiteFixture) async throws -> Int {
    for (path, text) in edits { try site.write(path, text) }
    // Past the file system's timestamp granularity, so the build after this one can tell that
    // nothing changed since.
    try await Task.sleep(for: .milliseconds(50))
    let report = await site.build()
    #expect(report.exitCode == 0)
    let (files, warnings) = try await wholeBuild(of: site)
    let got = withoutManifest(site.snapshot())
    #expect(Set(got.keys) == Set(files.keys))
    let differing = files.keys.filter { got[$0] != files[$0] }.sorted()
    #expect(differing.isEmpty, "differs from a whole build: \(differing)")
    #expect(report.diagnostics.map(\.description).sorted() == warnings)
    return report.updatedInPlace
  }

  static func freshSite() async throws -> SiteFixture {
    let site = try SiteFixture(files)
    try site.ageFiles()
    let first = await site.build()
    #expect(first.exitCode == 0)
    #expect(first.updatedInPlace == 0)
    return site
  }

  static func edited(_ path: String, _ change: (String) -> String) -> (String, String) {
    (path, change(files[path]!))
  }

  @Test(arguments: [
    // A paragraph added at the end, or in the middle; a word changed; text before links
    // that resolve with no warning; a footnote edited; code and math changed.
    edited("content/Work/Roadmap.md") { $0 + "\nA new closing paragraph with **bold** text.\n" },
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "## Q1", with: "Inserted before Q1.\n\n## Q1") },
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "goes nowhere", with: "still goes nowhere at all") },
    edited("content/Work/Ideas.md") { $0.replacingOccurrences(of: "The note.", with: "The longer footnote.") },
    edited("content/Work/Spec.md") { $0.replacingOccurrences(of: "let x = 1", with: "let x = 2 // <b>not bold</b>") },
    edited("content/Home/Recipes.md") { $0.replacingOccurrences(of: "30 min", with: "45 min") },
    // Text before links the build warned about (an ambiguous name, a missing heading) moves
    // the warnings with the links.
    edited("content/Work/Ideas.md") { $0.replacingOccurrences(of: "Back to", with: "A line first.\n\nAnd then, back to") },
    // What the note's entry in lists shows of its text: the preview (which the feed shows too)
    // and the task counts. Every page that shows the entry changes with it: the note's own,
    // those of the notes beside it in its folder's list, its folder's and tags' list pages,
    // home. Markup characters in the preview are escaped as a whole build escapes them.
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "- [ ] ship", with: "- [x] ship") },
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "This opening", with: "The <opening> & \"its\"") },
    edited("content/Work/Roadmap.md") {
      $0.replacingOccurrences(of: "- [ ] ship", with: "- [ ] ship\n- [ ] test").replacingOccurrences(of: "This opening", with: "That")
    },
    edited("content/Home/Recipes.md") { $0.replacingOccurrences(of: "This opening paragraph", with: "A recipe") },
    // A new section, and a heading renamed, in notes no link points into: only their own
    // pages show their headings.
    edited("content/Work/Spec.md") { $0 + "\n## Usage\n\nHow to use it.\n" },
    edited("content/Home/Recipes.md") { $0.replacingOccurrences(of: "No heading here.", with: "## Soups\n\nA heading now.") },
    // No preview left (a code block is not one), and task counts where there were none, and
    // none where there were some.
    edited("content/Work/Spec.md") {
      $0.replacingOccurrences(of: opening, with: "").replacingOccurrences(of: "$$E = mc^2$$\n", with: "")
    },
    edited("content/Work/Spec.md") { $0 + "\n- [ ] review\n" },
    edited("content/Work/Roadmap.md") {
      $0.replacingOccurrences(of: "- [ ] ship\n- [x] plan\n", with: "Shipping and planning.\n")
    },
  ])
  func aChangeOfTextIsMadeInPlaceAndEqualsAWholeBuild(edit: (String, String)) async throws {
    let site = try await Self.freshSite()
    defer { site.remove() }
    #expect(try await Self.rebuild(after: [edit], site: site) == 1)
    // And the next build finds nothing changed.
    let again = await site.build()
    #expect(again.upToDate)
  }

  @Test(arguments: [
    // Title, a heading another note links to, tag, a new link, a removed link, a new embed,
    // front matter: other pages show these, so the whole site is built.
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "# Roadmap", with: "# Road map") },
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "## Q1", with: "## First quarter") },
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "#plan.", with: "#plan #later.") },
    edited("content/Work/Roadmap.md") { $0 + "\nAnd [[Spec]].\n" },
    edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "[[Ideas]], ", with: "") },
    edited("content/Work/Spec.md") { $0 + "\n![[Ideas]]\n" },
    edited("content/Work/Spec.md") { $0.replacingOccurrences(of: "updated: 2026-07-01", with: "updated: 2026-07-02") },
    // Notes whose text other pages show or whose dates are the file's.
    edited("content/Home/Meeting.md") { $0 + "\nMore notes.\n" },
    edited("content/Home/Garden.md") { $0 + "\nMore tomatoes.\n" },
    edited("content/Loose.md") { $0 + "\nMore.\n" },
    edited("content/Home/Draft.md") { $0 + "\nStill a draft.\n" },
  ])
  func aChangeOtherPagesShowBuildsTheWholeSite(edit: (String, String)) async throws {
    let site = try await Self.freshSite()
    defer { site.remove() }
    #expect(try await Self.rebuild(after: [edit], site: site) == 0)
  }

  /// A second `#` section makes a note be named by its file (when its opening heading reads
  /// otherwise): lists show the new name, so the whole site is built.
  @Test func aSecondLevelOneHeadingRenamesTheNoteEverywhere() async throws {
    let site = try await Self.freshSite()
    defer { site.remove() }
    let renamed = Self.files["content/Work/Spec.md"]!.replacingOccurrences(of: "# Spec\n", with: "# Specification\n")
    #expect(try await Self.rebuild(after: [("content/Work/Spec.md", renamed)], site: site) == 0)
    #expect(try await Self.rebuild(after: [("content/Work/Spec.md", renamed + "\n# Appendix\n\nMore.\n")], site: site) == 0)
    #expect(try site.page("work/spec").contains("<h1>Spec</h1>"))
  }

  @Test func aNewPreviewChangesTheListPageItIsOnAndNoOther() async throws {
    // Two notes per list page: Work's notes are on two pages, and only the pages of the notes
    // on the edited note's list page show its entry. A pinned note's entry has a badge.
    var files = Self.files
    files["notes-site.yml"] = "title: Paged\nnotes_per_page: 2\n"
    files["content/Work/Ideas.md"] = files["content/Work/Ideas.md"]!.replacingOccurrences(of: "date: 2026-01-02", with: "date: 2026-01-02\npinned: true")
    let site = try SiteFixture(files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    for (path, old, new) in [
      ("content/Work/Ideas.md", "This opening paragraph", "A new opening"),
      ("content/Work/Spec.md", "This opening paragraph", "Another opening"),
    ] {
      files[path] = files[path]!.replacingOccurrences(of: old, with: new)
      #expect(try await Self.rebuild(after: [(path, files[path]!)], site: site) == 1)
    }
    let after = site.snapshot()
    let changed = Set(after.keys.filter { before[$0] != after[$0] && $0.hasSuffix(".html") })
    // Ideas (pinned) and Roadmap share Work's first list page; Spec is alone on the second.
    #expect(changed.contains("work/ideas/index.html"))
    #expect(changed.contains("work/roadmap/history/index.html"))
    #expect(changed.contains("work/spec/collaborators/index.html"))
    #expect(changed.contains("work/index.html") && changed.contains("work/_page/2/index.html"))
    #expect(!changed.contains("home/meeting/index.html"))
    #expect(try site.page("work/roadmap").contains("A new opening"))
    #expect(try !site.page("work/roadmap").contains("Another opening"))
  }

  @Test func editsOneAfterAnotherStayInPlaceAndEqual() async throws {
    let site = try await Self.freshSite()
    defer { site.remove() }
    var roadmap = Self.files["content/Work/Roadmap.md"]!
    var ideas = Self.files["content/Work/Ideas.md"]!
    for round in 1...3 {
      roadmap += "\nRound \(round) of edits.\n"
      ideas = ideas.replacingOccurrences(of: "More text", with: "More text \(round)")
      #expect(try await Self.rebuild(after: [("content/Work/Roadmap.md", roadmap), ("content/Work/Ideas.md", ideas)], site: site) == 2)
    }
    // A whole build after in-place updates starts from what they left.
    #expect(try await Self.rebuild(after: [("content/Work/Spec.md", Self.files["content/Work/Spec.md"]! + "\n[[Roadmap]]\n")], site: site) == 0)
    roadmap += "\nAfter the whole build.\n"
    #expect(try await Self.rebuild(after: [("content/Work/Roadmap.md", roadmap)], site: site) == 1)
  }

  @Test func aNoteSavedUnchangedRewritesNothing() async throws {
    let site = try await Self.freshSite()
    defer { site.remove() }
    let before = site.snapshot()
    try site.write("content/Work/Roadmap.md", Self.files["content/Work/Roadmap.md"]!)
    let report = await site.build()
    #expect(report.updatedInPlace == 1)
    #expect(site.snapshot() == before)
  }

  @Test func aNoteTheFeedCarriesIsUpdatedInTheFeedToo() async throws {
    var files = Self.files
    files["notes-site.yml"] = "title: Feed\nfeed_limit: 2\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    // Roadmap is the most recently updated note, so the feed carries its HTML.
    let feed = try String(contentsOf: site.output.appendingPathComponent("feed.xml"), encoding: .utf8)
    #expect(feed.contains("goes nowhere"))
    let edit = Self.edited("content/Work/Roadmap.md") { $0.replacingOccurrences(of: "goes nowhere", with: "leads & nowhere <yet>") }
    #expect(try await Self.rebuild(after: [edit], site: site) == 1)
    let after = try String(contentsOf: site.output.appendingPathComponent("feed.xml"), encoding: .utf8)
    #expect(after.contains("leads &amp;amp; nowhere"))
  }

  @Test func anOutputThatDoesNotMatchItsEditStateIsBuiltWhole() async throws {
    let site = try await Self.freshSite()
    defer { site.remove() }
    // A page changed behind the generator's back: its HTML is no longer the one recorded.
    let page = site.output.appendingPathComponent("work/roadmap/index.html")
    let html = try String(contentsOf: page, encoding: .utf8)
    try html.replacingOccurrences(of: "goes nowhere", with: "goes elsewhere").write(to: page, atomically: true, encoding: .utf8)
    let edit = Self.edited("content/Work/Roadmap.md") { $0 + "\nMore.\n" }
    #expect(try await Self.rebuild(after: [edit], site: site) == 0)
    // A damaged edit state is ignored.
    try site.write("._site.notes-site-edits", "notes-site-edits-2\ngarbage")
    #expect(try await Self.rebuild(after: [(edit.0, edit.1 + "\nAgain.\n")], site: site) == 0)
  }

  @Test func anUncommittedEditInAGitSiteIsMadeInPlace() async throws {
    // Dates from the history, not the files: an edit not yet committed keeps them.
    let body = "# Log\n\n" + Self.opening + "Links to [[Plan]].\n"
    let site = try SiteFixture([
      "content/Log.md": body, "content/Plan.md": "# Plan\n\n" + Self.opening + "The plan.\n",
    ])
    defer { site.remove() }
    try site.initRepository()
    try site.commit("Start", by: .ana, at: 0)
    try site.write("content/Log.md", body + "\nA second entry.\n")
    try site.commit("Second entry", by: .ben, at: 3600)
    #expect(await site.build().exitCode == 0)
    try site.write("content/Log.md", body + "\nA second entry.\n\nA third, not committed yet.\n")
    try await Task.sleep(for: .milliseconds(50))
    let report = await site.build()
    #expect(report.updatedInPlace == 1)
    #expect(report.summary.hasPrefix("Updated 1 note in place: 2 notes in 1 folder, "), "\(report.summary)")
    // The same as a whole build of the same working tree.
    let before = Self.withoutManifest(site.snapshot())
    try site.forgetEditState()
    try FileManager.default.removeItem(at: site.output)
    #expect(await site.build().updatedInPlace == 0)
    #expect(Self.withoutManifest(site.snapshot()) == before)
    #expect(try site.page("notes/log").contains("A third, not committed yet."))
  }

  @Test func aSiteWithItsOwnNoteTemplateIsBuiltWhole() async throws {
    var files = Self.files
    files["Templates/note.mustache"] = "{{<layout}}{{$detail}}{{#note}}<main>{{{html}}}</main>{{/note}}{{/detail}}{{/layout}}"
    let site = try SiteFixture(files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    try site.write("content/Work/Roadmap.md", Self.files["content/Work/Roadmap.md"]! + "\nMore.\n")
    let report = await site.build()
    #expect(report.updatedInPlace == 0)
    #expect(try site.page("work/roadmap").contains("<p>More.</p>"))
  }
}
