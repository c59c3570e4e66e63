import Foundation
import NotesGit
import Testing

/// A 5,000-commit, 2,000-file history built with `git fast-import` in a second or two.
@Suite struct ScaleTests {
  static let fileCount = 2_000
  static let commitCount = 5_000
  /// Commit 2,500 renames note 7; commit 3,000 deletes note 1,999.
  static let renameCommit = 2_500
  static let deleteCommit = 3_000

  static func originalPath(_ note: Int) -> String {
    "content/Folder \(note / 100)/Note \(note).md"
  }

  static func text(_ note: Int, _ commit: Int) -> String {
    "# Note \(note)\n\nRevision \(commit).\n"
  }

  /// The note commit `k` edits; note 1,999 is never edited, so its deletion is its last word.
  static func editedNote(_ commit: Int) -> Int { commit % (fileCount - 1) }

  static func fastImportStream() -> String {
    var paths = (0..<fileCount).map(originalPath)
    var stream = ""
    func commitHeader(_ commit: Int, _ message: String) {
      let author =
        commit.isMultiple(of: 3) ? "Ben Ito <ben@example.org>" : "Ana Lima <ana@example.com>"
      let date = "\(TestRepository.epoch + commit * 60) +0000"
      stream += "commit refs/heads/main\nauthor \(author) \(date)\ncommitter \(author) \(date)\n"
      stream += "data \(message.utf8.count)\n\(message)\n"
    }
    func modify(_ note: Int, _ commit: Int) {
      let body = text(note, commit)
      stream += "M 100644 inline \(paths[note])\ndata \(body.utf8.count)\n\(body)\n"
    }
    commitHeader(1, "Import notes")
    for note in 0..<fileCount { modify(note, 1) }
    for commit in 2...commitCount {
      commitHeader(commit, "Edit \(commit)")
      modify(editedNote(commit), commit)
      if commit == renameCommit {
        stream += "R \"\(paths[7])\" \"content/Renamed/Note 7.md\"\n"
        paths[7] = "content/Renamed/Note 7.md"
      }
      if commit == deleteCommit { stream += "D \(paths[1_999])\n" }
    }
    return stream
  }

  static func largeRepository() throws -> TestRepository {
    let repo = try TestRepository()
    let streamFile = repo.url(".git/notes.fast-import")
    try Data(fastImportStream().utf8).write(to: streamFile)
    try repo.git("fast-import", "--quiet", input: streamFile)
    // Only committed history is read: the work tree needs the folder, not 2,000 checkouts.
    try FileManager.default.createDirectory(
      at: repo.url("content"), withIntermediateDirectories: true)
    return repo
  }

  @Test func largeHistoryLoadsWithOneLogAndOneCatFile() throws {
    let repo = try Self.largeRepository()
    let (history, diagnostics) = GitHistory.load(
      contentDirectory: repo.url("content"), limit: 50)
    let loaded = try #require(history)
    #expect(diagnostics.isEmpty)
    // rev-parse to locate the work tree, then one git log for every file.
    #expect(loaded.processesLaunched == 2)

    let renamed = loaded.revisions(ofContentPath: "Renamed/Note 7.md")
    #expect(
      renamed.map(\.subject) == ["Edit 4005", "Edit 2500", "Edit 2006", "Edit 7", "Import notes"])
    #expect(
      renamed.map(\.path) == [
        "content/Renamed/Note 7.md", "content/Renamed/Note 7.md", Self.originalPath(7),
        Self.originalPath(7), Self.originalPath(7),
      ])
    #expect(loaded.revisions(ofContentPath: "Folder 19/Note 1999.md").isEmpty)
    #expect(loaded.revisions(ofContentPath: "Folder 0/Note 7.md").isEmpty)

    var all: [Revision] = []
    for note in 0..<(Self.fileCount - 1) {
      let path = note == 7 ? "Renamed/Note 7.md" : "Folder \(note / 100)/Note \(note).md"
      all += loaded.revisions(ofContentPath: path)
    }
    // Every commit edits one surviving note; the rename commit also counts for note 7.
    #expect(all.count == Self.commitCount + (Self.fileCount - 2) + 1)
    #expect(Set(all.map(\.shortHash)).count == Self.commitCount)

    let contents = loaded.contents(of: all)
    #expect(loaded.processesLaunched == 3)
    #expect(contents.count == all.count)
    // The rename commit leaves the text as it was.
    #expect(
      renamed.map { contents[$0.contentsKey] }
        == [4005, 2006, 2006, 7, 1].map {
          Data(Self.text(7, $0).utf8)
        })
  }
}
