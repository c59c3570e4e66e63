import Testing

@testable import NotesMarkdown

@Suite struct RawHTMLTests {
  let note = """
    Text with <b>bold</b> inline.

    <div class="box">
    <script>alert(1)</script>
    </div>

    After.
    """

  @Test func droppedByDefaultWithoutAComment() {
    let out = html(note)
    #expect(!out.contains("<b>"))
    #expect(!out.contains("<script"))
    #expect(!out.contains("<div"))
    #expect(!out.contains("raw HTML omitted"))
    #expect(out.contains("<p>Text with bold inline.</p>"))
    #expect(out.contains("<p>After.</p>"))
  }

  @Test func keptWhenAllowed() {
    let out = html(note, unsafeHTML: true)
    #expect(out.contains("<p>Text with <b>bold</b> inline.</p>"))
    #expect(out.contains("<div class=\"box\">\n<script>alert(1)</script>\n</div>"))
  }

  @Test func mustacheLikeTextPassesThroughUntouched() {
    let out = html("Hello {{user}}, see {{> partial}} and {{{raw}}}.")
    #expect(out.contains("<p>Hello {{user}}, see {{&gt; partial}} and {{{raw}}}.</p>"))
    #expect(Markdown.analyze("Hi {{user}}").plainText == "Hi {{user}}")
  }
}
