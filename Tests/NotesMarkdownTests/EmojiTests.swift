import Testing

@testable import NotesMarkdown

/// GitHub's emoji shortcodes, as READMEs, TIL repositories and MkDocs sites write them.
@Suite struct EmojiTests {
  @Test func shortcodesBecomeEmoji() {
    let note = """
      # :rocket: Launch plan

      :white_check_mark: Done, :+1: and :thumbsup: from the team :tada:
      - [x] :bug: fixed in [the :memo: notes](Roadmap.md)

      Unknown :not_an_emoji_name: stays.
      """
    let rendered = html(note)
    #expect(rendered.contains(">🚀 Launch plan <"), "\(rendered)")
    #expect(rendered.contains("<p>✅ Done, 👍 and 👍 from the team 🎉</p>"), "\(rendered)")
    #expect(rendered.contains("checked disabled> 🐛 fixed in <a href=\"/notes/roadmap/\">the 📝 notes</a>"), "\(rendered)")
    #expect(rendered.contains("<p>Unknown :not_an_emoji_name: stays.</p>"), "\(rendered)")
    let analysis = Markdown.analyze(note)
    #expect(analysis.firstH1 == "🚀 Launch plan")
    #expect(analysis.preview.hasPrefix("✅ Done, 👍 and 👍 from the team 🎉"), "\(analysis.preview)")
  }

  @Test func colonsInProseCodeAndLinksStay() {
    let note = """
      Call `:smile:` or Foo::new::bar, std::x::y, a:b:c, at 12:30:45, see http://x.org/:id:
      and ratio 1:ok:2, word:smile:word.

      ```
      :tada:
      ```

      Link to [[Notes :memo: 2024]] stays a link.
      """
    let rendered = html(note)
    #expect(!rendered.contains("🎉") && !rendered.contains("🆕") && !rendered.contains("😄"), "\(rendered)")
    #expect(!rendered.contains("🆔") && !rendered.contains("🆗") && !rendered.contains("📝"), "\(rendered)")
    #expect(rendered.contains("Foo::new::bar") && rendered.contains("<code>:smile:</code>"))
    #expect(rendered.contains(">Notes :memo: 2024</a>"), "\(rendered)")
  }

  @Test func mkDocsIconsAreDropped() {
    #expect(html("- :material-clock-fast: Set up in minutes\n- :octicons-mark-github-16: Source")
      == "<ul>\n<li>Set up in minutes</li>\n<li>Source</li>\n</ul>\n")
  }

  @Test func textAfterAShortcodeKeepsItsPosition() {
    // The broken link's column is where it is written, not where the text moved to.
    let rendered = render("Start :white_check_mark: then [[Missing]]")
    #expect(rendered.html.contains("✅ then"))
    #expect(positions(rendered) == ["1:31"])
  }

  @Test func tableHasTheNamesGitHubUses() {
    for (name, emoji) in [("smile", "😄"), ("heart", "❤️"), ("warning", "⚠️"), ("x", "❌"), ("-1", "👎"), ("100", "💯")] {
      #expect(EmojiShortcodes.names[name] == emoji, "\(name)")
    }
    #expect(EmojiShortcodes.names.count > 1800)
  }
}
