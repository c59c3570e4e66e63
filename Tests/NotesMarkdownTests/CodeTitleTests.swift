import Testing

@testable import NotesMarkdown

/// Code blocks titled as the Quartz docs write them.
@Suite struct CodeTitleTests {
  @Test func aTitledBlockIsAFigureWithACaption() {
    let page = html("Config:\n\n```ts title=\"quartz/cfg.ts\"\nconst a = 1 < 2\n```\n")
    #expect(
      page.contains(
        "<figure class=\"code-block\">\n<figcaption>quartz/cfg.ts</figcaption>\n<pre tabindex=\"0\"><code class=\"language-ts\">const a = 1 &lt; 2\n</code></pre>\n</figure>"
      ), "\(page)")
  }

  @Test(arguments: [
    ("ts title=\"a b.ts\"", "a b.ts"), ("title='x.py' {1-3}", "x.py"), ("sh title=run.sh", "run.sh"),
    ("ts subtitle=\"x\"", nil), ("ts title=\"\"", nil), ("ts", nil), ("js title=\"<b>&\"", "<b>&"),
  ] as [(String, String?)])
  func titleIsReadFromTheInfoString(_ info: String, _ title: String?) {
    #expect(CodeTitlePass.title(in: info) == title)
  }

  /// mdBook writes attributes after the language: ` ```rust,ignore `, ` ```rust, no_run `.
  @Test(arguments: ["rust,ignore", "rust, no_run", "rust,should_panic,edition2021"])
  func attributesAfterACommaAreNotTheLanguage(_ info: String) {
    #expect(html("```\(info)\nfn main() {}\n```\n") == "<pre tabindex=\"0\"><code class=\"language-rust\">fn main() {}\n</code></pre>\n")
  }

  /// VitePress and VuePress write the lines to highlight, and line numbers, onto the
  /// language: ` ```js{4} `, ` ```ts:line-numbers {1} `.
  @Test(arguments: ["js{4}", "js{1,4,6-8}", "js:line-numbers {1}", "js:no-line-numbers", "js {4}"])
  func highlightedLinesAndLineNumbersAreNotTheLanguage(_ info: String) {
    #expect(html("```\(info)\nlet a = 1\n```\n") == "<pre tabindex=\"0\"><code class=\"language-js\">let a = 1\n</code></pre>\n")
  }

  /// Quarto and R Markdown open a chunk with its engine in braces, ` ```{r setup, include=FALSE} `,
  /// and its options as `#|` lines; Pandoc writes a class, ` ```{.cpp} `. A MyST directive
  /// (` ```{note} `) is not a chunk.
  @Test func quartoAndRMarkdownChunks() {
    #expect(html("```{r setup, include=FALSE}\n#| echo: false\n#| label: fig-x\nlibrary(x)\n```\n") == "<pre tabindex=\"0\"><code class=\"language-r\">library(x)\n</code></pre>\n")
    #expect(html("```{.cpp}\nint a;\n```\n") == "<pre tabindex=\"0\"><code class=\"language-cpp\">int a;\n</code></pre>\n")
    #expect(html("```{python}\nprint(1)\n```\n") == "<pre tabindex=\"0\"><code class=\"language-python\">print(1)\n</code></pre>\n")
    // A chunk's text that opens with a `---` block keeps it (R Markdown shows its own header).
    #expect(html("```{yaml, eval = FALSE}\n---\noutput: html_document\n---\n```\n") == "<pre tabindex=\"0\"><code class=\"language-yaml\">---\noutput: html_document\n---\n</code></pre>\n")
    #expect(html("```{note}\nA MyST note.\n```\n").contains("<aside class=\"callout callout-note\""))
  }

  /// Zenn and Qiita write the file after the language: ` ```ruby:hello.rb `.
  @Test func languageColonFileIsALanguageAndACaption() {
    #expect(
      html("```arduino:Blinking_a_LED.ino\nvoid setup() {}\n```\n")
        == "<figure class=\"code-block\">\n<figcaption>Blinking_a_LED.ino</figcaption>\n<pre tabindex=\"0\"><code class=\"language-arduino\">void setup() {}\n</code></pre>\n</figure>\n")
    #expect(html("```:only-file\nx\n```").contains("<pre tabindex=\"0\"><code class=\"language-:only-file\">"))
    #expect(CodeTitlePass.languageAndFile(in: "https://x.org") == nil)
    #expect(CodeTitlePass.languageAndFile(in: "c++:main.cpp {1}")! == ("c++", "main.cpp"))
  }

  @Test func untitledBlocksAndTitlesInTextStayAsTheyWere() {
    #expect(html("```ts\nx\n```\n") == "<pre tabindex=\"0\"><code class=\"language-ts\">x\n</code></pre>\n")
    #expect(html("`title=\"x\"` and title=\"y\"") == "<p><code>title=&quot;x&quot;</code> and title=&quot;y&quot;</p>\n")
    #expect(html("```js title=\"<b>&\"\nx\n```").contains("<figcaption>&lt;b&gt;&amp;</figcaption>"))
  }
}

extension CodeTitleTests {
  /// VitePress writes install commands as a group of code blocks, each titled by a label.
  @Test func vitePressCodeGroups() {
    let rendered = html("""
      ::: code-group
      ```sh [pnpm]
      pnpm add x
      ```
      ```sh [npm]
      npm i x
      ```
      :::
      """)
    #expect(rendered == """
      <figure class="code-block">
      <figcaption>pnpm</figcaption>
      <pre tabindex="0"><code class="language-sh">pnpm add x
      </code></pre>
      </figure>
      <figure class="code-block">
      <figcaption>npm</figcaption>
      <pre tabindex="0"><code class="language-sh">npm i x
      </code></pre>
      </figure>

      """, "\(rendered)")
  }
}
