import Testing

@testable import NotesMarkdown

/// Notes written for a Hugo site: the shortcodes of Hugo and its common themes.
@Suite struct HugoShortcodeTests {
  @Test func parametersAreNamedOrPositional() throws {
    let named = try #require(HugoShortcode(#"{{< figure src="/img/a b.png" alt="Say \"hi\"" width=300 >}}"#))
    #expect(named.name == "figure" && !named.closing)
    #expect(named.named == ["src": "/img/a b.png", "alt": "Say \"hi\"", "width": "300"])
    let positional = try #require(HugoShortcode("{{% notice tip `Title with \"quotes\"` %}}"))
    #expect(positional.positional == ["tip", "Title with \"quotes\""])
    #expect(positional.value("title", 1) == "Title with \"quotes\"")
    #expect(HugoShortcode("{{</hint>}}").map { $0.closing && $0.name == "hint" } == true)
    #expect(HugoShortcode("{{< youtube abc />}}")?.positional == ["abc"])
    // Mismatched delimiters, the escaped form and text around a tag are not a tag.
    #expect(HugoShortcode("{{< hint info %}}") == nil)
    #expect(HugoShortcode("{{</* hint info */>}}") == nil)
    #expect(HugoShortcode("See {{< hint info >}}") == nil)
  }

  @Test func themeContainersAreCallouts() {
    let page = html("""
      {{< hint warning >}}
      **Careful** with this.
      {{< /hint >}}

      {{% notice tip "Pro tip" %}}
      Use `x`.
      {{% /notice %}}

      {{% alert title="Note" color="info" %}}
      A Docsy alert.
      {{% /alert %}}

      {{< details "More" open >}}
      Shown at first.
      {{< /details >}}

      {{% expand "Answer" %}}
      Folded.
      {{% /expand %}}
      """)
    #expect(page == """
      <aside class="callout callout-warning" role="note">
      <p class="callout-title">Warning</p>
      <p><strong>Careful</strong> with this.</p>
      </aside>
      <aside class="callout callout-tip" role="note">
      <p class="callout-title">Pro tip</p>
      <p>Use <code>x</code>.</p>
      </aside>
      <aside class="callout callout-info" role="note">
      <p class="callout-title">Note</p>
      <p>A Docsy alert.</p>
      </aside>
      <details class="callout callout-details" open>
      <summary class="callout-title">More</summary>
      <p>Shown at first.</p>
      </details>
      <details class="callout callout-details">
      <summary class="callout-title">Answer</summary>
      <p>Folded.</p>
      </details>

      """, "\(page)")
  }

  @Test func tabsAndColumnsGroupTheirBlocks() {
    let page = html("""
      {{< tabs "install" >}}
      {{< tab "macOS" >}}
      brew install hugo
      {{< /tab >}}
      {{< tab "Linux" >}}
      apt install hugo
      {{< /tab >}}
      {{< /tabs >}}

      {{< columns >}}
      Left side.
      <--->
      Right side.
      {{< /columns >}}
      """)
    #expect(page == """
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">macOS</p>
      <p>brew install hugo</p>
      </aside>
      <aside class="callout callout-tab" role="note">
      <p class="callout-title">Linux</p>
      <p>apt install hugo</p>
      </aside>
      <p>Left side.</p>
      <p>Right side.</p>

      """, "\(page)")
    // Outside columns a `<--->` line is the note's text.
    #expect(html("a\n<--->\n") == "<p>a\n&lt;---&gt;</p>\n")
  }

  @Test func figuresAndEmbedsAreImagesAndLinks() {
    let page = html("""
      {{< figure src="https://example.com/cat.png" alt="A cat" caption="The cat, asleep" >}}

      {{< figure src="https://example.com/dog.png" title="Dog" link="https://example.com/dogs" >}}

      {{< youtube w7Ft2ymGmfc >}}

      {{< youtube id="w7Ft2ymGmfc" title="Hugo in 5 minutes" >}}

      {{< gist spf13 7896402 >}}

      {{< tweet user="SanDiegoZoo" id="1453110110599868418" >}}
      """)
    #expect(page == """
      <p><img src="https://example.com/cat.png" alt="A cat" /> <em>The cat, asleep</em></p>
      <p><a href="https://example.com/dogs"><img src="https://example.com/dog.png" alt="Dog" title="Dog" /></a></p>
      <p><a href="https://www.youtube.com/watch?v=w7Ft2ymGmfc">YouTube video</a></p>
      <p><a href="https://www.youtube.com/watch?v=w7Ft2ymGmfc">Hugo in 5 minutes</a></p>
      <p><a href="https://gist.github.com/spf13/7896402">Gist spf13/7896402</a></p>
      <p><a href="https://x.com/SanDiegoZoo/status/1453110110599868418">Post by @SanDiegoZoo</a></p>

      """, "\(page)")
  }

  @Test func highlightBlocksAreCodeAndTheirLinesStayTheNotes() {
    let note = """
      {{< highlight go "linenos=table,hl_lines=2" >}}
      fmt.Println("{{< hint info >}}")
      ```
      {{< /highlight >}}

      See [[Nowhere]].
      """
    let rendered = render(note)
    #expect(rendered.html.hasPrefix("<pre tabindex=\"0\"><code class=\"language-go\">fmt.Println(&quot;{{&lt; hint info &gt;}}&quot;)\n```\n</code></pre>"), "\(rendered.html)")
    #expect(positions(rendered) == ["6:5"])
    // Without its closing tag, nothing is code.
    #expect(html("{{< highlight go >}}\nx := 1\n") == "<p>{{&lt; highlight go &gt;}}\nx := 1</p>\n")
  }

  @Test func escapedShortcodesShowTheShortcodeTheyWrite() {
    let page = html("""
      Write `{{</* figure src="x.png" */>}}` in a note.

      ```go-html-template
      {{</* hint info */>}}
      {{%/* notice tip */%}}
      ```
      """)
    #expect(page.contains("<code>{{&lt; figure src=&quot;x.png&quot; &gt;}}</code> in a note."), "\(page)")
    #expect(page.contains("{{&lt; hint info &gt;}}\n{{% notice tip %}}\n</code></pre>"), "\(page)")
    // Outside code, an escaped tag that is a whole line stays escaped, never read.
    #expect(html("{{</* hint info */>}}\nText.\n{{</* /hint */>}}\n") == "<p>{{&lt;/* hint info */&gt;}}\nText.\n{{&lt;/* /hint */&gt;}}</p>\n")
    // A shortcode inside a code block is what the note shows, never read.
    #expect(html("```\n{{< hint info >}}\nx\n{{< /hint >}}\n```\n").contains("<code>{{&lt; hint info &gt;}}\nx\n{{&lt; /hint &gt;}}\n</code>"))
  }

  @Test func inlineButtonsMathAndContents() {
    let page = html("""
      # Guide

      {{< toc >}}

      ## Install

      {{< button href="https://gohugo.io" >}}Get Hugo{{< /button >}} and {{< katex >}}\\pi(x){{< /katex >}}.

      {{< katex display >}}
      f(x) = \\int_{-\\infty}^\\infty x
      {{< /katex >}}
      """)
    #expect(page.contains("<nav class=\"toc\" aria-label=\"Contents\">\n<ul>\n<li><a href=\"#install\">Install</a></li>"), "\(page)")
    #expect(page.contains("<a href=\"https://gohugo.io\">Get Hugo</a> and <span class=\"math math-inline\">\\(\\pi(x)\\)</span>."), "\(page)")
    #expect(page.contains("<span class=\"math math-display\">\\[\nf(x) = \\int_{-\\infty}^\\infty x\n\\]</span>"), "\(page)")
  }

  @Test func badgesIconsAndVersionsReadInline() {
    let page = html("""
      Release {{% badge style="primary" title="Version" %}}6.6.6{{% /badge %}} and {{< badge style="info" title="Hugo" value="0.158" >}}.

      {{< new-in 0.140.0 />}} The {{% icon "skull-crossbones" %}} pirate.
      """)
    #expect(page == "<p>Release <strong>Version</strong> 6.6.6 and <strong>Hugo</strong> 0.158.</p>\n<p><em>New in 0.140.0</em> The  pirate.</p>\n", "\(page)")
  }

  /// Written without a space after `{{<`, a shortcode is raw HTML to CommonMark, which a safe
  /// page leaves out with what it holds; it stays text.
  @Test func compactShortcodesStayText() {
    #expect(html("Inline {{<katex>}}x^2{{</katex>}} and {{<param author>}}.\n") == "<p>Inline <span class=\"math math-inline\">\\(x^2\\)</span> and {{&lt;param author&gt;}}.</p>\n")
    // A pair on lines of their own holds lines: its tags go, as for any shortcode not known.
    #expect(html("{{<center>}}\nText.\n{{</center>}}\n") == "<p>Text.</p>\n")
    // Compact container tags are read.
    #expect(html("{{<hint danger>}}\nNo.\n{{</hint>}}\n").contains("<aside class=\"callout callout-danger\""))
  }

  @Test func codeShortcodesAreCodeInTheirFilesLanguage() {
    let page = html("""
      {{< code file="layouts/_default/single.html" >}}
      {{</* figure src="/a.jpg" */>}}
      {{< /code >}}

      {{< code-toggle file=hugo >}}
      [[module.mounts]]
      source = "a"
      {{< /code-toggle >}}
      """)
    #expect(page.contains("<code class=\"language-html\">{{&lt; figure src=&quot;/a.jpg&quot; &gt;}}\n</code>"), "\(page)")
    #expect(page.contains("<code class=\"language-toml\">[[module.mounts]]\nsource = &quot;a&quot;\n</code>"), "\(page)")
    // The file titles its block; another theme's positional form gives language and label.
    #expect(page.contains("<figcaption>layouts/_default/single.html</figcaption>"), "\(page)")
    #expect(html("{{< code shell \"YML\" >}}\nkind: Check\n{{< /code >}}\n") == """
      <figure class="code-block">
      <figcaption>YML</figcaption>
      <pre tabindex="0"><code class="language-shell">kind: Check
      </code></pre>
      </figure>

      """)
  }

  /// A shortcode not known stays text, unless it is a pair on lines of their own, whose tags
  /// go and whose lines stay.
  @Test func unknownShortcodesStayText() {
    #expect(html("{{< param \"author\" >}}\n") == "<p>{{&lt; param &quot;author&quot; &gt;}}</p>\n")
    #expect(html("{{< center >}}\nText.\n{{< /center >}}\n") == "<p>Text.</p>\n")
    #expect(html("{{< center >}}\nText.\n") == "<p>{{&lt; center &gt;}}\nText.</p>\n")
  }
}

extension HugoShortcodeTests {
  /// Quarto writes its shortcodes as Hugo does: `include` embeds the file's note, `video` is
  /// its link, `pagebreak`, `meta`, `var` and `env` (values from project files) go, `kbd` is code.
  @Test func quartoShortcodes() {
    let out = html("""
      {{< include _means.qmd >}}

      {{< video https://www.youtube.com/watch?v=abc >}}

      Reading time {{< meta reading-time >}}, version {{< var version >}}, press {{< kbd Shift-Ctrl-P >}}.

      {{< pagebreak >}}
      """)
    #expect(out.contains("_means"), "\(out)")
    #expect(out.contains(#"<p><a href="https://www.youtube.com/watch?v=abc">https://www.youtube.com/watch?v=abc</a></p>"#), "\(out)")
    #expect(out.contains("press <code>Shift-Ctrl-P</code>."), "\(out)")
    #expect(!out.contains("{{") && !out.contains("meta") && !out.contains("pagebreak"), "\(out)")
    // In code it is what the code shows.
    let code = html("Use `{{< var version >}}` to insert it.\n\n    {{< var x >}} indented\n")
    #expect(code.contains("<code>{{&lt; var version &gt;}}</code>") && code.contains("<pre tabindex=\"0\"><code>{{&lt; var x &gt;}} indented"), "\(code)")
  }
}
