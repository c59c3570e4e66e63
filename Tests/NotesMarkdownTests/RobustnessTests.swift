import Testing

@testable import NotesMarkdown

@Suite struct RobustnessTests {
  /// Inputs named, so a failure does not print 10,000 characters.
  enum Pathological: String, CaseIterable, CustomTestStringConvertible {
    case deepQuotes, deepLists, deepEmphasis, deepBrackets, manyCallouts, deepQuotedMath

    var markdown: String {
      switch self {
      case .deepQuotes: String(repeating: ">", count: 10_000) + " deep [[Roadmap]] #tag"
      case .deepLists:
        String(repeating: "- ", count: 10_000) + "[ ] item #t\n"
          + String(repeating: "1. > ", count: 5_000) + "[[Roadmap]]"
      case .deepEmphasis:
        String(repeating: "*", count: 10_000) + "x" + String(repeating: "*", count: 10_000)
      case .deepBrackets:
        String(repeating: "[", count: 10_000) + "[[Roadmap]]"
          + String(repeating: "]", count: 10_000)
      case .manyCallouts: String(repeating: "> [!note] x\n", count: 2_000)
      case .deepQuotedMath:
        String(repeating: ">", count: 10_000) + " $x*y$ [[Roadmap]]\n$$\n+ a\n"
          + String(repeating: "> ", count: 5_000) + "$$"
      }
    }
    var testDescription: String { rawValue }
  }

  @Test(arguments: Pathological.allCases)
  func pathologicalInputDoesNotCrash(_ input: Pathological) {
    let markdown = input.markdown
    let note = render(markdown)
    let analysis = Markdown.analyze(markdown)
    #expect(!note.html.isEmpty)
    #expect(!analysis.plainText.isEmpty)
    switch input {
    case .deepQuotes:
      #expect(note.html.contains(#"<a class="wiki-link" href="/notes/roadmap/">Roadmap</a>"#))
      #expect(analysis.tags == ["tag"])
    case .deepLists:
      #expect(analysis.tasks == TaskCount(done: 0, total: 1))
      #expect(note.html.contains(#"<input type="checkbox" disabled> item"#))
      #expect(analysis.references.map(\.target) == ["Roadmap"])
    case .manyCallouts:
      #expect(note.html.contains(#"<aside class="callout callout-note" role="note">"#))
    case .deepQuotedMath:
      #expect(note.html.contains(#"<span class="math math-inline">\(x*y\)</span>"#))
      #expect(analysis.references.map(\.target) == ["Roadmap"])
    case .deepEmphasis, .deepBrackets:
      break
    }
  }

  /// Scanning for tags and wiki links stays linear: 40,000 tags and 20,000 unclosed `[[`.
  @Test func manyHashesAndBracketsStayFast() {
    let text = String(repeating: "(#a(#b ", count: 20_000) + String(repeating: "[[x", count: 20_000)
    let elapsed = ContinuousClock().measure {
      #expect(Markdown.analyze(text).tags == ["a", "b"])
      #expect(render(text).html.contains(#"(<a class="tag" href="/notes/_tags/a/">#a</a>("#))
    }
    // About a second in a debug build on a busy machine; quadratic scanning would take minutes.
    #expect(elapsed < .seconds(20))
  }
}

extension RobustnessTests {
  /// Openers that never close, on one long line: Logseq macros and labelled links, LaTeX's
  /// `\(`, MkDocs keys. Each scan gives up at the end of the text once, not once per opener.
  @Test func unclosedOpenersStayFast() {
    let text = "- " + String(repeating: "{{x [y]([ \\(z ", count: 30_000) + "\n"
    // Openers before a far code span and a far closer.
    let far = String(repeating: "{{x [y]([ \\(z ", count: 30_000) + "`c` \\) }} ]] ]])"
    let elapsed = ContinuousClock().measure {
      #expect(render(text).html.contains("{{x [y]([ (z"))
      #expect(render(far).html.contains("{{x [y]([ (z"))
    }
    // Linear scanning takes well under a second in a debug build; quadratic, many minutes.
    #expect(elapsed < .seconds(20))
  }
}
