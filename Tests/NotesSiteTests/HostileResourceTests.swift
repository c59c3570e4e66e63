import Foundation
import NotesSite
import Testing

/// Inputs built to exhaust time, memory or stack: each builds in bounded time and memory, or
/// stops with a clear diagnostic (SECURITY.md §3). No timing assertions: a hang fails the run.
@Suite struct HostileResourceTests {
  static let hugeEnabled = ProcessInfo.processInfo.environment["NOTES_SITE_HOSTILE_HUGE"] == "1"

  /// One site, one note per shape.
  @Test func pathologicalNotesBuild() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write(
      "content/Big/Headings.md", String(repeating: "## Same heading\n", count: 100_000))
    try site.write("content/Big/Quotes.md", String(repeating: ">", count: 10_000) + " deep\n")
    try site.write(
      "content/Big/Lists.md",
      (0..<10_000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined())
    try site.write("content/Big/Mixed.md", String(repeating: "> - ", count: 5_000) + "x\n")
    try site.write(
      "content/Big/Line.md",
      "# Line\n\n" + String(repeating: "word [[Line]] #tag ", count: 55_000) + "\n")
    try site.write("content/Big/Emphasis.md", String(repeating: "**a *b ", count: 50_000) + "\n")
    try site.write(
      "content/Big/Links.md",
      (0..<20_000).map { "[l\($0)](Headings.md#same-heading-\($0)) " }.joined() + "\n")
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics.prefix(5))")
    #expect(report.notes == 7)
    let headings = String(
      decoding: try Data(contentsOf: site.output.appendingPathComponent("big/headings/index.html")),
      as: UTF8.self)
    #expect(headings.contains("id=\"same-heading-99999\""))
    #expect(site.auditOutput().isEmpty)
  }

  /// A 50 MB note. Opt-in (`NOTES_SITE_HOSTILE_HUGE=1`) because a debug build takes minutes.
  @Test(.enabled(if: hugeEnabled)) func fiftyMegabyteNote() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    let paragraph =
      String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 16)
      + "\n\n"
    try site.write(
      "content/Big/Huge.md",
      "# Huge\n\n" + String(repeating: paragraph, count: 50_000_000 / paragraph.utf8.count))
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics.prefix(5))")
    #expect(site.outputFiles()["big/huge/index.html"].map { $0.count > 50_000_000 } == true)
  }

  /// 100,000 empty notes in one folder. Opt-in (`NOTES_SITE_HOSTILE_HUGE=1`).
  @Test(.enabled(if: hugeEnabled)) func hundredThousandFilesInOneFolder() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    let folder = site.root.appendingPathComponent("content/Inbox")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for i in 0..<100_000 {
      FileManager.default.createFile(
        atPath: folder.appendingPathComponent("n\(i).md").path, contents: nil)
    }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics.prefix(5))")
    #expect(report.notes == 100_000)
  }

  /// Templates that include or extend themselves stop with a diagnostic naming the template.
  @Test(arguments: [
    ("Templates/partials/note-routes.mustache", "{{> partials/note-routes}}"),
    (
      "Templates/partials/folders.mustache",
      "{{#folders}}{{> partials/folders}}{{/folders}}x{{> partials/folders}}"
    ),
    ("Templates/note.mustache", "{{<note}}{{/note}}"),
    ("Templates/partials/a.mustache", "{{> partials/b}}"),
  ])
  func recursiveTemplatesStop(_ path: String, _ text: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    try site.write(path, text)
    if path.hasSuffix("/a.mustache") {
      try site.write("Templates/partials/b.mustache", "{{> partials/a}}")
      try site.write("Templates/partials/note-routes.mustache", "{{> partials/a}}")
    }
    let report = await site.build()
    #expect(report.exitCode == 1, "\(report.diagnostics)")
    #expect(
      report.diagnostics.contains {
        $0.severity == .error && $0.description.contains("Templates/")
      }, "\(report.diagnostics)")
    #expect(!FileManager.default.fileExists(atPath: site.output.path))
  }
}
