import Testing

@testable import NotesMarkdown

/// Definition lists as PHP Markdown Extra, Pandoc, kramdown and MkDocs write them.
@Suite struct DefinitionListTests {
  @Test func termsAndDefinitionsBecomeADescriptionList() {
    let page = html("""
      Intro.

      Latency
      : The time a *request* waits, see [[Roadmap]].
      : Also: delay.

      Term A
      Term B
      :   Shared definition
      continued here.
      """)
    #expect(page.contains("""
      <dl>
      <dt>Latency</dt>
      <dd>The time a <em>request</em> waits, see <a class="wiki-link" href="/notes/roadmap/">Roadmap</a>.</dd>
      <dd>Also: delay.</dd>
      </dl>
      """), "\(page)")
    #expect(page.contains("<dt>Term A</dt>\n<dt>Term B</dt>\n<dd>Shared definition\ncontinued here.</dd>\n</dl>"), "\(page)")
  }

  @Test func otherColonsStayText() {
    #expect(html("Not a list\n:) smile\n") == "<p>Not a list\n:) smile</p>\n")
    #expect(html(": starts with one\nthen text\n") == "<p>: starts with one\nthen text</p>\n")
    #expect(html("Ends with a term\n: def\nTerm\n: def\nlast\n").contains("<dl>"))
    #expect(html("a | b\n:-- | --:\n1 | 2\n").contains("<table"))
  }

  @Test func theAnalysisReadsTermsAndDefinitions() {
    let analysis = Markdown.analyze("Latency\n: The time #perf a request waits.\n")
    #expect(analysis.preview.hasPrefix("Latency The time"))
    #expect(analysis.tags.contains("perf"))
  }

  @Test func aWarningInADefinitionKeepsItsColumn() {
    let result = render("Term\n:   see [[Nowhere]]\n")
    #expect(result.diagnostics.first?.location?.line == 2)
    #expect(result.diagnostics.first?.location?.column == 9)
  }
}

extension DefinitionListTests {
  /// MkDocs and PHP Markdown Extra read a definition after a blank line as one more of the
  /// term above.
  @Test func definitionsAfterABlankLine() {
    let rendered = render("""
      Access
      : Users must log in.

      : Admins see [[Missing]].
      : And more.

      : Third group.

      After.
      """)
    #expect(rendered.html == """
      <dl>
      <dt>Access</dt>
      <dd>Users must log in.</dd>
      <dd>Admins see <span class="broken-link" title="unknown note &#39;Missing&#39;">Missing</span>.</dd>
      <dd>And more.</dd>
      <dd>Third group.</dd>
      </dl>
      <p>After.</p>

      """, "\(rendered.html)")
    #expect(positions(rendered) == ["4:14"])
  }
}

extension DefinitionListTests {
  /// A definition that starts with markup, as ox-hugo exports an org-roam note's tags
  /// (`tags` over `: [Emacs](…)`), or bold, code or a link.
  @Test func aDefinitionStartingWithMarkup() {
    let page = html("tags\n: [Emacs](https://www.gnu.org/software/emacs/) [Org](https://orgmode.org)\n\nT\n: **bold** def\n\nC\n: `code` def\n")
    #expect(page.contains("<dt>tags</dt>\n<dd><a href=\"https://www.gnu.org/software/emacs/\">Emacs</a> <a href=\"https://orgmode.org\">Org</a></dd>"), "\(page)")
    #expect(page.contains("<dt>T</dt>\n<dd><strong>bold</strong> def</dd>"), "\(page)")
    #expect(page.contains("<dt>C</dt>\n<dd><code>code</code> def</dd>"), "\(page)")
    #expect(!page.contains(": "), "\(page)")
  }
}

/// Dataview's inline fields, as the Tasks plugin's Dataview format writes a task's dates.
@Suite struct DataviewFieldTests {
  @Test func bracketedFieldsReadAsDataviewShowsThem() {
    let page = html(
      """
      - [ ] Return the book [due:: 2024-02-02] [priority:: high]
      - I finished it [finished:: 2024-01-02] and would re-read (reread:: yes).

      Kept: [[Note]] (see [x](https://x.org)), `[code:: x]`, [not a field: x] and std::vector.

      ```
      [key:: value]
      ```
      """)
    #expect(page.contains("Return the book  due:  2024-02-02   priority:  high"), "\(page)")
    #expect(page.contains("I finished it  finished:  2024-01-02  and would re-read yes."), "\(page)")
    #expect(page.contains("<code>[code:: x]</code>") && page.contains("[not a field: x] and std::vector"), "\(page)")
    #expect(page.contains("<code>[key:: value]\n</code>"), "\(page)")
    #expect(!page.contains("due::") && !page.contains("(reread"), "\(page)")
  }
}
