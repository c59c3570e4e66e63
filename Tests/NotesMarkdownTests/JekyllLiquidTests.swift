import Testing

@testable import NotesMarkdown

/// The Liquid a Jekyll post writes in links and around code.
@Suite struct JekyllLiquidTests {
  @Test func linksAndImagesThroughLiquidLand() {
    let note = "![shot]({{ site.url }}/diagram.png) [next]({% post_url 2015-07-20-second %}) [x]({{site.baseurl}}/Roadmap.md) [[Nowhere]]\n"
    let rendered = render(note)
    // What the links name once the Liquid is read (this test's resolver knows no root paths).
    #expect(rendered.diagnostics.map(\.message) == [
      "unknown note '/diagram.png'", "unknown note '/_posts/2015-07-20-second.md'", "unknown note '/Roadmap.md'",
      "unknown note 'Nowhere'",
    ])
    // The padding keeps what follows where the note has it.
    #expect(positions(rendered) == ["1:1", "1:37", "1:78", "1:111"])
  }

  /// `relative_url` puts a path under the site, in Markdown and in an `<img>` alike.
  @Test func relativeURLFiltersAreTheirPaths() {
    let rendered = render(#"![a]({{ '/diagram.png' | relative_url }}) <img src="{{ "/spec.png" | absolute_url }}" width="30">"# + "\n")
    #expect(rendered.diagnostics.map(\.message) == ["unknown note '/diagram.png'", "unknown note '/spec.png'"])
  }

  @Test func highlightBlocksAreCodeAndCodeIsLeftAlone() {
    let note = "{% highlight scala %}\nappend(\"<ul>\")\n  indented()\n{% endhighlight %}\n\n`{{ site.url }}` and\n\n```\n{% highlight x %}\n```\n"
    let out = html(note)
    #expect(out.contains("<pre tabindex=\"0\"><code class=\"language-scala\">append(&quot;&lt;ul&gt;&quot;)\n  indented()\n</code></pre>"), "\(out)")
    #expect(out.contains("<code>{{ site.url }}</code> and"), "\(out)")
    #expect(out.contains("<code>{% highlight x %}\n</code>"), "\(out)")
  }
}

extension JekyllLiquidTests {
  /// GitBook's page cards and Minimal Mistakes' figures, on lines of their own.
  @Test func pageRefsAndFigures() {
    let rendered = html("""
      {% page-ref page="Roadmap.md" %}

      {% include figure image_path="diagram.png" alt="The data flow" caption="Figure 1" %}

      {% embed url="https://example.com/video" %}
      A caption
      {% endembed %}
      """)
    #expect(rendered.contains(#"<a href="/notes/roadmap/">"#), "\(rendered)")
    #expect(rendered.contains(#"<img src="/notes/diagram.png" alt="The data flow" />"#), "\(rendered)")
    #expect(!rendered.contains("{%") && rendered.contains("A caption"), "\(rendered)")
  }
}

extension JekyllLiquidTests {
  /// Hexo's built-in tags: images and links beside a post, links to posts, code blocks and
  /// quotes.
  @Test func hexoTags() {
    let note = """
      {% asset_img pic.png A picture %}

      {% asset_link slides.pdf The slides %}

      {% post_link other-post %}

      {% codeblock fib.py lang:python %}
      # compute *all*
          x = a_b * c_d
      {% endcodeblock %}

      {% blockquote David Levithan, Wide Awake %}
      Do not just *read*.
      {% endblockquote %}
      """
    let rendered = render(note)
    let out = rendered.html
    #expect(rendered.diagnostics.map(\.message) == ["unknown note 'pic.png'", "unknown note 'slides.pdf'", "unknown note 'other-post'"])
    #expect(out.contains(#"<figure class="code-block">"#) && out.contains("<figcaption>fib.py</figcaption>"), "\(out)")
    #expect(out.contains("<code class=\"language-python\"># compute *all*\n    x = a_b * c_d\n</code>"), "\(out)")
    #expect(out.contains("<blockquote>\n<p>Do not just <em>read</em>.\n— David Levithan</p>\n</blockquote>"), "\(out)")
    #expect(!out.contains("{%"), "\(out)")
  }
}

extension JekyllLiquidTests {
  /// Block tags and shortcodes a theme adds (`{% fold %}` … `{% endfold %}`,
  /// `{{% question %}}` … `{{% /question %}}`): their tags go, what they hold stays. A lone
  /// tag, and Liquid's own blocks, stay as written.
  @Test func unknownBlockTagsKeepTheirText() {
    let note = """
      {% fold info @pseudocode %}
      Some *body*.
      {% endfold %}

      {{% question %}}
      Some $n$ text.
      {{% /question %}}

      {{< spoiler >}}
      Hidden **answer**.
      {{< /spoiler >}}

      {% lonely %}

      {% if site.x %}
      Kept.
      {% endif %}
      """
    let out = html(note)
    #expect(out.contains("<p>Some <em>body</em>.</p>"), "\(out)")
    #expect(out.contains("<p>Some <span class=\"math math-inline\">\\(n\\)</span> text.</p>"), "\(out)")
    #expect(out.contains("<p>Hidden <strong>answer</strong>.</p>"), "\(out)")
    #expect(!out.contains("fold") && !out.contains("question") && !out.contains("spoiler"), "\(out)")
    #expect(out.contains("{% lonely %}") && out.contains("{% if site.x %}"), "\(out)")
  }
}

extension JekyllLiquidTests {
  /// The link forms Jekyll's and Eleventy's docs recommend: the base URL before a post or
  /// page tag, Eleventy's `url` filter.
  @Test func baseURLBeforeAPostOrLinkTagAndTheURLFilter() {
    let rendered = render(
      "[b]({{ site.baseurl }}{% post_url 2012-03-19-going-static %}) [c]({{ site.url }}{{ site.baseurl }}{% link about.md %}) [d]({{ '/posts/other/' | url }})\n"
    )
    #expect(rendered.diagnostics.map(\.message) == [
      "unknown note '/_posts/2012-03-19-going-static.md'", "unknown note '/about.md'", "unknown note '/posts/other/'",
    ])
    #expect(!rendered.html.contains("{%") && !rendered.html.contains("{{"), "\(rendered.html)")
  }

  /// Liquid's and Nunjucks' comments are the author's, never published: on a line, within
  /// one, or over several. A code span keeps them, as does a Pandoc heading id.
  @Test func templateCommentsAreNotPublished() {
    let out = html(
      """
      # Plan {#plan}

      Public {% comment %}private aside{% endcomment %}text {# and this #}too.

      {% comment %}
      Remember to ask **Bob** about the budget.
      {% endcomment %}

      {#
        draft: rewrite this section
      #}
      Shown `{# in code #}` here.
      """)
    #expect(out.contains("<h1 id=\"plan\">Plan <a"), "\(out)")
    #expect(out.contains("<p>Public text too.</p>") || out.contains("<p>Public text  too.</p>"), "\(out)")
    #expect(out.contains("<code>{# in code #}</code>"), "\(out)")
    #expect(!out.contains("private") && !out.contains("Bob") && !out.contains("draft") && !out.contains("comment"), "\(out)")
    // An opening that nothing closes is text, not the end of the note.
    let unclosed = html("Type {# to open a comment in Jinja.\n\nThe rest stays.\n\n{% comment %} too.\n\nAnd this.\n")
    #expect(unclosed.contains("Type {# to open") && unclosed.contains("The rest stays.") && unclosed.contains("And this."), "\(unclosed)")
  }
}
