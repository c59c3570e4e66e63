import Foundation
import Synchronization
import NotesSite
import Testing

/// A rebuild assembles the new site in the spare tree, the site from two builds ago: files of
/// that older site that are gone, in the way of a folder or a file, or shared with the output
/// must never show through, and the user's own files in the output must follow the output.
@Suite struct SpareTreeTests {
  static let base = IncrementalBuildTests.files

  /// The output of a fresh build of `site`'s content, without the manifest.
  func fullBuild(of site: SiteFixture) async throws -> [String: Data] {
    let fresh = try SiteFixture([:])
    defer { fresh.remove() }
    try FileManager.default.createDirectory(at: fresh.root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: site.root.appendingPathComponent("content"), to: fresh.root.appendingPathComponent("content"))
    #expect(await fresh.build().exitCode == 0)
    var files = fresh.snapshot()
    files[".notes-site-manifest"] = nil
    return files
  }

  /// Builds `site` and checks that the output is exactly a fresh build plus `userFiles`.
  func buildAndCompare(_ site: SiteFixture, userFiles: [String: String], _ step: String) async throws {
    #expect(await site.build().exitCode == 0, "\(step)")
    var expected = try await fullBuild(of: site)
    for (path, text) in userFiles { expected[path] = Data(text.utf8) }
    var actual = site.snapshot()
    actual[".notes-site-manifest"] = nil
    #expect(Set(actual.keys) == Set(expected.keys), "\(step): files differ")
    let differing = expected.keys.filter { actual[$0] != expected[$0] }.sorted()
    #expect(differing.isEmpty, "\(step): contents differ in \(differing)")
  }

  /// The base site built, then built again after an edit of Work/Ideas: the first build's
  /// tree is now the spare tree.
  func siteWithSpareTree() async throws -> SiteFixture {
    let site = try SiteFixture(Self.base)
    #expect(await site.build().exitCode == 0)
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]! + "\nOne.\n")
    #expect(await site.build().exitCode == 0)
    #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("._site.notes-site-back").path))
    return site
  }

  @Test func everyRebuildInTheSpareTreeEqualsAFreshBuild() async throws {
    let site = try SiteFixture(Self.base.merging(["content/Work/readme": "An attachment without an extension.\n"]) { $1 })
    defer { site.remove() }
    let spare = site.root.appendingPathComponent("._site.notes-site-back")
    let fm = FileManager.default

    try await buildAndCompare(site, userFiles: [:], "first build")
    try Data("notes.example.org\n".utf8).write(to: site.output.appendingPathComponent("CNAME"))

    // A small edit: the replaced site is kept as the spare tree.
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]! + "\nA second thought.\n")
    try await buildAndCompare(site, userFiles: ["CNAME": "notes.example.org\n"], "edit")
    #expect(fm.fileExists(atPath: spare.path), "a small rebuild keeps the spare tree")

    // The file `work/readme` becomes the folder `work/readme/` of a note; the user drops the
    // CNAME and adds a file of their own in a folder of their own.
    try fm.removeItem(at: site.root.appendingPathComponent("content/Work/readme"))
    try site.write("content/Work/readme.md", "---\ndate: 2026-03-01\nupdated: 2026-03-02\n---\n# Readme\n\nNow a note.\n")
    try fm.removeItem(at: site.output.appendingPathComponent("CNAME"))
    try fm.createDirectory(at: site.output.appendingPathComponent("extra"), withIntermediateDirectories: true)
    try Data("mine\n".utf8).write(to: site.output.appendingPathComponent("extra/keep.txt"))
    try await buildAndCompare(site, userFiles: ["extra/keep.txt": "mine\n"], "file becomes a folder")

    // And back: the folder `work/readme/` (with its history and collaborators pages)
    // becomes a file again, in a tree that had it as a file two builds ago.
    try fm.removeItem(at: site.root.appendingPathComponent("content/Work/readme.md"))
    try site.write("content/Work/readme", "The attachment is back, longer.\n")
    try await buildAndCompare(site, userFiles: ["extra/keep.txt": "mine\n"], "folder becomes a file")
    #expect(!fm.fileExists(atPath: site.output.appendingPathComponent("work/readme/index.html").path))

    // A note removed, another edited: the spare tree still has pages of both versions.
    try fm.removeItem(at: site.root.appendingPathComponent("content/Home/Recipes.md"))
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]! + "\nA third thought.\n")
    try await buildAndCompare(site, userFiles: ["extra/keep.txt": "mine\n"], "note removed")
    #expect(!fm.fileExists(atPath: site.output.appendingPathComponent("home/recipes").path))

    // The user's file is removed: it does not come back from the spare tree.
    try fm.removeItem(at: site.output.appendingPathComponent("extra"))
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]!)
    try await buildAndCompare(site, userFiles: [:], "user file removed")
  }

  @Test func filesSharedWithTheOutputAreNeverChangedInPlace() async throws {
    // The spare tree holds hard links to the output's unchanged files; writing a changed page
    // there must give it a new file, not rewrite the one the output still serves.
    // The edit in Work left the Recipes page (in Home) as it was: linked, not rewritten.
    let site = try await siteWithSpareTree()
    defer { site.remove() }
    let page = site.output.appendingPathComponent("home/recipes/index.html")
    let sparePage = site.root.appendingPathComponent("._site.notes-site-back/home/recipes/index.html")
    func inode(_ url: URL) throws -> Int {
      try #require(FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int)
    }
    #expect(try inode(page) == inode(sparePage), "the page is one file in both trees")
    let before = try Data(contentsOf: page)
    try site.write("content/Home/Recipes.md", Self.base["content/Home/Recipes.md"]! + "\nTwo.\n")
    #expect(await site.build().exitCode == 0)
    #expect(try site.page("home/recipes").contains("Two."))
    // The replaced site, now the spare tree, still has the page as it was.
    #expect(try Data(contentsOf: sparePage) == before)
  }

  @Test func aFailedBuildDropsTheSpareTreeAndKeepsTheSite() async throws {
    let site = try await siteWithSpareTree()
    defer { site.remove() }
    let before = site.snapshot()
    // A partial including itself is found only while pages render, in the spare tree.
    try site.write("Templates/partials/note-routes.mustache", "{{> partials/note-routes}}")
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]! + "\nTwo.\n")
    #expect(await site.build().exitCode == 1)
    #expect(site.snapshot() == before)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix("._site.") }
    #expect(!siblings.contains("._site.notes-site-new") && !siblings.contains("._site.notes-site-back"))
    // The next good build works without a spare tree.
    try FileManager.default.removeItem(at: site.root.appendingPathComponent("Templates"))
    try await buildAndCompare(site, userFiles: [:], "after the failure")
  }

  /// Files the user adds to or removes from the output while pages are written follow the
  /// output at the swap: none is left only in the replaced tree, which a later build removes.
  @Test(arguments: [false, true])
  func userFilesChangedDuringABuildFollowTheOutput(withSpareTree: Bool) async throws {
    let site = try withSpareTree ? await siteWithSpareTree() : SiteFixture(Self.base)
    defer { site.remove() }
    if !withSpareTree { #expect(await site.build().exitCode == 0) }
    let fm = FileManager.default
    try Data("notes.example.org\n".utf8).write(to: site.output.appendingPathComponent("CNAME"))
    try Data("old\n".utf8).write(to: site.output.appendingPathComponent("work/keep.txt"))
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]! + "\nChanged during a build.\n")

    let output = site.output
    let done = Mutex(false)
    var options = BuildOptions(source: site.root)
    options.progress = { _, _ in
      guard done.withLock({ already in defer { already = true }; return !already }) else { return }
      try? fm.createDirectory(at: output.appendingPathComponent("brand/new"), withIntermediateDirectories: true)
      for path in ["late.txt", "work/late.txt", "brand/new/late.txt"] {
        try? Data("late\n".utf8).write(to: output.appendingPathComponent(path))
      }
      try? fm.removeItem(at: output.appendingPathComponent("work/keep.txt"))
    }
    #expect(await SiteBuilder.build(options).exitCode == 0)
    #expect(done.withLock { $0 }, "pages were written with progress reported")

    var expected = try await fullBuild(of: site)
    expected["CNAME"] = Data("notes.example.org\n".utf8)
    for path in ["late.txt", "work/late.txt", "brand/new/late.txt"] { expected[path] = Data("late\n".utf8) }
    var actual = site.snapshot()
    actual[".notes-site-manifest"] = nil
    #expect(Set(actual.keys) == Set(expected.keys), "files differ: \(Set(actual.keys).symmetricDifference(expected.keys))")
    #expect(expected.keys.filter { actual[$0] != expected[$0] }.isEmpty)

    // And the next build, in the tree the swap replaced, keeps them too.
    try site.write("content/Work/Ideas.md", Self.base["content/Work/Ideas.md"]! + "\nAnd again.\n")
    try await buildAndCompare(
      site, userFiles: ["CNAME": "notes.example.org\n", "late.txt": "late\n", "work/late.txt": "late\n", "brand/new/late.txt": "late\n"],
      "the build after")
  }
}
