import Foundation
import Testing

/// Any JSON value, decoded without Foundation's bool/number ambiguity so the spec data is
/// written back to `data.json` exactly as it was meant.
indirect enum JSONValue: Codable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

/// One official spec test, read from the NotesMustacheTests fixtures.
struct SpecFixture: Sendable, Decodable, CustomTestStringConvertible {
  var module = ""
  var name: String
  var data: JSONValue
  var template: String
  var partials: [String: String]?
  var expected: String

  var testDescription: String { "\(module): \(name)" }

  private enum CodingKeys: String, CodingKey { case name, data, template, partials, expected }

  static let modules = [
    "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
  ]

  /// `Tests/NotesMustacheTests/Fixtures/spec/`, found from this source file.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("NotesMustacheTests/Fixtures/spec")

  /// All supported cases; empty if unreadable, which `allSpecCasesAreLoaded` reports.
  static let all: [SpecFixture] = (try? modules.flatMap { try load(module: $0) }) ?? []

  private struct File: Decodable { var tests: [SpecFixture] }

  static func load(module: String) throws -> [SpecFixture] {
    let url = directory.appendingPathComponent("\(module).json")
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: url)).tests.map {
      var fixture = $0
      fixture.module = module
      return fixture
    }
  }
}
