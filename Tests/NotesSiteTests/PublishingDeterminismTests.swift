import Foundation
import NotesSite
import Testing

/// Same input, same bytes; and an edit rewrites only the files that show what was edited —
/// checked by inode numbers and modification times, since the output writer hard-links every
/// unchanged file from the previous output.
@Suite struct PublishingDeterminismTests {
  static func front(_ fields: String) -> String { "---\n" + fields + "\n---\n" }

  static let vault: [String: String] = [
    "content/Work/Roadmap.md": front("date: 2024-01-10\nupdated: 2024-03-01\ntags: [planning]")
      + "# Roadmap\n\nSee [[Meeting notes]].\n\n![diagram](diagram.png)\n",
    "content/Work/Meeting notes.md": front("date: 2024-01-02\nupdated: 2024-02-01")
      + "# Meeting notes\n\nWe agreed on the plan.\n\n## Decisions\n\nNone yet.\n",
    "content/Work/diagram.png": "PNG",
    "content/Work/Projects/Alpha.md": front("date: 2024-01-05\nupdated: 2024-01-05")
      + "# Alpha\n\nA project. #planning\n",
    "content/Personal/Running.md": front("date: 2023-11-01\nupdated: 2023-11-01")
      + "# Running\n\nTen kilometres. #health\n",
    "content/Personal/Reading list.md": front("date: 2023-11-02\nupdated: 2023-11-02")
      + "# Reading list\n\nBooks.\n",
    "content/個人/レシピ.md": front("date: 2023-10-01\nupdated: 2023-10-01") + "# レシピ\n\n湯豆腐。\n",
    "content/Inbox.md": front("date: 2023-12-01\nupdated: 2023-12-01") + "Quick capture.\n",
  ]

  @Test func twoBuildsOfTheSameInputGiveIdenticalTrees() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    let one = site.root.appendingPathComponent("one")
    let two = site.root.appendingPathComponent("two")
    #expect(await site.build(into: one, baseURL: "https://example.org/notes/").exitCode == 0)
    #expect(await site.build(into: two, baseURL: "https://example.org/notes/").exitCode == 0)
    let a = snapshot(one)
    let b = snapshot(two)
    #expect(a.count > 40)
    #expect(a.keys.sorted() == b.keys.sorted())
    let differing = a.keys.filter { a[$0] != b[$0] }.sorted()
    #expect(differing.isEmpty, "differ between two fresh builds: \(differing)")
  }

  @Test func aRebuildWithNothingChangedTouchesNoFile() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = site.stamps()
    #expect(await site.build().exitCode == 0)
    let after = site.stamps()
    #expect(before.keys.sorted() == after.keys.sorted())
    // The manifest itself is rewritten on every build; nothing else is.
    let touched = after.keys.filter { before[$0] != after[$0] && $0 != ".notes-site-manifest" }
      .sorted()
    #expect(touched.isEmpty, "\(touched)")
  }

  @Test func editingOneNoteRewritesOnlyThePagesThatShowIt() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = site.stamps()
    let oldBytes = site.snapshot()

    // Same dates; only the text (and so the preview) of one note changes.
    try site.write(
      "content/Work/Meeting notes.md",
      Self.front("date: 2024-01-02\nupdated: 2024-02-01")
        + "# Meeting notes\n\nWe moved the launch to spring.\n\n## Decisions\n\nNone yet.\n")
    #expect(await site.build().exitCode == 0)
    let after = site.stamps()
    let newBytes = site.snapshot()
    #expect(before.keys.sorted() == after.keys.sorted())

    let changed = Set(after.keys.filter { before[$0] != after[$0] })
    // A file whose bytes stayed the same is never rewritten…
    for path in after.keys where oldBytes[path] == newBytes[path] && path != ".notes-site-manifest"
    {
      #expect(before[path] == after[path], "\(path) was rewritten with the same bytes")
    }
    // …and every rewritten file shows the edit (or is the manifest or the search index).
    let marker = Data("moved the launch".utf8)
    for path in changed.sorted() where path != ".notes-site-manifest" && !path.hasPrefix("_search/")
    {
      #expect(
        newBytes[path]?.range(of: marker) != nil, "\(path) changed but does not show the edit")
    }
    // Every file that shows the edit was rewritten.
    for (path, data) in newBytes where data.range(of: marker) != nil {
      #expect(changed.contains(path), "\(path) shows the edit but was not rewritten")
    }
    #expect(changed.contains("work/meeting-notes/index.html"))
    #expect(changed.contains("work/index.html"), "the folder's list shows the preview")
    #expect(changed.contains("feed.xml"))
    for untouched in [
      "personal/running/index.html", "personal/index.html", "個人/レシピ/index.html",
      "_tags/health/index.html",
      "sitemap.xml", "robots.txt", "work/diagram.png", "_assets/notes.json",
    ] {
      #expect(after[untouched] != nil && !changed.contains(untouched), "\(untouched) was rewritten")
    }
    #expect(!changed.contains { $0.hasPrefix("_assets/") }, "theme assets were rewritten")
    print("Publishing: files rewritten after editing Work/Meeting notes.md:", changed.sorted())
  }

  @Test func aNewerNoteMovesToTheTopAndChangesTheSitemapDate() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = site.stamps()
    try site.write(
      "content/Personal/Running.md",
      Self.front("date: 2023-11-01\nupdated: 2024-04-01")
        + "# Running\n\nTwenty kilometres. #health\n")
    #expect(await site.build().exitCode == 0)
    let after = site.stamps()
    let changed = Set(after.keys.filter { before[$0] != after[$0] })
    for path in [
      "personal/running/index.html", "personal/index.html", "sitemap.xml", "feed.xml", "index.html",
    ] {
      #expect(changed.contains(path), "\(path) was not rewritten")
    }
    // A note in another folder that neither links to nor lists the edited note stays.
    #expect(!changed.contains("work/projects/alpha/index.html"))
    #expect(!changed.contains("個人/レシピ/index.html"))
    print("Publishing: files rewritten after bumping Personal/Running.md's date:", changed.sorted())
  }

  func snapshot(_ folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let root = folder.standardizedFileURL.path
    guard
      let walker = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [:] }
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      result[String(url.standardizedFileURL.path.dropFirst(root.count + 1))] = try? Data(
        contentsOf: url)
    }
    return result
  }
}
