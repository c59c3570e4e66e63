import Testing

@testable import NotesMarkdown

/// mdBook's `{{#include}}`, `{{#rustdoc_include}}`, `{{#playground}}` and `{{#title}}`.
@Suite struct MdBookIncludeTests {
  static let file = """
    use std::io;
    // ANCHOR: main
    fn main() {
        // ANCHOR: print
        println!("hi");
        // ANCHOR_END: print
    }
    // ANCHOR_END: main

    """

  @Test func argumentsNameAFileAndAPart() {
    #expect(MdBookIncludes.target(of: "a.rs") == ("a.rs", .all))
    #expect(MdBookIncludes.target(of: "a.rs:2") == ("a.rs", .lines(2, 2)))
    #expect(MdBookIncludes.target(of: "a.rs::10") == ("a.rs", .lines(1, 10)))
    #expect(MdBookIncludes.target(of: "a.rs:2:") == ("a.rs", .lines(2, nil)))
    #expect(MdBookIncludes.target(of: "../x/a.rs:2:10") == ("../x/a.rs", .lines(2, 10)))
    #expect(MdBookIncludes.target(of: "a.rs:main") == ("a.rs", .anchor("main")))
    #expect(MdBookIncludes.target(of: "a.rs editable") == ("a.rs", .all))
    let body = "```rust\n{{#include a.rs:main}}\n```\n\n{{#playground b.rs editable}}\n{{#title T}} {{#include a.rs:main}}\n"
    #expect(MdBookIncludes.arguments(in: body) == ["a.rs:main", "b.rs editable"])
  }

  @Test func excerptsAsMdBookCutsThem() {
    #expect(MdBookIncludes.excerpt(Self.file, .lines(1, 1)) == "use std::io;")
    #expect(MdBookIncludes.excerpt(Self.file, .anchor("main")) == "fn main() {\n    println!(\"hi\");\n}")
    #expect(MdBookIncludes.excerpt(Self.file, .anchor("print")) == "    println!(\"hi\");")
    #expect(MdBookIncludes.excerpt(Self.file, .anchor("nowhere")) == nil)
    // Anchor lines never show; a range past the end stops at the end.
    #expect(MdBookIncludes.excerpt(Self.file, .all) == "use std::io;\nfn main() {\n    println!(\"hi\");\n}")
    #expect(MdBookIncludes.excerpt(Self.file, .lines(7, 99)) == "}")
    #expect(MdBookIncludes.excerpt(Self.file, .lines(9, 3)) == "")
  }

  func render(_ note: String, _ includes: [String: IncludedText]) -> RenderedNote {
    Markdown.render(note, options: RenderOptions(sourcePath: "content/ch1.md", includes: includes), resolver: TestResolver())
  }

  @Test func directivesInCodeBlocksAreTheFilesText() {
    let note = """
      ```rust
      {{#include a.rs:main}}
      ```

      ```
      \\{{#include a.rs}}
      ```

      ```rust
      {{#rustdoc_include gone.rs}}
      ```

      See [[Nowhere]].
      """
    let out = render(note, ["a.rs:main": .text("fn main() {}"), "gone.rs": .missing("cannot include 'gone.rs'")])
    #expect(out.html.contains(#"<code class="language-rust">fn main() {}"#), "\(out.html)")
    #expect(out.html.contains("<code>{{#include a.rs}}\n</code>"), "\(out.html)")
    #expect(out.html.contains("{{#rustdoc_include gone.rs}}"), "\(out.html)")
    #expect(positions(out) == ["10:1", "13:5"])
    #expect(out.diagnostics.first?.message == "cannot include 'gone.rs'")
  }

  @Test func directiveParagraphsAreCodeBlocksOrEmbeds() {
    let note = "{{#title The Book}}\n\n{{#playground b.rs editable}}\n\n{{#include c.toml}}\n\n{{#include other.md}}\n"
    let out = render(note, ["b.rs editable": .text("fn f() {}"), "c.toml": .text("[package]")])
    #expect(!out.html.contains("{{#"), "\(out.html)")
    #expect(!out.html.contains("The Book"), "\(out.html)")
    #expect(out.html.contains(#"<code class="language-rust">fn f() {}"#), "\(out.html)")
    #expect(out.html.contains(#"<code class="language-toml">[package]"#), "\(out.html)")
    // Another chapter is that note, embedded (this test's resolver knows no notes).
    #expect(out.diagnostics.map(\.message) == ["unknown note 'other.md'"])
  }
}
