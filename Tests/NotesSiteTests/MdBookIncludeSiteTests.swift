import Foundation
import Testing

@testable import NotesSite

/// An mdBook chapter's includes read files beside it under `content/`, and a rebuild shows a
/// changed file.
@Suite struct MdBookIncludeSiteTests {
  static let files: [String: String] = [
    "content/src/ch01.md": """
      # Hello

      ```rust
      {{#include listings/main.rs:body}}
      ```

      {{#playground listings/main.rs}}

      ```rust
      {{#include ../../secret.txt}}
      {{#include listings/gone.rs}}
      ```

      {{#include intro.md}}
      """,
    "content/src/listings/main.rs": "fn main() {\n    // ANCHOR: body\n    println!(\"Hello\");\n    // ANCHOR_END: body\n}\n",
    "content/src/intro.md": "# Intro\n\nThe introduction's text.\n",
    "secret.txt": "not under content",
  ]

  @Test func includesReadFilesUnderContentAndFollowChanges() async throws {
    let site = try SiteFixture(Self.files)
    defer { site.remove() }
    try site.ageFiles()
    let report = await site.build()
    #expect(report.exitCode == 0)
    var html = try site.page("src/ch01")
    #expect(html.contains(#"<code class="language-rust">    println!(&quot;Hello&quot;);"#), "\(html)")
    #expect(html.contains(#"<code class="language-rust">fn main() {"#), "\(html)")
    #expect(html.contains("The introduction&#39;s text.") || html.contains("The introduction's text."), "\(html)")
    #expect(!html.contains("not under content"))
    #expect(
      report.diagnostics.map(\.description) == [
        "content/src/ch01.md:10:1: warning: cannot include '../../secret.txt': no such file under content/",
        "content/src/ch01.md:11:1: warning: cannot include 'listings/gone.rs': no such file under content/",
      ])

    try site.write("content/src/listings/main.rs", "fn main() {\n    // ANCHOR: body\n    println!(\"Bye\");\n    // ANCHOR_END: body\n}\n")
    #expect(await site.build().exitCode == 0)
    html = try site.page("src/ch01")
    #expect(html.contains("println!(&quot;Bye&quot;);"), "\(html)")
    #expect(!html.contains("Hello&quot;"), "\(html)")
  }

  /// VitePress includes a Markdown file with `<!--@include: ./parts/basics.md-->` (a line
  /// range or region after it is left aside): the note embedded there; in code it stays.
  @Test func vitePressIncludesEmbedTheirNote() async throws {
    let site = try SiteFixture([
      "content/guide/index.md": "# Guide\n\n<!--@include: ./parts/basics.md-->\n\n<!--@include: @/guide/parts/more.md{3,}-->\n\n```md\n<!--@include: ./parts/basics.md-->\n```\n",
      "content/guide/parts/basics.md": "# Basics\n\nBasic text.\n",
      "content/guide/parts/more.md": "# More\n\nMore text.\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let html = try site.page("guide/index")
    #expect(html.contains("<p>Basic text.</p>") && html.contains("<p>More text.</p>"), "\(html)")
    #expect(html.contains("&lt;!--@include: ./parts/basics.md--&gt;"), "\(html)")
  }

  /// VitePress imports code with `<<< @/snippets/a.js{2}` (from `content/`) or a path from the
  /// note: the file, whole, as a code block in its language; in code it stays as written.
  @Test func vitePressCodeImportsShowTheFile() async throws {
    let site = try SiteFixture([
      "content/snippets/snippet.js": "export default function () {\n  return 1\n}\n",
      "content/guide/markdown.md": "# Guide\n\n<<< @/snippets/snippet.js{2}\n\n<<< ../snippets/snippet.js [label]\n\n<<< look here\n\n```md\n<<< @/snippets/snippet.js\n```\n\n<<< @/missing.js{2}\n\n<<< @/../x/__tests__/y.js\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    // A file that is not there is a warning, and the line reads as written.
    #expect(report.diagnostics.map(\.message) == ["cannot include '@/missing.js': no such file under content/"], "\(report.diagnostics)")
    let html = try site.page("guide/markdown")
    #expect(html.components(separatedBy: #"<code class="language-javascript">export default function () {"#).count == 3, "\(html)")
    #expect(html.contains("&lt;&lt;&lt; look here") && html.contains("<code class=\"language-md\">&lt;&lt;&lt; @/snippets/snippet.js"), "\(html)")
    #expect(html.contains("<p>&lt;&lt;&lt; @/missing.js</p>") && !html.contains("{{#"), "\(html)")
  }
}
