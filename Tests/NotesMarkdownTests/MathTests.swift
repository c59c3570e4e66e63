import Testing

@testable import NotesMarkdown

/// `$…$` and `$$…$$` are TeX, passed through as written: never read as Markdown, escaped for
/// HTML, wrapped for KaTeX/MathJax, and read as TeX by search and previews.
@Suite struct MathTests {
  static func inline(_ tex: String) -> String { #"<span class="math math-inline">\("# + tex + #"\)</span>"# }
  static func display(_ tex: String) -> String { #"<span class="math math-display">\["# + tex + #"\]</span>"# }

  /// The 1-based character column of `needle` in `line`.
  static func column(of needle: String, in line: String) -> Int {
    line.distance(from: line.startIndex, to: line.range(of: needle)!.lowerBound) + 1
  }

  @Test func texReachesThePageAsWritten() {
    let note = """
      $$
      a &= b \\\\
      c &= d
      $$
      Inline $\\{x\\}$ $a\\,b$ $x*y*z$ and prices $5 or $10 stay text.
      > $$
      > \\sum_{i=1}^n i
      > $$
      """
    #expect(
      html(note) == """
        <p>\(Self.display("\na &amp;= b \\\\\nc &amp;= d\n"))
        Inline \(Self.inline("\\{x\\}")) \(Self.inline("a\\,b")) \(Self.inline("x*y*z")) and prices $5 or $10 stay text.</p>
        <blockquote>
        <p>\(Self.display("\n\\sum_{i=1}^n i\n"))</p>
        </blockquote>

        """)
  }

  @Test func dollarsThatAreNotMath() {
    #expect(html("It costs $5 or $10.") == "<p>It costs $5 or $10.</p>\n")
    #expect(html("Escaped \\$x\\$ and \\$5.") == "<p>Escaped $x$ and $5.</p>\n")
    #expect(html("No closer: $x and $ y $.") == "<p>No closer: $x and $ y $.</p>\n")
    // A closing `$` followed by a digit closes nothing.
    #expect(html("From $x$5 on") == "<p>From $x$5 on</p>\n")
    #expect(html("Unclosed $$ here") == "<p>Unclosed $$ here</p>\n")
    // TeX's own `\$` inside math.
    #expect(html("Cost $\\$5$.") == "<p>Cost \(Self.inline("\\$5")).</p>\n")
  }

  @Test func codeKeepsItsDollars() {
    let note = """
      Inline `$x*y$` code, math $a$ and `code $b` after.

      ```
      $fenced*code*$
      ```

          $indented$ code
      """
    #expect(
      html(note) == """
        <p>Inline <code>$x*y$</code> code, math \(Self.inline("a")) and <code>code $b</code> after.</p>
        <pre tabindex="0"><code>$fenced*code*$
        </code></pre>
        <pre tabindex="0"><code>$indented$ code
        </code></pre>

        """)
  }

  @Test func markupInsideMathIsText() {
    let note = "See $[[Roadmap]] #tag ==h== ~~s~~ %%c%% [^1] _i_ <b> &amp; \\\\$ here.\n\n[^1]: Note.\n"
    let page = html(note)
    #expect(
      page.contains(
        Self.inline("[[Roadmap]] #tag ==h== ~~s~~ %%c%% [^1] _i_ &lt;b&gt; &amp;amp; \\\\")))
    #expect(!page.contains("wiki-link") && !page.contains("class=\"tag\""))
    #expect(!page.contains("<mark>") && !page.contains("<del>") && !page.contains("<em>"))
    #expect(!page.contains("footnote"))
    let analysis = Markdown.analyze(note)
    #expect(analysis.references.isEmpty)
    #expect(analysis.tags.isEmpty)
  }

  @Test func emphasisNextToMath() {
    #expect(
      html("*a* $b$ *c* and **$x$** and $y$**z**")
        == "<p><em>a</em> \(Self.inline("b")) <em>c</em> and <strong>\(Self.inline("x"))</strong> and \(Self.inline("y"))<strong>z</strong></p>\n")
    // Emphasis cannot reach into math.
    #expect(html("*a $b* c$") == "<p>*a \(Self.inline("b* c"))</p>\n")
  }

  @Test func calloutsAndListItems() {
    let note = """
      > [!note] Energy $E = mc^2$
      > Sum $\\sum_i x_i$ and
      > $$
      > a + b
      > $$

      - item $a_1$
      - $$
        f(x) = x
        + 1
        - 2
        $$
      """
    #expect(
      html(note) == """
        <aside class="callout callout-note" role="note">
        <p class="callout-title">Energy \(Self.inline("E = mc^2"))</p>
        <p>Sum \(Self.inline("\\sum_i x_i")) and
        \(Self.display("\na + b\n"))</p>
        </aside>
        <ul>
        <li>item \(Self.inline("a_1"))</li>
        <li>\(Self.display("\nf(x) = x\n+ 1\n- 2\n"))</li>
        </ul>

        """)
  }

  /// Lines that cmark would read as a list item, quote or heading stay in display math that a
  /// line of `$$` opened; so does a blank line before the closing `$$` (see
  /// `displayMathOverABlankLine`).
  @Test func displayMathOverLinesThatLookLikeBlocks() {
    let note = """
      Cases:
      $$
      f(x) = \\begin{cases}
      1 & x > 0 \\\\
      - 1 & \\text{else}
      \\end{cases}
      # not a heading
      > 0
      $$

      $$
      a

      b
      $$
      """
    #expect(
      html(note) == """
        <p>Cases:
        \(Self.display("\nf(x) = \\begin{cases}\n1 &amp; x &gt; 0 \\\\\n- 1 &amp; \\text{else}\n\\end{cases}\n# not a heading\n&gt; 0\n"))</p>
        <p>\(Self.display("\na\n%\nb\n"))</p>

        """)
  }

  @Test func inlineDisplayMathAndMathInHeadings() {
    let note = "# Energy $E=mc^2$\n\nWithin a line $$\\int_0^1 x\\,dx$$ too.\n"
    #expect(
      html(note).contains(
        "<p>Within a line \(Self.display("\\int_0^1 x\\,dx")) too.</p>"))
    let analysis = Markdown.analyze(note)
    #expect(analysis.firstH1 == "Energy E=mc^2")
    #expect(analysis.headings.map(\.id) == ["energy-e-mc-2"])
  }

  @Test func tablesSplitCellsFirst() {
    let note = """
      | a | b |
      |---|---|
      | $x_1$ | `$y$` |
      | $p \\| q$ | $c|d$ |
      """
    let page = html(note)
    #expect(page.contains("<td>\(Self.inline("x_1"))</td>\n<td><code>$y$</code></td>"))
    // `\|` is a pipe inside the cell; a bare `|` ends the cell, as in GFM and Obsidian.
    #expect(page.contains("<td>\(Self.inline("p | q"))</td>\n<td>$c</td>"))
  }

  @Test func linksAndAutolinksKeepTheirDollars() {
    let page = html("[$x$](https://e.com/$a$) <https://e.com/$b$> [[Roadmap|$c$]]")
    #expect(page.contains(#"<a href="https://e.com/$a$">"# + Self.inline("x") + "</a>"))
    #expect(page.contains(#"<a href="https://e.com/$b$">https://e.com/$b$</a>"#))
    #expect(page.contains(#"<a class="wiki-link" href="/notes/roadmap/">$c$</a>"#))
    #expect(html("![plot of $x^2$](diagram.png)").contains(#"alt="plot of x^2""#))
  }

  @Test func searchAndPreviewReadTheTeX() {
    let analysis = Markdown.analyze("The sum $\\sum_i x_i$ is\n$$\na < b\n$$\n")
    #expect(analysis.plainText == "The sum \\sum_i x_i is\na < b")
    #expect(analysis.preview == "The sum \\sum_i x_i is a < b")
  }

  @Test func diagnosticsAfterMathKeepTheirColumns() {
    let lines = [
      "é $a*b\\,c$ **x** [[Nowhere]]",
      "$$",
      "x_1",
      "$$ then [[Gone]]",
      "| $y$ [[Missing]] |",
      "|---|",
    ]
    let result = render(lines.joined(separator: "\n"), lineOffset: 2)
    let found = positions(result)
    #expect(
      found == [
        "3:\(Self.column(of: "[[Nowhere", in: lines[0]))",
        "6:\(Self.column(of: "[[Gone", in: lines[3]))",
        "7:\(Self.column(of: "[[Missing", in: lines[4]))",
      ])
  }

  @Test func notesWithoutMathAreUntouched() {
    let note = "Plain *text*, `code $x$` and a [[Roadmap]] link.\n"
    #expect(
      html(note)
        == "<p>Plain <em>text</em>, <code>code $x$</code> and a <a class=\"wiki-link\" href=\"/notes/roadmap/\">Roadmap</a> link.</p>\n")
    // A note that already holds the private-use characters math is marked with keeps them
    // and gets no math rather than a misreading.
    let odd = "\u{F0024} $x$ \u{F0100}"
    #expect(html(odd) == "<p>\u{F0024} $x$ \u{F0100}</p>\n")
    // Still none when a wiki link's name is kept literal in the same note.
    #expect(Markdown.analyze(odd + " [[a_b_c]]").references.map(\.target) == ["a_b_c"])
    #expect(html(odd + " [[Roadmap|a_b_c]]").contains(" $x$ \u{F0100} <a class=\"wiki-link\" href=\"/notes/roadmap/\">a_b_c</a>"))
  }

  @Test func aCommentCannotLeaveHalfAFormula() {
    // The comment ends the paragraph's text; the math it cut reads as written.
    let page = html("Keep $a$ %%hidden $b$%% and %%open $c\nd$")
    #expect(page == "<p>Keep \(Self.inline("a"))  and </p>\n")
  }

  /// A delimiter whose partner a pass took away reads `$` again, and marked punctuation
  /// outside math reads as itself, wherever it ended up.
  @Test func markersWithoutPartnersReadAsWritten() {
    let open = "\u{F0100}"
    let star = "\u{F002A}"
    let page = CmarkDocument.withParsed("a \(open)x\(star)y *b* `c\(star)`\n") { root in
      MathPass.run(root, source: SourceMap("", lineOffset: 0))
      return CmarkDocument.renderHTML(root, unsafe: false)
    }
    #expect(page == "<p>a $x*y <em>b</em> <code>c*</code></p>\n")
  }

  @Test func manyDollarsStayLinear() {
    let text =
      String(repeating: "$a ", count: 20_000) + "\n\n" + String(repeating: "$$\n- x\n", count: 5_000)
      + "\n" + String(repeating: "`$x$ ``", count: 10_000)
    let elapsed = ContinuousClock().measure {
      #expect(!render(text).html.isEmpty)
      #expect(!Markdown.analyze(text).plainText.isEmpty)
    }
    #expect(elapsed < .seconds(20))
  }
}

extension MathTests {
  /// Obsidian reads `$$` … `$$` whole even with a blank line between rows; CommonMark would
  /// end the paragraph there, show the `$$` and eat the `\\` row breaks as escapes.
  @Test func displayMathOverABlankLine() {
    let note = "Intro\n\n$$\n\\begin{align}\na &= b \\\\\n\t\nc &= d\n\\end{align}\n$$\n\n> $$\n> x \\\\\n>\n> y\n> $$\n\nAfter.\n"
    let rendered = render(note)
    #expect(rendered.html == """
      <p>Intro</p>
      <p><span class="math math-display">\\[
      \\begin{align}
      a &amp;= b \\\\
      %
      c &amp;= d
      \\end{align}
      \\]</span></p>
      <blockquote>
      <p><span class="math math-display">\\[
      x \\\\
      %
      y
      \\]</span></p>
      </blockquote>
      <p>After.</p>

      """, "\(rendered.html)")
    // Without a closing `$$`, a blank line still ends the paragraph.
    #expect(html("$$\na\n\nb\n").contains("<p>b</p>"))
  }
}

extension MathTests {
  /// GitHub writes inline math between `` $` `` and `` `$ ``: the backticks are delimiters.
  @Test func gitHubInlineMath() {
    #expect(html("Energy $`E = mc^2`$ here.") == "<p>Energy \(Self.inline("E = mc^2")) here.</p>\n")
    #expect(Markdown.analyze("Energy $`E = mc^2`$ here.").plainText.contains("E = mc^2`") == false)
  }
}

extension MathTests {
  /// LaTeX's and MathJax's delimiters, as text pasted from ChatGPT writes them.
  @Test func backslashDelimiters() {
    let note = """
      The density \\( p(x) = \\pi(z) \\) holds, and \\(a_1\\) too.

      \\[
      \\int_0^1 f(x)\\,dx
      \\]

      > \\[ E = mc^2 \\]

      Pandoc escapes \\[1\\] and `\\(code\\)` stays; so does $5 \\(x\\).
      """
    let rendered = html(note)
    #expect(rendered.contains("<p>The density \(Self.inline("p(x) = \\pi(z)")) holds, and \(Self.inline("a_1")) too.</p>"), "\(rendered)")
    #expect(rendered.contains("<p>\(Self.display("\n\\int_0^1 f(x)\\,dx\n"))</p>"), "\(rendered)")
    #expect(rendered.contains("<blockquote>\n<p>\(Self.display(" E = mc^2 "))</p>"), "\(rendered)")
    #expect(rendered.contains("<p>Pandoc escapes [1] and <code>\\(code\\)</code> stays; so does $5 (x).</p>"), "\(rendered)")
  }

  /// A `---` right under display math is a rule, as in Obsidian, not the underline that
  /// would make the paragraph holding the math a heading; under text it still is one.
  @Test func aRuleUnderDisplayMath() {
    let out = html("Then the vote\n$$\nF(x) = k\n$$\n---\n## Next\n\n$$ y = 2 $$\n---\nafter\n\nText\n---\n")
    #expect(out.contains("<hr />\n<h2 id=\"next\">"), "\(out)")
    #expect(out.components(separatedBy: "<hr />").count == 3, "\(out)")
    #expect(out.contains("<h2 id=\"text\">Text"), "\(out)")
    #expect(!out.contains("<h2 id=\"then"), "\(out)")
  }

  /// GitHub's ` ```math ` fence and MyST's `{math}` role are math; `\(0\)` and `\((0, 1)\)`,
  /// digits in parentheses, are inline math (a word alone, `\(note\)`, is not); a preamble
  /// of macros with blank lines in it, longer than a hundred lines, is one display block;
  /// `===` under display math is text, not a heading's underline.
  @Test func otherMathSyntaxes() {
    let out = html("```math\n\\|x\\|_2 = \\sqrt{x}\n```\n\nRole {math}`\\mathbf{q}_1` here; \\((0, 1)\\) and \\(0\\) and \\(note\\).\n\n$$x = 1$$\n===\n")
    #expect(out.hasPrefix("<p>\(Self.display("\\|x\\|_2 = \\sqrt{x}"))</p>"), "\(out)")
    #expect(out.contains("Role \(Self.inline("\\mathbf{q}_1")) here; \(Self.inline("(0, 1)")) and \(Self.inline("0")) and (note)."), "\(out)")
    #expect(!out.contains("<h1"), "\(out)")
    let preamble = (1...120).map { "\\newcommand{\\c\($0)}{x}" }.joined(separator: "\n")
    let long = html("$$\n\\newcommand{\\R}{\\mathbb{R}}\n\n" + preamble + "\n$$\n\nText with $y_1$ here.\n")
    #expect(long.components(separatedBy: "math-display").count == 2, "\(long.prefix(300))")
    #expect(long.contains("<p>Text with \(Self.inline("y_1")) here.</p>"), "\(long.suffix(300))")
  }

  /// Quarto names an equation after its closing `$$` (`$$ {#eq-ratio}`): the label goes.
  @Test func quartoEquationLabelsGo() {
    let out = html("$$\nE = mc^2\n$$ {#eq-ratio}\n\n$$ a + b $$ {#eq-two}\n\nText.\n")
    #expect(out.contains("\\]</span></p>\n<p><span class=\"math math-display\">\\[ a + b \\]</span></p>\n<p>Text.</p>"), "\(out)")
    #expect(!out.contains("eq-"), "\(out)")
  }

  /// Brackets escaped the CommonMark way, as exporters write them, stay text: a line that is
  /// `\[\[\]\]`, a title between escaped brackets, a citation `\[1\]`, a word in `\(…\)`.
  /// Letters that make no word, a TeX command or an operator are still math.
  @Test func escapedBracketsThatAreNotTeX() {
    let note = """
      \\[\\[\\]\\]

      \\[Draft\\] Meeting notes \\[2021\\]

      \\[1\\]

      See \\(note\\) and \\(x\\) and \\(n-1\\) and \\(\\alpha\\).

      \\[ a + b \\]
      """
    let rendered = html(note)
    #expect(rendered.contains("<p>[[]]</p>"), "\(rendered)")
    #expect(rendered.contains("<p>[Draft] Meeting notes [2021]</p>"), "\(rendered)")
    #expect(rendered.contains("<p>[1]</p>"), "\(rendered)")
    #expect(rendered.contains("See (note) and \(Self.inline("x")) and \(Self.inline("n-1")) and \(Self.inline("\\alpha"))."), "\(rendered)")
    #expect(rendered.contains("<p>\(Self.display(" a + b "))</p>"), "\(rendered)")
    #expect(!Markdown.analyze(note).preview.contains("$"))
  }
}

extension MathTests {
  /// A paragraph that is one bare math environment, as Jupyter notebooks write them, is display
  /// math: `\\` and `\,` reach MathJax as written. One already between `$$`, one inside a
  /// paragraph of text, and environments that are not math stay as they were.
  @Test func bareMathEnvironmentsAreDisplayMath() {
    let note = """
      Intro.

      \\begin{align}
      a &= b \\\\
      &= c\\,d
      \\end{align}

      $$
      \\begin{equation*} x \\end{equation*}
      $$

      Text \\begin{align} y \\end{align} inline.

      \\begin{itemize}
      \\item one
      \\end{itemize}

      ```
      \\begin{align}
      z
      \\end{align}
      ```
      """
    let rendered = html(note)
    #expect(rendered.contains("<p>\(Self.display("\\begin{align}\na &amp;= b \\\\\n&amp;= c\\,d\n\\end{align}"))</p>"), "\(rendered)")
    #expect(rendered.contains("<p>\(Self.display("\n\\begin{equation*} x \\end{equation*}\n"))</p>"), "\(rendered)")
    #expect(rendered.contains("<p>Text \\begin{align} y \\end{align} inline.</p>"), "\(rendered)")
    #expect(rendered.contains("<p>\\begin{itemize}\n\\item one\n\\end{itemize}</p>"), "\(rendered)")
    #expect(rendered.contains("<code>\\begin{align}\nz\n\\end{align}\n</code>"), "\(rendered)")
  }
}

extension MathTests {
  /// Display math opened at the end of a line of text closes on its own line; the `$$` block
  /// after a blank line is another one, not a block holding that blank line.
  @Test func displayMathOpenedAfterTextThenAnotherBlock() {
    let rendered = html("The formula is: $$\nx = 1\n$$\n\n$$\ny = 2\n$$\n\nAfter.\n")
    #expect(rendered.contains("<p>The formula is: \(Self.display("\nx = 1\n"))</p>\n<p>\(Self.display("\ny = 2\n"))</p>"), "\(rendered)")
    #expect(!rendered.contains("%"), "\(rendered)")
  }
}

extension MathTests {
  /// kramdown (Jekyll) writes MathJax's delimiters with doubled backslashes.
  @Test func kramdownsDoubledBackslashes() {
    let rendered = html("A \\\\( a + b \\\\) B \\\\(a+b\\\\)\n\n\\\\[ x^2 \\\\]\n\n\\\\[\ny^2\n\\\\]\n\nCode `\\\\(x\\\\)` stays.\n\n    \\\\(indented\\\\)\n")
    #expect(rendered.contains("<p>A \(Self.inline("a + b")) B \(Self.inline("a+b"))</p>"), "\(rendered)")
    #expect(rendered.contains("<p>\(Self.display(" x^2 "))</p>"), "\(rendered)")
    #expect(rendered.contains("<p>\(Self.display("\ny^2\n"))</p>"), "\(rendered)")
    #expect(rendered.contains("<code>\\\\(x\\\\)</code>"), "\(rendered)")
    #expect(rendered.contains("<pre tabindex=\"0\"><code>\\\\(indented\\\\)\n</code></pre>"), "\(rendered)")
  }
}

extension MathTests {
  /// Parentheses escaped inside a link's destination, as wikis and Wikipedia links write
  /// them, are the link's: they became `$CI$` and the link broke.
  @Test func escapedParenthesesInALinkDestinationStayTheLinks() {
    let note = """
      - [Integração Contínua (CI)](Integração-Contínua-\\(CI\\).md)
      - [Lisp](https://en.wikipedia.org/wiki/Lisp_\\(programming_language\\)) and \\(x_1\\)
      - See https://en.wikipedia.org/wiki/Set_\\(x_y\\) too.

      [ref]: Ada_\\(n_1\\).md
      """
    let rendered = html(note)
    // (No note of that name here: the link is read, and broken.)
    #expect(rendered.contains("title=\"unknown note &#39;Integração-Contínua-(CI).md&#39;\">Integração Contínua (CI)</span>"), "\(rendered)")
    #expect(rendered.contains("<a href=\"https://en.wikipedia.org/wiki/Lisp_(programming_language)\">Lisp</a> and \(Self.inline("x_1"))"), "\(rendered)")
    #expect(!rendered.contains("$"), "\(rendered)")
  }
}
