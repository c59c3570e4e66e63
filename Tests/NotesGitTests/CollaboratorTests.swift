import Foundation
import NotesGit
import Testing

@Suite struct CollaboratorTests {
  /// Jane commits from two addresses under two spellings; `.mailmap` makes her one person.
  static func repositoryWithMailmap() throws -> TestRepository {
    let repo = try TestRepository()
    try repo.write(
      ".mailmap",
      """
      Jane Doe <jane@work.example>
      Jane Doe <jane@work.example> <jdoe@home.example>

      """)
    try repo.write("content/Garden.md", "Tomatoes\n")
    try repo.commit(
      "Start garden log", by: Person(name: "J. Doe", email: "jdoe@home.example"), at: 0)
    try repo.write("content/Garden.md", "Tomatoes\nBasil\n")
    try repo.commit("Add basil", by: .ben, at: 100)
    try repo.write("content/Garden.md", "Tomatoes\nBasil\nMint\n")
    try repo.commit("Add mint", by: Person(name: "Jane", email: "jane@work.example"), at: 200)
    try repo.write("content/Garden.md", "Tomatoes\nBasil\nMint\nChives\n")
    try repo.commit(
      "Add chives", by: Person(name: "jane@work.example", email: "x@y.example"), at: 300)
    return repo
  }

  @Test func mailmapJoinsTwoAddressesOfOnePerson() throws {
    let repo = try Self.repositoryWithMailmap()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Garden.md")
    #expect(revisions.map(\.author) == ["jane", "Jane Doe", "Ben Ito", "Jane Doe"])

    let collaborators = GitHistory.collaborators(of: revisions)
    #expect(collaborators.map(\.name) == ["Jane Doe", "Ben Ito", "jane"])
    #expect(collaborators.map(\.edits) == [2, 1, 1])
    #expect(collaborators.first?.firstEdit == commitDate(0))
    #expect(collaborators.first?.lastEdit == commitDate(200))
  }

  @Test func noEmailAddressIsEverExposed() throws {
    let repo = try Self.repositoryWithMailmap()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 50).0)
    let revisions = history.revisions(ofContentPath: "Garden.md")
    #expect(revisions.count == 4)
    for revision in revisions {
      #expect(!"\(revision)".contains("@"))
    }
    for collaborator in history.collaborators(ofContentPath: "Garden.md") {
      #expect(!"\(collaborator)".contains("@"))
    }
  }

  @Test func wholeHistoryCollaboratorsIgnoreTheLimit() throws {
    let repo = try Self.repositoryWithMailmap()
    let history = try #require(
      GitHistory.load(contentDirectory: repo.url("content"), limit: 1).0)
    #expect(history.revisions(ofContentPath: "Garden.md").count == 1)
    #expect(history.collaborators(ofContentPath: "Garden.md").map(\.edits) == [2, 1, 1])
  }

  @Test func collaboratorsAreRankedByEditsThenName() {
    func revision(_ author: String, _ offset: Int) -> Revision {
      Revision(
        hash: String(repeating: "a", count: 40), shortHash: "aaaaaaa", date: commitDate(offset),
        author: author, subject: "Edit", path: "content/Note.md")
    }
    let collaborators = GitHistory.collaborators(of: [
      revision("Zoe", 50), revision("Mia", 40), revision("Zoe", 30), revision("Al", 20),
      revision("Mia", 10),
    ])
    #expect(
      collaborators == [
        Collaborator(name: "Mia", edits: 2, firstEdit: commitDate(10), lastEdit: commitDate(40)),
        Collaborator(name: "Zoe", edits: 2, firstEdit: commitDate(30), lastEdit: commitDate(50)),
        Collaborator(name: "Al", edits: 1, firstEdit: commitDate(20), lastEdit: commitDate(20)),
      ])
  }
}
