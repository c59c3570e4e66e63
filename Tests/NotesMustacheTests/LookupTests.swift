import NotesMustache
import Testing

/// Name lookups find exactly what a `Dictionary` lookup would, whatever path the renderer
/// takes to find them (unpacked frames, large objects, non-ASCII keys).
@Suite struct LookupTests {
  private func render(_ template: String, _ data: TemplateValue) throws -> String {
    try TemplateLibrary(sources: ["t": template]).render("t", data)
  }

  @Test func keysOfEveryLengthResolve() throws {
    let keys = ["", "a", "seven77", "eight888", "fifteen15151515", "sixteen161616161", "a_much_longer_key_of_thirty_bytes"]
    var object: [String: TemplateValue] = [:]
    for key in keys where !key.isEmpty { object[key] = .string("<\(key)>") }
    let template = keys.filter { !$0.isEmpty }.map { "{{#o}}{{\($0)}}{{/o}}|" }.joined()
    let expected = keys.filter { !$0.isEmpty }.map { "&lt;\($0)&gt;|" }.joined()
    #expect(try render(template, ["o": .object(object)]) == expected)
  }

  @Test func largeObjectsResolveThroughTheirDictionary() throws {
    var object: [String: TemplateValue] = [:]
    for i in 0..<500 { object["k\(i)"] = .int(i) }
    object["nested"] = ["x": "inner"]
    #expect(try render("{{#o}}{{k0}} {{k499}} {{nested.x}} [{{missing}}]{{/o}}", ["o": .object(object), "missing": "outer"]) == "0 499 inner [outer]")
  }

  @Test func canonicallyEquivalentKeysMatchLikeADictionary() throws {
    // "é" precomposed and decomposed, and KELVIN SIGN, which is canonically "K".
    let data: TemplateValue = ["o": ["caf\u{E9}": "1", "\u{212A}ey": "2", "plain": "3"]]
    #expect(try render("{{#o}}{{cafe\u{301}}}{{/o}}", data) == "1")
    #expect(try render("{{#o}}{{caf\u{E9}}}{{/o}}", data) == "1")
    #expect(try render("{{#o}}{{Key}}{{/o}}", data) == "2")
    #expect(try render("{{#o}}{{\u{212A}ey}}{{/o}}", data) == "2")
    let ascii: TemplateValue = ["o": ["Key": "ascii"]]
    #expect(try render("{{#o}}{{\u{212A}ey}}{{plain}}{{/o}}", ascii) == "ascii")
  }

  @Test func innerMissesFallBackToOuterFrames() throws {
    let data: TemplateValue = [
      "title": "outer", "items": [["title": "a"], ["other": 1], ["title": nil]],
    ]
    #expect(try render("{{#items}}[{{title}}]{{/items}}", data) == "[a][outer][]")
  }

  @Test func renderingIntoBuffersAppends() throws {
    let library = try TemplateLibrary(sources: ["t": "<{{x}}>"])
    var bytes: [UInt8] = Array("head ".utf8)
    try library.render("t", ["x": "a & b"], into: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "head <a &amp; b>")
    var text = "héad "
    try library.render("t", ["x": "ü"], into: &text)
    #expect(text == "héad <ü>")
    #expect(throws: MustacheError.self) { try library.render("missing", [:], into: &text) }
    #expect(text == "héad <ü>")
  }

  @Test func escapingHandlesEveryPosition() throws {
    for text in ["", "&", "plain text longer than eight", "<<<<<<<<<<<<<<<<<", "ab\"cd'ef&gh<ij>kl", "ünï<cödé>"] {
      var expected = ""
      for character in text {
        switch character {
        case "&": expected += "&amp;"
        case "<": expected += "&lt;"
        case ">": expected += "&gt;"
        case "\"": expected += "&quot;"
        case "'": expected += "&#39;"
        default: expected.append(character)
        }
      }
      #expect(try render("{{x}}", ["x": .string(text)]) == expected)
      #expect(Mustache.escapeHTML(text) == expected)
      var bytes: [UInt8] = []
      Mustache.escapeHTML(text, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
  }
}
