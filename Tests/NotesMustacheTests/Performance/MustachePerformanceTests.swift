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
/// It times `render(_:_:) -> String` and `render(_:_:into:)` with a `[UInt8]`.
/// `MUSTACHE_BENCH_PAGES=N` changes the number of pages (default 2,000).
///
/// For instruction counts, which do not depend on what else the machine is doing, build
/// `BenchmarkPage` into a small program (it uses only public API; valgrind cannot run the
/// test bundle) and count only the rendering loop, from the repository root:
///
///     D=$(mktemp -d); R=$PWD
///     (cd "$D" && swiftc -O -wmo -parse-as-library -emit-module -emit-library -static \
///       -module-name NotesMustache $(find "$R/Sources/NotesMustache" -name '*.swift') \
///       -o libNotesMustache.a)
///     echo 'try BenchmarkPage.runStandalone()' > "$D/main.swift"
///     swiftc -O -wmo -I "$D" -L "$D" -lNotesMustache \
///       Tests/NotesMustacheTests/Performance/BenchmarkPage.swift "$D/main.swift" -o "$D/bench"
///     MUSTACHE_BENCH_PAGES=50 valgrind --tool=callgrind --toggle-collect='*renderNotePages*' \
///       "$D/bench"
///
/// (`MUSTACHE_BENCH_BYTES=1` counts the `[UInt8]` rendering instead of the `String` one.)
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
    #expect(page.contains("aria-current=\"page\" aria-label=\"Folder 17 &amp; more 21 notes\"><span class=\"name\">Folder 17"))
    #expect(page.contains("Meeting notes 99: &quot;planning&quot; &lt;draft&gt;"))
    #expect(page.contains("<h2 id=\"backlinks-title\">Text number 14 for linked_from</h2>"))
    #expect(page.contains("<p>Paragraph with <strong>bold</strong>"))
    #expect(page.components(separatedBy: "<li><a href=\"/folders/").count == 51)
    #expect(page.components(separatedBy: "<span class=\"title\">").count == 101)
  }

  @Test(.enabled(if: mode != nil, "set MUSTACHE_BENCH=1 to measure"))
  func notePage() throws {
    let library = try BenchmarkPage.library()
    let data = BenchmarkPage.noteData()
    let count = Self.pages ?? 2_000
    for asBytes in [false, true] {
      let render = asBytes ? BenchmarkPage.renderNotePagesAsBytes : BenchmarkPage.renderNotePages
      _ = try render(library, data, max(1, count / 10))  // warm up
      var best = Double.infinity
      var bytes = 0
      for _ in 0..<5 {
        let start = ContinuousClock.now
        bytes = try render(library, data, count)
        let elapsed = ContinuousClock.now - start
        let seconds =
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
      }
      let perPage = best / Double(count) * 1e6
      let pageSize = bytes / count
      print(
        "mustache benchmark (\(asBytes ? "[UInt8]" : "String")): \(count) note pages of "
          + "\(pageSize) bytes, best of 5: "
          + String(format: "%.1f µs/page, %.0f MB/s", perPage, Double(pageSize) / perPage))
    }
  }
}
