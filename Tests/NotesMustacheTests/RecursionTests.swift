import NotesMustache
import Testing

/// Templates that include themselves fail with an error instead of crashing or hanging,
/// while legitimately recursive partials (a folder tree) still render.
@Suite struct RecursionTests {
  @Test(arguments: [
    ["loop": "x{{>loop}}"],
    ["page": "{{<a}}{{/a}}", "a": "{{<b}}{{/b}}", "b": "{{<a}}{{/a}}"],
    ["page": "{{$x}}{{<page}}{{/page}}{{/x}}"],
  ])
  func selfInclusionThrowsNamingTheTemplate(sources: [String: String]) throws {
    let library = try TemplateLibrary(sources: sources)
    let root = sources.keys.contains("page") ? "page" : "loop"
    let error = try #require(throws: MustacheError.self) { try library.render(root, [:]) }
    #expect(sources[error.template] != nil)
    #expect(sources.keys.contains { error.message.contains("'\($0)'") }, "\(error.message)")
    #expect(error.message.contains("100"))
    #expect(error.line == 1)
  }

  @Test func selfIncludingPartialErrorPointsAtTheTag() throws {
    let library = try TemplateLibrary(sources: ["tree": "<ul>\n  {{>tree}}\n</ul>"])
    let error = try #require(throws: MustacheError.self) { try library.render("tree", [:]) }
    #expect(error.template == "tree")
    #expect((error.line, error.column) == (2, 3))
    #expect(error.message.contains("'tree'"))
  }

  @Test func recursivePartialOverNestedDataRenders() throws {
    let library = try TemplateLibrary(sources: [
      "folder": "{{name}}{{#children}}({{>folder}}){{/children}}"
    ])
    // Build a folder tree 60 levels deep: deep, but within the limit. The leaf needs its own
    // empty `children`, or the lookup would find its parent's (context stack semantics).
    var tree: TemplateValue = ["name": "f60", "children": []]
    for level in stride(from: 59, through: 0, by: -1) {
      tree = ["name": .string("f\(level)"), "children": [tree]]
    }
    let output = try library.render("folder", tree)
    #expect(output.hasPrefix("f0(f1(f2("))
    #expect(output.hasSuffix("f60" + String(repeating: ")", count: 60)))
  }
}
