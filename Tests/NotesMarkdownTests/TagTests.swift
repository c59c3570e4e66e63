import Testing

@testable import NotesMarkdown

@Suite struct TagTests {
  @Test(arguments: [
    ("Plans #work today", ["work"]),
    ("#start of a line", ["start"]),
    ("Nested #project/alpha and #project/beta/", ["project/alpha", "project/beta"]),
    ("日本語 #料理 と #東京2024", ["料理", "東京2024"]),
    ("(#paren), #comma, and \"#quoted\"", ["paren", "comma", "quoted"]),
    ("#y2024 and #2024-q1 and #a_b", ["y2024", "2024-q1", "a_b"]),
    ("repeat #x and #x again", ["x"]),
    // Emoji, as Obsidian reads them; an ASCII keycap or © is no tag.
    ("Mood #✅ done, #📚 reading, #📅/🌍 travel, #book📚 mix, #👩🏽‍💻 coder", ["✅", "📚", "📅/🌍", "book📚", "👩🏽‍💻"]),
    ("#© 2024 and #*", []),
  ])
  func found(_ markdown: String, _ tags: [String]) {
    #expect(Markdown.analyze(markdown).tags == tags)
  }

  @Test(arguments: [
    "Issue #1 and #123",
    "An entity &#123; and &amp;#35;x",
    "`#code` span",
    "```\n#fenced code\n```",
    "    #indented code",
    "See https://x.org/#frag and https://x.org/page#frag",
    "<https://x.org/#frag>",
    "[link #text](https://x.org)",
    "## Heading",
    "# Heading with #tag",
    "C#sharp and a#b",
    "## #",
    "[[Note#Heading]] and [[#Heading]]",
  ])
  func notATag(_ markdown: String) {
    #expect(Markdown.analyze(markdown).tags == [], "\(markdown)")
    #expect(!html(markdown).contains("class=\"tag\""), "\(markdown)")
  }

  @Test(arguments: [
    ("Escaped \\#role.taxonomist and \\#notatag, real #yes", ["yes"], "Escaped #role.taxonomist and #notatag, real "),
    ("**b** \\#no then #t", ["t"], "<strong>b</strong> #no then "),
    ("> quoted \\#no and #q", ["q"], "<p>quoted #no and "),
    ("- item \\#no #li", ["li"], "<li>item #no "),
    ("| a | b |\n|---|---|\n| \\#no | #t |", ["t"], "<td>#no</td>"),
    ("Line one\n\\#no and #second", ["second"], "Line one\n#no and "),
    ("\\#[[Deep Work]] is a link", [], "<p>#<span class=\"broken-link\""),
  ])
  func escapedHashIsText(_ markdown: String, _ tags: [String], _ rendered: String) {
    // `\#` is a literal `#` in CommonMark: no tag, no link, the backslash gone.
    #expect(Markdown.analyze(markdown).tags == tags)
    let out = html(markdown)
    #expect(out.contains(rendered), "\(out)")
    #expect(!out.contains("\\#"))
  }

  @Test func escapedHashKeepsTheLinesAndColumnsOfWhatFollows() {
    let analysis = Markdown.analyze("Text\n\\#no.tag and [[Missing]] here")
    #expect(analysis.tags == [])
    let reference = analysis.references.first { $0.target == "Missing" }
    #expect(reference?.line == 2 && reference?.column == 14, "\(String(describing: reference))")
  }

  @Test func renderedAsLinksToTheTagPage() {
    let out = html("Filed under #project/alpha, and #料理.")
    #expect(
      out == """
        <p>Filed under <a class="tag" href="/notes/_tags/project/alpha/">#project/alpha</a>, and \
        <a class="tag" href="/notes/_tags/料理/">#料理</a>.</p>

        """)
  }

  @Test func literalInCodeAndUntouchedAround() {
    let out = html("`#notag` then #tag\n\n```\n#notag\n```")
    #expect(out.contains("<code>#notag</code> then <a class=\"tag\""))
    #expect(out.contains("<pre tabindex=\"0\"><code>#notag\n</code></pre>"))
  }
}

extension TagTests {
  /// Bear closes tags with `#`: it is not left in the text.
  @Test func bearsClosingHashGoesWithTheTag() {
    #expect(Markdown.analyze("Met #work/meetings# today, #x#, #a#b").tags == ["work/meetings", "x", "a"])
    let out = html("Met #work/meetings# today.")
    #expect(out.contains(#"Met <a class="tag" href="/notes/_tags/work/meetings/">#work/meetings</a> today."#), "\(out)")
    // Bear's tags of several words are closed by `#`; without that `#` a tag is one word.
    #expect(Markdown.analyze("Filed under #multi word tag# and #reading list#.").tags == ["multi word tag", "reading list"])
    #expect(Markdown.analyze("#tag1 and #tag2, issue #12 fixed in #13, #a b#c, #one  two#").tags == ["tag1", "tag2", "a", "one"])
    #expect(html("See #multi word tag# here").contains(#"See <a class="tag" href="/notes/_tags/multi word tag/">#multi word tag</a> here"#), "\(html("See #multi word tag# here"))")
  }
}

extension TagTests {
  /// Roam and Logseq write a tag of several words as `#[[Deep Work]]`.
  @Test func aTagOfSeveralWordsInBrackets() {
    let note = "- Read #[[Deep Work]] #roam and [[Roadmap]]; C#[[x]] is no tag.\n\n## Plan #[[Roadmap]]\n"
    let analysis = Markdown.analyze(note)
    #expect(analysis.tags == ["Deep Work", "roam"])
    #expect(analysis.references.map(\.target) == ["Roadmap", "x", "Roadmap"])
    let out = html(note)
    #expect(out.contains(#"Read <a class="tag" href="/notes/_tags/Deep Work/">#Deep Work</a> <a class="tag""#), "\(out)")
    #expect(out.contains(#"Plan #<a class="wiki-link" href="/notes/roadmap/">Roadmap</a>"#))
  }

  /// After full-width punctuation, as in Chinese and Japanese notes, `#[[…]]` is a tag as
  /// `#tag` is; after a letter of those scripts it is not.
  @Test func aBracketedTagAfterFullWidthPunctuation() {
    let analysis = Markdown.analyze("- 怎样应用呢？#[[工具]] 没有用。#[[srs/cloze]] 「#[[引用]]」 中文#[[词]]\n")
    #expect(analysis.tags == ["工具", "srs/cloze", "引用"])
    #expect(analysis.references.map(\.target) == ["词"])
  }
}
