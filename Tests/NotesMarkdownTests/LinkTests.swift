import Foundation
import NotesCore
import Testing

@testable import NotesMarkdown

@Suite struct MarkdownLinkTests {
  @Test func relativeNoteLinkBecomesTheResolversURL() {
    let out = html("Read [the roadmap](Roadmap.md#Q3) first.")
    #expect(out.contains(#"<a href="/notes/roadmap/#Q3">the roadmap</a>"#))
  }

  @Test func percentEscapesAreDecodedForTheResolver() throws {
    let analysis = Markdown.analyze("[a](Work%2FAlpha.md#Goals%20now)")
    let reference = try #require(analysis.references.first)
    #expect(reference.target == "Work/Alpha.md")
    #expect(reference.fragment == "Goals%20now")
    #expect(html("[a](Work%2FAlpha.md)").contains(#"href="/notes/work/alpha/""#))
  }

  @Test(arguments: ["https://swift.org/", "mailto:me@example.org", "#local"])
  func externalAndLocalLinksAreKept(_ url: String) {
    let out = html("[x](\(url))")
    #expect(out.contains(#"<a href="\#(url)">x</a>"#))
  }

  /// A web address with a mistyped `//` (found in the Quartz docs: `https:/ob.ldd.cc/`) goes
  /// where a browser would take it, as a valid URL, with a warning at the link.
  @Test(arguments: [
    ("https:/ob.ldd.cc/", "https://ob.ldd.cc/"), ("HTTP:example.org/a?b=1", "http://example.org/a?b=1"),
    ("https:///x.org", "https://x.org"), ("https:\\\\x.org/p", "https://x.org/p"),
  ])
  func mistypedWebURLsAreRepaired(_ written: String, _ repaired: String) throws {
    let note = render("Intro.\n\nSee [the site](\(written)).")
    #expect(note.html.contains("<a href=\"\(repaired)\">the site</a>"), "\(note.html)")
    let warning = try #require(note.diagnostics.first)
    #expect(warning.location == SourceLocation(path: "content/Note.md", line: 3, column: 5))
    #expect(warning.message.contains("malformed URL"))
    // Well-formed and other schemes stay as written, without a word.
    #expect(render("[x](https://x.org/a) [y](mailto:a@b.c) [z](ftp:/x)").diagnostics.isEmpty)
  }

  @Test func relativeImageBecomesAttachmentURL() {
    let out = html("![A diagram](diagram.png)")
    #expect(out.contains(#"<img src="/notes/diagram.png" alt="A diagram""#))
  }

  @Test func unresolvedLinkIsASpanWithAWarningAtItsFilePosition() throws {
    let note = render("Intro line.\n\nSee *also* [the **old** plan](Plan.md) today.", lineOffset: 4)
    #expect(
      note.html.contains(
        #"<span class="broken-link" title="unknown note &#39;Plan.md&#39;">the <strong>old</strong> plan</span>"#
      ))
    #expect(!note.html.contains("href=\"Plan.md\""))
    let warning = try #require(note.diagnostics.first)
    #expect(note.diagnostics.count == 1)
    #expect(warning.severity == .warning)
    // Body line 3 + 4 lines of front matter; `[` is the 12th character.
    #expect(warning.location == SourceLocation(path: "content/Note.md", line: 7, column: 12))
    #expect(warning.description == "content/Note.md:7:12: warning: unknown note 'Plan.md'")
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let note = render("> 日本語のメモ [x](Nope.md)")
    let warning = try #require(note.diagnostics.first)
    #expect(warning.location?.column == 10)
  }

  @Test func unresolvedImageShowsItsAltText() {
    let note = render("![Team photo](missing.jpg)")
    #expect(
      note.html.contains(
        #"<span class="broken-link" title="unknown note &#39;missing.jpg&#39;">Team photo</span>"#))
    #expect(!note.html.contains("<img"))
    #expect(note.diagnostics.count == 1)
  }

  @Test func linkInsideCodeIsNotTouched() {
    let note = render("`[x](Nope.md)`")
    #expect(note.html.contains("<code>[x](Nope.md)</code>"))
    #expect(note.diagnostics.isEmpty)
  }
}

@Suite struct ScriptURLTests {
  static let spellings = [
    "javascript:alert(1)", "JavaScript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)",
    "java&#115;cript:alert(1)", "&#106;avascript:alert(1)", "javascript&colon;alert(1)",
    "vbscript:msgbox(1)", "file:///etc/passwd", "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/svg+xml,<svg onload=alert(1)>",
  ]

  @Test(arguments: spellings, [false, true])
  func neverEmittedInMarkdownLinksOrImages(_ url: String, unsafe: Bool) {
    for markdown in ["[click](\(url))", "![img](\(url))", "[click](<\(url)>)", "<\(url)>"] {
      let out = html(markdown, unsafeHTML: unsafe)
      #expect(dangerousURLs(in: out).isEmpty, "\(markdown) → \(out)")
    }
  }

  @Test func theCheckerAboveCatchesWhatItLooksFor() {
    #expect(dangerousURLs(in: #"<a href="java&#115;cript:x">"#).count == 1)
    #expect(dangerousURLs(in: "<img src= JAVASCRIPT:x>").count == 1)
    #expect(dangerousURLs(in: #"<a href="/notes/js/">"#).isEmpty)
  }

  @Test func dangerousLinkTextStaysReadableWithAWarning() throws {
    let note = render("[click me](javascript:alert(1))")
    #expect(note.html.contains(">click me</span>"))
    let warning = try #require(note.diagnostics.first)
    #expect(warning.message.contains("javascript"))
  }

  @Test func imageDataURLsArePictures() {
    let out = html("![dot](data:image/png;base64,iVBORw0KGgo=)")
    #expect(out.contains(#"src="data:image/png;base64,iVBORw0KGgo=""#))
  }

  @Test(arguments: [
    #"<a href="javascript:alert(1)">x</a>"#, #"<a href='JaVaScRiPt:alert(1)'>x</a>"#,
    #"<a href="&#106;avascript:alert(1)">x</a>"#, #"<a href="java&#x09;script:alert(1)">x</a>"#,
    #"<img src=javascript:alert(1)>"#,
    #"<iframe src="data:text/html,<script>alert(1)</script>"></iframe>"#,
  ])
  func neverEmittedFromRawHTMLEvenWhenAllowed(_ raw: String) {
    let out = html("Before \(raw) after\n\n<div>\n\(raw)\n</div>", unsafeHTML: true)
    #expect(dangerousURLs(in: out).isEmpty, "\(out)")
    #expect(out.contains("Before"))
    #expect(out.contains("<div>"))
  }

  @Test func resolverURLsAreCheckedToo() {
    struct EvilResolver: LinkResolver {
      func resolve(_ reference: LinkReference) -> LinkResolution {
        .page(url: "javascript:alert(1)")
      }
      func tagURL(_ tag: String) -> String { "javascript:alert(2)" }
    }
    let out = Markdown.render(
      "[a](b.md) [[c]] ![[d.png]] #tag", options: RenderOptions(sourcePath: "n.md"),
      resolver: EvilResolver()
    ).html
    #expect(dangerousURLs(in: out).isEmpty, "\(out)")
    #expect(!out.contains("javascript:"))
  }
}

/// The values of URL attributes in `html` that a browser would run or use to read local data,
/// decoded the way a browser decodes them. Written independently of the module's own check.
func dangerousURLs(in html: String) -> [String] {
  let attribute = #/(?i)(?:href|src|data|action|formaction|poster)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/#
  return html.matches(of: attribute).compactMap { match in
    var value = String(match.output.1)
    if value.hasPrefix("\"") || value.hasPrefix("'") {
      value = String(value.dropFirst().dropLast())
    }
    value = value.replacing(#/&#[xX]([0-9a-fA-F]+);?/#) { m in
      String(Character(Unicode.Scalar(UInt32(m.output.1, radix: 16)!)!))
    }
    value = value.replacing(#/&#([0-9]+);?/#) { m in
      String(Character(Unicode.Scalar(UInt32(m.output.1)!)!))
    }
    value = value.replacingOccurrences(of: "&colon;", with: ":").replacingOccurrences(
      of: "&amp;", with: "&")
    let squeezed = value.unicodeScalars.filter { $0.value > 0x20 }.map(String.init).joined()
      .lowercased()
    let bad = ["javascript:", "vbscript:", "file:", "data:text", "data:image/svg"]
    return bad.contains { squeezed.hasPrefix($0) } ? value : nil
  }
}

extension MarkdownLinkTests {
  /// A link with no text (`[ ](#anki-card)`, a plugin's marker) shows nothing and has no name
  /// for a screen reader: it is left out. A link around an image keeps it.
  @Test func aLinkWithNothingToShowIsLeftOut() {
    let out = html("Card [ ](#anki-card) and [](https://x.org) end. [![](diagram.png)](https://y.org)")
    #expect(out.contains("<p>Card  and  end. <a href=\"https://y.org\"><img src=\"/notes/diagram.png\" alt=\"\" /></a></p>"), "\(out)")
  }

  /// A link with no text to a note or file, as a Notion export writes a mention, shows the
  /// name it points at, and one to nothing is reported like any other.
  @Test func aLinkWithNoTextToANoteShowsItsName() {
    let note = "See [](Roadmap.md), [ ](Work/Alpha.md#goals), [](Sub/Plan%20Today%202e36286fa4b680b2805ecb642295eb1b.md), [](diagram.png).\n\nAnd [](Nowhere.md)."
    let rendered = render(note)
    #expect(rendered.html.contains("<p>See <a href=\"/notes/roadmap/\">Roadmap</a>, <a href=\"/notes/work/alpha/#goals\">Alpha</a>, "), "\(rendered.html)")
    #expect(rendered.html.contains("<span class=\"broken-link\" title=\"unknown note &#39;Sub/Plan Today 2e36286fa4b680b2805ecb642295eb1b.md&#39;\">Plan Today</span>"), "\(rendered.html)")
    #expect(rendered.html.contains("<a href=\"/notes/diagram.png\">diagram.png</a>"), "\(rendered.html)")
    #expect(rendered.html.contains("<p>And <span class=\"broken-link\" title=\"unknown note &#39;Nowhere.md&#39;\">Nowhere</span>.</p>"), "\(rendered.html)")
    #expect(positions(rendered) == ["1:47", "3:5"])
  }
}

extension MarkdownLinkTests {
  /// Hugo's `ref` and `relref` shortcodes name the page a link goes to.
  @Test func hugoRefShortcodesAreTheirPaths() {
    let note = #"See [x]({{< ref "Roadmap.md" >}}), [y]({{<relref "Work/Alpha.md#goals">}}), [z]({{% ref 'Ideas.md' %}}) and [[Nowhere]]."#
    let rendered = render(note)
    #expect(rendered.html.contains(#"See <a href="/notes/roadmap/">x</a>, <a href="/notes/work/alpha/#goals">y</a>, <a href="/notes/ideas/">z</a>"#), "\(rendered.html)")
    // Positions after a shortcode are the note's.
    #expect(rendered.diagnostics.map(\.location?.column) == [109])
  }

  /// The path can be named, and other named arguments follow it.
  @Test func hugoRefShortcodesWithNamedArguments() {
    let note = #"See [x]({{< relref path="Roadmap.md" >}}) and [y]({{< ref path="Ideas.md" lang="en" >}})."#
    #expect(html(note).contains(#"See <a href="/notes/roadmap/">x</a> and <a href="/notes/ideas/">y</a>."#), "\(html(note))")
  }
}

extension MarkdownLinkTests {
  /// Pelican's `{filename}`, `{static}` and `{attach}` (and the older `|filename|`) name the
  /// note or file a link goes to: from `content/` after a `/`, else from the note's folder.
  @Test func pelicanLinksAreTheirPaths() {
    let note = """
      See [x]({filename}Roadmap.md), [y]({filename}Work/Alpha.md#goals "Goals"), [z](|filename|Ideas.md) and [[Nowhere]].

      ![Diagram]({static}diagram.png) [spec]({attach}spec.pdf) [root]({filename}/Roadmap.md) <img src="{static}/spec.png">

      [ref]: {filename}Ideas.md

      `[x]({filename}Roadmap.md)` and [ref] and ({filename} is text)

      ```
      [x]({filename}Roadmap.md)
      ```
      """
    let rendered = render(note)
    #expect(rendered.html.contains(#"See <a href="/notes/roadmap/">x</a>, <a href="/notes/work/alpha/#goals" title="Goals">y</a>, <a href="/notes/ideas/">z</a>"#), "\(rendered.html)")
    #expect(rendered.html.contains(#"<img src="/notes/diagram.png" alt="Diagram" />"#), "\(rendered.html)")
    #expect(rendered.html.contains(#"<a href="/notes/spec.pdf">spec</a>"#), "\(rendered.html)")
    #expect(rendered.html.contains(#"<code>[x]({filename}Roadmap.md)</code> and <a href="/notes/ideas/">ref</a> and ({filename} is text)"#), "\(rendered.html)")
    #expect(rendered.html.contains("<code>[x]({filename}Roadmap.md)\n</code>"), "\(rendered.html)")
    // What the links from `content/` name (this test's resolver knows no root paths); the
    // positions after a marker are the note's.
    #expect(rendered.diagnostics.map(\.message) == ["unknown note '/Roadmap.md'", "unknown note '/spec.png'", "unknown note 'Nowhere'"])
    #expect(positions(rendered) == ["3:58", "3:88", "1:104"])
  }
}

extension MarkdownLinkTests {
  /// A web address whose fragment holds `#` (a chat room's) is not a valid `href` as
  /// written: the later `#` are percent-encoded, which browsers read as the same address.
  @Test func aSecondHashInAFragmentIsEncoded() {
    let page = html("[Chat](https://app.element.io/#/room/#neuron:matrix.org) [one](https://x.org/a#b)")
    #expect(page.contains("href=\"https://app.element.io/#/room/%23neuron:matrix.org\""), "\(page)")
    #expect(page.contains("href=\"https://x.org/a#b\""))
  }
}

/// Obsidian embeds web pages with image syntax; a page of notes-site links to them.
@Suite struct WebPageEmbedTests {
  @Test func videosAndPostsAreLinks() {
    let page = html("![](https://www.youtube.com/watch?v=NnTvZWp5Q7o)\n\n![Launch](https://twitter.com/obsdmd/status/1580548874246443010)\n\n![Badge](https://img.shields.io/badge/a-b-green)\n")
    #expect(page == """
      <p><a href="https://www.youtube.com/watch?v=NnTvZWp5Q7o">https://www.youtube.com/watch?v=NnTvZWp5Q7o</a></p>
      <p><a href="https://twitter.com/obsdmd/status/1580548874246443010">Launch</a></p>
      <p><img src="https://img.shields.io/badge/a-b-green" alt="Badge" /></p>

      """, "\(page)")
    // In a link's text, its description.
    #expect(html("[![Talk](https://youtu.be/abc)](https://example.com)\n") == "<p><a href=\"https://example.com\">Talk</a></p>\n")
  }
}
