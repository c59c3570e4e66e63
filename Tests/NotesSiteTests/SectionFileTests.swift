import Foundation
import Testing

@testable import NotesSite

/// Hugo and Zola keep a section's title (and sometimes its text) in `_index.md`.
@Suite struct SectionFileTests {
  @Test func aSectionFileNamesItsFolderAndIsANoteOnlyWithText() async throws {
    let site = try SiteFixture([
      "content/docs/_index.md": "---\ntitle: Documentation\nweight: 10\n---\n",
      "content/docs/install.md": "# Install\n\nRun it.\n",
      "content/blog/_index.md": "+++\ntitle = \"Blog\"\nsort_by = \"date\"\n+++\n\nWhat I write about.\n",
      "content/blog/first.md": "# First post\n\nHello.\n",
      "content/misc/_index.md": "Notes that fit nowhere else.\n",
      "content/misc/other.md": "# Other\n",
      "content/empty/_index.md": "---\ntitle: Nothing here\n---\n",
      "content/guide/_index.en.md": "+++\ntitle = \"Guide\"\n+++\n",
      "content/guide/start.en.md": "# Start\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let home = try site.page("")
    // The folder reads as its section's title; a section file without text is no note.
    #expect(home.contains("<span class=\"name\">Documentation</span>"), "\(home)")
    #expect(!site.exists("docs/index"))
    #expect(try site.page("docs").contains("<p class=\"count\">1 note</p>"))
    // With text it is a note too, named by its title, or else by its folder.
    #expect(try site.page("blog/index").contains("<h1>Blog</h1>"))
    #expect(try site.page("misc/index").contains("<h1>misc</h1>"))
    // Hugo's translations of a section file are section files.
    #expect(home.contains("<span class=\"name\">Guide</span>") && !site.exists("guide/index-en"), "\(home)")
    // A folder whose only file is a section file without text holds no note: not listed.
    #expect(!home.contains("Nothing here") && !site.exists("empty"))
  }
}
