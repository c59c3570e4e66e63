import Foundation
import NotesSite
import Testing

/// A 2,000-note site with 5,000 commits, made with `git fast-import` in a second or two (as in
/// NotesGitTests), built end to end.
@Suite struct HistoryScaleTests {
  static let noteCount = 2_000
  static let commitCount = 5_000

  static func path(_ note: Int) -> String { "content/Folder \(note / 100)/Note \(note).md" }

  static func text(_ note: Int, _ commit: Int) -> String {
    "# Note \(note)\n\nRevision \(commit) of a note with *some* text.\n"
  }

  static func fastImportStream() -> String {
    var stream = ""
    func header(_ commit: Int, _ message: String) {
      let author =
        commit.isMultiple(of: 3) ? "Ben Ito <ben@example.org>" : "Ana Lima <ana@example.com>"
      let date = "\(historyEpoch + commit * 60) +0000"
      stream += "commit refs/heads/main\nauthor \(author) \(date)\ncommitter \(author) \(date)\n"
      stream += "data \(message.utf8.count)\n\(message)\n"
    }
    func modify(_ note: Int, _ commit: Int) {
      let body = text(note, commit)
      stream += "M 100644 inline \(path(note))\ndata \(body.utf8.count)\n\(body)\n"
    }
    header(1, "Import notes")
    for note in 0..<noteCount { modify(note, 1) }
    for commit in 2...commitCount {
      header(commit, "Edit \(commit)")
      modify(commit % noteCount, commit)
    }
    return stream
  }

  @Test func wholeBuildReadsHistoryWithOneLogAndOneCatFile() async throws {
    // Short list pages: this test is about processes, not about embedding long lists.
    let site = try SiteFixture(["notes-site.yml": "title: Scale\nnotes_per_page: 10\n"])
    defer { site.remove() }
    try site.initRepository()
    let stream = site.root.appendingPathComponent(".git/notes.fast-import")
    try Data(Self.fastImportStream().utf8).write(to: stream)
    try site.git("fast-import", "--quiet", input: stream)
    try site.git("reset", "-q", "--hard")

    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics.prefix(5))")
    #expect(report.notes == Self.noteCount)
    // One rev-parse to find the work tree, one `git log` for every note's history and one
    // `git cat-file --batch` for every revision page: never a process per note.
    #expect(report.gitCommands == ["rev-parse", "log", "cat-file"])

    // Note 7 was imported by Ana, then edited by commits 7 (Ana), 2,007 (a multiple of 3: Ben)
    // and 4,007 (Ana).
    let history = detailColumn(try site.page("folder-0/note-7/history"))
    #expect(history.components(separatedBy: "<li>").count - 1 == 4)
    let subjects = history.components(separatedBy: "<span class=\"subject\">").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
    #expect(subjects == ["Edit 4007", "Edit 2007", "Edit 7", "Import notes"])
    let hrefsOfHistory = hrefs(history).filter { $0.hasPrefix("/folder-0/note-7/history/") }
    #expect(hrefsOfHistory.count == 4)
    let oldest = try #require(hrefsOfHistory.last)
    let page = detailColumn(try site.page(String(oldest.dropFirst())))
    #expect(page.contains("Revision 1 of a note"))
    let collaborators = detailColumn(try site.page("folder-0/note-7/collaborators"))
    #expect(collaborators.contains("Ana Lima") && collaborators.contains("Ben Ito"))
  }
}
