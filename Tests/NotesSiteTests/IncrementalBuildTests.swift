import Foundation
import NotesSite
import Testing

/// A rebuild reuses what did not change — parse results, pages, the search index — and must
/// give exactly the site a full build gives.
@Suite struct IncrementalBuildTests {
  static let files: [String: String] = [
    "content/Work/Roadmap.md": "---\ntitle: Roadmap\ntags: [plan]\nupdated: 2026-11-01\n---\n# Roadmap\n\nSee [[Ideas]] and #plan.\n\n## Q1\n\n- [ ] ship\n",
    "content/Work/Ideas.md": "---\ndate: 2026-01-02\nupdated: 2026-10-01\n---\n# Ideas\n\nBack to [[Roadmap#Q1]].\n",
    "content/Home/Garden.md": "---\ndate: 2026-01-03\nupdated: 2026-09-01\n---\n# Garden\n\nTomatoes. ![[Ideas]]\n",
    "content/Home/Recipes.md": "---\ndate: 2026-01-04\nupdated: 2026-08-01\n---\n# Recipes\n\n| Dish | Time |\n|---|---|\n| Soup | 30 min |\n",
  ]

  // Every note has front matter dates: the copy made for the full build gets new
  // modification times, which would otherwise become different note dates.
  func fullBuildSnapshot(of site: SiteFixture) async throws -> [String: Data] {
    let fresh = try SiteFixture([:])
    defer { fresh.remove() }
    try FileManager.default.createDirectory(at: fresh.root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: site.root.appendingPathComponent("content"), to: fresh.root.appendingPathComponent("content"))
    #expect(await fresh.build().exitCode == 0)
    return fresh.snapshot()
  }

  @Test(arguments: [
    ("content/Work/Ideas.md", "---\ndate: 2026-01-02\nupdated: 2026-10-01\n---\n# Ideas\n\nBack to [[Roadmap#Q1]]. A new line.\n"),
    ("content/Work/Ideas.md", "---\ndate: 2026-01-02\nupdated: 2026-12-01\ntitle: Better ideas\n---\n# Ideas\n\nNo links now.\n"),
    ("content/Home/New.md", "---\ndate: 2026-02-01\nupdated: 2026-02-02\n---\n# New\n\n[[Garden]] #plan\n"),
  ])
  func rebuildAfterAnEditEqualsAFullBuild(path: String, text: String) async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    let cache = site.root.appendingPathComponent("._site.notes-site-cache")
    #expect(FileManager.default.fileExists(atPath: cache.path))
    try site.write(path, text)
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.notesParsed == 1, "only the edited note is parsed again")
    var incremental = site.snapshot()
    var full = try await fullBuildSnapshot(of: site)
    incremental[".notes-site-manifest"] = nil
    full[".notes-site-manifest"] = nil
    #expect(Set(incremental.keys) == Set(full.keys))
    let differing = full.keys.filter { incremental[$0] != full[$0] }.sorted()
    #expect(differing.isEmpty, "incremental output differs from a full build: \(differing)")
  }

  /// A wiki link in front matter (`up: "[[Roadmap]]"`), retargeted or made text on a line of
  /// the same place: the backlinks it gave move or go, as in a full build.
  @Test(arguments: ["up: \"[[Ideas]]\"", "up: \"Roadmap\""])
  func aFrontMatterLinkEditEqualsAFullBuild(line: String) async throws {
    var files = Self.files
    files["content/Home/Recipes.md"] = "---\ndate: 2026-01-04\nupdated: 2026-08-01\nup: \"[[Roadmap]]\"\n---\n# Recipes\n\nSoup.\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    #expect(try site.page("work/roadmap").contains("Linked from"))
    try site.write("content/Home/Recipes.md", "---\ndate: 2026-01-04\nupdated: 2026-08-01\n\(line)\n---\n# Recipes\n\nSoup.\n")
    #expect(await site.build().exitCode == 0)
    var incremental = site.snapshot()
    var full = try await fullBuildSnapshot(of: site)
    incremental[".notes-site-manifest"] = nil
    full[".notes-site-manifest"] = nil
    let differing = full.keys.filter { incremental[$0] != full[$0] }.sorted()
    #expect(differing.isEmpty, "incremental output differs from a full build: \(differing)")
  }

  @Test func freshlyEditedFilesAreNeverTakenFromTheCache() async throws {
    // Two versions of a note with the same size, written within the file system's timestamp
    // granularity, must not be mistaken for each other.
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    try site.write("content/Home/Garden.md", "---\ndate: 2026-01-03\nupdated: 2026-09-01\n---\n# Garden\n\nPotatoes. ![[Ideas]]\n")
    let report = await site.build()
    #expect(!report.upToDate)
    #expect(try site.page("home/garden").contains("Potatoes"))
  }

  @Test func aReplacedFileWithTheSameSizeAndTimeIsSeen() async throws {
    // Restoring a backup or switching checkouts can bring back a file whose size and copied
    // modification time match what the cache saw; its inode and ctime do not.
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    let path = site.root.appendingPathComponent("content/Home/Garden.md").path
    let time = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
    try FileManager.default.removeItem(atPath: path)
    try site.write("content/Home/Garden.md", "---\ndate: 2026-01-03\nupdated: 2026-09-01\n---\n# Garden\n\nPotatoes. ![[Ideas]]\n")
    try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: path)
    let report = await site.build()
    #expect(!report.upToDate)
    #expect(try site.page("home/garden").contains("Potatoes"))
  }

  @Test func damagedCacheIsIgnored() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    try site.write("._site.notes-site-cache", "notes-site-cache-3\ngarbage")
    try site.write("content/Work/Ideas.md", Self.files["content/Work/Ideas.md"]! + "\n")
    #expect(await site.build().exitCode == 0)
    #expect(site.snapshot().keys.sorted() == before.keys.sorted())
  }

  @Test func aRemovedOutputIsBuiltAgainThoughNothingChanged() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    let first = await site.build()
    #expect(first.exitCode == 0)
    let before = site.snapshot()
    try FileManager.default.removeItem(at: site.output)
    let report = await site.build()
    #expect(!report.upToDate)
    #expect(site.snapshot() == before)
    // And now it is up to date, with the totals of the build that wrote it (the manifest is
    // not one of the site's files).
    let again = await site.build()
    #expect(again.upToDate)
    let manifest = try #require(before[".notes-site-manifest"])
    #expect(again.files == before.count - 1)
    #expect(again.bytes == before.values.reduce(0) { $0 + $1.count } - manifest.count)
  }

  @Test func nothingChangedIsReportedAndTouchesNothing() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    let report = await site.build()
    #expect(report.upToDate)
    #expect(site.snapshot() == before)
  }
}

/// Rendered note HTML is reused between builds only when nothing it is made from changed.
@Suite struct RenderedNoteCacheTests {
  static let files = IncrementalBuildTests.files.merging([
    "content/Work/Broken.md": "---\ndate: 2026-01-05\nupdated: 2026-07-01\n---\n# Broken\n\nSee [[Nowhere at all]].\n"
  ]) { $1 }

  @Test func anEditRendersTheEditedNoteAndTheNotesThatEmbedIt() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().notesRendered == 5)
    // Recipes is embedded by nobody: it alone is rendered again, plus Garden, which embeds
    // another note and is never taken from the cache. (The new tag, which other pages show,
    // makes it a whole build: an edit of the text alone would be made in place.)
    try site.write("content/Home/Recipes.md", Self.files["content/Home/Recipes.md"]! + "\nMore soup. #soup\n")
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.notesRendered == 2)
    #expect(try site.page("home/recipes").contains("More soup."))
  }

  @Test func aNewTitleRendersEveryNoteAgain() async throws {
    // Links resolve by title, so any note's link may now point elsewhere.
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    try site.write("content/Home/Recipes.md", "---\ntitle: Nowhere at all\ndate: 2026-01-04\nupdated: 2026-08-01\n---\nSoup.\n")
    let report = await site.build()
    #expect(report.notesRendered == 5)
    #expect(try site.page("work/broken").contains("href=\"/home/recipes/\""))
    #expect(!report.diagnostics.contains { $0.message.contains("Nowhere at all") })
  }

  @Test func aNewTitleRendersAgainOnlyThePagesThatShowIt() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    let first = await site.build()
    #expect(first.exitCode == 0)
    try site.write("content/Home/Recipes.md", "---\ntitle: Soups\ndate: 2026-01-04\nupdated: 2026-08-01\n---\nSoup.\n")
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(try site.page("home/recipes").contains("<h1>Soups</h1>"))
    #expect(try site.page("home/garden").contains(">Soups<"), "the list beside Garden names the note by its new title")
    // Nothing in Work shows Recipes: the note, history and collaborators pages of its three
    // notes, its list page and the #plan tag page are kept as they were.
    #expect(first.pagesRendered - report.pagesRendered >= 11, "\(first.pagesRendered) then \(report.pagesRendered)")
    var incremental = site.snapshot()
    var full = try await IncrementalBuildTests().fullBuildSnapshot(of: site)
    incremental[".notes-site-manifest"] = nil
    full[".notes-site-manifest"] = nil
    #expect(Set(incremental.keys) == Set(full.keys))
    #expect(full.keys.filter { incremental[$0] != full[$0] }.sorted() == [])
  }

  @Test func warningsOfCachedNotesAreReportedAgain() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    let first = await site.build()
    let warning = try #require(first.diagnostics.first { $0.message.contains("Nowhere at all") })
    // A new tag: a whole build, not an update in place.
    try site.write("content/Home/Recipes.md", Self.files["content/Home/Recipes.md"]! + "\nMore soup. #soup\n")
    let second = await site.build()
    #expect(second.notesRendered == 2)
    #expect(second.diagnostics.contains(warning))
  }

  @Test func anEditResolvesTheLinksOfTheEditedNoteOnly() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().notesLinked == 5)
    try site.write("content/Work/Ideas.md", Self.files["content/Work/Ideas.md"]! + "\nAnd [[Recipes]].\n")
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.notesLinked == 1)
    // The new link shows on both ends: in the note and as a backlink of its target.
    #expect(try site.page("work/ideas").contains("href=\"/home/recipes/\""))
    #expect(try site.page("home/recipes").contains("href=\"/work/ideas/\""))
  }

  @Test func aNewHeadingResolvesEveryNoteAgain() async throws {
    // `[[Roadmap#Q1]]` in Ideas points at a heading id, which a heading added above may change.
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    try site.write(
      "content/Work/Roadmap.md",
      "---\ntitle: Roadmap\ntags: [plan]\nupdated: 2026-11-01\n---\n# Roadmap\n\n## Q1\n\nOld.\n\n## Q1\n\n- [ ] ship\n")
    let report = await site.build()
    #expect(report.notesLinked == 5)
    #expect(try site.page("work/ideas").contains("href=\"/work/roadmap/#q1\""))
  }

  @Test func ambiguityWarningsOfCachedLinksAreReportedAgain() async throws {
    let site = try SiteFixture(
      Self.files.merging([
        "content/Home/Plan.md": "---\ndate: 2026-01-06\n---\n# Plan\n\nHome plan.\n",
        "content/Work/Plan.md": "---\ndate: 2026-01-07\n---\n# Plan\n\nWork plan.\n",
        "content/Misc/Todo.md": "---\ndate: 2026-01-08\n---\n# Todo\n\nSee [[Plan]].\n",
      ]) { $1 })
    defer { site.remove() }
    try site.ageFiles()
    let first = await site.build()
    let warning = try #require(first.diagnostics.first { $0.message.contains("'Plan' matches 2 files") })
    // A new tag: a whole build, not an update in place.
    try site.write("content/Home/Recipes.md", Self.files["content/Home/Recipes.md"]! + "\nMore soup. #soup\n")
    let second = await site.build()
    #expect(second.notesLinked == 1)
    #expect(second.diagnostics.contains(warning))
  }

  @Test func aTruncatedCacheIsIgnored() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    let cache = site.root.appendingPathComponent("._site.notes-site-html")
    let bytes = try Data(contentsOf: cache)
    try bytes.prefix(bytes.count / 2).write(to: cache)
    try site.forgetEditState()
    try site.write("content/Home/Recipes.md", Self.files["content/Home/Recipes.md"]!)
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.notesLinked == 5)
    #expect(site.snapshot() == before)
  }

  @Test func aDamagedCacheIsIgnored() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    try site.write("._site.notes-site-html", "notes-site-html-3\n\u{1}\u{2}garbage")
    try site.forgetEditState()
    try site.write("content/Home/Recipes.md", Self.files["content/Home/Recipes.md"]!)
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.notesRendered == 5)
    #expect(report.notesLinked == 5)
    #expect(site.snapshot() == before)
  }
}
