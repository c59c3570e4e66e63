import Foundation

/// Typed reading of nodes, for configuration-like documents. Each accessor returns nil when the
/// node is not of the asked-for kind, so callers can name the key in their own error message.
extension YAMLNode {
  /// A plain scalar that YAML reads as null: empty, `~` or `null`.
  public var isNull: Bool {
    guard case .scalar(let value, plain: true, _, _) = self else { return false }
    return ["", "~", "null", "Null", "NULL"].contains(value)
  }

  /// The text of any scalar (numbers and booleans included, as written).
  public var string: String? {
    guard case .scalar(let value, _, _, _) = self else { return nil }
    return value
  }

  /// `true`/`false`/`yes`/`no` (any letter case), unquoted only: a quoted `"yes"` is text.
  public var bool: Bool? {
    guard case .scalar(let value, plain: true, _, _) = self else { return nil }
    switch value.lowercased() {
    case "true", "yes": return true
    case "false", "no": return false
    default: return nil
    }
  }

  /// A decimal integer such as `20`, `-3` or `+7`, unquoted only.
  public var int: Int? {
    guard case .scalar(let value, plain: true, _, _) = self else { return nil }
    let digits = value.hasPrefix("+") ? value.dropFirst() : Substring(value)
    return Int(digits)
  }

  /// A list of strings, written as a sequence of scalars (`[a, b]`, or one `- a` per line), as
  /// a single string, or comma-separated (`tags: a, b`). Blank items are dropped; null gives an
  /// empty list. Nil for a mapping or a sequence holding lists or mappings.
  public var stringList: [String]? {
    switch self {
    case .scalar(let value, _, _, _):
      if isNull { return [] }
      return value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
    case .sequence(let items, _, _):
      var strings: [String] = []
      for item in items {
        guard let text = item.string else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !item.isNull && !trimmed.isEmpty { strings.append(trimmed) }
      }
      return strings
    case .mapping:
      return nil
    }
  }

  /// A date or date and time (`2026-11-29`, `2026-11-29 14:05`, `2026-11-29T14:05:00Z`,
  /// `2026-11-29T14:05:00+09:00`, any YAML timestamp); quoted or not. No zone means UTC.
  public var date: Date? {
    guard let text = string else { return nil }
    return YAMLTimestamp.parse(text)
  }

  /// The value for `key` in a mapping; nil for a missing key or a node that is not a mapping.
  public subscript(key: String) -> YAMLNode? {
    guard case .mapping(let entries, _, _) = self else { return nil }
    return entries.first { $0.key == key }?.value
  }

  /// What the node is, for messages: "text", "a list" or "a mapping".
  public var kindDescription: String {
    switch self {
    case .scalar: return isNull ? "empty" : "text"
    case .sequence: return "a list"
    case .mapping: return "a mapping"
    }
  }
}
