import Testing

@testable import NotesMarkdown

@Suite struct WikiLinkTests {
  @Test(arguments: [
    ("[[Roadmap]]", #"<a class="wiki-link" href="/notes/roadmap/">Roadmap</a>"#),
    ("[[Work/Alpha]]", #"<a class="wiki-link" href="/notes/work/alpha/">Work/Alpha</a>"#),
    ("[[Roadmap|the plan]]", #"<a class="wiki-link" href="/notes/roadmap/">the plan</a>"#),
    // Obsidian shows the heading after the name.
    ("[[Work/Alpha#Goals]]", #"<a class="wiki-link" href="/notes/work/alpha/#Goals">Work/Alpha &gt; Goals</a>"#),
    ("[[Roadmap.md]]", #"<a class="wiki-link" href="/notes/roadmap/">Roadmap</a>"#),
    ("[[#概要]]", ##"<a class="wiki-link" href="#概要">概要</a>"##),
    ("[[Roadmap\\|in a table]]", #"<a class="wiki-link" href="/notes/roadmap/">in a table</a>"#),
    ("[[ Roadmap | spaced ]]", #"<a class="wiki-link" href="/notes/roadmap/">spaced</a>"#),
    // Dendron: a note of another vault, and a label written before it.
    ("[[dendron://site/Roadmap]]", #"<a class="wiki-link" href="/notes/roadmap/">Roadmap</a>"#),
    ("[[Office Hours|dendron://site/Work/Alpha#Goals]]", #"<a class="wiki-link" href="/notes/work/alpha/#Goals">Office Hours</a>"#),
  ])
  func formsBecomeLinks(_ markdown: String, _ expected: String) {
    let out = html("Before \(markdown) after.")
    #expect(out.contains("<p>Before \(expected) after.</p>"), "\(out)")
  }

  /// Double brackets around what no note could be named, with `"` or brackets in it (a matrix, R's `df[["col"]]`, the shell's `[[ -z "$x" ]]`), are text as written; a
  /// label may hold quotes.
  @Test func bracketsAroundWhatNamesNoNoteAreText() {
    let note = render(#"Matrix [[1, 2], [3, 4]]; R: df[["col"]]; sh [[ -z "$x" ]]; [[Roadmap|"quoted"]]."#)
    #expect(note.html.contains(#"Matrix [[1, 2], [3, 4]]; R: df[[&quot;col&quot;]]; sh [[ -z &quot;$x&quot; ]]; <a class="wiki-link" href="/notes/roadmap/">&quot;quoted&quot;</a>."#), "\(note.html)")
    #expect(note.diagnostics.isEmpty)
  }

  /// A wiki link right before parentheses (Logseq's block references, `[[Page]]((uuid))`)
  /// stays a wiki link; cmark alone would make `[Page]` the text of a link to `(uuid)`.
  @Test func aWikiLinkBeforeParenthesesStaysAWikiLink() throws {
    let note = render("Line one.\n\nSee [[Roadmap]]((6371a0ef)) and [[Roadmap|plan]](https://x.org) and [x](y.md).")
    #expect(note.html.contains(#"See <a class="wiki-link" href="/notes/roadmap/">Roadmap</a>((6371a0ef)) and "#), "\(note.html)")
    #expect(note.html.contains(#"<a class="wiki-link" href="/notes/roadmap/">plan</a>(<a href="https://x.org">https://x.org</a>) and "#))
    let references = Markdown.analyze("Line one.\n\nSee [[Roadmap]]((6371a0ef)).").references
    #expect(references.map(\.target) == ["Roadmap"])
    #expect(references.first?.line == 3 && references.first?.column == 5)
  }

  /// GitHub wikis write the label first, `[[Click here|Roadmap]]`: read so, in a wiki, when
  /// the link as written names nothing and read label first it names a page.
  @Test func labelFirstWhenOnlyThatNamesAPage() {
    let note = "A [[Click here|Roadmap]], B [[Roadmap|Ideas]], C [[Nowhere|Also nowhere]]."
    let rendered = render(note, labelFirstLinks: true)
    #expect(rendered.html.contains(#"A <a class="wiki-link" href="/notes/roadmap/">Click here</a>, "#), "\(rendered.html)")
    #expect(rendered.html.contains(#"B <a class="wiki-link" href="/notes/roadmap/">Ideas</a>, "#), "\(rendered.html)")
    #expect(rendered.html.contains(#"C <span class="broken-link" title="unknown note &#39;Nowhere&#39;">Also nowhere</span>."#), "\(rendered.html)")
    #expect(positions(rendered) == ["1:50"])
    // Elsewhere (Obsidian) the target comes first, and one that names nothing is reported.
    let obsidian = render(note)
    #expect(obsidian.html.contains(#"A <span class="broken-link" title="unknown note &#39;Click here&#39;">Roadmap</span>"#), "\(obsidian.html)")
    #expect(positions(obsidian) == ["1:3", "1:50"])
  }

  @Test func dendronVaultLinksNameTheNote() {
    #expect(WikiLinkSyntax.matches(in: "![[dendron://my vault/careers.mission]]").first?.link
      == WikiLink(isEmbed: true, target: "careers.mission", fragment: nil, label: nil))
    #expect(WikiLinkSyntax.matches(in: "[[Plan|dendron://v/proj.plan]]").first?.link
      == WikiLink(isEmbed: false, target: "proj.plan", fragment: nil, label: "Plan"))
    // Not Dendron's: a label that only mentions the scheme, a vault with no note.
    #expect(WikiLinkSyntax.matches(in: "[[Plan|see dendron://v/x]]").first?.link.target == "Plan")
    #expect(WikiLinkSyntax.matches(in: "[[dendron://v]]").first?.link.target == "dendron://v")
  }

  @Test func literalBackslashBeforePipeIsReadAsTheTablePipe() {
    let link = WikiLinkSyntax.matches(in: #"see [[Roadmap\|plan]]"#).first?.link
    #expect(link == WikiLink(isEmbed: false, target: "Roadmap", fragment: nil, label: "plan"))
  }

  @Test func referencesCarryTargetFragmentLabelAndPosition() {
    let analysis = Markdown.analyze(
      "Line one\n\n- see [[Work/Alpha#Goals|goals]] and ![[diagram.png|300]]", lineOffset: 2)
    #expect(
      analysis.references == [
        LinkReference(
          kind: .wikiLink, target: "Work/Alpha", fragment: "Goals", label: "goals", line: 5,
          column: 7),
        LinkReference(kind: .wikiEmbed, target: "diagram.png", label: "300", line: 5, column: 38),
      ])
  }

  @Test func unresolvedWikiLinkIsASpanAndAWarning() throws {
    let note = render("# T\n\nSee [[Roadmp]] now", lineOffset: 1)
    #expect(
      note.html.contains(
        #"<span class="broken-link" title="unknown note &#39;Roadmp&#39;">Roadmp</span>"#))
    let warning = try #require(note.diagnostics.first)
    #expect(warning.location?.description == "content/Note.md:4:5")
  }

  @Test(arguments: [
    "`[[Roadmap]]`", "```\n[[Roadmap]]\n```", "    [[Roadmap]]", "[a [[Roadmap]] b](https://x.org)",
    "<https://x.org/[[Roadmap]]>",
  ])
  func literalInCodeLinkTextsAndURLs(_ markdown: String) {
    let note = render(markdown)
    #expect(!note.html.contains("wiki-link"))
    #expect(note.html.contains("[[Roadmap]]"))
    #expect(Markdown.analyze(markdown).references.allSatisfy { $0.kind != .wikiLink })
  }

  @Test func notAWikiLink() {
    #expect(html("[[]] and [[ ]] and [[x").contains("[[]] and [[ ]] and [[x"))
  }

  @Test func wikiLinkInsideEmphasisAndHeadings() {
    #expect(
      html("*see [[Roadmap]]*").contains(
        #"<em>see <a class="wiki-link" href="/notes/roadmap/">Roadmap</a></em>"#))
    #expect(
      html("## About [[Roadmap]]").contains(#"<h2 id="about-roadmap">About <a class="wiki-link""#))
  }
}

@Suite struct EmbedTests {
  @Test func imageWithWidthAndSize() {
    #expect(
      html("![[diagram.png]]").contains(
        #"<img src="/notes/diagram.png" alt="diagram" loading="lazy">"#))
    #expect(
      html("![[diagram.png|300]]").contains(
        #"<img src="/notes/diagram.png" alt="diagram" loading="lazy" width="300">"#))
    #expect(html("![[diagram.png|100x145]]").contains(#"loading="lazy" width="100" height="145">"#))
    #expect(html("![[diagram.png|Flow of data]]").contains(#"alt="Flow of data""#))
    // A sign is no size: never a negative width, which is invalid HTML.
    #expect(html("![[diagram.png|-5]]").contains(#"alt="-5" loading="lazy">"#))
    #expect(html("![[diagram.png|+5x-2]]").contains(#"alt="+5x-2" loading="lazy">"#))
    // A layout for a theme or plugin before the size: the size is the last part, the layout
    // no description.
    #expect(html("![[diagram.png|center|500]]").contains(#"<img src="/notes/diagram.png" alt="diagram" loading="lazy" width="500">"#))
    #expect(html("![[diagram.png|Data flow|right|200x100]]").contains(#"alt="Data flow" loading="lazy" width="200" height="100">"#))
    // A missing image reads as its name, not its layout.
    #expect(html("![[missing.png|center|300]]").contains(#"title="unknown note &#39;missing.png&#39;">missing.png</span>"#), "\(html("![[missing.png|center|300]]"))")
  }

  /// Obsidian sizes Markdown images the same way: `![alt|300](src)`.
  @Test func markdownImageWithASize() {
    #expect(
      html("![Flow|300](diagram.png)").contains(
        #"<img src="/notes/diagram.png" alt="Flow" loading="lazy" width="300">"#))
    #expect(html("![|100x50](diagram.png)").contains(#"alt="" loading="lazy" width="100" height="50">"#))
    #expect(
      html("![a b|20](<https://x.org/a b.png>)").contains(
        #"<img src="https://x.org/a%20b.png" alt="a b" loading="lazy" width="20">"#))
    // Not a size: the alt text stays whole and cmark writes the image.
    #expect(html("![a|b](diagram.png)").contains(#"<img src="/notes/diagram.png" alt="a|b" />"#))
    #expect(html("![*big*|30](diagram.png)").contains(#"alt="big|30""#))
  }

  @Test func fileFragmentIsPassedAlongButIgnored() throws {
    let reference = try #require(Markdown.analyze("![[diagram.png#x]]").references.first)
    #expect(reference.target == "diagram.png")
    #expect(reference.fragment == "x")
  }

  @Test func pdfIsAnObjectWithALinkInside() {
    #expect(
      html("![[spec.pdf]]").contains(
        #"<object class="embed-pdf" data="/notes/spec.pdf" type="application/pdf" aria-label="spec.pdf"><a class="embed-file" href="/notes/spec.pdf">spec.pdf</a></object>"#
      ))
  }

  @Test func audioAndVideoGetPlayers() {
    #expect(
      html("![[talk.mp3]]").contains(#"<audio controls preload="metadata" src="/notes/talk.mp3">"#))
    #expect(
      html("![[demo.mp4|640]]").contains(
        #"<video controls preload="metadata" src="/notes/demo.mp4" width="640">"#))
  }

  @Test func otherFilesAreLinks() {
    #expect(
      html("![[data.csv]]").contains(#"<a class="embed-file" href="/notes/data.csv">data.csv</a>"#))
  }

  @Test func noteEmbedAloneInItsParagraphIsABlock() {
    let out = html("Intro.\n\n![[Ideas]]\n\nOutro.")
    #expect(
      out == """
        <p>Intro.</p>
        <div class="embed-note"><p class="embed-title"><a href="/notes/ideas/">Ideas</a></p>
        <p>Embedded ideas</p>
        </div>
        <p>Outro.</p>

        """)
  }

  @Test func noteEmbedInsideAParagraphSplitsIt() {
    let out = html("Before\n![[Ideas]]\nafter")
    #expect(out.contains("<p>Before</p>\n<div class=\"embed-note\">"))
    #expect(out.contains("</div>\n<p>after</p>"))
    #expect(!out.contains("<p></p>"))
  }

  @Test func noteEmbedInsideEmphasisFallsBackToALink() {
    let out = html("*![[Ideas]]*")
    #expect(out.contains(#"<em><a class="wiki-link" href="/notes/ideas/">Ideas</a></em>"#))
    #expect(!out.contains("embed-note"))
  }

  @Test func unresolvedEmbedWarns() {
    let note = render("![[missing.png|200]]")
    #expect(note.html.contains(#"title="unknown note &#39;missing.png&#39;">missing.png</span>"#))
    #expect(note.diagnostics.count == 1)
  }
}

extension WikiLinkTests {
  /// Obsidian reads a wiki link's name as written: `_`, `*` and the like name files (Python's
  /// `__init__`, Evernote exports' `_resources/…_-_…`), they are not emphasis.
  @Test func markupCharactersInAWikiLinkAreItsName() {
    let text = """
      Intro with *real emphasis* first.

      See [[__init__]], [[_templates/daily]] and [[notes_]] on one line; *emph [[a *star* note|my _label_]] too*.

      ![[_resources/test_-_note_with_picture.resources/pic.png]] and [[R&D == <plan>]] and `[[__code__]]`.
      """
    let references = Markdown.analyze(text).references
    #expect(
      references.map(\.target) == [
        "__init__", "_templates/daily", "notes_", "a *star* note",
        "_resources/test_-_note_with_picture.resources/pic.png", "R&D == <plan>",
      ])
    #expect(references.map(\.label) == [nil, nil, nil, "my _label_", nil, nil])
    // Positions are those of the note, as in every other warning.
    #expect(references.map(\.column) == [5, 19, 44, 74, 1, 64])
    #expect(references.map(\.line) == [3, 3, 3, 3, 5, 5])

    let out = html(text)
    #expect(out.contains("<p>Intro with <em>real emphasis</em> first.</p>"), "\(out)")
    #expect(out.contains(#"<span class="broken-link" title="unknown note &#39;__init__&#39;">__init__</span>"#))
    #expect(out.contains(#"<em>emph <span class="broken-link" title="unknown note &#39;a *star* note&#39;">my _label_</span> too</em>"#), "\(out)")
    #expect(out.contains("<code>[[__code__]]</code>"))
  }

  @Test func anUnclosedWikiLinkLeavesEmphasisAlone() {
    #expect(html("[[unclosed _a_ and _b_").contains("<p>[[unclosed <em>a</em> and <em>b</em></p>"))
    #expect(html("[[a]] _b_ [[c_d]]").contains("<em>b</em>"))
  }
}

extension WikiLinkTests {
  /// Foam writes link definitions for every wiki link at the end of a note; the wiki links stay
  /// wiki links and the block shows nothing, even its definitions with spaces in their paths.
  @Test func foamsGeneratedLinkDefinitionsAreDropped() {
    let note = """
      # A

      Wiki [[Roadmap]], aliased [[Roadmap|the plan]] and [[Work/Alpha#Goals]].

      [//begin]: # "Autogenerated link references for markdown compatibility"
      [Roadmap]: Roadmap.md "Roadmap"
      [Roadmap|the plan]: Roadmap.md "Roadmap"
      [Work/Alpha#Goals]: ../Work/Well Designed API "Alpha"
      [//end]: # "Autogenerated link references"
      """
    let out = html(note)
    #expect(out.contains(#"Wiki <a class="wiki-link" href="/notes/roadmap/">Roadmap</a>, aliased <a class="wiki-link" href="/notes/roadmap/">the plan</a> and <a class="wiki-link" href="/notes/work/alpha/#Goals">Work/Alpha &gt; Goals</a>.</p>"#), "\(out)")
    #expect(!out.contains("Autogenerated") && !out.contains("Well Designed"))
    // Line numbers after the block are still the note's.
    let later = render(note + "\n\nSee [[Nowhere]].")
    #expect(later.diagnostics.first?.location?.line == 11)
  }
}

extension WikiLinkTests {
  /// Evernote exports link clipped images: `[![[pic.png]]](https://…)`. The image shows inside
  /// the link; a note embed or wiki link cannot be a link's text and stays as written.
  @Test func anImageEmbedCanBeALinksText() {
    let out = html("[![[diagram.png]]](https://example.com) [see ![[Ideas]] and [[Roadmap]]](https://x.org) [![[gone.png]]](https://y.org)")
    #expect(out.contains(#"<a href="https://example.com"><img src="/notes/diagram.png" alt="diagram" loading="lazy"></a>"#), "\(out)")
    #expect(out.contains(#"<a href="https://x.org">see ![[Ideas]] and [[Roadmap]]</a>"#))
    #expect(out.contains(#"<a href="https://y.org"><span class="broken-link" title="unknown note &#39;gone.png&#39;">gone.png</span></a>"#))
    let references = Markdown.analyze("x [![[diagram.png]]](https://example.com)").references
    #expect(references.map(\.target) == ["https://example.com", "diagram.png"])
    #expect(references.last?.column == 4)
  }
}

extension WikiLinkTests {
  /// Student vaults link slides at a page: the PDF opens there, as in Obsidian.
  @Test func aPDFLinkKeepsItsPage() {
    let out = html("[[spec.pdf#page=37|Folien]] ![[spec.pdf#page=3]] [x](spec.pdf#page=5) ![[diagram.png#x]]")
    #expect(out.contains(#"<a class="wiki-link" href="/notes/spec.pdf#page=37">Folien</a>"#), "\(out)")
    #expect(out.contains(#"<object class="embed-pdf" data="/notes/spec.pdf#page=3""#))
    #expect(out.contains(#"<a href="/notes/spec.pdf#page=5">x</a>"#))
    #expect(out.contains(#"<img src="/notes/diagram.png" alt="diagram""#))
  }
}

extension WikiLinkTests {
  /// Bear's exports link notes with `bear://` URLs, which only Bear opens.
  @Test func bearLinksFindTheirNotes() {
    let rendered = render("""
      See [the plan](bear://x-callback-url/open-note?id=1A2B&title=Roadmap), [Ideas](bear://x-callback-url/open-note?id=3C4D) and [gone](bear://x-callback-url/open-note?id=5E6F&title=Lost%20note).
      """)
    #expect(rendered.html.contains(#"See <a class="wiki-link" href="/notes/roadmap/">the plan</a>, <a class="wiki-link" href="/notes/ideas/">Ideas</a> and "#), "\(rendered.html)")
    #expect(rendered.diagnostics.map(\.message) == ["unknown note 'Lost note'"])
  }
}

extension WikiLinkTests {
  /// Forms from the Obsidian Help vault: escaped brackets, sizes as alt text, custom task
  /// states, a second paragraph in a table cell.
  @Test func obsidianHelpForms() {
    #expect(html(#"Use \[\[Wikilink\]\] or \[\[Roadmap]] to link."#) == "<p>Use [[Wikilink]] or [[Roadmap]] to link.</p>\n")
    #expect(html("![250](https://example.com/img/Engelbart.jpg)") ==
      #"<p><img src="https://example.com/img/Engelbart.jpg" alt="Engelbart" loading="lazy" width="250"></p>"# + "\n")
    let tasks = html("- [?] Eggs\n- [-] Milk\n- [a] Not a task\n")
    #expect(tasks.contains(#"<input type="checkbox" checked disabled> Eggs"#) && tasks.contains(#"checked disabled> Milk"#), "\(tasks)")
    #expect(tasks.contains("[a] Not a task") && !tasks.contains("checked disabled> Not a task"), "\(tasks)")
    let cell = html("| key | meaning |\n|---|---|\n| file: | Find text.<p/>Example: `file:.jpg` |\n")
    #expect(cell.contains("<td>Find text.<br />\nExample: <code>file:.jpg</code></td>"), "\(cell)")
  }
}

extension WikiLinkTests {
  /// A link to a heading that holds code, as Obsidian's heading completion writes it: one link,
  /// and code elsewhere on the line stays code.
  @Test func codeInsideAWikiLinkIsPartOfIt() {
    let rendered = render("See [[DOM XSS#Lab using `JSON.parse` ⭕️|the lab]] and `x` then [[Nowhere]].\n")
    #expect(!rendered.html.contains("[["), "\(rendered.html)")
    #expect(rendered.html.contains("<code>x</code>"), "\(rendered.html)")
    #expect(rendered.diagnostics.map(\.message) == ["unknown note 'DOM XSS'", "unknown note 'Nowhere'"])
    #expect(positions(rendered) == ["1:5", "1:63"])
  }
}
