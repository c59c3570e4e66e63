import Testing

@testable import NotesYAML

/// TOML as Hugo and Zola front matter holds it, read into the nodes YAML gives.
@Suite struct TOMLParseTests {
  @Test func hugoFrontMatterGivesKeysInOrderWithPositions() throws {
    let node = try TOML.parse(
      """
      title = "Roadmap: 2027"
      date = 2026-11-29T14:05:00+09:00
      draft = false
      tags = ["work", 'planning']
      """)
    let expected = YAMLNode.mapping(
      [
        .init(key: "title", value: .scalar("Roadmap: 2027", plain: false, line: 1, column: 9), line: 1, column: 9),
        .init(key: "date", value: .scalar("2026-11-29T14:05:00+09:00", plain: true, line: 2, column: 8), line: 2, column: 8),
        .init(key: "draft", value: .scalar("false", plain: true, line: 3, column: 9), line: 3, column: 9),
        .init(
          key: "tags",
          value: .sequence(
            [
              .scalar("work", plain: false, line: 4, column: 9),
              .scalar("planning", plain: false, line: 4, column: 17),
            ], line: 4, column: 8), line: 4, column: 8),
      ], line: 1, column: 1)
    #expect(node == expected)
    #expect(node["draft"]?.bool == false)
    #expect(node["date"]?.date != nil)
  }

  @Test func tablesDottedKeysInlineTablesAndArraysOfTables() throws {
    let node = try TOML.parse(
      """
      author.name = "Ann"
      author.email = "ann@example.org"
      cover = { image = "a.png", alt = "A" }

      [params]
        math = true
        [params.social]
          site = "x"

      [[menu.main]]
        name = "Home"
        weight = 1
      [[menu.main]]
        name = "About"
      """)
    #expect(node["author"]?["name"]?.string == "Ann")
    #expect(node["author"]?["email"]?.string == "ann@example.org")
    #expect(node["cover"]?["alt"]?.string == "A")
    #expect(node["params"]?["math"]?.bool == true)
    #expect(node["params"]?["social"]?["site"]?.string == "x")
    guard case .sequence(let items, _, _)? = node["menu"]?["main"] else {
      Issue.record("menu.main should be a list of tables")
      return
    }
    #expect(items.map { $0["name"]?.string } == ["Home", "About"])
    #expect(items[0]["weight"]?.int == 1)
  }

  @Test func stringsEscapesAndMultiLineForms() throws {
    let node = try TOML.parse(
      #"""
      basic = "tab\there \"quoted\" \u00e9\U0001F600"
      literal = 'C:\Users\ann'
      lines = """
      Roses are red
      Violets are blue"""
      joined = """\
          The quick \
          fox."""
      raw = '''
      first
        second'''
      quotes = """He said ""hi"".""""
      """#)
    #expect(node["basic"]?.string == "tab\there \"quoted\" é😀")
    #expect(node["literal"]?.string == #"C:\Users\ann"#)
    #expect(node["lines"]?.string == "Roses are red\nViolets are blue")
    #expect(node["joined"]?.string == "The quick fox.")
    #expect(node["raw"]?.string == "first\n  second")
    #expect(node["quotes"]?.string == #"He said ""hi"".""#)
  }

  @Test func numbersDatesAndCommentsAcrossLines() throws {
    let node = try TOML.parse(
      """
      # Written by Hugo's archetype
      weight = 1_000  # heavier sorts later
      ratio = 0.5
      hex = 0xDEAD_BEEF
      local = 1979-05-27 07:32:00
      day = 1979-05-27
      time = 07:32:00
      tags = [
        "a",  # first
        "b",
      ]
      empty = []
      """)
    #expect(node["weight"]?.int == 1000)
    #expect(node["ratio"]?.string == "0.5")
    #expect(node["hex"]?.string == "0xDEAD_BEEF")
    #expect(node["local"]?.date != nil)
    #expect(node["day"]?.date != nil)
    #expect(node["time"]?.string == "07:32:00")
    #expect(node["tags"]?.stringList == ["a", "b"])
    #expect(node["empty"]?.stringList == [])
  }

  @Test func crlfLineEnds() throws {
    let node = try TOML.parse("title = \"Windows\"\r\ntags = [\"a\",\r\n \"b\"]\r\n")
    #expect(node["title"]?.string == "Windows")
    #expect(node["tags"]?.stringList == ["a", "b"])
  }

  @Test(arguments: [
    ("title = My note", 1, 9, "'My note' is not a TOML value; text must be in quotes (\"My note\")"),
    ("title = \"a\"\ntitle = \"b\"", 2, 1, "'title' is defined twice"),
    ("title = \"never closed", 1, 9, "this string is never closed"),
    ("title = \"a\" extra", 1, 13, "expected the end of the line after a value, found 'e'"),
    ("title: \"yaml habit\"", 1, 6, "expected '=' after the key 'title', found ':'"),
    ("tags = [\"a\" \"b\"]", 1, 13, "expected ',' or ']' in the array, found '\"'"),
    ("[params]\nx = 1\n[params]\ny = 2", 3, 1, "table 'params' is defined twice"),
    ("path = \"C:\\Users\"", 1, 11, "'\\U' must be followed by 8 hex digits of a Unicode character"),
    ("bad = \"\\q\"", 1, 8, "'\\q' is not a TOML escape; write '\\\\' for a backslash"),
    ("a = 1\na.b = 2", 2, 1, "'a' is already defined above"),
    ("n = 007", 1, 5, "'007' is not a TOML value; text must be in quotes (\"007\")"),
    ("t = { x = 1 }\nt.y = 2", 2, 1, "'t' is already defined above"),
  ])
  func malformedTOMLNamesWhatAndWhere(text: String, line: Int, column: Int, message: String) {
    #expect(throws: YAMLError(message: message, line: line, column: column)) {
      _ = try TOML.parse(text)
    }
  }

  @Test func lineOffsetMovesReportedLines() {
    #expect(throws: YAMLError(message: "'x' is defined twice", line: 4, column: 1)) {
      _ = try TOML.parse("x = 1\nx = 2", lineOffset: 2)
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let deep = "a = " + String(repeating: "[", count: 10_000)
    #expect(throws: YAMLError.self) { _ = try TOML.parse(deep) }
  }
}

extension TOMLParseTests {
  /// Found by the front matter fuzzer: errors about something that began lines earlier.
  @Test func errorsPointAtWhereAMultiLineThingBegan() {
    #expect(throws: YAMLError(message: "this string is never closed", line: 2, column: 9)) {
      _ = try TOML.parse("x = 1\ntitle = \"\"\"multi\nline, {b = \"c\"}\n[[t]]\n")
    }
    #expect(throws: YAMLError(message: "'a' is defined twice", line: 2, column: 1)) {
      _ = try TOML.parse("a = 1\na = [\n  1,\n  2,\n]")
    }
    #expect(throws: YAMLError(message: "a key must not be a multi-line string", line: 1, column: 1)) {
      _ = try TOML.parse("\"\"\"k\n\"\"\" = 1")
    }
  }

  @Test func dottedTablesMadeAfterAMultiLineValueKeepTheKeyPosition() throws {
    let node = try TOML.parse("\n\nsite.tags = [\n  \"a\",\n]\n")
    #expect(node["site"]?.line == 3)
    #expect(node["site"]?.column == 1)
    #expect(node["site"]?["tags"]?.stringList == ["a"])
  }
}
