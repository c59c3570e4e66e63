/// The spec's context stack: name lookups walk it from the innermost value outwards.
///
/// An object pushed on the stack is unpacked once into a frame of (key id, value) slots
/// holding the keys templates look up (see `KeyTable`), so each lookup compares a few
/// integers instead of hashing its name for every dictionary it tries.
struct ContextStack {
  /// Where an entry's slots are, or `count == -1` when the value is not unpacked (not an
  /// object, or a large one, searched with its dictionary instead).
  private struct Frame {
    var start: Int32
    var count: Int32
  }

  private struct Slot {
    var id: Int32
    var value: TemplateValue
  }

  /// Objects with more keys than this are searched through their dictionary: unpacking
  /// would cost more than the few lookups a section usually makes.
  private static let maxFrameSize = 40

  /// Pushed values and their frames, kept apart so walking the frames copies nothing.
  private var values: [TemplateValue] = []
  private var frames: [Frame] = []
  private var slots: [Slot] = []
  private let keyTable: KeyTable

  init(root: TemplateValue, keyTable: KeyTable) {
    self.keyTable = keyTable
    values.reserveCapacity(16)
    frames.reserveCapacity(16)
    slots.reserveCapacity(128)
    push(root)
  }

  mutating func push(_ value: TemplateValue) {
    if case .object(let members) = value, members.count <= Self.maxFrameSize {
      let start = slots.count
      for (key, member) in members {
        let id = keyTable.id(of: key)
        if id >= 0 { slots.append(Slot(id: id, value: member)) }
      }
      frames.append(Frame(start: Int32(start), count: Int32(slots.count - start)))
    } else {
      frames.append(Frame(start: 0, count: -1))
    }
    values.append(value)
  }

  mutating func pop() {
    let count = Int(frames.removeLast().count)
    // One by one: `removeLast(_:)` goes through the generic `replaceSubrange`.
    for _ in 0..<max(count, 0) { slots.removeLast() }
    values.removeLast()
  }

  /// Resolves the key path `keys[0..<count]` (`.` when `count` is 0), whose first key has
  /// id `firstID`; anything unresolved is `.null`.
  func resolve(_ keys: UnsafePointer<String>, count: Int, firstID: Int32) -> TemplateValue {
    if count == 0 { return values[values.count - 1] }
    // Only the first key walks the stack; later keys look inside the value found, so
    // `{{a.b}}` never picks up an unrelated outer `b`.
    guard var value = firstValue(named: keys[0], id: firstID) else { return .null }
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

  private func firstValue(named name: String, id: Int32) -> TemplateValue? {
    var index = frames.count - 1
    while index >= 0 {
      let frame = frames[index]
      if frame.count >= 0 {
        let start = Int(frame.start)
        for slot in start..<start + Int(frame.count) where slots[slot].id == id {
          return slots[slot].value
        }
      } else if case .object(let members) = values[index], let member = members[name] {
        return member
      }
      index -= 1
    }
    return nil
  }
}
