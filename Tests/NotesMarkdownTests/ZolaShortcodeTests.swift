import Testing

@testable import NotesMarkdown

/// Zola's shortcodes, as its built-in ones render and as pages about them escape them.
@Suite struct ZolaShortcodeTests {
  @Test func embedsAreLinksAndBodyShortcodesKeepTheirText() {
    let note = """
      {{ youtube(id="dQw4w9WgXcQ", autoplay=true) }}

      {{ vimeo(id="124313553") }}

      {{ gist(url="https://gist.github.com/Keats/e5fb6aad409f28721c0ba14161644c57") }}

      {% quote(author="Vincent") %}
      A quote, *emphasised*.
      {% end %}

      {% note() %}
      Kept text.
      {% end %}

      {{ unknown(x=1) }}

      ```
      {{/* youtube(id="dQw4w9WgXcQ") */}}
      {%/* quote(author="V") */%}
      ```
      """
    let out = html(note)
    #expect(out.contains(#"<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">YouTube video</a></p>"#), "\(out)")
    #expect(out.contains(#"<p><a href="https://vimeo.com/124313553">Vimeo video</a></p>"#), "\(out)")
    #expect(out.contains(#"<p><a href="https://gist.github.com/Keats/e5fb6aad409f28721c0ba14161644c57">Gist</a></p>"#), "\(out)")
    #expect(out.contains("<blockquote>\n<p>A quote, <em>emphasised</em>.\n— Vincent</p>\n</blockquote>"), "\(out)")
    #expect(out.contains("<p>Kept text.</p>"), "\(out)")
    #expect(out.contains("<p>{{ unknown(x=1) }}</p>"), "\(out)")
    #expect(out.contains("<code>{{ youtube(id=&quot;dQw4w9WgXcQ&quot;) }}\n{% quote(author=&quot;V&quot;) %}\n</code>"), "\(out)")
    #expect(!out.contains("{% end %}") && !out.contains("Vincent&quot;"), "\(out)")
  }
}
