/// Template data: a closed set of values, never `Any`.
///
/// Build it with literals (`["title": "Inbox", "pinned": true, "tags": ["a", "b"]]`)
/// or from JSON with ``init(json:)``.
public enum TemplateValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([TemplateValue])
  case object([String: TemplateValue])
  /// `value`, promised to be the same wherever `id` appears: when a ``RenderCache`` is used,
  /// what a section renders for it may be reused instead of rendered again. Templates see
  /// `value` itself.
  ///
  /// A negative `id` is for a value shown by a few renderings in a row and then never again
  /// (a notes list with one note selected, on that note's pages): a cache made by
  /// ``RenderCache/exclusiveCopy()`` keeps only the latest such rendering of each section,
  /// so they do not pile up in memory; a shared cache keeps none.
  indirect case reusable(id: Int, TemplateValue)

  /// The value itself, without a ``reusable(id:_:)`` wrapper.
  public var unwrapped: TemplateValue {
    if case .reusable(_, let value) = self { return value.unwrapped }
    return self
  }

  /// An equal value that shares no storage with this one: new strings, lists and objects.
  var unshared: TemplateValue {
    switch self {
    case .null, .bool, .int, .double: self
    case .string(let text): .string(String(decoding: Array(text.utf8), as: UTF8.self))
    case .list(let items): .list(items.map(\.unshared))
    case .object(let members):
      .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value.unshared) }))
    case .reusable(let id, let value): .reusable(id: id, value.unshared)
    }
  }
}

extension TemplateValue {
  /// Whether a section `{{#name}}` renders (and `{{^name}}` does not).
  ///
  /// The spec coerces values "as `!!data`" would: `false`, `null`, `""`, `0`, `0.0`/NaN
  /// and the empty list are falsy; every object, even an empty one, is truthy.
  public var isTruthy: Bool {
    switch self {
    case .null: false
    case .bool(let value): value
    case .int(let value): value != 0
    case .double(let value): value != 0 && !value.isNaN
    case .string(let value): !value.isEmpty
    case .list(let items): !items.isEmpty
    case .object: true
    case .reusable(_, let value): value.isTruthy
    }
  }

  /// The text an interpolation tag writes (before escaping).
  ///
  /// Integral doubles print without a fraction (`85.0` → `85`) and other doubles in their
  /// shortest round-trip form (`1.210` → `1.21`), as the spec expects. Lists and objects
  /// have no textual form and render empty.
  public var interpolationText: String {
    switch self {
    case .null, .list, .object: ""
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): Self.format(value)
    case .string(let value): value
    case .reusable(_, let value): value.interpolationText
    }
  }

  private static func format(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}

extension TemplateValue: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self = .null }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self = .int(value) }
}

extension TemplateValue: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self = .double(value) }
}

extension TemplateValue: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self = .string(value) }
}

extension TemplateValue: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
  /// Later duplicates of a key win, as in a JSON object.
  public init(dictionaryLiteral elements: (String, TemplateValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
