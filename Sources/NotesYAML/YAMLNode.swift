import NotesCore

/// A parsed YAML node with its 1-based position in the source.
///
/// Anchors and aliases are already resolved (an alias is a copy of its anchored node) and tags
/// are dropped, so a node is plain data: text, a list or a mapping.
public indirect enum YAMLNode: Sendable, Equatable {
  /// `plain` is true for unquoted scalars (so `yes`/`true`/`123` can be typed).
  case scalar(String, plain: Bool, line: Int, column: Int)
  case sequence([YAMLNode], line: Int, column: Int)
  /// Keys in document order; keys are unique.
  case mapping([Entry], line: Int, column: Int)

  /// One `key: value` pair of a mapping, with the key's own position so diagnostics about a key
  /// (unknown, duplicate) can point at it rather than at its value.
  public struct Entry: Sendable, Equatable {
    public var key: String
    public var value: YAMLNode
    /// 1-based position of the key.
    public var line: Int
    public var column: Int

    public init(key: String, value: YAMLNode, line: Int, column: Int) {
      self.key = key
      self.value = value
      self.line = line
      self.column = column
    }
  }

  /// Structural equality, positions included.
  public static func == (a: YAMLNode, b: YAMLNode) -> Bool {
    switch (a, b) {
    case (.scalar(let s1, let p1, let l1, let c1), .scalar(let s2, let p2, let l2, let c2)):
      return s1 == s2 && p1 == p2 && l1 == l2 && c1 == c2
    case (.sequence(let i1, let l1, let c1), .sequence(let i2, let l2, let c2)):
      return l1 == l2 && c1 == c2 && i1 == i2
    case (.mapping(let e1, let l1, let c1), .mapping(let e2, let l2, let c2)):
      return l1 == l2 && c1 == c2 && e1 == e2
    default:
      return false
    }
  }

  /// 1-based line where the node starts.
  public var line: Int {
    switch self {
    case .scalar(_, _, let line, _), .sequence(_, let line, _), .mapping(_, let line, _):
      return line
    }
  }

  /// 1-based column where the node starts.
  public var column: Int {
    switch self {
    case .scalar(_, _, _, let column), .sequence(_, _, let column),
      .mapping(_, _, let column):
      return column
    }
  }
}
