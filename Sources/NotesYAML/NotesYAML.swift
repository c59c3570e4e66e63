// Interface stub: replaced by the real implementation (issue 2).
import NotesCore

/// A parsed YAML node with its 1-based position in the source.
public indirect enum YAMLNode: Sendable, Equatable {
  /// `plain` is true for unquoted scalars (so `yes`/`true`/`123` can be typed).
  case scalar(String, plain: Bool, line: Int, column: Int)
  case sequence([YAMLNode], line: Int, column: Int)
  /// Keys in document order.
  case mapping([(key: String, value: YAMLNode)], line: Int, column: Int)

  public static func == (a: YAMLNode, b: YAMLNode) -> Bool { false }
}

public struct YAMLError: Error, Sendable {
  public var message: String
  public var line: Int
  public var column: Int
}

public enum YAML {
  /// Parses one YAML document (empty input gives nil). `lineOffset` is added to reported lines.
  public static func parse(_ text: String, lineOffset: Int = 0) throws(YAMLError) -> YAMLNode? {
    nil
  }
}
