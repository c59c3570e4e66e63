import Testing

@testable import NotesMarkdown

/// Pages written for Docusaurus, Starlight and Nextra (MDX), and GitHub's `<details>`.
@Suite struct MDXTests {
  @Test func importsExportsAndCommentsAreNotText() {
    let rendered = render("""
      import Tabs from '@theme/Tabs';
      import TabItem from '@theme/TabItem';
      import {
        Aside,
        Card,
      } from '@astrojs/starlight/components';

      export const Highlight = ({children, color}) => (
        <span style={{backgroundColor: color}}>{children}</span>
      );

      ## Setup {/* #install */}

      {/* A comment for the writers. */}

      Text {/* inline */} goes on, see [[Nowhere]].

      To import data from 'x', use the menu.
      """)
    #expect(rendered.html == """
      <h2 id="install">Setup <a class="heading-anchor" href="#install" aria-label="Link to this section">#</a></h2>
      <p>Text                goes on, see <span class="broken-link" title="unknown note &#39;Nowhere&#39;">Nowhere</span>.</p>
      <p>To import data from 'x', use the menu.</p>

      """, "\(rendered.html)")
    #expect(positions(rendered) == ["16:34"])
  }

  /// A comment written in a code span is what the code shows, as the Docusaurus docs write
  /// about the syntax; outside one it goes.
  @Test func commentsInCodeSpansStay() {
    let page = html("| Syntax | Example |\n|---|---|\n| MDX | `{/* ... */}` |\n\nInline `{/* x */}` and ``a {/* y */} b`` {/* gone */}.\n")
    #expect(page.contains("<td><code>{/* ... */}</code></td>"), "\(page)")
    #expect(page.contains("<p>Inline <code>{/* x */}</code> and <code>a {/* y */} b</code>"), "\(page)")
    #expect(!page.contains("gone"), "\(page)")
  }

  /// `{' '}`, `{" "}` and ``{` `}`` only keep a space where JSX would drop it.
  @Test func spaceExpressionsAreSpaces() {
    let page = html("Docusaurus green{` `}and **blue**{' '}is {\" \"}nice. Code `{' '}` stays.\n")
    #expect(page.hasPrefix("<p>Docusaurus green"), "\(page)")
    #expect(page.components(separatedBy: "{").count == 2, "\(page)")
    #expect(page.contains("<code>{' '}</code>"), "\(page)")
  }

  /// What MDX would not read as ESM or code stays the note's text.
  @Test func unclosedStatementsAndBlocksKeepTheText() {
    let page = html("export const x = {\n  a: \"{\",\n\nText after.\n\n<CodeBlock language=\"js\">\nnever closed\n")
    #expect(page.contains("<p>Text after.</p>") && page.contains("never closed</p>") && !page.contains("<pre"), "\(page)")
  }

  @Test func tabsAreTitledBlocksAndTheirIndentationIsNotCode() {
    let page = html("""
      <Tabs groupId="os">
        <TabItem value="mac" label="macOS" default>
          Run **brew**:

          ```sh
          brew install hugo
          ```
        </TabItem>
        <TabItem value="linux" label={"Linux"}>
          - one
            - nested
        </TabItem>
      </Tabs>

      <TabItem value="x" label="Inline">One line</TabItem>

          indented code stays code
      """)
    #expect(page == """
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">macOS</p>
      <p>Run <strong>brew</strong>:</p>
      <pre tabindex="0"><code class="language-sh">brew install hugo
      </code></pre>
      </aside>
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">Linux</p>
      <ul>
      <li>one
      <ul>
      <li>nested</li>
      </ul>
      </li>
      </ul>
      </aside>
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">Inline</p>
      <p>One line</p>
      </aside>
      <pre tabindex="0"><code>indented code stays code
      </code></pre>

      """, "\(page)")
  }

  @Test func aComponentOnOneLineKeepsItsPositions() {
    let rendered = render("<TabItem value=\"x\" label=\"A\">See [[Nowhere]].</TabItem>\n")
    #expect(rendered.html.contains("<p class=\"callout-title\">A</p>"), "\(rendered.html)")
    #expect(positions(rendered) == ["1:34"])
  }

  @Test func asidesAdmonitionsAndCallouts() {
    let page = html("""
      <Aside type="caution" title="Watch out!">
      Careful *here*.
      </Aside>

      <Admonition type="tip">
      A tip.
      </Admonition>

      <Callout type="warning" emoji="⚠️">
      Nextra callout.
      </Callout>
      """)
    #expect(page == """
      <aside class="callout callout-caution" role="note">
      <p class="callout-title">Watch out!</p>
      <p>Careful <em>here</em>.</p>
      </aside>
      <aside class="callout callout-tip" role="note">
      <p class="callout-title">Tip</p>
      <p>A tip.</p>
      </aside>
      <aside class="callout callout-warning" role="note">
      <p>Nextra callout.</p>
      </aside>

      """, "\(page)")
  }

  @Test func codeBlocksLinkCardsAndMDXCodeBlocks() {
    let page = html("""
      <CodeBlock language="jsx" title="/src/a.js">
      const a = <b>1</b>;
      </CodeBlock>

      <LinkCard title="Guides" href="https://example.com/guides/" description="Read more" />

      ```mdx-code-block
      <Aside>
      Shown, not code.
      </Aside>
      ```

      ```md
      import Tabs from '@theme/Tabs';
      ```
      """)
    #expect(page == """
      <figure class="code-block">
      <figcaption>/src/a.js</figcaption>
      <pre tabindex="0"><code class="language-jsx">const a = &lt;b&gt;1&lt;/b&gt;;
      </code></pre>
      </figure>
      <p><a href="https://example.com/guides/">Guides</a> — Read more</p>
      <aside class="callout callout-note" role="note">
      <p class="callout-title">Note</p>
      <p>Shown, not code.</p>
      </aside>
      <pre tabindex="0"><code class="language-md">import Tabs from '@theme/Tabs';
      </code></pre>

      """, "\(page)")
  }

  /// GitHub READMEs fold text in `<details>`; the summary was lost with the raw HTML.
  @Test func detailsWithTheirSummary() {
    let rendered = render("""
      <details>
      <summary><b>Click</b> to expand</summary>

      Hidden **content**.

      </details>

      <details open><summary>Shown</summary>
      More text, see [[Nowhere]].
      </details>

      <details>
      <summary>Never closed</summary>
      """)
    #expect(rendered.html == """
      <details class="callout callout-details">
      <summary class="callout-title">Click to expand</summary>
      <p>Hidden <strong>content</strong>.</p>
      </details>
      <details class="callout callout-details" open>
      <summary class="callout-title">Shown</summary>
      <p>More text, see <span class="broken-link" title="unknown note &#39;Nowhere&#39;">Nowhere</span>.</p>
      </details>
      <p>Never closed</p>

      """, "\(rendered.html)")
    // Without its closing tag it is no container: its HTML keeps its text.
    #expect(positions(rendered) == ["9:16"])
  }

  @Test func tagLinesParseTheirAttributes() throws {
    let tag = try #require(HTMLTagLine(#"<TabItem value="a b" label={'Apple'} default>rest</TabItem>"#))
    #expect(tag.name == "TabItem" && !tag.selfClosing)
    #expect(tag.attributes == ["value": "a b", "label": "Apple", "default": ""])
    #expect(tag.rest == "rest</TabItem>")
    #expect(HTMLTagLine("<LinkCard href=/x/ />")?.selfClosing == true)
    #expect(HTMLTagLine("< not a tag") == nil)
    #expect(HTMLTagLine("<a href=\"unclosed>") == nil)
  }
}
