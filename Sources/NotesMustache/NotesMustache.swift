// Interface stub: replaced by the real engine (issue 3).

/// Template data: a closed set of values, never `Any`.
public indirect enum TemplateValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([TemplateValue])
  case object([String: TemplateValue])
}

/// A template problem, with the template's name and position.
public struct MustacheError: Error, Sendable, CustomStringConvertible {
  public var template: String
  public var line: Int
  public var column: Int
  public var message: String
  public var description: String { "\(template):\(line):\(column): error: \(message)" }
}

/// Templates parsed once and rendered many times; partials and parents are looked up by name.
public struct TemplateLibrary: Sendable {
  public init(sources: [String: String]) throws(MustacheError) {}
  public func contains(_ name: String) -> Bool { false }
  public func render(_ name: String, _ data: TemplateValue) throws(MustacheError) -> String { "" }
}

/// `notes-site mustache DATA.json TEMPLATE.mustache [--partials DIR]`.
public enum MustacheCommand {
  public static func run(_ arguments: [String]) -> Int32 { 1 }
}
