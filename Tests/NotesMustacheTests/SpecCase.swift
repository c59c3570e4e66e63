import Foundation
import NotesMustache
import Testing

/// One test from the official Mustache spec JSON files.
struct SpecCase: Sendable, CustomTestStringConvertible {
  var module: String
  var name: String
  var summary: String
  var data: TemplateValue
  var template: String
  var partials: [String: String]
  var expected: String

  var testDescription: String { "\(module): \(name)" }

  /// The spec modules this engine implements (lambdas and dynamic names are optional).
  static let modules = [
    "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
  ]

  /// Every case of every supported module; empty if the fixtures cannot be read, which the
  /// fixture test reports.
  static let all: [SpecCase] = (try? modules.flatMap { try load(module: $0) }) ?? []

  static func load(module: String) throws -> [SpecCase] {
    let url = try #require(
      Bundle.module.url(
        forResource: module, withExtension: "json", subdirectory: "Fixtures/spec"))
    let file = try TemplateValue(json: Data(contentsOf: url))
    guard case .object(let root) = file, case .list(let tests)? = root["tests"] else {
      throw SpecFormatError(module: module)
    }
    return try tests.map { test in
      guard case .object(let fields) = test,
        case .string(let name)? = fields["name"],
        case .string(let template)? = fields["template"],
        case .string(let expected)? = fields["expected"]
      else { throw SpecFormatError(module: module) }
      var partials: [String: String] = [:]
      if case .object(let entries)? = fields["partials"] {
        for case (let key, .string(let source)) in entries { partials[key] = source }
      }
      var summary = ""
      if case .string(let desc)? = fields["desc"] { summary = desc }
      return SpecCase(
        module: module, name: name, summary: summary, data: fields["data"] ?? .null,
        template: template, partials: partials, expected: expected)
    }
  }

  struct SpecFormatError: Error {
    var module: String
  }
}
