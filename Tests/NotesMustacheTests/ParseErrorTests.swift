import NotesMustache
import Testing

/// Template mistakes are reported with the template name and the offending tag's position.
@Suite struct ParseErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var source: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { message }
  }

  @Test(arguments: [
    Case(
      source: "<ul>\n  {{#notes}}\n  <li>{{title}}</li>\n</ul>\n",
      line: 2, column: 3, message: "unclosed section 'notes'"),
    Case(
      source: "{{#a}}\n  {{#b}}x{{/a}}\n{{/b}}", line: 2, column: 10,
      message: "closing tag 'a' does not match 'b' opened at 2:3"),
    Case(
      source: "Hello\n{{/x}}", line: 2, column: 1,
      message: "closing tag 'x' has no matching opening tag"),
    Case(source: "a\nb {{=<% %>}}", line: 2, column: 3, message: "bad delimiter tag"),
    Case(source: "{{=<% %>=}}\n<%name", line: 2, column: 1, message: "unclosed tag: expected '%>'"),
    Case(source: "ok\n  {{name", line: 2, column: 3, message: "unclosed tag: expected '}}'"),
    Case(source: "{{{name}}", line: 1, column: 1, message: "unclosed tag: expected '}}}'"),
    Case(source: "日本語 {{/x}}", line: 1, column: 5, message: "closing tag 'x' has no matching"),
    Case(
      source: "{{!\nmulti-line\ncomment}} {{#open}}", line: 3, column: 11,
      message: "unclosed section 'open'"),
    Case(
      source: "{{<layout}}{{$main}}x{{/layout}}", line: 1, column: 22,
      message: "does not match 'main'"),
    Case(source: "x {{}}", line: 1, column: 3, message: "empty tag name"),
  ])
  func reportsPositionOfOffendingTag(_ example: Case) throws {
    let error = try #require(throws: MustacheError.self) {
      try TemplateLibrary(sources: ["page": example.source])
    }
    #expect(error.template == "page")
    #expect(error.line == example.line)
    #expect(error.column == example.column)
    #expect(error.message.contains(example.message), "\(error.message)")
  }

  @Test func descriptionReadsLikeACompilerDiagnostic() throws {
    let error = try #require(throws: MustacheError.self) {
      try TemplateLibrary(sources: ["layout": "<main>\n  {{#notes}}\n</main>\n"])
    }
    #expect(error.description == "layout:2:3: error: unclosed section 'notes'")
  }

  @Test func errorInPartialNamesThePartial() throws {
    let error = try #require(throws: MustacheError.self) {
      try TemplateLibrary(sources: [
        "page": "{{>partials/nav}}", "partials/nav": "<nav>\n{{^items}}",
      ])
    }
    #expect(error.template == "partials/nav")
    #expect((error.line, error.column) == (2, 1))
  }

  @Test func renderingAnUnknownTemplateThrows() throws {
    let library = try TemplateLibrary(sources: ["note": "x"])
    #expect(library.contains("note"))
    #expect(!library.contains("notes"))
    let error = try #require(throws: MustacheError.self) { try library.render("notes", [:]) }
    #expect(error.template == "notes")
  }
}
