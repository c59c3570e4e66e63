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

  @inline(__always)
  mutating func push(_ value: TemplateValue) { values.append(value) }
  @inline(__always)
  mutating func pop() { values.removeLast() }

  /// Resolves the key path `keys[0..<count]` (`.` when `count` is 0); anything unresolved
  /// is `.null`.
  func resolve(_ keys: UnsafePointer<String>, count: Int) -> TemplateValue {
    if count == 0 { return values[values.count - 1] }
    // Only the first key walks the stack; later keys look inside the value found, so
    // `{{a.b}}` never picks up an unrelated outer `b`.
    guard var value = firstValue(named: keys[0]) else { return .null }
    var index = 1
    while index < count {
      guard case .object(let members) = value, let member = members[keys[index]] else {
        return .null
      }
      value = member
      index += 1
    }
    return value
  }

  private func firstValue(named name: String) -> TemplateValue? {
    var index = values.count - 1
    while index >= 0 {
      if case .object(let members) = values[index], let member = members[name] { return member }
      index -= 1
    }
    return nil
  }
}
