import Testing

@testable import NotesMarkdown

@Suite struct RawHTMLTests {
  let note = """
    Text with <b>bold</b> inline.

    <div class="box">
    <script>alert(1)</script>
    </div>

    After.
    """

  @Test func droppedByDefaultWithoutAComment() {
    let out = html(note)
    #expect(!out.contains("<b>"))
    #expect(!out.contains("<script"))
    #expect(!out.contains("<div"))
    #expect(!out.contains("raw HTML omitted"))
    #expect(out.contains("<p>Text with bold inline.</p>"))
    #expect(out.contains("<p>After.</p>"))
  }

  /// Text inside dropped HTML goes with it, so the first drop of a note is a warning at its
  /// place; comments and the kept inline tags are not.
  @Test func theFirstDropIsAWarning() throws {
    let note = render("Intro <!-- c -->\n\nText <span style=\"color:red\">red</span> <kbd>K</kbd>.\n\n<table><tr><td>CS</td></tr></table>\n", lineOffset: 3)
    #expect(note.diagnostics.map(\.description) == [
      "content/Note.md:6:6: warning: raw HTML left out of the page; set unsafe_html: true in notes-site.yml to keep it"
    ])
    #expect(render("Only <!-- comment -->\n\n<!--\nblock\n-->\n\n<mark>m</mark> a<br>b").diagnostics.isEmpty)
    #expect(render("<table><tr><td>CS</td></tr></table>", unsafeHTML: true).diagnostics.isEmpty)
  }

  /// GitHub READMEs mark places for their tables of contents with empty anchors.
  @Test func anchorsKeepTheirIDs() {
    let note = """
      [Install](#install) · [Top](#top)

      <a name="top"></a>

      <a name="install"></a>
      ## Install

      ## <a id="usage-guide"></a>Usage

      Use it <a name="spot"></a>here <a name="spot"></a>and <a id="detail"></a>there.

      <a name="styled" href="https://example.com">a link</a>
      """
    let rendered = render(note)
    #expect(rendered.html == """
      <p><a href="#install">Install</a> · <a href="#top">Top</a></p>
      <span id="top"></span>
      <h2 id="install">Install <a class="heading-anchor" href="#install" aria-label="Link to this section">#</a></h2>
      <h2 id="usage"><span id="usage-guide"></span>Usage <a class="heading-anchor" href="#usage" aria-label="Link to this section">#</a></h2>
      <p>Use it <span id="spot"></span>here and there.</p>
      <p><a href="https://example.com">a link</a></p>

      """, "\(rendered.html)")
    // An anchor with an `href` is a link; nothing was left out.
    #expect(rendered.diagnostics.isEmpty)
    // Shown inside another note, whose page has ids of its own, a note has none.
    let embedded = Markdown.render(note, options: RenderOptions(sourcePath: "content/Note.md", headingIDs: false), resolver: TestResolver())
    #expect(!embedded.html.contains(" id=\""), "\(embedded.html)")
    // Links elsewhere find the anchors.
    #expect(Markdown.analyze(note).anchors == ["top", "install", "usage-guide", "spot", "spot", "detail"])
  }

  /// `<img>` sizes an image in Obsidian and centres a logo in a README: on a safe page it is
  /// a Markdown image of its `src`, `alt` and pixel size, resolved and checked like one.
  @Test func htmlImagesAreImages() {
    let rendered = render("""
      <p align="center">
        <img src="diagram.png" width="200" alt="The diagram" style="border: 1px">
      </p>

      Badge <img src="https://img.shields.io/badge/ci-passing-green?a=1&amp;b=2" alt="CI" onerror="alert(1)"> and <IMG SRC="nowhere.png">.

      <div>Caption <img src="diagram.png" height="10" title="t"></div>
      """)
    #expect(rendered.html == """
      <p><img src="/notes/diagram.png" alt="The diagram" loading="lazy" width="200"></p>
      <p>Badge <img src="https://img.shields.io/badge/ci-passing-green?a=1&amp;b=2" alt="CI" /> and <span class="broken-link" title="unknown note &#39;nowhere.png&#39;"></span>.</p>
      <p>Caption <img src="/notes/diagram.png" alt="" title="t" /></p>

      """, "\(rendered.html)")
    // The missing image is a warning at its tag.
    #expect(positions(rendered) == ["5:109"])
    #expect(!rendered.html.contains("onerror") && !rendered.html.contains("style"))
    #expect(Markdown.analyze("<img src=\"diagram.png\">\n").references.map(\.target) == ["diagram.png"])
    // A page that keeps raw HTML keeps the tag as written (its `src` resolved).
    #expect(render("<img src=\"diagram.png\" style=\"x\">\n", unsafeHTML: true).html == "<img src=\"/notes/diagram.png\" style=\"x\">\n")
  }

  /// A `<br>` that ends a block's text breaks no line, and shows no backslash.
  @Test func aLineBreakEndingAnHTMLBlockIsNone() {
    #expect(html("<div>\nHello<br>\n</div>\n") == "<p>Hello</p>\n")
    let logo = html("<p align=\"center\">\n<img src=\"https://x.org/a.png\" width=\"400\"><br>\n</p>\n")
    #expect(logo.contains("<img") && !logo.contains("\\"), "\(logo)")
    #expect(html("<div>One<br>Two<br></div>\n") == "<p>One<br />\nTwo</p>\n")
  }

  /// A tag whose attributes stand on lines of their own, as READMEs centre a logo, is read
  /// whole; a button's label is text.
  @Test func tagsOverSeveralLinesKeepTheirImagesAndLinks() {
    let out = html("""
      <img width="100px"
           src="https://example.com/logo.svg" />

      <a href="https://example.com">
          <button>Click me</button>
      </a>

      <p align="center">
        <a href="https://example.com/docs"
           target="_blank">Docs link</a>
      </p>
      """)
    #expect(out.contains(#"<img src="https://example.com/logo.svg" alt="" loading="lazy" width="100">"#), "\(out)")
    #expect(out.contains(#"<a href="https://example.com"> Click me</a>"#), "\(out)")
    #expect(out.contains(#"<p><a href="https://example.com/docs">Docs link</a></p>"#), "\(out)")
  }

  /// An HTML heading stays a heading: an awesome-list's centred `<h1>` titles the note.
  @Test func htmlHeadingsAreHeadings() {
    let note = "<h1 align=\"center\">Front End Interview Handbook</h1>\n\n<p align=\"center\">Some <a href=\"https://x.org\">link</a></p>\n\n<h3>Part <b>two</b></h3>\n"
    #expect(Markdown.analyze(note).firstH1 == "Front End Interview Handbook")
    let out = html(note)
    // Levels close up under the title, as for Markdown headings.
    #expect(out.contains(#"<h2 id="part-two">Part two"#), "\(out)")
    #expect(out.contains(#"<p>Some <a href="https://x.org">link</a></p>"#), "\(out)")
    // A logo in the heading stays shown: that heading is no title.
    let logo = "<h1 align=\"center\">\n  <img width=\"400\" src=\"https://example.com/logo.svg\" alt=\"Awesome\">\n</h1>\n\nBody text.\n"
    #expect(html(logo).contains(#"<img src="https://example.com/logo.svg" alt="Awesome""#), "\(html(logo))")
    #expect(Markdown.analyze(logo).firstH1 == nil)
  }

  /// A README's HTML blocks keep their text, links and images; only their tags go.
  @Test func htmlBlocksKeepTheirTextAndLinks() {
    let rendered = render("""
      <p align="center">
        <b>A cat clone</b> with <a href="Roadmap.md">syntax &amp; Git</a> integration.<br>
        <a href="https://example.com/ci"><img src="https://example.com/ci.svg" alt="CI"></a> · [not markdown] &#169; <a href="https://a.example">a <a href="https://b.example">b</a></a>
      </p>

      <table><tr><td>Tiger <i>Data</i></td><td><a href="nowhere.md">MCP</a></td></tr>
      <tr><td colspan="2">Second row</td></tr></table>

      <div align="center">

      Markdown inside.

      </div>

      <!-- <div><img src="https://example.com/hidden.png"></div> -->

      <div><script>alert(1)</script><style>p{}</style>Kept</div>

      Inline <a href="https://example.com/x" target="_blank">link <em>text</em></a> and <a name="x">anchor</a>.
      """)
    #expect(rendered.html == """
      <p>A cat clone with <a href="/notes/roadmap/">syntax &amp; Git</a> integration.<br />
      <a href="https://example.com/ci"><img src="https://example.com/ci.svg" alt="CI" /></a> · [not markdown] © <a href="https://a.example">a</a> <a href="https://b.example">b</a></p>
      <p>Tiger Data <span class="broken-link" title="unknown note &#39;nowhere.md&#39;">MCP</span></p>
      <p>Second row</p>
      <p>Markdown inside.</p>
      <p>Kept</p>
      <p>Inline <a href="https://example.com/x">link text</a> and anchor.</p>

      """, "\(rendered.html)")
    #expect(!rendered.html.contains("hidden.png") && !rendered.html.contains("alert"))
    // The broken link is reported at its tag; the other warning is for the `<em>` left out.
    #expect(positions(rendered) == ["19:61", "6:42"])
    #expect(Markdown.analyze("<p><a href=\"Roadmap.md\">Plan</a></p>\n").references.map(\.target) == ["Roadmap.md"])
  }

  @Test func htmlInTableCells() {
    let page = html("| Logo | Site |\n|---|---|\n| <img src=\"diagram.png\" width=\"40\"> | <a href=\"https://example.com\">site</a> |\n")
    #expect(page.contains("<td><img src=\"/notes/diagram.png\" alt=\"\" loading=\"lazy\" width=\"40\"></td>"), "\(page)")
    #expect(page.contains("<td><a href=\"https://example.com\">site</a></td>"), "\(page)")
  }

  /// A frame or a medium is a link to what it would show; its fallback text goes with it.
  @Test func framesAndMediaAreLinks() {
    let page = html("""
      <audio controls src="https://example.com/a/Mother%20of%20All%20Demos.ogg" type="audio/ogg">
      </audio>

      <iframe width="560" src="https://www.youtube.com/embed/abc" title="YouTube video player"></iframe>

      <video controls>
      <source src="demo.mp4" type="video/mp4">
      Your browser does not support video.
      </video>
      """)
    #expect(page == """
      <p><a href="https://example.com/a/Mother%20of%20All%20Demos.ogg">Mother of All Demos.ogg</a></p>
      <p><a href="https://www.youtube.com/embed/abc">YouTube video player</a></p>
      <p><a href="/notes/demo.mp4">demo.mp4</a></p>

      """, "\(page)")
  }

  /// A lint comment or a centring `<div>` before the title heading leaves it the title.
  @Test func aHeadingAfterMarkupStillOpensTheNote() {
    for note in ["<!-- markdownlint-disable MD033 -->\n# My Project\n\nBody.\n", "<div align=\"center\">\n\n# My Project\n\n</div>\n\nBody.\n"] {
      #expect(Markdown.analyze(note).firstH1 == "My Project", "\(note)")
      #expect(html(note).contains("<h1 id=\"my-project\">My Project"), "\(note)")
    }
    #expect(Markdown.analyze("<p>Intro text</p>\n\n# Later\n").firstH1 == nil)
  }

  /// A sized image's size never shows in its text, also when it is broken.
  @Test func sizesNeverShowAsText() {
    #expect(html("![Logo|100](missing.png) <img src=\"missing.png\" alt=\"Unwind\" width=\"900\">\n") == "<p><span class=\"broken-link\" title=\"unknown note &#39;missing.png&#39;\">Logo</span> <span class=\"broken-link\" title=\"unknown note &#39;missing.png&#39;\">Unwind</span></p>\n")
    #expect(Markdown.analyze("# <img src=\"logo.png\" width=\"20\"> My Project\n").firstH1 == "My Project")
  }

  @Test func keptWhenAllowed() {
    let out = html(note, unsafeHTML: true)
    #expect(out.contains("<p>Text with <b>bold</b> inline.</p>"))
    #expect(out.contains("<div class=\"box\">\n<script>alert(1)</script>\n</div>"))
  }

  @Test func mustacheLikeTextPassesThroughUntouched() {
    let out = html("Hello {{user}}, see {{> partial}} and {{{raw}}}.")
    #expect(out.contains("<p>Hello {{user}}, see {{&gt; partial}} and {{{raw}}}.</p>"))
    #expect(Markdown.analyze("Hi {{user}}").plainText == "Hi {{user}}")
  }

  // MARK: Harmless inline tags without unsafe_html

  @Test func obsidianHighlightKeepsItsMarkWithoutAttributes() {
    let out = html(#"A <mark class="hltr-yellow" style="color:red">key idea</mark> here."#)
    #expect(out == "<p>A <mark>key idea</mark> here.</p>\n")
  }

  @Test(arguments: ["mark", "sub", "sup", "kbd", "u", "s", "ins", "del", "small"])
  func allowedInlineTagsAreKept(_ name: String) {
    #expect(html("a<\(name)>2</\(name)>b") == "<p>a<\(name)>2</\(name)>b</p>\n")
  }

  @Test func tagNamesAreWrittenInLowerCase() {
    #expect(html("H<SUB>2</Sub>O, <KBD>Ctrl</KBD>") == "<p>H<sub>2</sub>O, <kbd>Ctrl</kbd></p>\n")
  }

  @Test(arguments: ["<br>", "<br/>", "<br />", #"<BR class="x">"#])
  func lineBreakTagsAreKept(_ tag: String) {
    #expect(html("one\(tag)two") == "<p>one<br>two</p>\n")
  }

  @Test func lineBreakOnALineOfItsOwn() {
    #expect(html("Before.\n\n<br>\n\nAfter.") == "<p>Before.</p>\n<br>\n<p>After.</p>\n")
    #expect(html("Before.\n\n<br>\n<br/>\n\nAfter.").contains("\n<br><br>\n"))
  }

  @Test func unclosedOrUnopenedTagsAreDropped() {
    #expect(html("<mark>x") == "<p>x</p>\n")
    #expect(html("x</mark> y") == "<p>x y</p>\n")
    #expect(html("<mark>a</sub> b") == "<p>a b</p>\n")
  }

  @Test func crossedTagsNeverGiveInvalidHTML() {
    #expect(html("<sub>a<sup>b</sub>c</sup>") == "<p><sub>ab</sub>c</p>\n")
    #expect(html("<mark>a <u>b</u> c</mark>") == "<p><mark>a <u>b</u> c</mark></p>\n")
    #expect(html("<mark><mark>a</mark></mark>") == "<p><mark><mark>a</mark></mark></p>\n")
  }

  @Test func pairsMustShareTheirParent() {
    // The closing tag is inside the emphasis: neither is kept.
    #expect(html("<mark>a *b</mark> c*") == "<p>a <em>b c</em></p>\n")
    #expect(html("<mark>a\n\nb</mark>") == "<p>a</p>\n<p>b</p>\n")
    // Across a line break in one paragraph is fine.
    #expect(html("<mark>a\nb</mark>") == "<p><mark>a\nb</mark></p>\n")
  }

  @Test func calloutTitleAndBodyAreSeparateElements() {
    let out = html("> [!note] <mark>Title\n> body</mark>")
    #expect(!out.contains("<mark>"))
    #expect(!out.contains("</mark>"))
    #expect(html("> [!note] <mark>Title</mark>\n> <sub>body</sub>").contains("<mark>Title</mark>"))
  }

  @Test func keptInLinksTablesAndLists() {
    #expect(html("[<kbd>Esc</kbd>](Roadmap.md)").contains(#"<a href="/notes/roadmap/"><kbd>Esc</kbd></a>"#))
    #expect(html("| a |\n| - |\n| x<sup>2</sup> |").contains("x<sup>2</sup>"))
    #expect(html("- [ ] <mark>todo</mark>").contains("disabled> <mark>todo</mark></label>"))
  }

  @Test(arguments: [
    "<script>alert(1)</script>", #"<iframe src="https://x.example" onload="alert(1)"></iframe>"#, "<b>bold</b>",
    #"<span class="x">y</span>"#, "<mark/>", "</br>", "<style>p{}</style>",
  ])
  func otherTagsAreStillDropped(_ tag: String) {
    let out = html("a \(tag) b")
    #expect(!out.contains("<script"))
    #expect(!out.contains("<iframe"))
    #expect(!out.contains("<b>"))
    #expect(!out.contains("<span"))
    #expect(!out.contains("<mark"))
    #expect(!out.contains("<br"))
    #expect(!out.contains("<style"))
    #expect(!out.contains("raw HTML omitted"))
  }

  @Test func unsafeHTMLPassesEverythingThroughUnchanged() {
    let note = #"<mark class="hltr-yellow">a</mark> <sub>b<sup>c</sub></sup> <mark>x <BR/> <u>open"#
    #expect(html(note, unsafeHTML: true) == "<p>\(note)</p>\n")
  }

  @Test func analysisReadsTheText() {
    #expect(Markdown.analyze(#"H<sub>2</sub>O and <mark class="x">key</mark>"#).plainText == "H2O and key")
  }
}

extension RawHTMLTests {
  /// With `unsafe_html`, raw HTML's relative `src` and `href` resolve as Markdown links do
  /// (Evernote and pandoc exports hold `<img src="note_files/pic.png">`); other URLs stay.
  @Test func relativeURLsInRawHTMLResolveLikeLinks() {
    let note = render(
      """
      <img src="diagram.png" width="200"> <a href='Roadmap.md#goals'>plan</a>
      <a href="https://x.org/a">out</a> <a href="#local">here</a> <a href="/abs/">abs</a> <a href="mailto:a@b.c">mail</a>
      <img src="missing.png">
      """, unsafeHTML: true)
    #expect(note.html.contains(#"<img src="/notes/diagram.png" width="200">"#), "\(note.html)")
    #expect(note.html.contains(#"<a href="/notes/roadmap/#goals">plan</a>"#))
    #expect(note.html.contains(##"<a href="https://x.org/a">out</a> <a href="#local">here</a> <a href="/abs/">abs</a> <a href="mailto:a@b.c">mail</a>"##))
    #expect(note.html.contains(#"<img src="missing.png">"#))
    #expect(note.diagnostics.map(\.message) == ["unknown note 'missing.png'"])
  }
}

extension RawHTMLTests {
  /// A paragraph of nothing but dropped HTML leaves no empty `<p></p>` behind.
  @Test func aParagraphOfDroppedHTMLLeavesNothing() {
    let out = html("Before.\n\n<span style=\"color:red\"></span> <font size=2></font>\n\nAfter <b>bold</b>.")
    #expect(out == "<p>Before.</p>\n<p>After bold.</p>\n", "\(out)")
  }
}

extension RawHTMLTests {
  /// A terminal transcript or preformatted text written as HTML, as READMEs and MkDocs pages
  /// do, is shown as a code block of its text rather than left out.
  @Test func preBlocksAreCodeBlocks() {
    let note = """
      <pre lang="console"><code>$ <b>ssh</b> user@host
      Welcome &amp; hello &lt;there&gt; &#8212; ok
      </code></pre>

      <pre><code class="language-python">print(1)</code></pre>

      <pre>
      plain
        indented
      </pre>
      """
    let rendered = render(note)
    #expect(rendered.html == """
      <pre tabindex="0"><code class="language-console">$ ssh user@host
      Welcome &amp; hello &lt;there&gt; — ok
      </code></pre>
      <pre tabindex="0"><code class="language-python">print(1)
      </code></pre>
      <pre tabindex="0"><code>plain
        indented
      </code></pre>

      """, "\(rendered.html)")
    #expect(rendered.diagnostics.isEmpty)
    // A page that keeps raw HTML keeps it as written.
    #expect(html("<pre><b>x</b></pre>", unsafeHTML: true).contains("<pre><b>x</b></pre>"))
  }
}

extension RawHTMLTests {
  /// VuePress and Starlight mark a feature with `<Badge text="beta"/>`: its text stays, in a
  /// badge, out of the heading's text, so the heading's id is the one those tools give it and
  /// links from other pages find it.
  @Test func badgesKeepTheirText() {
    #expect(html(#"Inline <Badge text="new &amp; hot" type="tip"/> badge."#) == "<p>Inline <span class=\"badge\">new &amp; hot</span> badge.</p>\n")
    #expect(Markdown.analyze(#"# Config <Badge text="beta"/>"#).firstH1 == "Config")
    let heading = html("[see](#custom-containers)\n\n## Custom Containers <Badge text=\"default theme\"/>\n")
    #expect(heading.contains(#"<h2 id="custom-containers">Custom Containers <span class="badge">default theme</span>"#), "\(heading)")
  }
}

extension RawHTMLTests {
  /// MkDocs' keys, `++ctrl+alt+del++`, are `<kbd>` keys; C++ stays C++.
  @Test func keyboardKeys() {
    #expect(html("Press ++ctrl+alt+del++ or ++cmd+k++, then ++enter++.") ==
      "<p>Press <kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd> or <kbd>Cmd</kbd>+<kbd>K</kbd>, then <kbd>Enter</kbd>.</p>\n")
    #expect(html("C++ and C++, i++ + ++j, `++code++`") == "<p>C++ and C++, i++ + ++j, <code>++code++</code></p>\n")
  }
}

/// LeetCode statements as LeetHub commits them: HTML blocks whose powers are `<sup>`, whose
/// examples are `<pre>` after other elements.
@Suite struct LeetHubStatementTests {
  @Test func powersKeepTheirSuperscripts() {
    let page = html(
      """
      <h2>Two Sum</h2><hr><div><p>Given an array of integers <code>nums</code>.</p>

      <ul>
      \t<li><code>2 &lt;= nums.length &lt;= 10<sup>4</sup></code></li>
      \t<li><code>-10<sup>9</sup> &lt;= nums[i] &lt;= 10<sup>9</sup></code></li>
      \t<li>x<sub>i</sub> and 2<sup>31</sup> - 1, <sup>unclosed</li>
      </ul>
      </div>
      """)
    #expect(page.contains("<p>2 &lt;= nums.length &lt;= 10<sup>4</sup></p>"), "\(page)")
    #expect(page.contains("<p>-10<sup>9</sup> &lt;= nums[i] &lt;= 10<sup>9</sup></p>"), "\(page)")
    #expect(page.contains("<p>x<sub>i</sub> and 2<sup>31</sup> - 1, unclosed</p>"), "\(page)")
  }

  @Test func anExampleAfterAnImageIsCode() {
    let page = html(
      """
      <p><strong class="example">Example 1:</strong></p>
      <img alt="" src="https://assets.leetcode.com/uploads/2019/02/14/116_sample.png" style="width: 500px;">
      <pre><strong>Input:</strong> root = [1,2,3]
      <strong>Output:</strong> [1,#,2,3,#]
      </pre>
      <p>After.</p>
      """)
    #expect(page.contains("<pre tabindex=\"0\"><code>Input: root = [1,2,3]\nOutput: [1,#,2,3,#]\n</code></pre>"), "\(page)")
    #expect(page.contains("<p>Example 1:</p>") && page.contains("116_sample.png") && page.contains("<p>After.</p>"), "\(page)")
  }
}
