/// A YAML document that could not be read: libyaml's problem text (or ours, for limits such as
/// nesting depth) and the 1-based position it points at.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var line: Int
  public var column: Int

  public init(message: String, line: Int, column: Int) {
    self.message = message
    self.line = line
    self.column = column
  }

  /// `3:7: message`
  public var description: String { "\(line):\(column): \(message)" }
}
