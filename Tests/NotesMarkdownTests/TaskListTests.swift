import Testing

@testable import NotesMarkdown

@Suite struct TaskListTests {
  let note = """
    - [ ] Buy milk
    - [x] Call [[Roadmap|Alice]]
    - [X] Done too
    - plain item
    """

  @Test func checkboxesWithTheTextAsLabel() {
    let out = html(note)
    #expect(
      out == """
        <ul class="task-list">
        <li class="task">
        <label><input type="checkbox" disabled> Buy milk</label>
        </li>
        <li class="task">
        <label><input type="checkbox" checked disabled> Call <a class="wiki-link" href="/notes/roadmap/">Alice</a></label>
        </li>
        <li class="task">
        <label><input type="checkbox" checked disabled> Done too</label>
        </li>
        <li>
        plain item
        </li>
        </ul>

        """)
  }

  @Test func counted() {
    #expect(Markdown.analyze(note).tasks == TaskCount(done: 2, total: 3))
    #expect(Markdown.analyze("- a\n- b").tasks == TaskCount(done: 0, total: 0))
  }

  @Test func markersAreNotText() {
    let analysis = Markdown.analyze(note)
    #expect(analysis.plainText == "Buy milk\nCall Alice\nDone too\nplain item")
  }

  @Test func orderedLooseAndNested() {
    let out = html("3. [ ] third\n\n4. [x] fourth\n   - [ ] sub\n   - other")
    #expect(out.contains(#"<ol class="task-list" start="3">"#))
    #expect(out.contains("<p><label><input type=\"checkbox\" disabled> third</label></p>"))
    #expect(
      out.contains(
        "<ul class=\"task-list\">\n<li class=\"task\">\n<label><input type=\"checkbox\" disabled> sub</label>"
      ))
    #expect(
      Markdown.analyze("3. [ ] third\n\n4. [x] fourth\n   - [ ] sub").tasks
        == TaskCount(done: 1, total: 3))
  }

  @Test(arguments: [
    "`- [ ] code`", "```\n- [ ] fenced\n```", "- [y] not a box", "- [ ]not spaced", "Text [ ] here",
  ])
  func notTasks(_ markdown: String) {
    #expect(!html(markdown).contains("checkbox"))
    #expect(Markdown.analyze(markdown).tasks.total == 0)
  }
}

extension TaskListTests {
  /// Templates leave empty tasks (`- [ ]`); a checkbox with no text has no accessible name,
  /// so it is hidden from assistive technology. One with text, even only a link, keeps it.
  @Test func anEmptyTasksCheckboxIsHiddenFromAssistiveTechnology() {
    let out = html("- [ ] \n- [x]\n- [ ] [[Roadmap]]\n- [ ]\n  - sub item")
    #expect(
      out.components(separatedBy: #"<input type="checkbox" disabled aria-hidden="true">"#).count == 3,
      "\(out)")
    #expect(out.contains(#"<input type="checkbox" checked disabled aria-hidden="true">"#))
    #expect(out.contains(#"<label><input type="checkbox" disabled> <a class="wiki-link" href="/notes/roadmap/">Roadmap</a></label>"#))
  }
}

extension TaskListTests {
  /// Roam's task markers are checkboxes, not links to a note called TODO.
  @Test func roamTaskMarkersAreCheckboxes() {
    let note = "- {{[[TODO]]}} Have a [[Roadmap]] meeting\n- {{[[DONE]]}} Done\n- See {{[[TODO]]}} later\n"
    let rendered = render(note)
    #expect(rendered.html.contains(#"<label><input type="checkbox" disabled> Have a <a class="wiki-link" href="/notes/roadmap/">Roadmap</a> meeting</label>"#), "\(rendered.html)")
    #expect(rendered.html.contains(#"<label><input type="checkbox" checked disabled> Done</label>"#))
    let analysis = Markdown.analyze(note)
    #expect(analysis.tasks == TaskCount(done: 1, total: 2))
    #expect(analysis.references.map(\.target) == ["Roadmap", "TODO"])
    #expect(analysis.references.first?.column == 23)
  }
}
