import NotesMustache
import Testing

/// Layouts with blocks, as the site's theme uses them.
@Suite struct InheritanceTests {
  static let sources: [String: String] = [
    "layout": """
    <!doctype html>
    <html lang="{{language}}">
    <head>
      {{>partials/head}}
    </head>
    <body>
      <main>
        {{$main}}
        <p>Nothing here.</p>
        {{/main}}
      </main>
      {{$footer}}{{/footer}}
    </body>
    </html>

    """,
    "partials/head": """
    <meta charset="utf-8">
    <title>{{$title}}{{site.title}}{{/title}}</title>

    """,
    "note": """
    {{<layout}}
    {{$title}}{{note.title}} – {{site.title}}{{/title}}
    {{$main}}
    <article>
      <h1>{{note.title}}</h1>
      {{{note.html}}}
      <ul class="tags">
        {{#note.tags}}
        <li>{{.}}</li>
        {{/note.tags}}
      </ul>
    </article>
    {{/main}}
    {{$footer}}<footer>{{site.title}}</footer>{{/footer}}
    {{/layout}}

    """,
    "empty": "{{<layout}}{{/layout}}\n",
  ]

  static let data: TemplateValue = [
    "language": "en",
    "site": ["title": "My Notes"],
    "note": [
      "title": "Roadmap & plans",
      "html": "<p>Ship <em>soon</em></p>",
      "tags": ["work", "2025"],
    ],
  ]

  @Test func pageOverridesLayoutBlocksWithIndentationAdjusted() throws {
    let library = try TemplateLibrary(sources: Self.sources)
    let output = try library.render("note", Self.data)
    #expect(
      output == """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>Roadmap &amp; plans – My Notes</title>
        </head>
        <body>
          <main>
            <article>
              <h1>Roadmap &amp; plans</h1>
              <p>Ship <em>soon</em></p>
              <ul class="tags">
                <li>work</li>
                <li>2025</li>
              </ul>
            </article>
          </main>
          <footer>My Notes</footer>
        </body>
        </html>

        """)
  }

  @Test func layoutDefaultsRenderWhenBlocksAreNotOverridden() throws {
    let library = try TemplateLibrary(sources: Self.sources)
    let output = try library.render("empty", Self.data)
    #expect(
      output == """
        <!doctype html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <title>My Notes</title>
        </head>
        <body>
          <main>
            <p>Nothing here.</p>
          </main>
        </body>
        </html>

        """)
  }

  @Test func blockArgumentsAreEvaluatedInTheParentsContext() throws {
    let library = try TemplateLibrary(sources: [
      "list": "{{#notes}}<li>{{$item}}{{title}}{{/item}}</li>{{/notes}}",
      "page": "{{<list}}{{$item}}<a href=\"{{url}}\">{{title}}</a>{{/item}}{{/list}}",
    ])
    let data: TemplateValue = [
      "notes": [["title": "A", "url": "/a/"], ["title": "B", "url": "/b/"]]
    ]
    #expect(
      try library.render("page", data)
        == "<li><a href=\"/a/\">A</a></li><li><a href=\"/b/\">B</a></li>")
  }

  @Test func argumentStartingWithAStandaloneSectionIsIndentedOnce() throws {
    let library = try TemplateLibrary(sources: [
      "base": "<ul>\n  {{$items}}{{/items}}\n</ul>\n",
      "page": "{{<base}}{{$items}}\n{{#notes}}\n<li>{{.}}</li>\n{{/notes}}\n{{/items}}{{/base}}",
    ])
    #expect(
      try library.render("page", ["notes": ["A", "B"]])
        == "<ul>\n  <li>A</li>\n  <li>B</li>\n</ul>\n")
    // Not overridden, the one-line block leaves no blank line behind.
    #expect(try library.render("base", [:]) == "<ul>\n</ul>\n")
  }
}
