import Testing

@testable import NotesMarkdown

@Suite struct CalloutTests {
  @Test func plainCalloutIsAnAside() {
    #expect(
      html("> [!note]\n> Remember this.") == """
        <aside class="callout callout-note" role="note">
        <p class="callout-title">Note</p>
        <p>Remember this.</p>
        </aside>

        """)
  }

  @Test func titleKeepsItsMarkup() {
    let out = html("> [!tip] Use *this* trick\n> Body text.\n>\n> More.")
    #expect(out.contains(#"<aside class="callout callout-tip" role="note">"#))
    #expect(
      out.contains(
        "<p class=\"callout-title\">Use <em>this</em> trick</p>\n<p>Body text.</p>\n<p>More.</p>"))
  }

  @Test func foldedIsDetails() {
    #expect(
      html("> [!WARNING]- Careful\n> Hidden until opened.") == """
        <details class="callout callout-warning">
        <summary class="callout-title">Careful</summary>
        <p>Hidden until opened.</p>
        </details>

        """)
    #expect(
      html("> [!faq]+\n> Open.").contains(
        "<details class=\"callout callout-faq\" open>\n<summary class=\"callout-title\">Faq</summary>"
      ))
  }

  @Test(arguments: [
    "> Just a quote", "> [!] empty type", "> [!note]x glued", "> text\n> [!note] later",
    "`[!note]`",
  ])
  func notCallouts(_ markdown: String) {
    #expect(!html(markdown).contains("callout"))
  }

  @Test func markerIsNotInThePreview() {
    #expect(Markdown.analyze("> [!note] Heads up\n> The body.").preview == "Heads up The body.")
  }
}

extension CalloutTests {
  /// Obsidian and Quartz take metadata after `|` for themes (`|right`, `|wide`): still the type.
  @Test func metadataAfterABarIsNotPartOfTheType() {
    let out = html("> [!abstract|right] Seitenleiste\n> Inhalt.")
    #expect(out.contains(#"<aside class="callout callout-abstract" role="note">"#), "\(out)")
    #expect(out.contains(#"<p class="callout-title">Seitenleiste</p>"#))
  }
}

/// Notion exports a callout as `<aside>`, its Markdown, `</aside>`, each tag on a line of its own.
@Suite struct NotionAsideTests {
  @Test func anAsideIsACalloutOfItsMarkdown() {
    let note = "Intro.\n\n<aside>\n💡 **Tip:** see [[Roadmap]] and [[Nowhere]].\n\n- one\n- two\n\n</aside>\n\nAfter.\n"
    let rendered = render(note)
    #expect(rendered.html.contains(
      "<p>Intro.</p>\n<aside class=\"callout callout-note\" role=\"note\">\n<p>💡 <strong>Tip:</strong> see <a class=\"wiki-link\" href=\"/notes/roadmap/\">Roadmap</a> and "),
      "\(rendered.html)")
    #expect(rendered.html.contains("<li>two</li>\n</ul>\n</aside>\n<p>After.</p>"), "\(rendered.html)")
    // Its text is the note's, at its place in the file.
    #expect(positions(rendered) == ["4:32"])
    #expect(!rendered.diagnostics.contains { $0.message.contains("raw HTML") })
    #expect(Markdown.analyze(note).preview.hasPrefix("Intro. 💡 Tip: see Roadmap"))
  }

  /// Docusaurus and VitePress admonitions: `:::type Title`, Markdown, `:::`.
  @Test func anAdmonitionIsACalloutOfItsType() {
    let note = ":::tip Read first\nSee [[Roadmap]] and [[Nowhere]].\n:::\n\n:::warning\n- careful\n:::\n\n:::info[Bracketed *title*]\nText.\n:::\n"
    let rendered = render(note)
    #expect(rendered.html.contains(
      "<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Read first</p>\n<p>See <a class=\"wiki-link\" href=\"/notes/roadmap/\">Roadmap</a> and "),
      "\(rendered.html)")
    #expect(rendered.html.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Warning</p>\n<ul>\n<li>careful</li>\n</ul>\n</aside>"), "\(rendered.html)")
    #expect(rendered.html.contains("<p class=\"callout-title\">Bracketed <em>title</em></p>\n<p>Text.</p>\n</aside>"), "\(rendered.html)")
    #expect(!rendered.html.contains(":::"))
    #expect(positions(rendered) == ["2:21"])
  }

  /// Docusaurus and VitePress indent an admonition under a list item's text: it is a callout
  /// in that item. At the top level, four spaces still make code.
  @Test func anAdmonitionInsideAListItem() {
    let out = html("""
      1. Click **Enable**.

         :::tip
         Indented [[Roadmap]].
         :::

      2. Next step

      - item

        :::warning[Careful]
        - nested a
        - nested b
        :::

      After the list.

          :::note
          code
          :::
      """)
    #expect(out.contains("""
      <li>
      <p>Click <strong>Enable</strong>.</p>
      <aside class="callout callout-tip" role="note">
      <p class="callout-title">Tip</p>
      <p>Indented <a class="wiki-link" href="/notes/roadmap/">Roadmap</a>.</p>
      </aside>
      </li>
      <li>
      <p>Next step</p>
      </li>
      """), "\(out)")
    #expect(out.contains("""
      <p>item</p>
      <aside class="callout callout-warning" role="note">
      <p class="callout-title">Careful</p>
      <ul>
      <li>nested a</li>
      <li>nested b</li>
      </ul>
      </aside>
      """), "\(out)")
    #expect(out.contains("<code>:::note\ncode\n:::\n</code>"), "\(out)")
  }

  /// A list right before a container, or right after it, stays outside it, though its items
  /// use the same bullet as the list inside; VitePress's `{open}` opens a `details` one.
  @Test func listsAroundAContainerStayOutside() {
    let out = html("- a\n- b\n\n:::note Demo\n\n- c\n- d\n\n:::\n- e\n\n::: details Click me {open}\nHidden.\n:::\n")
    #expect(out.contains("""
      <ul>
      <li>a</li>
      <li>b</li>
      </ul>
      <aside class="callout callout-note" role="note">
      <p class="callout-title">Demo</p>
      <ul>
      <li>c</li>
      <li>d</li>
      </ul>
      </aside>
      <ul>
      <li>e</li>
      </ul>
      """), "\(out)")
    #expect(out.contains("<details class=\"callout callout-details\" open>\n<summary class=\"callout-title\">Click me</summary>"), "\(out)")
  }

  /// Quarto's callouts, `::: {.callout-warning title="Careful"}` and `::: callout-tip` titled
  /// by the heading it opens with (`collapse` folds one); other Pandoc attribute divs only
  /// hold their blocks.
  @Test func quartoCallouts() {
    let out = html("""
      ::: {.callout-warning title="Careful"}
      Body A.
      :::

      ::: callout-tip
      ## Tip title

      Body B.
      :::

      ::: {.callout-note collapse="true"}
      ## Folded
      Body C.
      :::

      ::: {layout-ncol=2}
      left
      :::

      ::: { #fig-script }
      fig
      :::
      """)
    #expect(out == """
      <aside class="callout callout-warning" role="note">
      <p class="callout-title">Careful</p>
      <p>Body A.</p>
      </aside>
      <aside class="callout callout-tip" role="note">
      <p class="callout-title">Tip title</p>
      <p>Body B.</p>
      </aside>
      <details class="callout callout-note">
      <summary class="callout-title">Folded</summary>
      <p>Body C.</p>
      </details>
      <p>left</p>
      <p>fig</p>

      """, "\(out)")
  }

  /// A block id in a callout's first paragraph keeps the callout (its anchor ends the
  /// paragraph); a `---` or an empty `-` item under the title line is a rule or nothing, not
  /// the underline of a heading.
  @Test func calloutTitleLinesStayTitles() {
    let out = html("> [!abstract] Trigger\n> **When damaged**... ^trigger\n\n> [!abstract] Related\n> - \n\n> [!note] Title\n> ---\n> body\n")
    #expect(out == """
      <aside class="callout callout-abstract" role="note">
      <p class="callout-title">Trigger</p>
      <p><strong>When damaged</strong>...<span id="^trigger"></span></p>
      </aside>
      <aside class="callout callout-abstract" role="note">
      <p class="callout-title">Related</p>
      </aside>
      <aside class="callout callout-note" role="note">
      <p class="callout-title">Title</p>
      <hr />
      <p>body</p>
      </aside>

      """, "\(out)")
  }

  /// MyST's `{figure}` and `{image}` directives are their image (alt from `:alt:`, else the
  /// figure's caption), the caption after it; their options go.
  @Test func mystFiguresAreImages() {
    let out = html("""
      ```{figure} https://example.com/pic.png
      :name: d-vine-5
      :width: 500px

      Example of a regular vine.
      ```

      ```{image} https://example.com/pic.png
      :alt: A vine
      :width: 200px
      ```

      ```{figure} https://example.com/yaml.png
      ---
      name: fig-a
      width: 300px
      ---
      Caption text.
      ```

      After.
      """)
    #expect(out == """
      <p><img src="https://example.com/pic.png" alt="Example of a regular vine." /></p>
      <p>Example of a regular vine.</p>
      <p><img src="https://example.com/pic.png" alt="A vine" /></p>
      <p><img src="https://example.com/yaml.png" alt="Caption text." /></p>
      <p>Caption text.</p>
      <p>After.</p>

      """, "\(out)")
  }

  /// Qiita's `:::note warn` and Zenn's `:::message alert` name the box's style, not a title.
  @Test func qiitaAndZennBoxesTakeTheirStyle() {
    let out = html(":::note info\nA.\n:::\n\n:::note warn\nB.\n:::\n\n:::message\nC.\n:::\n\n:::message alert\nD.\n:::\n\n:::note My title\nE.\n:::\n")
    #expect(out.contains("<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>A.</p>"), "\(out)")
    #expect(out.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Warning</p>\n<p>B.</p>"), "\(out)")
    #expect(out.contains("<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>C.</p>"), "\(out)")
    #expect(out.contains("<aside class=\"callout callout-danger\" role=\"note\">\n<p class=\"callout-title\">Danger</p>\n<p>D.</p>"), "\(out)")
    #expect(out.contains("<p class=\"callout-title\">My title</p>\n<p>E.</p>"), "\(out)")
    #expect(!out.contains(">info<") && !out.contains(">alert<") && !out.contains(">warn<"), "\(out)")
  }

  @Test func anAsideInCodeOrWithoutItsEndStaysAsWritten() {
    let fenced = html("```\n<aside>\ncode\n</aside>\n```\n")
    #expect(fenced.contains("&lt;aside&gt;\ncode\n&lt;/aside&gt;"), "\(fenced)")
    let unclosed = render("<aside>\nLost text\n\nKept.\n")
    #expect(!unclosed.html.contains("callout") && unclosed.html.contains("<p>Kept.</p>"), "\(unclosed.html)")
    #expect(html(":::note\nno end\n") == "<p>:::note\nno end</p>\n")
    #expect(html("```\n:::tip\nx\n:::\n```\n").contains("<code>:::tip\nx\n:::\n</code>"))
  }
}

/// MkDocs' admonitions and tabs, whose Markdown is indented under their opening line, and
/// GitBook's hints between tags.
@Suite struct IndentedAdmonitionTests {
  @Test func anMkDocsAdmonitionIsACalloutOfItsIndentedMarkdown() {
    let note = """
      Intro.

      !!! warning "Read *this*"
          First paragraph with [[Nowhere]].

              code inside

          - a list
          - of two

      After, not indented.

      !!! note
          Titled by its type.

      ??? tip ""
          Folded, no title.
      """
    let rendered = render(note)
    #expect(rendered.html.contains(
      "<p>Intro.</p>\n<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Read <em>this</em></p>\n<p>First paragraph with <span class=\"broken-link\""),
      "\(rendered.html)")
    #expect(rendered.html.contains("<pre tabindex=\"0\"><code>code inside\n</code></pre>\n<ul>\n<li>a list</li>\n<li>of two</li>\n</ul>\n</aside>\n<p>After, not indented.</p>"), "\(rendered.html)")
    #expect(rendered.html.contains("<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>Titled by its type.</p>\n</aside>"), "\(rendered.html)")
    #expect(rendered.html.contains("<details class=\"callout callout-tip\">\n<summary class=\"callout-title\">Tip</summary>\n<p>Folded, no title.</p>\n</details>"), "\(rendered.html)")
    #expect(html("???+ example \"Open\"\n    Shown.\n").contains("<details class=\"callout callout-example\" open>\n<summary class=\"callout-title\">Open</summary>"))
    #expect(!rendered.html.contains("!!!") && !rendered.html.contains("???"))
    // The warning points at the link's column in the file, indentation included.
    #expect(positions(rendered) == ["4:26"])
  }

  @Test func materialTabsAreTitledBlocks() {
    let page = html("=== \"C\"\n\n    ```c\n    int x;\n    ```\n\n=== \"Swift\"\n\n    ```swift\n    let x = 1\n    ```\n")
    #expect(page.contains("<aside class=\"callout callout-tab\" role=\"note\">\n<p class=\"callout-title\">C</p>\n<pre tabindex=\"0\"><code class=\"language-c\">int x;\n</code></pre>\n</aside>"), "\(page)")
    #expect(page.contains("<p class=\"callout-title\">Swift</p>\n<pre tabindex=\"0\"><code class=\"language-swift\">let x = 1\n"), "\(page)")
  }

  @Test func aGitBookHintIsACallout() {
    let page = html("{% hint style=\"danger\" %}\nDo **not** run this.\n{% endhint %}\n")
    #expect(page == "<aside class=\"callout callout-danger\" role=\"note\">\n<p class=\"callout-title\">Danger</p>\n<p>Do <strong>not</strong> run this.</p>\n</aside>\n", "\(page)")
  }

  @Test func withoutIndentedMarkdownItIsText() {
    #expect(html("!!! note\nNot indented.\n") == "<p>!!! note\nNot indented.</p>\n")
    #expect(html("Wow!!! Great.\n") == "<p>Wow!!! Great.</p>\n")
    #expect(html("```\n!!! note\n    code\n```\n").contains("<code>!!! note\n    code\n</code>"))
  }
}

extension IndentedAdmonitionTests {
  /// Material for MkDocs nests tabs and admonitions, each level indented four more spaces.
  @Test func nestedContainers() {
    let page = html("""
      !!! example "Tabs `inside`"

          === "Tab A"

              Inside tab A.

              !!! warning
                  Deepest.

          === "Tab B"

              Inside tab B.

      After.
      """)
    #expect(page == """
      <aside class="callout callout-example" role="note">
      <p class="callout-title">Tabs <code>inside</code></p>
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">Tab A</p>
      <p>Inside tab A.</p>
      <aside class="callout callout-warning" role="note">
      <p class="callout-title">Warning</p>
      <p>Deepest.</p>
      </aside>
      </aside>
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">Tab B</p>
      <p>Inside tab B.</p>
      </aside>
      </aside>
      <p>After.</p>

      """, "\(page)")
  }

  /// VuePress and VitePress write `::: tip` with a space, MyST `:::{tip}` with options under
  /// it; a Pandoc div `::: {.class}` only groups its blocks.
  @Test func otherColonFences() {
    let page = html("""
      ::: tip Read *first*
      A tip.
      :::

      ::: details Click me
      Hidden.
      :::

      :::{danger}
      :class: dropdown
      Careful.
      :::

      ::: {.ui .message}
      Plain text.
      :::
      """)
    #expect(page.contains("<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Read <em>first</em></p>\n<p>A tip.</p>\n</aside>"), "\(page)")
    #expect(page.contains("<details class=\"callout callout-details\">\n<summary class=\"callout-title\">Click me</summary>\n<p>Hidden.</p>\n</details>"), "\(page)")
    #expect(page.contains("<aside class=\"callout callout-danger\" role=\"note\">\n<p class=\"callout-title\">Danger</p>\n<p>Careful.</p>\n</aside>"), "\(page)")
    #expect(page.hasSuffix("<p>Plain text.</p>\n"), "\(page)")
    #expect(!page.contains(":::") && !page.contains(":class:"))
  }
}

extension IndentedAdmonitionTests {
  /// Containers between lines nest: Docusaurus with more colons outside, Pandoc with a div
  /// opened inside another, each closed by the next bare `:::`.
  @Test func colonFencesNest() {
    let docusaurus = html("::::tip Outer\nA.\n:::note\nB.\n:::\nC.\n::::\n")
    #expect(docusaurus == """
      <aside class="callout callout-tip" role="note">
      <p class="callout-title">Outer</p>
      <p>A.</p>
      <aside class="callout callout-note" role="note">
      <p class="callout-title">Note</p>
      <p>B.</p>
      </aside>
      <p>C.</p>
      </aside>

      """, "\(docusaurus)")
    let pandoc = html(":::{.ui .message}\n:::{.header}\nTake-away\n:::\nText.\n:::\n")
    #expect(pandoc == "<p>Take-away</p>\n<p>Text.</p>\n", "\(pandoc)")
  }
}

/// GitBook's and Hexo's Liquid tags, and MyST's directives and targets.
@Suite struct LiquidAndMystBlockTests {
  @Test func gitBookTags() {
    let page = html("""
      {% tabs %}
      {% tab title="macOS" %}
      Use brew.
      {% endtab %}
      {% endtabs %}

      {% code title="hello.sh" %}
      ```bash
      echo hi
      ```
      {% endcode %}

      {% embed url="https://example.org/v" %}

      {% file src="https://example.org/a.pdf" caption="The spec" %}

      {% content-ref url="https://example.org/b" %}
      [b](https://example.org/b)
      {% endcontent-ref %}
      """)
    #expect(page.contains("<aside class=\"callout callout-tab\" role=\"note\">\n<p class=\"callout-title\">macOS</p>\n<p>Use brew.</p>\n</aside>"), "\(page)")
    #expect(page.contains("<figcaption>hello.sh</figcaption>\n<pre tabindex=\"0\"><code class=\"language-bash\">echo hi"), "\(page)")
    #expect(page.contains("<a href=\"https://example.org/v\">https://example.org/v</a>"), "\(page)")
    #expect(page.contains("<a href=\"https://example.org/a.pdf\">The spec</a>"))
    #expect(page.contains("<p><a href=\"https://example.org/b\">b</a></p>"))
    #expect(!page.contains("{%"), "\(page)")
  }

  @Test func hexoAndJekyllTags() {
    let page = html("""
      {% note warning %}
      Some **info**.
      {% endnote %}

      {% raw %}
      ```liquid
      {{ page.title }}
      ```
      {% endraw %}

      {% img https://x.org/a.jpg 300 "A cat" %}
      """)
    #expect(page.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p>Some <strong>info</strong>.</p>\n</aside>"), "\(page)")
    #expect(page.contains("<code class=\"language-liquid\">{{ page.title }}\n</code>"), "\(page)")
    #expect(page.contains("alt=\"A cat\""), "\(page)")
    #expect(!page.contains("{%"), "\(page)")
  }

  @Test func mystDirectivesAndTargets() {
    let note = """
      (sec-a)=
      # Alpha

      ```{note}
      :class: dropdown
      A *note*.
      ```

      ```{prf:remark}
      :label: r1
      Remark $x$.
      ```

      ```{code-cell} python
      print(1)
      ```

      ```{math}
      x^2
      ```

      (content/my-label)=
      ## Beta

      +++ {"tags": ["hide"]}

      ```{code-cell} ipython3
      :tags: [hide-input]
      print(2)
      ```

      +++

      ```{code-cell} python
      ---
      tags: [remove-output]
      ---
      print(3)
      ```

      ```{math}
      :label: eq1
      E = mc^2 < \\infty
      ```
      """
    let page = html(note)
    #expect(!page.contains("sec-a") && !page.contains("my-label") && !page.contains("+++"), "\(page)")
    #expect(page.contains("<code class=\"language-ipython3\">print(2)\n</code>"), "\(page)")
    #expect(page.contains("<code class=\"language-python\">print(3)\n</code>"), "\(page)")
    #expect(page.contains(#"<p><span class="math math-display">\[E = mc^2 &lt; \infty\]</span></p>"#), "\(page)")
    #expect(!page.contains("tags:") && !page.contains("hide-input") && !page.contains("eq1"), "\(page)")
    #expect(page.contains("<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>A <em>note</em>.</p>\n</aside>"), "\(page)")
    #expect(page.contains("<p class=\"callout-title\">Remark</p>"), "\(page)")
    #expect(page.contains("<code class=\"language-python\">print(1)"), "\(page)")
    #expect(page.contains(#"<p><span class="math math-display">\[x^2\]</span></p>"#), "\(page)")
    #expect(!page.contains("{prf") && !page.contains(":label:") && !page.contains(":class:"), "\(page)")
    #expect(Markdown.analyze(note).firstH1 == "Alpha")
  }
}

extension LiquidAndMystBlockTests {
  /// MyST roles read as their text, not as a role name before a code span.
  @Test func mystRoles() {
    let page = html("See {ref}`geom_series`, {doc}`Samuelson <dynam:samuelson>`, {eq}`infinite`, {cite}`Samuelson1939`, H{sub}`2`O and {math}`x^2`.\n")
    #expect(page == "<p>See geom_series, Samuelson, (infinite), [Samuelson1939], H<sub>2</sub>O and <span class=\"math math-inline\">\\(x^2\\)</span>.</p>\n", "\(page)")
    // Braces before code that are not a role stay.
    #expect(html("A set {a, b}`x`\n").contains("{a, b}<code>x</code>"))
    #expect(html("The set {x}`y`\n").contains("{x}<code>y</code>"))
    #expect(Markdown.analyze("See {ref}`geom_series` now.\n").plainText == "See geom_series now.")
  }
}

extension IndentedAdmonitionTests {
  @Test func docsifyMarkedParagraphs() {
    let page = html("Intro.\n\n!> **Time** is money,\nmy friend!\n\n?> _TODO_ unit test\n\nNot a marker: a!> b\n")
    #expect(page == """
      <p>Intro.</p>
      <aside class="callout callout-important" role="note">
      <p><strong>Time</strong> is money,
      my friend!</p>
      </aside>
      <aside class="callout callout-tip" role="note">
      <p><em>TODO</em> unit test</p>
      </aside>
      <p>Not a marker: a!&gt; b</p>

      """, "\(page)")
  }
}

extension LiquidAndMystBlockTests {
  /// Raw tags in code are what the code shows (a note on Jinja templates); a code title
  /// belongs to the code block right after it, not to a later one.
  @Test func liquidTagsKeepToTheirPlace() {
    let page = html("```jinja\n{% raw %}{{ x }}{% endraw %}\n```\n\n{% code title=\"a.sh\" %}\nNot code.\n\n```\nlater\n```\n")
    #expect(page.contains("<code class=\"language-jinja\">{% raw %}{{ x }}{% endraw %}\n</code>"), "\(page)")
    #expect(!page.contains("a.sh") && page.contains("<p>Not code.</p>"), "\(page)")
  }
}

extension LiquidAndMystBlockTests {
  /// Found by the fuzzer: a role's text made from its code span had no place in the note, so
  /// a wiki link in it was reported on line 0.
  @Test func aRolesTextKeepsItsPlace() {
    let analysis = Markdown.analyze("Line one.\n\nH{sub}`see ![[Roadmap]]`\n", lineOffset: 3)
    #expect(analysis.references.map(\.line) == [6], "\(analysis.references)")
    #expect(analysis.references.allSatisfy { $0.column >= 1 })
  }
}

extension CalloutTests {
  /// A summary over lines of its own (`<summary>`, its text, `</summary>`) titles the block.
  @Test func aSummaryOverLinesOfItsOwn() {
    let out = html("<details>\n<summary>\nPreview\n</summary>\n\nBody A.\n</details>\n")
    #expect(out == "<details class=\"callout callout-details\">\n<summary class=\"callout-title\">Preview</summary>\n<p>Body A.</p>\n</details>\n", "\(out)")
  }

  /// `</details>` at the end of the block's last line, as Hexo posts write it, closes it.
  @Test func detailsClosedAtTheEndOfTheLastLine() {
    let out = html("<details><summary>Y-N Case</summary>\n\nN * (-P) = - N * P</details>\n\nAfter.\n")
    #expect(
      out == "<details class=\"callout callout-details\">\n<summary class=\"callout-title\">Y-N Case</summary>\n<p>N * (-P) = - N * P</p>\n</details>\n<p>After.</p>\n",
      "\(out)")
    #expect(render("<details><summary>S</summary>\n\nText.</details>").diagnostics.isEmpty)
  }
}

/// Obsidian's Admonition plugin writes a callout as a code block of language `ad-<type>`,
/// its options on the lines right under the fence.
@Suite struct AdmonitionPluginTests {
  @Test func aDailyNoteTemplatesQuoteAndInfo() {
    let page = html(
      """
      # 2021-08-24

      ```ad-quote
      title: Quote of the Day
      Be **curious**, not judgmental. See [[Reading List]].
      ```

      ```ad-info
      collapse: closed
      - [ ] Review inbox
      ```

      Text after.
      """)
    #expect(
      page.contains(
        "<aside class=\"callout callout-quote\" role=\"note\">\n<p class=\"callout-title\">Quote of the Day</p>\n<p>Be <strong>curious</strong>, not judgmental."
      ), "\(page)")
    #expect(page.contains("<details class=\"callout callout-info\">\n<summary class=\"callout-title\">Info</summary>"), "\(page)")
    #expect(page.contains("<p>Text after.</p>"))
    #expect(!page.contains("<pre") && !page.contains("title:") && !page.contains("collapse:") && !page.contains("ad-"), "\(page)")
  }

  @Test func anEmptyTitleLeavesNoTitleAndFourBackticksHoldCode() {
    let page = html(
      """
      ````ad-example
      title:
      icon: bug
      ```swift
      let x = 1
      ```
      ````
      """)
    #expect(page.hasPrefix("<aside class=\"callout callout-example\" role=\"note\">\n<pre"), "\(page)")
    #expect(page.contains("<code class=\"language-swift\">let x = 1\n</code>"), "\(page)")
    #expect(!page.contains("icon:") && !page.contains("````"), "\(page)")
  }

  @Test func anUnclosedOrPlainCodeBlockStaysCode() {
    #expect(html("```ad-note\ntitle: T\nbody").contains("<pre"))
    #expect(html("```adnote\nx\n```").contains("<code class=\"language-adnote\">x\n</code>"))
    #expect(html("```\ntitle: ad-note\n```").contains("<pre"))
  }
}
