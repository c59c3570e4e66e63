import Foundation
import Testing

@testable import NotesSearch

/// `search.js` repeats the tokeniser's constants; if they drift apart, queries silently stop
/// finding notes. These tests read the script and compare.
@Suite struct ScriptMirrorTests {
  static let script: String = {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Templates/assets/search.js")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  }()

  /// The text after `const NAME =` up to the end of the line.
  func constant(_ name: String) throws -> String {
    let line = try #require(
      Self.script.split(separator: "\n").first { $0.contains("const \(name) =") })
    let value = line.split(separator: "=", maxSplits: 1)[1]
    return value.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ";")))
  }

  @Test func numbersAndAlphabetMatch() throws {
    #expect(try constant("MAX_TERM_LENGTH") == String(SearchText.maxTermLength))
    #expect(try constant("FORMAT_VERSION") == String(SearchIndex.formatVersion))
    #expect(
      try constant("ALPHABET") == "'" + String(decoding: PostingCode.alphabet, as: UTF8.self) + "'")
  }

  @Test func cjkRangesMatchForEveryScalar() throws {
    // The regex is on the line after `const CJK =`: /[\u3005-\u3007…\u{20000}-\u{3FFFF}]/u
    let lines = Self.script.split(separator: "\n", omittingEmptySubsequences: false)
    let at = try #require(lines.firstIndex { $0.contains("const CJK =") })
    let source = lines[at + 1].trimmingCharacters(in: .whitespaces)
    #expect(source.hasPrefix("/[") && source.hasSuffix("]/u;"))
    let body = source.dropFirst(2).dropLast(4)
    let ranges = try Self.parseClass(String(body))
    #expect(ranges.count >= 5)
    for value in 0...0x3FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let inScript = ranges.contains { $0.contains(value) }
      if inScript != SearchText.isCJK(scalar) {
        Issue.record("U+\(String(value, radix: 16, uppercase: true)) differs")
        return
      }
    }
  }

  /// Parses `\uXXXX`, `\u{X…}` and `a-b` items of a regex character class.
  static func parseClass(_ text: String) throws -> [ClosedRange<Int>] {
    var scalars: [Int] = []
    var isRange: [Bool] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("-") {
        isRange.append(true)
        rest = rest.dropFirst()
        continue
      }
      guard rest.hasPrefix("\\u") else { throw ParseError.unexpected(String(rest)) }
      rest = rest.dropFirst(2)
      let hex: Substring
      if rest.hasPrefix("{") {
        let close = try #require(rest.firstIndex(of: "}"))
        hex = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...]
      } else {
        hex = rest.prefix(4)
        rest = rest.dropFirst(4)
      }
      scalars.append(try #require(Int(hex, radix: 16)))
      if isRange.count < scalars.count - 1 { isRange.append(false) }
    }
    var ranges: [ClosedRange<Int>] = []
    var i = 0
    while i < scalars.count {
      if i + 1 < scalars.count, isRange[i] {
        ranges.append(scalars[i]...scalars[i + 1])
        i += 2
      } else {
        ranges.append(scalars[i]...scalars[i])
        i += 1
      }
    }
    return ranges
  }

  enum ParseError: Error { case unexpected(String) }
}
