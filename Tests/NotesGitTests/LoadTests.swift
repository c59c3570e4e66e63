import Foundation
import NotesCore
import NotesGit
import Testing

@Suite struct LoadTests {
  /// One note edited five times, one commit an hour.
  static func noteWithFiveEdits() throws -> TestRepository {
    let repo = try TestRepository()
    for edit in 1...5 {
      try repo.write("content/Journal.md", (1...edit).map { "Day \($0)\n" }.joined())
      try repo.commit("Day \(edit)", by: edit.isMultiple(of: 2) ? .ben : .ana, at: edit * 3_600)
    }
    return repo
  }

  @Test(arguments: [
    (0, [String]()), (2, ["Day 5", "Day 4"]), (50, ["Day 5", "Day 4", "Day 3", "Day 2", "Day 1"]),
  ])
  func limitKeepsTheNewestRevisions(limit: Int, subjects: [String]) throws {
    let repo = try Self.noteWithFiveEdits()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: limit).0)
    #expect(history.revisions(ofContentPath: "Journal.md").map(\.subject) == subjects)
    // Created date and edit count cover the whole history whatever the limit.
    #expect(history.firstRevision(ofContentPath: "Journal.md")?.date == commitDate(3_600))
    #expect(history.editCount(ofContentPath: "Journal.md") == 5)
  }

  @Test func shortHashesAreUniquePrefixesOfAtLeastSevenCharacters() throws {
    let repo = try Self.noteWithFiveEdits()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Journal.md")
    #expect(revisions.count == 5)
    for revision in revisions {
      #expect(revision.shortHash.count == 7)
      #expect(revision.hash.hasPrefix(revision.shortHash))
      #expect(revision.hash.count == 40)
    }
    #expect(Set(revisions.map(\.shortHash)).count == 5)
  }

  @Test func sameRepositoryGivesIdenticalResults() throws {
    let repo = try Self.noteWithFiveEdits()
    let first = try #require(GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let second = try #require(GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = first.revisions(ofContentPath: "Journal.md")
    #expect(revisions.count == 5)
    #expect(revisions == second.revisions(ofContentPath: "Journal.md"))
    #expect(first.contents(of: revisions) == second.contents(of: revisions))
  }

  @Test func notAGitRepositoryHasNoHistoryAndNoComplaint() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("notes-git-tests-\(UUID().uuidString)/content")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    try Data("# Inbox\n".utf8).write(to: folder.appendingPathComponent("Inbox.md"))

    let (history, diagnostics) = GitHistory.load(contentDirectory: folder, limit: 50)
    #expect(history == nil)
    #expect(diagnostics.isEmpty)
  }

  @Test func repositoryWithoutCommitsHasNoHistory() throws {
    let repo = try TestRepository()
    try repo.write("content/Inbox.md", "# Inbox\n")
    try repo.git("add", "-A")

    let (history, diagnostics) = GitHistory.load(contentDirectory: repo.url("content"), limit: 50)
    #expect(history == nil)
    #expect(diagnostics.isEmpty)
  }

  @Test func untrackedContentFolderHasEmptyHistory() throws {
    let repo = try TestRepository()
    try repo.write("README.md", "readme\n")
    try repo.commit("Initial", by: .ana, at: 0)
    try repo.write("content/Inbox.md", "# Inbox\n")

    let (history, diagnostics) = GitHistory.load(contentDirectory: repo.url("content"), limit: 50)
    #expect(diagnostics.isEmpty)
    #expect(try #require(history).revisions(ofContentPath: "Inbox.md").isEmpty)
  }

  @Test func missingBlobsAreLeftOut() throws {
    let repo = try Self.noteWithFiveEdits()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let real = try #require(history.revisions(ofContentPath: "Journal.md").first)
    var missing = real
    missing.path = "content/Nowhere.md"
    var withLineBreak = real
    withLineBreak.path = "content/Two\nLines.md"

    let contents = history.contents(of: [missing, real, withLineBreak])
    #expect(contents.keys.sorted() == [real.contentsKey])
    #expect(contents[real.contentsKey] == Data((1...5).map { "Day \($0)\n" }.joined().utf8))
    #expect(history.contents(of: []).isEmpty)
  }

  /// A shallow clone warns; the commit it was cut at lists every file as added (its parent
  /// is missing), so it is credited to no file: with `--depth 1`, as CI checks out, no note
  /// gets that commit's date and author; with `--depth 2` the newer commit still counts.
  @Test func shallowCloneWarnsOnceAndCreditsNoBoundaryCommit() throws {
    let origin = try Self.noteWithFiveEdits()
    for (depth, subjects) in [("1", [String]()), ("2", ["Day 5"])] {
      let cloneRoot = FileManager.default.temporaryDirectory
        .appendingPathComponent("notes-git-tests-\(UUID().uuidString)")
      let clone = TestRepository(existing: cloneRoot)
      try TestRepository.run(
        ["clone", "-q", "--depth", depth, "file://" + origin.root.path, cloneRoot.path],
        in: origin.root)

      let (history, diagnostics) = GitHistory.load(
        contentDirectory: clone.url("content"), limit: 50)
      let loaded = try #require(history)
      #expect(loaded.isShallow)
      #expect(diagnostics == [.warning(GitHistory.shallowCloneWarning)])
      #expect(diagnostics.first?.message.contains("git fetch --unshallow") == true)
      #expect(loaded.revisions(ofContentPath: "Journal.md").map(\.subject) == subjects, "depth \(depth)")
      #expect(loaded.firstRevision(ofContentPath: "Journal.md")?.subject == subjects.last, "depth \(depth)")
    }
  }
}

@Suite struct BrokenRepositoryTests {
  @Test func gitLogFailureIsAWarningNotACrash() throws {
    let repo = try LoadTests.noteWithFiveEdits()
    // A lost tree object: HEAD still resolves, but git log cannot diff the older commit.
    let tree = try repo.git("rev-parse", "HEAD~1^{tree}")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try FileManager.default.removeItem(
      at: repo.url(".git/objects/\(tree.prefix(2))/\(tree.dropFirst(2))"))

    let (history, diagnostics) = GitHistory.load(contentDirectory: repo.url("content"), limit: 50)
    #expect(history == nil)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.severity == .warning)
    #expect(
      diagnostics.first?.message.hasPrefix("history is not available: git log failed") == true)
  }
}
