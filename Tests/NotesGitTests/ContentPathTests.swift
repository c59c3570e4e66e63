import Foundation
import NotesGit
import Testing

@Suite struct ContentPathTests {
  @Test func contentFolderNestedInTheRepository() throws {
    let repo = try TestRepository()
    try repo.write("README.md", "The site's source.\n")
    try repo.write("site/notes-site.yml", "title: Notes\n")
    try repo.write("site/content/Work/Roadmap.md", "# Roadmap\n")
    try repo.write("site/contents-old/Roadmap.md", "# Not content\n")
    try repo.commit("Set up site", by: .ana, at: 0)
    try repo.write("README.md", "The site's source, now documented.\n")
    try repo.commit("Document the repository", by: .ben, at: 60)

    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("site/content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Work/Roadmap.md")
    #expect(revisions.map(\.path) == ["site/content/Work/Roadmap.md"])
    #expect(revisions.map(\.subject) == ["Set up site"])
    // Files beside the content folder, even with a similar name, have no history here.
    #expect(history.revisions(ofContentPath: "../README.md").isEmpty)
    #expect(history.revisions(ofContentPath: "README.md").isEmpty)
    #expect(history.editCount(ofContentPath: "Roadmap.md") == 0)
    // Only commits touching the content folder are loaded: 1 revision, no README commit.
    #expect(history.firstRevision(ofContentPath: "Work/Roadmap.md")?.subject == "Set up site")
  }

  @Test func contentFolderIsTheRepositoryRoot() throws {
    let repo = try TestRepository()
    try repo.write("Inbox.md", "Call the plumber\n")
    try repo.write("Work/Plan.md", "Plan\n")
    try repo.commit("First notes", by: .ana, at: 0)

    let history = try #require(GitHistory.load(contentDirectory: repo.root, limit: 50).0)
    #expect(history.revisions(ofContentPath: "Inbox.md").map(\.path) == ["Inbox.md"])
    #expect(history.revisions(ofContentPath: "Work/Plan.md").map(\.path) == ["Work/Plan.md"])
  }

  @Test(arguments: [
    "Personal/レシピ.md", "Work/Meeting notes 2024.md", "日本語 フォルダ/メモ 1.md",
    "Café/Crème brûlée.md",
  ])
  func namesWithSpacesAndUnicode(path: String) throws {
    let repo = try TestRepository()
    try repo.write("content/" + path, "first\n")
    try repo.commit("Add \(path)", by: .ana, at: 0)
    try repo.write("content/" + path, "second\n")
    try repo.commit("Edit \(path)", by: .ben, at: 60)

    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: path)
    #expect(revisions.map(\.subject) == ["Edit \(path)", "Add \(path)"])
    #expect(revisions.map(\.path) == ["content/" + path, "content/" + path])
    let contents = history.contents(of: revisions)
    #expect(
      revisions.map { contents[$0.contentsKey] } == [Data("second\n".utf8), Data("first\n".utf8)])
  }

  /// A file committed from macOS can carry its name in NFD; the site looks notes up in NFC.
  @Test func decomposedNamesAreFoundByTheirComposedForm() throws {
    let repo = try TestRepository()
    let decomposed = "Cafe\u{301}/Re\u{301}sume\u{301}.md"
    try repo.write("content/" + decomposed, "bonjour\n")
    try repo.commit("Add résumé", by: .ana, at: 0)

    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Café/Résumé.md")
    #expect(revisions.count == 1)
    // The stored path is git's own, so its blob can still be read.
    let revision = try #require(revisions.first)
    #expect(history.contents(of: revisions)[revision.contentsKey] == Data("bonjour\n".utf8))
  }
}
