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

  /// How many values are on the stack; the next one pushed gets this frame index.
  var depth: Int { frames.count }

  mutating func push(_ value: TemplateValue) {
    if case .reusable(_, let inner) = value {
      push(inner)
      return
    }
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
  /// `frame` is set to the index of the frame the first key was found in, -1 when it was
  /// found nowhere.
  func resolve(
    _ keys: UnsafePointer<String>, count: Int, firstID: Int32, frame: inout Int
  ) -> TemplateValue {
    if count == 0 {
      frame = values.count - 1
      return values[values.count - 1].unwrapped
    }
    // Only the first key walks the stack; later keys look inside the value found, so
    // `{{a.b}}` never picks up an unrelated outer `b`.
    guard var value = firstValue(named: keys[0], id: firstID, frame: &frame) else { return .null }
    var index = 1
    while index < count {
      guard case .object(let members) = value.unwrapped, let member = members[keys[index]] else {
        return .null
      }
      value = member
      index += 1
    }
    return value
  }

  private func firstValue(named name: String, id: Int32, frame found: inout Int) -> TemplateValue? {
    var index = frames.count - 1
    while index >= 0 {
      if let value = value(named: name, id: id, at: index) {
        found = index
        return value
      }
      index -= 1
    }
    found = -1
    return nil
  }

  private func value(named name: String, id: Int32, at index: Int) -> TemplateValue? {
    let frame = frames[index]
    if frame.count >= 0 {
      let start = Int(frame.start)
      for slot in start..<start + Int(frame.count) where slots[slot].id == id {
        return slots[slot].value
      }
    } else if case .object(let members) = values[index].unwrapped, let member = members[name] {
      return member
    }
    return nil
  }

  /// Whether no frame in `1..<end` holds any of the keys `ids`: a lookup of them from above
  /// `end` then falls through to the root, as it did when a reused rendering was made.
  func lacks(_ ids: UnsafeBufferPointer<Int32>, between end: Int) -> Bool {
    guard !ids.isEmpty, end > 1 else { return true }
    for index in 1..<end {
      for id in ids where value(named: keyTable.names[Int(id)], id: id, at: index) != nil {
        return false
      }
    }
    return true
  }
}
