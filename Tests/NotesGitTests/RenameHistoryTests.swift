import Foundation
import NotesGit
import Testing

@Suite struct RenameHistoryTests {
  /// A note written by Ana, edited by Ben and Ana, then renamed by Ben.
  static func renamedNote() throws -> TestRepository {
    let repo = try TestRepository()
    try repo.write("content/Work/Plan.md", "# Plan\n\nShip it.\n")
    try repo.commit("Add plan", by: .ana, at: 0)
    try repo.write("content/Work/Plan.md", "# Plan\n\nShip it in May.\n")
    try repo.commit("Pick a month", by: .ben, at: 3_600)
    try repo.write("content/Work/Plan.md", "# Plan\n\nShip it in May.\n\n- [ ] docs\n")
    try repo.commit("Add a checklist", by: .ana, at: 7_200)
    try repo.git("mv", "content/Work/Plan.md", "content/Work/Roadmap.md")
    try repo.git("commit", "-q", "-m", "Rename to Roadmap", as: .ben, at: 10_800)
    return repo
  }

  @Test func followsARenameNewestFirst() throws {
    let repo = try Self.renamedNote()
    let (history, diagnostics) = GitHistory.load(
      contentDirectory: repo.url("content"), limit: 50)
    let loaded = try #require(history)
    #expect(diagnostics.isEmpty)
    #expect(loaded.isShallow == false)

    let revisions = loaded.revisions(ofContentPath: "Work/Roadmap.md")
    #expect(
      revisions.map(\.subject) == [
        "Rename to Roadmap", "Add a checklist", "Pick a month", "Add plan",
      ])
    #expect(revisions.map(\.author) == ["Ben Ito", "Ana Lima", "Ben Ito", "Ana Lima"])
    #expect(revisions.map(\.date) == [10_800, 7_200, 3_600, 0].map(commitDate))
    #expect(
      revisions.map(\.path) == [
        "content/Work/Roadmap.md", "content/Work/Plan.md", "content/Work/Plan.md",
        "content/Work/Plan.md",
      ])
    let head = try repo.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(revisions.first?.hash == head)
    // The old name is not a note any more.
    #expect(loaded.revisions(ofContentPath: "Work/Plan.md").isEmpty)
    #expect(loaded.firstRevision(ofContentPath: "Work/Roadmap.md")?.subject == "Add plan")
  }

  @Test func contentsAreEachRevisionsExactText() throws {
    let repo = try Self.renamedNote()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Work/Roadmap.md")
    #expect(history.processesLaunched == 2)

    let contents = history.contents(of: revisions)
    #expect(history.processesLaunched == 3)
    let texts = revisions.map {
      contents[$0.contentsKey].map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(
      texts == [
        "# Plan\n\nShip it in May.\n\n- [ ] docs\n",
        "# Plan\n\nShip it in May.\n\n- [ ] docs\n",
        "# Plan\n\nShip it in May.\n",
        "# Plan\n\nShip it.\n",
      ])
  }

  @Test func renameWithAnEditInTheSameCommitKeepsHistory() throws {
    let repo = try TestRepository()
    let body = (1...20).map { "Line \($0) of the meeting notes." }.joined(separator: "\n")
    try repo.write("content/Meeting.md", body + "\n")
    try repo.commit("Notes from Monday", by: .ana, at: 0)
    try FileManager.default.createDirectory(
      at: repo.url("content/Meetings"), withIntermediateDirectories: true)
    try repo.git("mv", "content/Meeting.md", "content/Meetings/Monday.md")
    try repo.write("content/Meetings/Monday.md", body + "\nAction items follow.\n")
    try repo.commit("File under Meetings", by: .ben, at: 60)

    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Meetings/Monday.md")
    #expect(revisions.map(\.path) == ["content/Meetings/Monday.md", "content/Meeting.md"])
  }

  @Test func aDeletedNoteDoesNotLendItsHistoryToANewNoteOfTheSameName() throws {
    let repo = try TestRepository()
    try repo.write("content/Ideas.md", "old ideas\n")
    try repo.commit("Old ideas", by: .ana, at: 0)
    try repo.git("rm", "-q", "content/Ideas.md")
    try repo.git("commit", "-q", "-m", "Drop ideas", at: 60)
    try repo.write("content/Ideas.md", "fresh start\n")
    try repo.commit("New ideas", by: .ben, at: 120)

    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    #expect(history.revisions(ofContentPath: "Ideas.md").map(\.subject) == ["New ideas"])
  }

  @Test func uncommittedChangesAreNotRevisions() throws {
    let repo = try Self.renamedNote()
    try repo.write("content/Work/Roadmap.md", "edited but not committed\n")
    try repo.write("content/Draft.md", "never added\n")

    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Work/Roadmap.md")
    #expect(revisions.count == 4)
    let newest = try #require(revisions.first)
    #expect(
      history.contents(of: [newest]).values.first.map { String(decoding: $0, as: UTF8.self) }
        == "# Plan\n\nShip it in May.\n\n- [ ] docs\n")
    #expect(history.revisions(ofContentPath: "Draft.md").isEmpty)
  }
}
