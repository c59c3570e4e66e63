import Foundation
import Testing

/// `notes-site mustache DATA.json TEMPLATE.mustache [--partials DIR]`, run as a process.
@Suite struct MustacheCommandTests {
  @Test(arguments: SpecFixture.all)
  func rendersSpecCaseThroughTheBinary(_ spec: SpecFixture) throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      String(decoding: try JSONEncoder().encode(spec.data), as: UTF8.self), to: "data.json")
    try directory.write(spec.template, to: "template.mustache")
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("partials"), withIntermediateDirectories: true)
    for (name, source) in spec.partials ?? [:] {
      try directory.write(source, to: "partials/\(name).mustache")
    }

    let result = try NotesSiteProcess.run(
      ["mustache", "data.json", "template.mustache", "--partials", "partials"], in: directory.url)

    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    // Byte-exact: no newline added, nothing re-encoded.
    #expect(
      result.standardOutput == Data(spec.expected.utf8),
      "got \(String(decoding: result.standardOutput, as: UTF8.self).debugDescription)")
  }

  @Test func allSpecCasesAreLoaded() throws {
    let counts = try SpecFixture.modules.map { try SpecFixture.load(module: $0).count }
    #expect(counts == [12, 14, 42, 22, 12, 34, 27])
    #expect(SpecFixture.all.count == 163)
  }

  @Test(arguments: [
    [],
    ["data.json"],
    ["data.json", "template.mustache", "extra.mustache"],
    ["data.json", "template.mustache", "--partials"],
    ["data.json", "template.mustache", "--bogus"],
  ])
  func usageErrorsExitWithStatus2(arguments: [String]) throws {
    let directory = try TemporaryDirectory()
    try directory.write("{}", to: "data.json")
    try directory.write("x", to: "template.mustache")
    let result = try NotesSiteProcess.run(["mustache"] + arguments, in: directory.url)
    #expect(result.status == 2)
    #expect(result.standardError.contains("usage: notes-site mustache DATA.json TEMPLATE.mustache"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test func malformedTemplateExitsWithStatus1AndPosition() throws {
    let directory = try TemporaryDirectory()
    try directory.write(#"{"notes": []}"#, to: "data.json")
    try directory.write(
      "<ul>\n  {{#notes}}\n  <li>{{title}}</li>\n</ul>\n", to: "template.mustache")
    let result = try NotesSiteProcess.run(
      ["mustache", "data.json", "template.mustache"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.standardError == "template.mustache:2:3: error: unclosed section 'notes'\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func malformedPartialIsReportedAtItsFile() throws {
    let directory = try TemporaryDirectory()
    try directory.write("{}", to: "data.json")
    try directory.write("{{>nav/menu}}", to: "template.mustache")
    try directory.write("<nav>\n{{/menu}}\n", to: "theme/nav/menu.mustache")
    let result = try NotesSiteProcess.run(
      ["mustache", "data.json", "template.mustache", "--partials", "theme"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("theme/nav/menu.mustache:2:1: error: "))
  }

  @Test func malformedJSONExitsWithStatus1AndPosition() throws {
    let directory = try TemporaryDirectory()
    try directory.write("{\n  \"title\": \"Inbox\",\n}", to: "data.json")
    try directory.write("{{title}}", to: "template.mustache")
    let result = try NotesSiteProcess.run(
      ["mustache", "data.json", "template.mustache"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("data.json:3:1: error: "))
  }

  @Test func missingFileExitsWithStatus1() throws {
    let directory = try TemporaryDirectory()
    try directory.write("x", to: "template.mustache")
    let result = try NotesSiteProcess.run(
      ["mustache", "nope.json", "template.mustache"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.standardError.contains("nope.json"))
  }

  @Test func layoutWithNestedPartialsAndUnicodeRendersExactly() throws {
    let directory = try TemporaryDirectory()
    try directory.write(
      #"{"title": "レシピ & more", "items": [{"name": "味噌"}, {"name": "<b>"}]}"#, to: "data.json")
    try directory.write(
      "{{<layouts/base}}{{$main}}\n{{#items}}\n{{>item}}\n{{/items}}\n{{/main}}{{/layouts/base}}",
      to: "page.mustache")
    try directory.write(
      "<h1>{{title}}</h1>\n<ul>\n  {{$main}}{{/main}}\n</ul>", to: "t/layouts/base.mustache")
    try directory.write("<li>{{name}}</li>\n", to: "t/item.mustache")
    let result = try NotesSiteProcess.run(
      ["mustache", "data.json", "page.mustache", "--partials=t"], in: directory.url)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      String(decoding: result.standardOutput, as: UTF8.self)
        == "<h1>レシピ &amp; more</h1>\n<ul>\n  <li>味噌</li>\n  <li>&lt;b&gt;</li>\n</ul>")
  }
}
