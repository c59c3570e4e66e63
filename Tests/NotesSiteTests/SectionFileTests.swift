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

extension SectionFileTests {
  /// Hugo's leaf bundles, `posts/my-trip/index.md` with its images beside it, are notes of
  /// their section, at the bundle's URL, their files beside their page; linked by the folder,
  /// its name or a `ref`. A folder with other notes keeps its `index.md` as its own note.
  @Test func hugoLeafBundlesAreNotesOfTheirSection() async throws {
    let site = try SiteFixture([
      "content/posts/_index.md": "---\ntitle: Posts\n---\n",
      "content/posts/my-trip/index.md": "---\ntitle: My trip\ndate: 2022-05-30\n---\nText. ![pic](pic.png)\n",
      "content/posts/my-trip/pic.png": "png",
      "content/posts/algorithm/LRU缓存实现/index.md": "---\ntitle: LRU\n---\nSee [the trip](../../my-trip/), [[my-trip]] and [again]({{< ref \"posts/my-trip\" >}}).\n",
      "content/docs/index.md": "# Docs\n\nStart here.\n",
      "content/docs/setup.md": "# Setup\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let trip = try site.page("posts/my-trip")
    #expect(trip.contains("<h1>My trip</h1>") && trip.contains(#"<img src="/posts/my-trip/pic.png" alt="pic" />"#), "\(trip)")
    #expect(site.exists("posts/my-trip/pic.png"))
    #expect(try site.page("posts").contains("<p class=\"count\">1 note</p>"))
    #expect(try noteBodyLinks(site.page("posts/algorithm/lru缓存实现")).prefix(3) == ["/posts/my-trip/", "/posts/my-trip/", "/posts/my-trip/"])
    #expect(site.exists("docs/index/index.html") && site.exists("docs/setup/index.html"))
  }

  /// A TIL repository or mdBook keeps a topic's page in `README.md`, a Hugo page bundle in
  /// `index.md`: without a title or heading of its own, the note reads as its folder.
  @Test func aFolderIndexWithoutATitleReadsAsItsFolder() async throws {
    let site = try SiteFixture([
      "content/FECONF 21 - Components/README.md": "## Session\n\nNotes from the talk.\n",
      "content/posts/trip-to-kyoto/index.md": "---\ndate: 2024-05-01\n---\n\nTemples.\n",
      "content/guide/README.md": "# Getting started\n\nText.\n",
      "content/README.md": "Top-level text.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(try site.page("feconf-21-components/readme").contains("<h1>FECONF 21 - Components</h1>"))
    // A Hugo leaf bundle is the note of its folder's name, at that folder's URL.
    #expect(try site.page("posts/trip-to-kyoto").contains("<h1>trip-to-kyoto</h1>"))
    // A heading of its own still names it; at the top there is no folder to name it by.
    #expect(try site.page("guide/readme").contains("<h1>Getting started"))
    #expect(try site.page("notes/readme").contains("<h1>README</h1>"))
  }
}
