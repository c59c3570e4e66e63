/// A growable byte buffer that rendering appends to: one capacity check and a `memcpy` per
/// piece, no `String` bookkeeping.
struct OutputBuffer: ~Copyable {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var last: UInt8? { count == 0 ? nil : base[count - 1] }

  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
    if n > capacity - count { grow(to: count + n) }
    (base + count).update(from: source, count: n)
    count += n
  }

  @inline(__always)
  mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
    if let start = source.baseAddress { append(start, count: source.count) }
  }

  mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends a string's UTF-8 bytes, reading native strings in place.
  @inline(__always)
  mutating func append(_ text: String) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
    if done == nil { append(Array(text.utf8)) }
  }

  /// Appends `text` with `&`, `<`, `>`, `"` and `'` escaped for HTML, copying the runs
  /// between them in bulk.
  mutating func appendEscaped(_ text: String) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
    if done == nil { Array(text.utf8).withUnsafeBufferPointer { appendEscaped($0) } }
  }

  mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>) {
    guard let start = source.baseAddress else { return }
    let end = source.count
    var runStart = 0
    var index = 0
    while true {
      // Find the next byte to escape: sixteen bytes at a time, then eight, then one by one.
      var at = end
      while end - index >= 16 {
        let low = HTMLEscape.specialBytes(load(start + index))
        let high = HTMLEscape.specialBytes(load(start + index + 8))
        if low | high != 0 {
          at = index + (low != 0 ? low.trailingZeroBitCount : 64 + high.trailingZeroBitCount) >> 3
          break
        }
        index += 16
      }
      if at == end, end - index >= 8 {
        let found = HTMLEscape.specialBytes(load(start + index))
        if found != 0 {
          at = index + found.trailingZeroBitCount >> 3
        } else {
          index += 8
        }
      }
      if at == end {
        while index < end, !HTMLEscape.needsEscape(start[index]) { index += 1 }
        at = index
      }
      guard at < end else { break }
      if runStart < at { append(start + runStart, count: at - runStart) }
      HTMLEscape.withReplacement(for: start[at]) { append($0) }
      runStart = at + 1
      index = at + 1
    }
    if runStart < end { append(start + runStart, count: end - runStart) }
  }

  @inline(__always)
  private func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  /// Appends the decimal digits of `value`.
  mutating func append(decimal value: Int) {
    var magnitude = value.magnitude
    // 20 digits and a sign cover every Int.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
      var position = 21
      repeat {
        position -= 1
        digits[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      if value < 0 {
        position -= 1
        digits[position] = UInt8(ascii: "-")
      }
      append(digits.baseAddress! + position, count: 21 - position)
    }
  }

  /// Drops everything after the first `count` bytes.
  mutating func truncate(to newCount: Int) { count = min(count, newCount) }

  private mutating func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}

/// The characters HTML escaping replaces, shared by every escaping entry point.
enum HTMLEscape {
  /// Bit `b` set for each byte `b` < 64 that must be escaped: `"`, `&`, `'`, `<`, `>`.
  private static let mask: UInt64 =
    1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E

  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 64 && mask & (1 << UInt64(byte)) != 0
  }

  /// Non-zero when a byte of `word` (little-endian) is one of the escaped characters; the
  /// lowest set bit is the high bit of the first such byte (higher bits may be spurious).
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    @inline(__always) func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x }
    let found =
      zeroByte(word ^ (ones &* 0x26)) | zeroByte(word ^ (ones &* 0x3C))
      | zeroByte(word ^ (ones &* 0x3E)) | zeroByte(word ^ (ones &* 0x22))
      | zeroByte(word ^ (ones &* 0x27))
    return found & (ones &* 0x80)
  }

  @inline(__always)
  static func withReplacement<R>(for byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let replacement: StaticString =
      switch byte {
      case UInt8(ascii: "&"): "&amp;"
      case UInt8(ascii: "<"): "&lt;"
      case UInt8(ascii: ">"): "&gt;"
      case UInt8(ascii: "\""): "&quot;"
      default: "&#39;"
      }
    return body(
      UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
  }
}
