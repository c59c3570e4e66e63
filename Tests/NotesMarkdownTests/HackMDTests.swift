import Testing

@testable import NotesMarkdown

/// What HackMD (and HedgeDoc, CodiMD) notes write beyond CommonMark: embeds, image sizes and
/// code block options.
@Suite struct HackMDTests {
  /// `{%youtube ID %}` and its kin on lines of their own are links to what HackMD embeds.
  @Test func embedsAreLinks() {
    let note = """
      {%youtube 9GBxJMp6UkI %}

      {% vimeo 124148255 %}

      {%gist schacon/4277 %}

      {%pdf https://example.org/papers/A%20Study.pdf %}

      {%slideshare briansolis/26-disruptive-technology-trends %}

      {%figma https://www.figma.com/file/abc/Design %}

      {%youtube %}
      """
    let out = html(note)
    #expect(out.contains(#"<p><a href="https://www.youtube.com/watch?v=9GBxJMp6UkI">YouTube video</a></p>"#), "\(out)")
    #expect(out.contains(#"<p><a href="https://vimeo.com/124148255">Vimeo video</a></p>"#), "\(out)")
    #expect(out.contains(#"<p><a href="https://gist.github.com/schacon/4277">Gist schacon/4277</a></p>"#), "\(out)")
    #expect(out.contains(#"<p><a href="https://example.org/papers/A%20Study.pdf">PDF: A Study.pdf</a></p>"#), "\(out)")
    #expect(out.contains(#"<a href="https://www.slideshare.net/briansolis/26-disruptive-technology-trends">SlideShare slides</a>"#), "\(out)")
    #expect(out.contains(#"<a href="https://www.figma.com/file/abc/Design">Figma file</a>"#), "\(out)")
    // Without its argument the tag stays text, as HackMD shows it.
    #expect(out.contains("<p>{%youtube %}</p>"), "\(out)")
    #expect(!out.contains("{%youtube 9G"), "\(out)")
  }

  /// `![](cat.png =200x150)`: an image of that size; `=200x` a width alone; in code, text.
  @Test func imageSizesAfterTheAddress() {
    let out = html("![cat](https://example.com/cat.png =200x150) ![dog](https://example.com/dog.png =320x)\n\n`![x](y.png =1x1)`\n")
    #expect(out.contains(#"<img src="https://example.com/cat.png" alt="cat" loading="lazy" width="200" height="150">"#), "\(out)")
    #expect(out.contains(#"<img src="https://example.com/dog.png" alt="dog" loading="lazy" width="320">"#), "\(out)")
    #expect(out.contains("<code>![x](y.png =1x1)</code>"), "\(out)")
    #expect(!out.contains("=200x150"), "\(out)")
  }

  /// The size moves without moving what follows on the line.
  @Test func positionsAfterASizedImageStay() {
    let rendered = render("![a](https://example.com/a.png =20x20) [[Nowhere]]\n")
    #expect(rendered.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == ["1:40"])
  }

  /// ` ```javascript= ` numbers the lines in HackMD, ` ```js! ` wraps them: the language is
  /// the word before.
  @Test func codeBlockOptionsAfterTheLanguage() {
    let out = html("```javascript=\nlet a = 1\n```\n\n```python=101\nx\n```\n\n```js=+\ny\n```\n\n```go!\nz\n```\n\n```a=b\nw\n```\n")
    #expect(out.contains(#"<code class="language-javascript">let a = 1"#), "\(out)")
    #expect(out.contains(#"<code class="language-python">x"#), "\(out)")
    #expect(out.contains(#"<code class="language-js">y"#), "\(out)")
    #expect(out.contains(#"<code class="language-go">z"#), "\(out)")
    // Not HackMD's options: left as written.
    #expect(out.contains(#"<code class="language-a=b">w"#), "\(out)")
  }
}
