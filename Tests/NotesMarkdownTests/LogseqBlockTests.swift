import Testing

@testable import NotesMarkdown

/// A Logseq page as Logseq writes it: every block a list item, with properties, task markers
/// and macros inside.
@Suite struct LogseqBlockTests {
  @Test func hiddenPropertiesAreLeftOut() {
    let page = """
      - ## Start
        collapsed:: true
      - Graph of the week
        id:: 6425a352-7bfd-4b83-bc9c-a65c6b0f2856
        author:: Ann
      - background-color:: red
      - Plain block
      """
    let rendered = html(page)
    #expect(!rendered.contains("collapsed::") && !rendered.contains("id::") && !rendered.contains("background-color"), "\(rendered)")
    // The block the id names can be linked to.
    #expect(rendered.contains(#"<li><span id="^6425a352-7bfd-4b83-bc9c-a65c6b0f2856"></span>Graph of the week"#), "\(rendered)")
    // Others show under the block's text, on lines of their own, as Logseq lists them.
    #expect(
      rendered.contains(
        #"Graph of the week<br />"# + "\n\n" + #"<span class="block-property"><span class="property-key">author</span>: Ann</span>"#),
      "\(rendered)")
    #expect(rendered.contains("<li>Plain block</li>"), "\(rendered)")
    #expect(Markdown.analyze(page).plainText.contains("6425a352") == false)
  }

  @Test func taskMarkersMakeTasks() {
    let page = """
      - TODO [#A] Write the [[Roadmap]]
      - DONE Ship it
      - LATER Read #books
      - NOW
      - TODOS are not a marker
      """
    let rendered = html(page)
    #expect(rendered.contains(#"<label><input type="checkbox" disabled> Write the <a class="wiki-link" href="/notes/roadmap/">Roadmap</a></label>"#), "\(rendered)")
    #expect(rendered.contains(#"<input type="checkbox" checked disabled> Ship it"#), "\(rendered)")
    #expect(rendered.contains("TODOS are not a marker"))
    #expect(!rendered.contains("[#A]") && !rendered.contains("/_tags/A/"), "\(rendered)")
    let analysis = Markdown.analyze(page)
    #expect(analysis.tasks == TaskCount(done: 1, total: 4))
    #expect(analysis.tags == ["books"])
  }

  /// Properties Logseq shows (and Dataview's inline fields) read `key: value`, each on its own
  /// line under the block's text; the links in their values keep their places.
  @Test func visiblePropertiesReadAsKeyAndValue() {
    let rendered = render("- due:: [[Mar 21st, 2025]]\n- text with property\n  foo:: bar\n- Rating:: 5\n- a::b stays text\n")
    #expect(rendered.html.contains(#"<li><span class="block-property"><span class="property-key">due</span>: <span class="broken-link""#), "\(rendered.html)")
    #expect(rendered.html.contains(#"<li>text with property<br />"#) && rendered.html.contains(#"<span class="property-key">foo</span>: bar</span></li>"#), "\(rendered.html)")
    #expect(rendered.html.contains(#"<span class="property-key">Rating</span>: 5</span>"#), "\(rendered.html)")
    #expect(rendered.html.contains("<li>a::b stays text</li>"), "\(rendered.html)")
    #expect(positions(rendered) == ["1:9"])
  }

  /// A heading block can be a task: its box goes in the heading, its marker out of its id.
  @Test func headingBlocksCanBeTasks() {
    let page = "- ## TODO Write report\n- ### DONE Finished heading\n- ## Plain heading\n"
    let rendered = html(page)
    #expect(rendered.contains(#"<h2 id="write-report"><label><input type="checkbox" disabled> Write report</label>"#), "\(rendered)")
    #expect(rendered.contains(#"<h3 id="finished-heading"><label><input type="checkbox" checked disabled> Finished heading</label>"#), "\(rendered)")
    #expect(rendered.contains(#"<h2 id="plain-heading">Plain heading"#), "\(rendered)")
    #expect(!rendered.contains("TODO") && !rendered.contains("DONE"), "\(rendered)")
    let analysis = Markdown.analyze(page)
    #expect(analysis.tasks == TaskCount(done: 1, total: 2))
    #expect(analysis.headings.map(\.text) == ["Write report", "Finished heading", "Plain heading"])
  }

  @Test func macrosAndLabelledLinks() {
    let rendered = render("""
      - {{embed [[Ideas]]}}
      - Watch {{video https://www.youtube.com/watch?v=abc}} later
      - {{renderer :tocgen, [[]], 2, h}}
      - {{query (and [[project]] (task TODO))}}
      - The {{cloze answer}} is hidden
      - **[Word Counting]([[Roadmap]])** and [see]([[Work/Alpha]]) and [x]([[Missing page]])
      - Templater's {{date}} stays
      """)
    let html = rendered.html
    #expect(html.contains("Embedded ideas"), "\(html)")
    #expect(html.contains(#"Watch <a href="https://www.youtube.com/watch?v=abc">"#), "\(html)")
    #expect(!html.contains("renderer") && !html.contains("query") && !html.contains("tocgen"), "\(html)")
    #expect(html.contains("The answer is hidden"))
    #expect(html.contains(#"<strong><a class="wiki-link" href="/notes/roadmap/">Word Counting</a></strong>"#), "\(html)")
    #expect(html.contains(#"<a class="wiki-link" href="/notes/work/alpha/">see</a>"#), "\(html)")
    #expect(html.contains("{{date}}"))
    // The broken link is reported where it is written.
    #expect(rendered.diagnostics.map(\.message) == ["unknown note 'Missing page'"])
    #expect(positions(rendered) == ["6:66"])
  }
}

extension LogseqBlockTests {
  /// Roam's export writes its components `{{name: argument}}` or `{{[[name]]: argument}}`,
  /// and block references it cannot resolve, `[*](((0EEP-FcAj)))`.
  @Test func roamComponentsAndBlockReferences() {
    let rendered = render("""
      - {{[[embed]]: [[Ideas]]}}
      - {{embed: [[Ideas]]}}
      - Watch {{[[video]]: https://www.youtube.com/watch?v=abc}} and {{youtube: https://youtu.be/x}}
      - {{[[query]]: {and: [[project]] {or: [[a]] [[b]]}}}} after
      - {{word-count}} {{[[table]]}} {{[[roam/render]]: ((abcdefghi))}} done
      - see [*](((0EEP-FcAj))) here
      - {{[[TODO]]}} still a task
      """)
    let html = rendered.html
    #expect(html.components(separatedBy: "Embedded ideas").count == 3, "\(html)")
    #expect(html.contains(#"Watch <a href="https://www.youtube.com/watch?v=abc">"#), "\(html)")
    #expect(html.contains(#"and <a href="https://youtu.be/x">"#), "\(html)")
    #expect(!html.contains("{{") && !html.contains("}}") && !html.contains("query"), "\(html)")
    #expect(html.contains("<li>\nafter\n</li>") || html.contains("<li>after</li>") || html.contains(" after"), "\(html)")
    #expect(html.contains("done") && !html.contains("word-count") && !html.contains("roam/render"), "\(html)")
    #expect(html.contains("see * here"), "\(html)")
    #expect(html.contains(#"<input type="checkbox" disabled> still a task"#), "\(html)")
    // Nothing inside the dropped query is a link, and the block reference warns of nothing.
    #expect(rendered.diagnostics.isEmpty, "\(rendered.diagnostics)")
  }
}

extension LogseqBlockTests {
  /// Logseq keeps org-mode's blocks inside its Markdown blocks.
  @Test func orgBlocks() {
    let page = """
      - #+BEGIN_QUOTE
        To be or not to be.
        #+END_QUOTE
      - #+BEGIN_TIP
        Save often, see [[Roadmap]].

        Really.
        #+END_TIP
        After the tip.
      - #+BEGIN_SRC python
        def f(x):
            return x * 2
        #+END_SRC
      - #+BEGIN_CENTER
        Centred
        #+END_CENTER
      - #+BEGIN_QUOTE
        never closed
      """
    let rendered = html(page)
    #expect(rendered.contains("<li>\n<blockquote>\n<p>To be or not to be.</p>\n</blockquote>\n</li>"), "\(rendered)")
    #expect(rendered.contains("<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Tip</p>"), "\(rendered)")
    #expect(rendered.contains(#"Save often, see <a class="wiki-link" href="/notes/roadmap/">Roadmap</a>."#))
    #expect(rendered.contains("<p>After the tip.</p>"), "\(rendered)")
    #expect(rendered.contains("<pre tabindex=\"0\"><code class=\"language-python\">def f(x):\n    return x * 2\n</code></pre>"), "\(rendered)")
    #expect(rendered.contains("<li>Centred</li>") || rendered.contains("<p>Centred</p>"), "\(rendered)")
    #expect(rendered.contains("#+BEGIN_QUOTE\nnever closed"), "\(rendered)")
    #expect(!rendered.contains("#+END"), "\(rendered)")
  }
}

extension LogseqBlockTests {
  /// A task's clock entries and a highlight's colour are Logseq's bookkeeping, not text.
  @Test func logbooksAndHighlightColours() {
    let page = """
      - LATER Write the report
        :LOGBOOK:
        CLOCK: [2023-02-16 Thu 10:00]--[2023-02-16 Thu 11:00] =>  01:00:00
        :END:
      - A [[#red]]==**vital**== point and [[#blue]] stays
      """
    let rendered = render(page)
    #expect(rendered.html.contains(#"<input type="checkbox" disabled> Write the report</label>"#), "\(rendered.html)")
    #expect(!rendered.html.contains("LOGBOOK") && !rendered.html.contains("CLOCK"), "\(rendered.html)")
    #expect(rendered.html.contains("A <mark><strong>vital</strong></mark> point and "), "\(rendered.html)")
    // Only the colour before a highlight goes; a link to a tag page elsewhere stays.
    #expect(!rendered.html.contains(">red<") && rendered.html.contains(">blue</a> stays"), "\(rendered.html)")
  }
}

extension LogseqBlockTests {
  /// As the Logseq docs graph writes them: a block opening after a block's first line or right
  /// after another block, a labelled block reference, `created_at`, a timestamp macro.
  @Test func blocksInsideBlocksAndLabelledReferences() {
    let page = """
      - intro line
        #+BEGIN_SRC clojure
        (str "#/page/" *x*)
        #+END_SRC
      - #+BEGIN_TIP
        tip text
        #+END_TIP
        #+BEGIN_EXAMPLE
        [[page 1]] {{query (todo now)}}
        #+END_EXAMPLE
      - Some examples
        created_at:: 1621908710666
      - Watch {{youtube-timestamp 369}} and [the block](((6425a352-7bfd-4b83-bc9c-a65c6b0f2856)))
      """
    let rendered = render(page)
    #expect(rendered.html.contains("<li>intro line\n<pre tabindex=\"0\"><code class=\"language-clojure\">(str &quot;#/page/&quot; *x*)\n</code></pre>\n</li>"), "\(rendered.html)")
    #expect(rendered.html.contains("<p>tip text</p>\n</aside>\n<pre tabindex=\"0\"><code>[[page 1]] {{query (todo now)}}\n</code></pre>"), "\(rendered.html)")
    #expect(!rendered.html.contains("#+") && !rendered.html.contains("created_at") && !rendered.html.contains("369"), "\(rendered.html)")
    // The test resolver keeps a fragment-only wiki link as the fragment: the label shows.
    #expect(rendered.html.contains(##"href="#^6425a352-7bfd-4b83-bc9c-a65c6b0f2856">the block</a>"##), "\(rendered.html)")
    #expect(Markdown.analyze(page).tags.isEmpty)
  }
}

extension LogseqBlockTests {
  /// Logseq highlights with `^^text^^`, beside Obsidian's `==text==`.
  @Test func caretHighlights() {
    #expect(html("- A ^^key **point**^^ and ==another== one, x^2 and [^1]\n\n[^1]: Note.\n").contains(
      "<li>A <mark>key <strong>point</strong></mark> and <mark>another</mark> one, x^2 and"))
    #expect(html("Unclosed ^^caret stays").contains("Unclosed ^^caret stays"))
  }
}

extension LogseqBlockTests {
  /// An `id::` inside code, or on a paragraph that becomes a table, names no block the page
  /// could anchor: nothing refers to a node that is gone.
  @Test func idsInsideCodeOrTablesNameNothing() {
    let page = """
      - #+BEGIN_SRC
        x
        id:: 6425a352-7bfd-4b83-bc9c-a65c6b0f2856
        #+END_SRC

      | a | b |
      |---|---|
      | 1 | 2 |
      id:: 7425a352-7bfd-4b83-bc9c-a65c6b0f2856

      Term
      : Definition
      id:: 8425a352-7bfd-4b83-bc9c-a65c6b0f2856
      """
    let rendered = html(page)
    #expect(rendered.contains("<code>x\nid:: 6425a352") && rendered.contains("<table"), "\(rendered)")
    #expect(Markdown.analyze(page).blockIDs.allSatisfy { !$0.hasPrefix("^6425") })
  }
}

extension LogseqBlockTests {
  /// Logseq numbers the blocks marked `logseq.order-list-type:: number`.
  @Test func numberedBlocks() {
    let rendered = html("- First\n  logseq.order-list-type:: number\n- Second\n  logseq.order-list-type:: number\n")
    #expect(rendered == "<ol>\n<li>First</li>\n<li>Second</li>\n</ol>\n", "\(rendered)")
  }
}
