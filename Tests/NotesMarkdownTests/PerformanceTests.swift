import CCmark
import Foundation
import Testing

@testable import NotesMarkdown

/// `Markdown.render` should cost about what cmark's own parse + render costs. Run with
/// `NOTES_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter PerformanceTests`.
/// Measured (callgrind instructions, this note): before the byte-level rewrites render ≈ 5.1×
/// and analyze ≈ 6.2× cmark; now render ≈ 3.4× and analyze ≈ 2.9×. Wall-clock ratios on a
/// loaded machine are noisier, so the bound only guards against regressions.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["NOTES_BENCH"] != nil))
struct PerformanceTests {
  /// A typical note of about 3 KB: headings, lists, tasks, links, wiki links, tags, code.
  static let note: String = {
    let section = """
      ## Section about [[Roadmap]] and plans

      Some text with a [link](Roadmap.md), *emphasis*, `code`, and a tag #work/alpha.
      Another line that goes on for a while so the paragraph is realistic in length.

      - [ ] Task with [[Work/Alpha|alpha]]
      - [x] Done thing
      - plain item with https://example.org/#anchor

      > [!tip] A callout
      > With body text.

      ```swift
      let x = [[1, 2], [3]] // #notatag
      ```

      """
    return "# Title\n\n" + String(repeating: section, count: 6)
  }()

  @Test func renderCostsAboutWhatCmarkCosts() {
    let note = PerformanceTests.note
    let rounds = 2_000
    let clock = ContinuousClock()
    let cmark = clock.measure {
      for _ in 0..<rounds {
        note.withCString { c in
          let doc = cmark_parse_document(c, strlen(c), CMARK_OPT_SOURCEPOS)!
          let html = cmark_render_html(doc, CMARK_OPT_DEFAULT)!
          free(html)
          cmark_node_free(doc)
        }
      }
    }
    let ours = clock.measure {
      for _ in 0..<rounds { _ = render(note) }
    }
    let analysis = clock.measure {
      for _ in 0..<rounds { _ = Markdown.analyze(note) }
    }
    print(
      "note: \(note.utf8.count) bytes; per note: cmark \(cmark / rounds), render \(ours / rounds), analyze \(analysis / rounds)"
    )
    #expect(ours < cmark * 10)
  }
}
