import Testing

@testable import NotesMarkdown

/// Microsoft Learn's documentation, written for DocFX.
@Suite struct DocFXTests {
  @Test func imagesZonesAndRowsReadAsTheirContent() {
    let rendered = render("""
      :::image type="content" source="diagram.png" alt-text="Screenshot of [the] portal." lightbox="media/big.png":::

      :::zone pivot="programming-language-csharp"
      C# only text.
      ::: zone-end

      :::row:::
         :::column span="2":::
            Left, see [[Nowhere]].
         :::column-end:::
      :::row-end:::

      > [!div class="nextstepaction"]
      > [Next step](https://example.com/next)

      :::image type="complex" source="missing.png" alt-text="A chart.":::
      The long description.
      :::image-end:::
      """)
    #expect(rendered.html == """
      <p><img src="/notes/diagram.png" alt="Screenshot of [the] portal." /></p>
      <p>C# only text.</p>
      <p>Left, see <span class="broken-link" title="unknown note &#39;Nowhere&#39;">Nowhere</span>.</p>
      <blockquote>
      <p><a href="https://example.com/next">Next step</a></p>
      </blockquote>
      <p><span class="broken-link" title="unknown note &#39;missing.png&#39;">A chart.</span>
      The long description.</p>

      """, "\(rendered.html)")
    // Positions in a column count the indentation it lost.
    #expect(positions(rendered) == ["16:1", "9:17"])
  }

  @Test func includesAreEmbedsAndCodeIsLeftAlone() {
    let page = html("""
      [!INCLUDE [Ideas](Ideas.md)]

      ```md
      [!INCLUDE [Ideas](Ideas.md)]
      :::zone pivot="x"
      ```
      """)
    #expect(page.contains("<div class=\"embed-note\"><p class=\"embed-title\"><a href=\"/notes/ideas/\">Ideas</a></p>\n<p>Embedded ideas</p>"), "\(page)")
    #expect(page.contains("<code class=\"language-md\">[!INCLUDE [Ideas](Ideas.md)]\n:::zone pivot=&quot;x&quot;\n</code>"), "\(page)")
  }
}
