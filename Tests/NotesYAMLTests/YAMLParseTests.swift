import Testing

@testable import NotesYAML

@Suite struct YAMLParseTests {
  @Test func emptyAndCommentOnlyInputGiveNil() throws {
    #expect(try YAML.parse("") == nil)
    #expect(try YAML.parse("# just a comment\n\n") == nil)
  }

  @Test func mappingKeepsDocumentOrderAndPositions() throws {
    let text = """
      title: Roadmap
      tags:
        - work
        - "planning"
      pinned: yes
      """
    let node = try #require(try YAML.parse(text))
    let expected = YAMLNode.mapping(
      [
        .init(
          key: "title", value: .scalar("Roadmap", plain: true, line: 1, column: 8), line: 1,
          column: 1),
        .init(
          key: "tags",
          value: .sequence(
            [
              .scalar("work", plain: true, line: 3, column: 5),
              .scalar("planning", plain: false, line: 4, column: 5),
            ], line: 3, column: 3),
          line: 2, column: 1),
        .init(
          key: "pinned", value: .scalar("yes", plain: true, line: 5, column: 9), line: 5,
          column: 1),
      ], line: 1, column: 1)
    #expect(node == expected)
  }

  @Test func equalityComparesContentAndPosition() {
    let a = YAMLNode.scalar("x", plain: true, line: 1, column: 1)
    #expect(a == .scalar("x", plain: true, line: 1, column: 1))
    #expect(a != .scalar("x", plain: false, line: 1, column: 1))
    #expect(a != .scalar("x", plain: true, line: 2, column: 1))
    #expect(a != .sequence([a], line: 1, column: 1))
    let m1 = YAMLNode.mapping([.init(key: "k", value: a, line: 1, column: 1)], line: 1, column: 1)
    let m2 = YAMLNode.mapping([.init(key: "j", value: a, line: 1, column: 1)], line: 1, column: 1)
    #expect(m1 != m2)
  }

  @Test func lineOffsetShiftsPositionsOfNodesAndErrors() throws {
    let node = try #require(try YAML.parse("a: 1\nb: 2\n", lineOffset: 1))
    #expect(node["b"]?.line == 3)
    let error = #expect(throws: YAMLError.self) { try YAML.parse("a: 1\nb: c: d\n", lineOffset: 1) }
    #expect(error?.line == 3)
  }

  @Test func malformedYAMLReportsLibyamlProblemAndPosition() throws {
    let error = try #require(
      #expect(throws: YAMLError.self) { try YAML.parse("title: a\n  bad: b\n") })
    #expect(error.line == 2)
    #expect(error.column == 6)
    #expect(error.message.contains("mapping values are not allowed"))
  }

  @Test func onlyTheFirstDocumentIsRead() throws {
    let node = try #require(try YAML.parse("---\na: 1\n---\nb: 2\n---\n: : : broken [\n"))
    #expect(node["a"]?.string == "1")
    #expect(node["b"] == nil)
  }

  @Test func aliasesAreResolvedToTheAnchoredNode() throws {
    let node = try #require(
      try YAML.parse("base: &who Ann\nauthor: *who\nlist: &l [a, b]\ncopy: *l\n"))
    #expect(node["author"]?.string == "Ann")
    #expect(node["copy"]?.stringList == ["a", "b"])
  }

  @Test func contentAfterTheRootNodeIsAnError() {
    // libyaml only notices this when looking for the end of the document.
    let error = #expect(throws: YAMLError.self) { try YAML.parse("\"quoted\" trailing\n") }
    #expect(error?.message.contains("did not find expected <document start>") == true)
    #expect(error?.column == 10)
  }

  @Test func byteOrderMarkIsSkipped() throws {
    let node = try #require(try YAML.parse("\u{FEFF}title: A\r\nsize: 7\r\n"))
    #expect(node["title"]?.string == "A")
    #expect(node["size"]?.int == 7)
  }

  @Test func unknownAliasIsAnError() {
    let error = #expect(throws: YAMLError.self) { try YAML.parse("a: *nowhere\n") }
    #expect(error?.message.contains("nowhere") == true)
  }

  @Test func aliasBombIsRejectedQuickly() throws {
    var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...9 {
      let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(refs)]\n"
    }
    let clock = ContinuousClock()
    let start = clock.now
    let error = #expect(throws: YAMLError.self) { try YAML.parse(text) }
    #expect(error?.message.contains("more than 100000 nodes") == true)
    // The point of the limit is to fail fast, long before 9^10 nodes are built.
    #expect(clock.now - start < .seconds(5))
  }

  @Test(arguments: ["flow", "block"])
  func deepNestingIsRejected(style: String) {
    let depth = 1_000
    let text: String
    if style == "block" {
      // One `-` per level, each indented one step more: a list in a list in a list…
      text =
        (0..<depth).map { String(repeating: " ", count: $0 * 2) + "-" }.joined(separator: "\n")
        + " x\n"
    } else {
      text = String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
    }
    let error = #expect(throws: YAMLError.self) { try YAML.parse(text) }
    #expect(error?.message.contains("nesting deeper than 200") == true)
  }

  @Test func nestingUpToTheLimitIsAccepted() throws {
    let text = String(repeating: "[", count: 200) + "x" + String(repeating: "]", count: 200)
    #expect(try YAML.parse(text) != nil)
  }

  @Test func duplicateKeyIsAnErrorAtTheSecondKey() {
    let error = #expect(throws: YAMLError.self) {
      try YAML.parse("title: A\ntags: x\ntitle: B\n")
    }
    #expect(error?.message == "duplicate key 'title'")
    #expect(error?.line == 3)
    #expect(error?.column == 1)
  }

  @Test func complexKeyIsAnError() {
    #expect(throws: YAMLError.self) { try YAML.parse("? [a, b]\n: c\n") }
  }

  @Test func columnsCountCharactersNotBytes() throws {
    let node = try #require(try YAML.parse("題名: レシピ\n"))
    #expect(node["題名"]?.column == 5)
  }

  @Test func explicitStringTagMakesAScalarNonPlain() throws {
    let node = try #require(try YAML.parse("a: !!str yes\n"))
    #expect(node["a"]?.bool == nil)
    #expect(node["a"]?.string == "yes")
  }
}
