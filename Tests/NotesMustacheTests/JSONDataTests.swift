import Foundation
import NotesMustache
import Testing

/// JSON data keeps integers apart from other numbers and reports malformed input precisely.
@Suite struct JSONDataTests {
  @Test func parsesAllJSONValueKinds() throws {
    let json = #"""
      {"n": 85, "x": 1.210, "e": 1e3, "neg": -12, "t": true, "f": false, "z": null,
       "s": "caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n", "l": [1, "two", []], "o": {}}
      """#
    let value = try TemplateValue(json: Data(json.utf8))
    let expected: TemplateValue = [
      "n": .int(85), "x": .double(1.21), "e": .double(1000), "neg": .int(-12), "t": true,
      "f": false, "z": nil, "s": "café 😀 \"q\" \\ / \n", "l": [1, "two", []], "o": [:],
    ]
    #expect(value == expected)
  }

  @Test func keepsBooleansAndNumbersApart() throws {
    // Foundation's NSNumber would blur these on Linux; 1 must stay an int, true a bool.
    #expect(
      try TemplateValue(jsonText: "[1, true, 0, false, 1.0]") == [1, true, 0, false, .double(1)])
  }

  @Test func hugeIntegersBecomeDoubles() throws {
    #expect(
      try TemplateValue(jsonText: "123456789012345678901234") == .double(1.2345678901234568e23))
  }

  @Test(arguments: [
    ("{\n  \"a\": tru\n}", 2, 8, "unexpected character 't'"),
    ("[1, 2,]", 1, 7, "unexpected character ']'"),
    ("{\"a\" 1}", 1, 6, "expected ':'"),
    ("\"abc", 1, 5, "unterminated string"),
    ("{} {}", 1, 4, "unexpected content after the JSON value"),
    ("", 1, 1, "unexpected end of JSON"),
    ("[\"bad \\q\"]", 1, 7, "invalid escape"),
  ])
  func reportsWhereJSONIsMalformed(text: String, line: Int, column: Int, message: String) throws {
    let error = try #require(throws: JSONParseError.self) { try TemplateValue(jsonText: text) }
    #expect((error.line, error.column) == (line, column))
    #expect(error.message.contains(message), "\(error.message)")
  }
}
