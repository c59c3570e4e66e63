import Foundation
import Testing

@testable import NotesSite

/// A rebuild looks for the user's files only in output folders changed since the last swap
/// (by their change time); the rest still hold what that build left, user files included.
@Suite struct UserFileScanTests {
  static let base = IncrementalBuildTests.files

  func write(_ text: String, to path: String, in output: URL) throws {
    let url = output.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  @Test func onlyFileSystemsThatKeepChangeTimesAreTrusted() {
    #if os(Linux)
      // procfs (and network or FUSE file systems) are read whole.
      #expect(!OutputWriter.keepsChangeTimes("/proc"))
    #endif
    #expect(!OutputWriter.keepsChangeTimes("/no/such/folder/anywhere"))
  }

  /// Where the temporary folder's file system is one whose change times are trusted (ext4 or
  /// tmpfs on Linux, as on this project's machines).
  @Test(.enabled(if: OutputWriter.keepsChangeTimes(FileManager.default.temporaryDirectory.path)))
  func unchangedFoldersAreNotReadAndUserFilesStillFollowTheOutput() async throws {
    let site = try SiteFixture(Self.base)
    defer { site.remove() }
    let output = site.output
    let fm = FileManager.default
    #expect(await site.build().exitCode == 0)
    // The user's files before the second build, which reads every folder and records them.
    try write("notes.example.org\n", to: "CNAME", in: output)
    try write("old\n", to: "extra/notes.txt", in: output)
    try write("deep\n", to: "work/roadmap/keep.txt", in: output)
    let ideas = Self.base["content/Work/Ideas.md"]!
    try site.write("content/Work/Ideas.md", ideas + "\nOne.\n")
    #expect(await site.build().exitCode == 0)
    #expect(Set(OutputWriter.readFingerprint(output, warnings: false).commit?.kept ?? []) ==
      ["CNAME", "extra/notes.txt", "work/roadmap/keep.txt"])
    // A third build a while later assembles its site in the first build's tree, whose
    // folders it mostly leaves as they were.
    try await Task.sleep(for: .milliseconds(1300))
    try site.write("content/Work/Ideas.md", ideas + "\nTwo.\n")
    #expect(await site.build().exitCode == 0)
    let commit = try #require(OutputWriter.readFingerprint(output, warnings: false).commit)

    // The user's changes after it.
    try write("new\n", to: "work/roadmap/user.txt", in: output)
    try write("nested\n", to: "work/new/deep/x.txt", in: output)
    try fm.removeItem(at: output.appendingPathComponent("extra/notes.txt"))

    let found = Set(OutputWriter.files(in: output, changedSince: commit, known: OutputWriter.readManifest(output).0))
    #expect(found.isSuperset(of: ["CNAME", "work/roadmap/user.txt", "work/new/deep/x.txt", "work/roadmap/keep.txt"]))
    #expect(!found.contains("extra/notes.txt"))
    // Folders nobody touched since were not read: their pages are not among what was found.
    let all = Set(OutputWriter.allFiles(output))
    #expect(all.contains("home/recipes/index.html") && !found.contains("home/recipes/index.html"))
    #expect(found.count < all.count, "\(found.count) of \(all.count)")

    // And a build carries exactly the user's files that are there.
    try site.write("content/Work/Ideas.md", ideas + "\nThree.\n")
    #expect(await site.build().exitCode == 0)
    let expected = [
      "CNAME": "notes.example.org\n", "work/roadmap/user.txt": "new\n", "work/new/deep/x.txt": "nested\n",
      "work/roadmap/keep.txt": "deep\n",
    ]
    for (path, text) in expected {
      #expect((try? String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)) == text, "\(path)")
    }
    #expect(!fm.fileExists(atPath: output.appendingPathComponent("extra/notes.txt").path))
    #expect(Set(OutputWriter.readFingerprint(output, warnings: false).commit?.kept ?? []) == Set(expected.keys))
  }
}

/// The swap of the new site for the old is one step where the system allows it, so a server
/// reading the output never finds it missing.
@Suite struct OutputSwapTests {
  @Test func exchangeSwapsTwoFoldersWhole() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("swap-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let (a, b) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
    try FileManager.default.createDirectory(at: a.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)
    try Data("old".utf8).write(to: a.appendingPathComponent("sub/index.html"))
    try Data("new".utf8).write(to: b.appendingPathComponent("index.html"))
    #if os(Linux)
      // tmpfs and ext4, where tests run, have RENAME_EXCHANGE.
      #expect(OutputWriter.exchange(a.path, b.path))
      #expect(try String(contentsOf: a.appendingPathComponent("index.html"), encoding: .utf8) == "new")
      #expect(try String(contentsOf: b.appendingPathComponent("sub/index.html"), encoding: .utf8) == "old")
    #endif
    // Nothing to swap with: false, and nothing moved.
    #expect(!OutputWriter.exchange(a.path, root.appendingPathComponent("missing").path))
    #expect(FileManager.default.fileExists(atPath: a.path))
  }

  @Test func aRebuildLeavesNoOutputMissingAndTheOldSiteAsTheSpare() async throws {
    let site = try SiteFixture(["content/A.md": "# A\n", "content/B.md": "# B\n"])
    defer { site.remove() }
    _ = await site.build()
    try site.write("content/A.md", "# A\n\nEdited.\n")
    _ = await site.build()
    let output = site.root.appendingPathComponent("_site")
    #expect(try site.page("notes/a").contains("Edited."))
    let siblings = try FileManager.default.contentsOfDirectory(atPath: site.root.path)
    // The staging name is gone: the old site moved on to be the spare tree.
    #expect(!siblings.contains { $0.hasSuffix(".notes-site-new") || $0.hasSuffix(".notes-site-old") }, "\(siblings)")
    #expect(siblings.contains("._site.notes-site-back"), "\(siblings)")
    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
  }
}
