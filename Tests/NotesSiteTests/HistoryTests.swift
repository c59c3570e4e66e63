import Foundation
import NotesCore
@testable import NotesSite
import Testing

/// History, revisions and collaborators of a note, built end to end from a real repository.
@Suite struct HistoryTests {
  /// `Work/Plan.md` created by Ana, edited by Ben, edited by Ana, renamed to
  /// `Work/Roadmap.md`: four commits a day apart. Returns the commit hashes, newest first.
  static func renamedNote(config: String? = nil) throws -> (SiteFixture, [String]) {
    let site = try SiteFixture([:])
    try site.initRepository()
    if let config { try site.write("notes-site.yml", config) }
    try site.write("content/Work/Plan.md", "# Plan\n\nFirst draft.\n")
    try site.commit("Create plan", by: .ana, at: 0)
    try site.write("content/Work/Plan.md", "# Plan\n\nSecond draft by Ben.\n")
    try site.commit("Ben edits", by: .ben, at: 86_400)
    try site.write("content/Work/Plan.md", "# Plan\n\nThird draft, **bold**.\n")
    try site.commit("Ana edits", by: .ana, at: 2 * 86_400)
    try site.git("mv", "content/Work/Plan.md", "content/Work/Roadmap.md")
    try site.commit("Rename to Roadmap", by: .ana, at: 3 * 86_400)
    let hashes = try site.git("log", "--format=%H").split(separator: "\n").map(String.init)
    return (site, hashes)
  }

  static let subjects = ["Rename to Roadmap", "Ana edits", "Ben edits", "Create plan"]
  static let authors = ["Ana Lima", "Ana Lima", "Ben Ito", "Ana Lima"]
  static let offsets = [3 * 86_400, 2 * 86_400, 86_400, 0]

  @Test func historyListsEveryRevisionNewestFirstAcrossTheRename() async throws {
    let (site, hashes) = try Self.renamedNote()
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(hashes.count == 4)

    let history = detailColumn(try site.page("work/roadmap/history"))
    let items = history.components(separatedBy: "<li>").dropFirst()
    #expect(items.count == 4)
    for (index, item) in items.enumerated() {
      let short = String(hashes[index].prefix(7))
      #expect(item.contains("href=\"/work/roadmap/history/\(short)/\""))
      #expect(item.contains(Self.subjects[index]))
      #expect(item.contains(Self.authors[index]))
      #expect(item.contains("<code>\(short)</code>"))
      #expect(item.contains("datetime=\"\(historyISO(Self.offsets[index]))\""))
    }
    #expect(!history.contains("class=\"notice\""), "a complete history has no notice")
  }

  @Test func revisionPagesShowOldTextMarkedOldWithNavigation() async throws {
    let (site, hashes) = try Self.renamedNote()
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let short = hashes.map { String($0.prefix(7)) }
    let texts = [
      "<p>Third draft, <strong>bold</strong>.</p>", "<p>Third draft, <strong>bold</strong>.</p>",
      "<p>Second draft by Ben.</p>", "<p>First draft.</p>",
    ]
    for index in 0..<4 {
      let page = detailColumn(try site.page("work/roadmap/history/\(short[index])"))
      #expect(page.contains(texts[index]), "revision \(index): \(page)")
      #expect(page.contains("class=\"notice old-revision\""))
      #expect(page.contains("old revision"))
      #expect(page.contains(Self.authors[index]) && page.contains(Self.subjects[index]))
      let links = hrefs(page)
      #expect(links.contains("/work/roadmap/"), "link to the current note")
      #expect(links.contains("/work/roadmap/history/"), "back link to the history")
      let newer = index > 0 ? "/work/roadmap/history/\(short[index - 1])/" : nil
      let older = index < 3 ? "/work/roadmap/history/\(short[index + 1])/" : nil
      #expect(page.contains("rel=\"next\"") == (newer != nil))
      #expect(page.contains("rel=\"prev\"") == (older != nil))
      if let newer { #expect(links.contains(newer)) }
      if let older { #expect(links.contains(older)) }
    }
    // The first revision was written under the old name, and still renders.
    #expect(!detailColumn(try site.page("work/roadmap/history/\(short[3])")).contains("Third"))
  }

  /// `Work/Plan.md` committed twice, `first` then `second`, and `Home/Recipes.md`. Returns
  /// the short hash of the first revision.
  static func planRevisions(
    first: String, second: String,
    recipes: String = "---\ndate: 2023-11-01\nupdated: 2023-11-02\n---\n# Recipes\n\nSoup of the day.\n"
  ) throws -> (SiteFixture, String) {
    let site = try SiteFixture([:])
    try site.initRepository()
    try site.write("content/Home/Recipes.md", recipes)
    try site.write("content/Work/Plan.md", first)
    try site.commit("Plan dinner", by: .ana, at: 0)
    try site.write("content/Work/Plan.md", second)
    try site.commit("Eat out", by: .ben, at: 86_400)
    let hashes = try site.git("log", "--format=%H", "--", "content/Work/Plan.md").split(separator: "\n")
    return (site, String(hashes[1].prefix(7)))
  }

  @Test func anOldRevisionLinksToTheNoteItEmbedded() async throws {
    // The other note's text of today was not there when the revision was written.
    let (site, old) = try Self.planRevisions(first: "# Plan\n\nDinner: ![[Recipes]]\n", second: "# Plan\n\nDinner out.\n")
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let page = detailColumn(try site.page("work/plan/history/\(old)"))
    #expect(page.contains("Dinner: <a class=\"wiki-link\" href=\"/home/recipes/\">Recipes</a>"), "\(page)")
    #expect(!page.contains("Soup of the day"))
  }

  @Test func anOldRevisionIsRenderedAgainWhenWhatItsLinksNameChanges() async throws {
    // An old revision's links resolve against today's notes: a note that takes the title a
    // link names changes the revision's page, though neither the revision nor its note did.
    let (site, old) = try Self.planRevisions(first: "# Plan\n\nSee [[Soups]].\n", second: "# Plan\n\nNo links.\n")
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    #expect(!hrefs(detailColumn(try site.page("work/plan/history/\(old)"))).contains("/home/recipes/"))
    try site.write("content/Home/Recipes.md", "---\ntitle: Soups\ndate: 2023-11-01\nupdated: 2023-11-02\n---\nSoup of the day.\n")
    #expect(await site.build().exitCode == 0)
    let page = try site.page("work/plan/history/\(old)")
    #expect(hrefs(detailColumn(page)).contains("/home/recipes/"))
    // The same as a build of a copy with no previous output.
    let copy = try SiteFixture([:])
    defer { copy.remove() }
    try FileManager.default.createDirectory(at: copy.root, withIntermediateDirectories: true)
    for name in ["content", ".git", ".gitignore"] {
      try FileManager.default.copyItem(at: site.root.appendingPathComponent(name), to: copy.root.appendingPathComponent(name))
    }
    #expect(await copy.build().exitCode == 0)
    #expect(try copy.page("work/plan/history/\(old)") == page)
  }

  @Test func anOldRevisionIsRenderedAgainWhenAHeadingItLinksToIsRenamed() async throws {
    // No note of today links into Recipes, but an old revision does: renaming the heading
    // changes that revision's page, so the edit is not made in place without it.
    let recipes = "---\ndate: 2023-11-01\nupdated: 2023-11-02\n---\n# Recipes\n\n## Soups\n\nSoup of the day.\n"
    let (site, old) = try Self.planRevisions(
      first: "# Plan\n\nSee [[Recipes#Soups]].\n", second: "# Plan\n\nNo links.\n", recipes: recipes)
    defer { site.remove() }
    try site.ageFiles()
    #expect(await site.build().exitCode == 0)
    #expect(hrefs(detailColumn(try site.page("work/plan/history/\(old)"))).contains("/home/recipes/#soups"))
    try site.write("content/Home/Recipes.md", recipes.replacingOccurrences(of: "## Soups", with: "## Stews"))
    #expect(await site.build().exitCode == 0)
    let links = hrefs(detailColumn(try site.page("work/plan/history/\(old)")))
    #expect(links.contains("/home/recipes/") && !links.contains("/home/recipes/#soups"), "\(links)")
  }

  @Test func collaboratorsByNameWithCountsAndDatesAndNoEmailAnywhere() async throws {
    let (site, _) = try Self.renamedNote()
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let page = detailColumn(try site.page("work/roadmap/collaborators"))
    let items = page.components(separatedBy: "<li>").dropFirst()
    #expect(items.count == 2)
    let ana = try #require(items.first)
    let ben = try #require(items.last)
    #expect(ana.contains("Ana Lima") && ana.contains("3 edits"))
    #expect(ana.contains(historyISO(0)) && ana.contains(historyISO(3 * 86_400)))
    #expect(ben.contains("Ben Ito") && ben.contains("1 edit "))
    #expect(ben.contains(historyISO(86_400)))
    expectNoEmail(in: site)
  }

  @Test func noteDatesComeFromGitOnTheNoteAndInTheList() async throws {
    let (site, _) = try Self.renamedNote()
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let note = try site.page("work/roadmap")
    let dates = try #require(note.components(separatedBy: "class=\"note-dates\"").last)
      .components(separatedBy: "</p>")[0]
    // Created is the first commit, made under the old name; updated the rename.
    #expect(dates.contains("datetime=\"\(historyISO(3 * 86_400))\""))
    #expect(dates.contains("datetime=\"\(historyISO(0))\""))
    for page in [note, try site.page("work"), try site.page("")] {
      #expect(page.contains("<time datetime=\"\(historyISO(3 * 86_400))\""))
    }
    // The feed and sitemap agree.
    let feed = try String(
      contentsOf: site.output.appendingPathComponent("feed.xml"), encoding: .utf8)
    #expect(feed.contains("<published>\(historyISO(0))</published>"))
    #expect(feed.contains("<updated>\(historyISO(3 * 86_400))</updated>"))
  }

  @Test func frontMatterDatesWinOverGit() async throws {
    let (site, _) = try Self.renamedNote()
    defer { site.remove() }
    try site.write(
      "content/Work/Roadmap.md", "---\ndate: 2020-01-02\nupdated: 2021-03-04\n---\n# Plan\n")
    try site.commit("Dates", by: .ben, at: 4 * 86_400)
    #expect(await site.build().exitCode == 0)
    let note = try site.page("work/roadmap")
    #expect(note.contains("datetime=\"2020-01-02T00:00:00Z\""))
    #expect(note.contains("datetime=\"2021-03-04T00:00:00Z\""))
  }

  @Test func historyLimitCapsRevisionsButNotTheCreatedDate() async throws {
    let (site, hashes) = try Self.renamedNote(config: "history_limit: 2\n")
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let history = detailColumn(try site.page("work/roadmap/history"))
    #expect(history.components(separatedBy: "<li>").count - 1 == 2)
    let short = hashes.map { String($0.prefix(7)) }
    #expect(site.exists("work/roadmap/history/\(short[0])/index.html"))
    #expect(site.exists("work/roadmap/history/\(short[1])/index.html"))
    #expect(!site.exists("work/roadmap/history/\(short[2])"))
    #expect(!site.exists("work/roadmap/history/\(short[3])"))
    // The oldest listed revision has no older link.
    #expect(!(try site.page("work/roadmap/history/\(short[1])")).contains("rel=\"prev\""))
    let note = try site.page("work/roadmap")
    #expect(note.contains("datetime=\"\(historyISO(0))\""), "created is still the first commit")
    // Collaborators still count the whole history.
    let collaborators = detailColumn(try site.page("work/roadmap/collaborators"))
    #expect(collaborators.contains("Ben Ito") && collaborators.contains("3 edits"))
  }

  @Test func historyLimitZeroStillDatesNotesFromGit() async throws {
    let (site, _) = try Self.renamedNote(config: "history_limit: 0\n")
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let note = try site.page("work/roadmap")
    #expect(note.contains("datetime=\"\(historyISO(0))\""))
    #expect(note.contains("datetime=\"\(historyISO(3 * 86_400))\""))
    #expect(!detailColumn(try site.page("work/roadmap/history")).contains("<li>"))
  }

  @Test func frontMatterCollaboratorsAreAddedByNameOnly() async throws {
    let (site, _) = try Self.renamedNote()
    defer { site.remove() }
    try site.write(
      "content/Work/Roadmap.md",
      "---\ncollaborators: [\"Chika Sato <chika@example.net>\", \"Ben Ito <ben@example.org>\", "
        + "dan@example.net, Eve]\n---\n# Plan\n")
    try site.commit("Credit", by: .ana, at: 4 * 86_400)
    #expect(await site.build().exitCode == 0)
    let page = detailColumn(try site.page("work/roadmap/collaborators"))
    let names = page.components(separatedBy: "<span class=\"name\">").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    // Git authors first (most edits), then front matter names not already listed.
    #expect(names == ["Ana Lima", "Ben Ito", "Chika Sato", "dan", "Eve"])
    expectNoEmail(in: site)
  }

  @Test func uncommittedEditsShowOnTheNoteButNotInHistory() async throws {
    let (site, hashes) = try Self.renamedNote()
    defer { site.remove() }
    try site.write("content/Work/Roadmap.md", "# Plan\n\nNot committed yet.\n")
    #expect(await site.build().exitCode == 0)
    #expect(try site.page("work/roadmap").contains("Not committed yet."))
    let history = detailColumn(try site.page("work/roadmap/history"))
    #expect(history.components(separatedBy: "<li>").count - 1 == 4)
    #expect(history.contains(String(hashes[0].prefix(7))))
    let newest = detailColumn(try site.page("work/roadmap/history/\(hashes[0].prefix(7))"))
    #expect(!newest.contains("Not committed yet.") && newest.contains("Third draft"))
  }

  /// What a rebuild checks before anything else sees a commit made in a linked work tree
  /// (`git worktree add`, whose branches live in the main repository) and a new `.mailmap`
  /// (which `git log --use-mailmap` reads, committed or not).
  @Test func theGitStateSeesWorktreeCommitsAndTheMailmap() throws {
    let site = try SiteFixture([:])
    defer { site.remove() }
    try site.initRepository()
    try site.write("content/Notes/Gamma.md", "# Gamma\n")
    try site.commit("init", by: .ana, at: 0)
    let tree = site.root.deletingLastPathComponent().appendingPathComponent(site.root.lastPathComponent + "-tree")
    defer { try? FileManager.default.removeItem(at: tree) }
    try site.git("worktree", "add", "-q", tree.path, "-b", "feature")
    let before = InputFingerprint.gitState(from: tree.appendingPathComponent("content"))
    try "# Gamma\n\nMore.\n".write(to: tree.appendingPathComponent("content/Notes/Gamma.md"), atomically: true, encoding: .utf8)
    _ = try runGit(["commit", "-qam", "edit"], in: tree, as: .ben, at: 86_400)
    let afterCommit = InputFingerprint.gitState(from: tree.appendingPathComponent("content"))
    #expect(afterCommit != before)
    try "Ana L. <ana@example.com>\n".write(to: tree.appendingPathComponent(".mailmap"), atomically: true, encoding: .utf8)
    #expect(InputFingerprint.gitState(from: tree.appendingPathComponent("content")) != afterCommit)
  }

  /// A revision page shows the note as it was, its old title heading too.
  @Test func aRevisionShowsItsOldTitle() async throws {
    let site = try SiteFixture([:])
    defer { site.remove() }
    try site.initRepository()
    try site.write("content/F/Fruit.md", "# Apple\n\nfruit text\n")
    try site.commit("Apple", by: .ana, at: 0)
    try site.write("content/F/Fruit.md", "# Banana\n\nfruit text\n")
    try site.commit("Banana", by: .ana, at: 86_400)
    let old = try site.git("log", "--format=%h").split(separator: "\n").last.map(String.init) ?? ""
    #expect(await site.build().exitCode == 0)
    let revision = detailColumn(try site.page("f/fruit/history/\(old)"))
    #expect(revision.contains(">Apple"), "\(revision)")
    #expect(revision.components(separatedBy: "<h1").count == 2, "one h1: the page's")
    #expect(try site.page("f/fruit").contains("<h1>Banana</h1>"))
  }

  /// A rebased commit keeps its old author date: the newest commit may be dated before the
  /// first. The note was still last edited at the later date, and created at the earlier.
  /// A commit without a message is listed by its short hash.
  @Test func aRebasedCommitDoesNotMakeTheNoteOlderAndAnEmptyMessageShowsTheHash() async throws {
    let site = try SiteFixture([:])
    defer { site.remove() }
    try site.initRepository()
    try site.write("content/Work/R.md", "# R\n\nFirst.\n")
    try site.commit("Create", by: .ana, at: 10 * 86_400)
    try site.write("content/Work/R.md", "# R\n\nSecond.\n")
    try site.git("add", "-A")
    try site.git("commit", "-q", "--allow-empty-message", "-m", "", as: .ben, at: 0)
    let hash = try site.git("log", "-1", "--format=%h").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(await site.build().exitCode == 0)
    let page = try site.page("work/r")
    #expect(page.contains("datetime=\"\(historyISO(10 * 86_400))\""), "\(page)")
    let history = detailColumn(try site.page("work/r/history"))
    #expect(history.contains("<span class=\"subject\">\(hash)</span>"), "\(history)")
  }

  @Test func shallowCloneWarnsOnceAndSaysHistoryIsIncomplete() async throws {
    let (origin, hashes) = try Self.renamedNote()
    defer { origin.remove() }
    let site = try origin.clone(depth: 1)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    let warnings = report.diagnostics.filter { $0.severity == .warning }
    #expect(warnings.count == 1, "\(report.diagnostics)")
    let warning = try #require(warnings.first?.message)
    #expect(warning.contains("history is incomplete") && warning.contains("git fetch --unshallow"))
    let history = detailColumn(try site.page("work/roadmap/history"))
    #expect(history.contains("class=\"notice\"") && history.contains("incomplete"))
    // The commit the clone was cut at shows every file as added: it is no edit of this one.
    #expect(!history.contains(String(hashes[0].prefix(7))))
    #expect(history.components(separatedBy: "<li>").count - 1 == 0)
    let deeper = try origin.clone(depth: 2)
    defer { deeper.remove() }
    #expect(await deeper.build().exitCode == 0)
    let two = detailColumn(try deeper.page("work/roadmap/history"))
    #expect(two.contains(String(hashes[0].prefix(7))) && !two.contains(String(hashes[1].prefix(7))), "\(two)")
  }

  @Test func siteOutsideGitSaysNoHistoryAvailable() async throws {
    let site = try SiteFixture(["content/Work/Plan.md": "# Plan\n\nText.\n"])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(report.gitCommands.isEmpty, "\(report.gitCommands)")
    for route in ["work/plan/history", "work/plan/collaborators"] {
      let page = detailColumn(try site.page(route))
      #expect(page.contains("class=\"notice\""), "\(route)")
      #expect(page.contains("No edit history is available"), "\(route)")
      #expect(!page.contains("<li>"), "\(route)")
    }
  }

  @Test func sameCommitBuildsIdenticalBytesAgainAndInAFreshClone() async throws {
    let (origin, _) = try Self.renamedNote()
    defer { origin.remove() }
    try origin.write("content/Work/diagram.png", "PNG")
    try origin.write("content/Inbox.md", "# Inbox\n\n![d](Work/diagram.png) [[Roadmap]]\n")
    try origin.commit("More", by: .ben, at: 5 * 86_400)
    #expect(await origin.build().exitCode == 0)
    let first = origin.snapshot()
    #expect(await origin.build().exitCode == 0)
    #expect(origin.snapshot() == first)

    let clone = try origin.clone()
    defer { clone.remove() }
    // Make the clone's modification times clearly different from the original's.
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    for path in ["content/Work/Roadmap.md", "content/Inbox.md", "content/Work/diagram.png"] {
      try FileManager.default.setAttributes(
        [.modificationDate: old], ofItemAtPath: clone.root.appendingPathComponent(path).path)
    }
    #expect(await clone.build().exitCode == 0)
    let copy = clone.snapshot()
    #expect(copy.keys.sorted() == first.keys.sorted())
    for (path, data) in first where copy[path] != data {
      Issue.record("\(path) differs in a fresh clone")
    }
  }

  @Test func buildReadsHistoryWithOneLogAndOneCatFile() async throws {
    let (site, _) = try Self.renamedNote()
    defer { site.remove() }
    try site.write("content/Other.md", "# Other\n")
    try site.commit("Other", by: .ben, at: 4 * 86_400)
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.gitCommands == ["rev-parse", "log", "cat-file"])
  }
}

/// No email address anywhere in the output: no `@` in any page, feed, index or copied
/// file; the theme's CSS may only use `@` for at-rules.
func expectNoEmail(in site: SiteFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation)
{
  let atRules = ["@media", "@supports", "@font-face", "@keyframes", "@import", "@layer", "@page"]
  let files = site.snapshot()
  #expect(!files.isEmpty, sourceLocation: sourceLocation)
  for (path, data) in files {
    var text = String(decoding: data, as: UTF8.self)
    if path.hasSuffix(".css") {
      for rule in atRules { text = text.replacingOccurrences(of: rule, with: "") }
    }
    #expect(!text.contains("@"), "'@' in \(path)", sourceLocation: sourceLocation)
    #expect(
      !text.contains("example."), "an email domain in \(path)", sourceLocation: sourceLocation)
  }
}
