import Foundation
import NotesMustache
import Testing

/// Rendering speed on a realistic note page (see `BenchmarkPage`).
///
/// The timed test runs only when `MUSTACHE_BENCH` is set, in a release build:
///
///     MUSTACHE_BENCH=1 swift test -c release -Xswiftc -enable-testing \
///       --filter MustachePerformance
///
/// `MUSTACHE_BENCH_PAGES=N` changes the number of pages (default 2,000). For instruction
/// counts, which do not depend on what else the machine is doing, render a few pages under
/// callgrind and count only the rendering loop:
///
///     MUSTACHE_BENCH=callgrind MUSTACHE_BENCH_PAGES=50 valgrind --tool=callgrind \
///       --toggle-collect='*renderNotePages*' .build/release/notes-sitePackageTests.xctest \
///       --testing-library swift-testing --filter MustachePerformance
@Suite struct MustachePerformanceTests {
  static let mode = ProcessInfo.processInfo.environment["MUSTACHE_BENCH"]
  static let pages = ProcessInfo.processInfo.environment["MUSTACHE_BENCH_PAGES"].flatMap { Int($0) }

  /// Always runs: the benchmark page renders the parts the numbers are about.
  @Test func benchmarkPageRendersEveryPart() throws {
    let library = try BenchmarkPage.library()
    let page = try library.render("note", BenchmarkPage.noteData())
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.utf8.count > 30_000)
    // Layout, blocks, the recursive folder tree, the list, dotted lookups, escaping, raw HTML.
    #expect(page.contains("<title>Meeting notes 42 — Team Notes</title>"))
    #expect(page.contains("<span class=\"name\">Folder 17 &amp; more</span>"))
    #expect(page.contains("aria-current=\"page\"><span class=\"name\">Folder 17"))
    #expect(page.contains("Meeting notes 99: &quot;planning&quot; &lt;draft&gt;"))
    #expect(page.contains("<h2 id=\"backlinks-title\">Text number 14 for linked_from</h2>"))
    #expect(page.contains("<p>Paragraph with <strong>bold</strong>"))
    #expect(page.components(separatedBy: "<li><a href=\"/folders/").count == 51)
    #expect(page.components(separatedBy: "<span class=\"title\">").count == 101)
  }

  @Test(.enabled(if: mode != nil, "set MUSTACHE_BENCH=1 (or =callgrind) to measure"))
  func notePage() throws {
    let library = try BenchmarkPage.library()
    let data = BenchmarkPage.noteData()
    if Self.mode == "callgrind" {
      let bytes = try BenchmarkPage.renderNotePages(library, data, count: Self.pages ?? 50)
      print("mustache benchmark: rendered \(bytes) bytes")
      return
    }
    let count = Self.pages ?? 2_000
    _ = try BenchmarkPage.renderNotePages(library, data, count: max(1, count / 10))  // warm up
    var best = Double.infinity
    var bytes = 0
    for _ in 0..<5 {
      let start = ContinuousClock.now
      bytes = try BenchmarkPage.renderNotePages(library, data, count: count)
      let elapsed = ContinuousClock.now - start
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
      best = min(best, seconds)
    }
    let perPage = best / Double(count) * 1e6
    let pageSize = bytes / count
    print(
      "mustache benchmark: \(count) note pages of \(pageSize) bytes, best of 5: "
        + String(format: "%.1f µs/page, %.0f MB/s", perPage, Double(pageSize) / perPage))
  }
}
