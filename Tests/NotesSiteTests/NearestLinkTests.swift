import Foundation
import NotesSite
import Testing

/// A `[[name]]` that several notes answer to links to the nearest one: in the same folder,
/// else sharing the most leading folders, else the shallowest; the rest is a warning.
@Suite struct NearestLinkTests {
  static let files: [String: String] = [
    "content/Work/Plan.md": "# Plan\n\nWork plan.\n",
    "content/Work/Projects/Plan.md": "# Plan\n\nProject plan.\n",
    "content/Home/Plan.md": "# Plan\n\nHome plan.\n",
    "content/Workshop/Plan.md": "# Plan\n\nWorkshop plan.\n",
    "content/Work/Projects/Alpha/Notes.md": "# Notes\n\nSee [[Plan]].\n",
    "content/Home/Garden.md": "# Garden\n\nSee [[Plan]].\n",
    "content/Workshop/Deep/Bench.md": "# Bench\n\nSee [[Plan]].\n",
    "content/Inbox.md": "# Inbox\n\nSee [[Plan]].\n",
  ]

  func linkedPlan(_ site: SiteFixture, from page: String) throws -> String? {
    let html = try site.page(page)
    let body = try #require(html.range(of: "<div class=\"note-body\">")).upperBound
    return internalLinks(String(html[body...])).first { $0.hasSuffix("/plan/") }
  }

  @Test func theNearestNoteWins() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    // Deepest shared folders: Work/Projects over Work.
    #expect(try linkedPlan(site, from: "work/projects/alpha/notes") == "/work/projects/plan/")
    // Same folder over everything.
    #expect(try linkedPlan(site, from: "home/garden") == "/home/plan/")
    // `Workshop` shares no folder with `Work`, though one name starts the other.
    #expect(try linkedPlan(site, from: "workshop/deep/bench") == "/workshop/plan/")
    // Nothing shared: the shallowest, then the first by ID.
    #expect(try linkedPlan(site, from: "notes/inbox") == "/home/plan/")
    let warnings = report.diagnostics.filter { $0.message.contains("'Plan' matches 4 files") }
    #expect(warnings.count == 4)
    #expect(warnings.allSatisfy { $0.message.hasSuffix("using the nearest") })
  }
}
