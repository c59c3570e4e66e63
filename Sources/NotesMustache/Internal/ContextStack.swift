/// The spec's context stack: name lookups walk it from the innermost value outwards.
///
/// Values are enums whose payloads are copy-on-write, so pushing and looking up never
/// copies a dictionary or array.
struct ContextStack {
  private var values: [TemplateValue]

  init(root: TemplateValue) {
    values = [root]
    values.reserveCapacity(16)
  }

  mutating func push(_ value: TemplateValue) { values.append(value) }
  mutating func pop() { values.removeLast() }

  /// Resolves `.`, `name` or `a.b.c`; anything unresolved is `.null`.
  func resolve(_ path: Path) -> TemplateValue {
    switch path {
    case .implicitIterator:
      return values[values.count - 1]
    case .dotted(let parts):
      // Only the first part walks the stack; later parts look inside the value found,
      // so `{{a.b}}` never picks up an unrelated outer `b`.
      guard var value = firstValue(named: parts[0]) else { return .null }
      for part in parts.dropFirst() {
        guard case .object(let members) = value, let member = members[part] else { return .null }
        value = member
      }
      return value
    }
  }

  private func firstValue(named name: String) -> TemplateValue? {
    for value in values.reversed() {
      if case .object(let members) = value, let member = members[name] { return member }
    }
    return nil
  }
}
