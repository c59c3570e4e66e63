import Foundation
import NotesSite
import Testing

@Suite struct OutputSafetyTests {
  static let good: [String: String] = [
    "content/Work/Roadmap.md": "# Roadmap\n\nText.\n",
    "content/Work/Notes.md": "# Notes\n",
  ]

  /// A bad input fails the build with one clear diagnostic and leaves the previous site as it was.
  @Test(arguments: [
    ("content/Work/Broken.md", "---\ntitle: [unclosed\n---\n# Broken\n", "content/Work/Broken.md:"),
    ("content/Work/Types.md", "---\npinned: maybe\n---\nx\n", "content/Work/Types.md:2:"),
  ])
  func badFrontMatterKeepsPreviousSite(path: String, text: String, location: String) async throws {
    let site = try SiteFixture(Self.good)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    try site.write(path, text)
    let report = await site.build()
    #expect(report.exitCode == 1)
    let errors = report.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1)
    #expect(errors.first?.description.hasPrefix(location) == true, "\(errors)")
    #expect(site.snapshot() == before)
  }

  @Test func invalidUTF8IsAnErrorWithLine() async throws {
    let site = try SiteFixture(Self.good)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = site.snapshot()
    try site.write("content/Work/Latin1.md", Data("# Caf".utf8) + Data([0xE9]) + Data("\n".utf8))
    let report = await site.build()
    #expect(report.exitCode == 1)
    #expect(report.diagnostics.contains { $0.description.hasPrefix("content/Work/Latin1.md:1:6: error:") })
    #expect(site.snapshot() == before)
  }

  @Test func outputInsideOrAroundSourceIsRefused() async throws {
    let site = try SiteFixture(Self.good)
    defer { site.remove() }
    for output in [site.root, site.root.deletingLastPathComponent(), site.root.appendingPathComponent("content/out")] {
      var options = BuildOptions(source: site.root, output: output)
      options.strict = false
      let report = await SiteBuilder.build(options)
      #expect(report.exitCode == 2, "output \(output.path) accepted")
    }
    #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("content/Work/Roadmap.md").path))
    #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("content/out").path))
  }

  @Test func filesTheGeneratorDidNotWriteAreKept() async throws {
    let site = try SiteFixture(Self.good)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    try site.write("_site/CNAME", "notes.example.org\n")
    try FileManager.default.removeItem(at: site.root.appendingPathComponent("content/Work/Notes.md"))
    #expect(await site.build().exitCode == 0)
    #expect(site.exists("CNAME"))
    // A page the generator wrote before and no longer produces is gone.
    #expect(!site.exists("work/notes/index.html"))
  }

  @Test func unchangedFilesAreNotRewritten() async throws {
    let site = try SiteFixture(Self.good)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let sitemap = site.output.appendingPathComponent("sitemap.xml").path
    let before = try FileManager.default.attributesOfItem(atPath: sitemap)[.modificationDate] as? Date
    try await Task.sleep(nanoseconds: 1_100_000_000)
    #expect(await site.build().exitCode == 0)
    let after = try FileManager.default.attributesOfItem(atPath: sitemap)[.modificationDate] as? Date
    #expect(before == after)
  }
}
