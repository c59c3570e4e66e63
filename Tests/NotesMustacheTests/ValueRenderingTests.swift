import Foundation
import NotesMustache
import Testing

/// How data values appear in output.
@Suite struct ValueRenderingTests {
  private func render(_ template: String, _ data: TemplateValue, partials: [String: String] = [:])
    throws -> String
  {
    var sources = partials
    sources["t"] = template
    return try TemplateLibrary(sources: sources).render("t", data)
  }

  @Test func mustacheSyntaxInsideValuesIsNeverReparsed() throws {
    let data: TemplateValue = [
      "title": "How {{secret}} and {{>partial}} look", "secret": "LEAK", "code": "{{#x}}{{/y}}",
    ]
    let output = try render(
      "{{title}}|{{{title}}}|{{&title}}|{{code}}", data, partials: ["partial": "LEAK"])
    #expect(
      output
        == "How {{secret}} and {{&gt;partial}} look|How {{secret}} and {{>partial}} look"
        + "|How {{secret}} and {{>partial}} look|{{#x}}{{/y}}")
    #expect(!output.contains("LEAK"))
  }

  @Test func literalsBuildNaturalData() throws {
    let note: TemplateValue = [
      "title": "Inbox", "count": 3, "ratio": 0.5, "pinned": true, "draft": false,
      "tags": ["a", "b"], "missing": nil,
    ]
    let output = try render(
      "{{title}} {{count}} {{ratio}}{{#pinned}} pinned{{/pinned}}{{^draft}} live{{/draft}}"
        + "{{#tags}} #{{.}}{{/tags}}[{{missing}}]", note)
    #expect(output == "Inbox 3 0.5 pinned live #a #b[]")
  }

  @Test(arguments: [
    (TemplateValue.int(85), "85"), (.double(1.210), "1.21"), (.double(85.0), "85"),
    (.double(-0.25), "-0.25"), (.int(-7), "-7"), (.bool(true), "true"), (.bool(false), "false"),
    (.null, ""), (.string("日本語"), "日本語"),
  ])
  func interpolatesScalars(value: TemplateValue, text: String) throws {
    #expect(try render("{{v}}", ["v": value]) == text)
  }

  /// Sections follow JavaScript truthiness (`!!data`, as the spec describes): empty strings
  /// and zero are falsy, so `{{#description}}<meta …>{{/description}}` skips empty ones.
  @Test(arguments: [
    (TemplateValue.string(""), false), (.string("x"), true), (.int(0), false), (.int(2), true),
    (.double(0), false), (.list([]), false), (.list([.null]), true), (.object([:]), true),
    (.null, false), (.bool(false), false),
  ])
  func sectionTruthiness(value: TemplateValue, rendersSection: Bool) throws {
    let output = try render("{{#v}}yes{{/v}}{{^v}}no{{/v}}", ["v": value])
    #expect(output == (rendersSection ? "yes" : "no"))
  }

  @Test func escapeHTMLEscapesMarkupAndQuotes() {
    #expect(
      Mustache.escapeHTML("<a href=\"x\">Tom & Jerry's</a>")
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    #expect(Mustache.escapeHTML("日本 & é ✓") == "日本 &amp; é ✓")
    #expect(Mustache.escapeHTML("plain") == "plain")
    #expect(Mustache.escapeHTML("") == "")
  }

  @Test func oneLibraryRendersConcurrently() async throws {
    let library = try TemplateLibrary(sources: [
      "page": "{{#items}}<li>{{>item}}</li>{{/items}}", "item": "{{name}} ({{n}})",
    ])
    let pages = 64
    let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
      for page in 0..<pages {
        group.addTask {
          let items = TemplateValue.list(
            (0..<50).map { ["name": .string("p\(page)"), "n": .int($0)] })
          return (page, try library.render("page", ["items": items]))
        }
      }
      return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    #expect(results.count == pages)
    for (page, output) in results {
      let expected = (0..<50).map { "<li>p\(page) (\($0))</li>" }.joined()
      #expect(output == expected)
    }
  }
}
