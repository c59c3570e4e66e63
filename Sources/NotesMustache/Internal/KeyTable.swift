/// Maps data keys to the small integers the compiled templates use for the first key of
/// each name, so a context frame is searched by comparing integers instead of hashing.
///
/// ASCII keys (all of the theme's, and JSON data's in practice) are found with a cheap
/// word-at-a-time hash and a byte comparison; any other key goes through a `[String: Int32]`,
/// which compares strings the way `Dictionary` does (canonical equivalence).
final class KeyTable: @unchecked Sendable {
  /// Open addressing: key id + 1 per slot, 0 when empty.
  private let slots: UnsafeMutableBufferPointer<Int32>
  private let mask: Int
  /// Per key id: hash, and where its bytes are in `bytes`.
  private let hashes: UnsafeMutableBufferPointer<UInt64>
  /// Keys of up to 16 bytes, packed (zero for longer keys, compared byte by byte).
  private let lows: UnsafeMutableBufferPointer<UInt64>
  private let highs: UnsafeMutableBufferPointer<UInt64>
  private let starts: UnsafeMutableBufferPointer<Int32>
  private let counts: UnsafeMutableBufferPointer<Int32>
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  private let slowIDs: [String: Int32]
  /// Some template key is not ASCII, so an ASCII data key might still equal it canonically
  /// (`"\u{212A}"`, KELVIN SIGN, equals `"K"`): unknown ASCII keys ask `slowIDs` too.
  private let hasNonASCIIKeys: Bool
  /// Each id's key.
  let names: [String]

  /// `keys[i]` gets id `i`; keys must be distinct.
  init(keys: [String]) {
    names = keys
    var capacity = 16
    while capacity < keys.count * 2 { capacity *= 2 }
    mask = capacity - 1
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0)
    hashes = .allocate(capacity: max(1, keys.count))
    lows = .allocate(capacity: max(1, keys.count))
    highs = .allocate(capacity: max(1, keys.count))
    starts = .allocate(capacity: max(1, keys.count))
    counts = .allocate(capacity: max(1, keys.count))
    let allBytes = keys.flatMap { Array($0.utf8) }
    bytes = .allocate(capacity: max(1, allBytes.count))
    _ = bytes.initialize(from: allBytes)
    var slowIDs: [String: Int32] = [:]
    var hasNonASCIIKeys = false
    var offset = 0
    for (id, key) in keys.enumerated() {
      slowIDs[key] = Int32(id)
      let count = key.utf8.count
      starts[id] = Int32(offset)
      counts[id] = Int32(count)
      let hash = Self.hash(UnsafeBufferPointer(rebasing: bytes[offset..<offset + count]))
      offset += count
      guard let (hash, low, high) = hash else {
        hasNonASCIIKeys = true
        (hashes[id], lows[id], highs[id]) = (0, 0, 0)
        continue
      }
      (hashes[id], lows[id], highs[id]) = (hash, low, high)
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(id + 1)
    }
    self.slowIDs = slowIDs
    self.hasNonASCIIKeys = hasNonASCIIKeys
  }

  deinit {
    slots.deallocate()
    hashes.deallocate()
    lows.deallocate()
    highs.deallocate()
    starts.deallocate()
    counts.deallocate()
    bytes.deallocate()
  }

  /// The id of `key`, or -1 when no template looks it up.
  @inline(__always)
  func id(of key: String) -> Int32 {
    let found: Int32? = key.utf8.withContiguousStorageIfAvailable { utf8 in
      guard let (hash, low, high) = Self.hash(utf8) else { return -2 }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while true {
        let entry = Int(slots[slot])
        if entry == 0 { return hasNonASCIIKeys ? -2 : -1 }
        let id = entry - 1
        if hashes[id] == hash, lows[id] == low, highs[id] == high, Int(counts[id]) == utf8.count,
          utf8.count <= 16 || Self.equal(utf8, bytes.baseAddress! + Int(starts[id]))
        {
          return Int32(id)
        }
        slot = (slot + 1) & mask
      }
    }
    if let found, found != -2 { return found }
    return slowIDs[key] ?? -1
  }

  /// A hash of ASCII bytes, and keys of up to 16 bytes (nearly all) packed into two words
  /// that identify them with their length; `nil` if a byte is not ASCII.
  @inline(__always)
  private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64)? {
    guard let base = utf8.baseAddress else { return (0, 0, 0) }
    let count = utf8.count
    if count <= 16 {
      var low: UInt64 = 0
      var high: UInt64 = 0
      if count >= 8 {
        low = load(base)
        if count > 8 { high = load(base + count - 8) &>> UInt64(8 * (16 - count)) }
      } else if count >= 4 {
        let first = UInt64(loadHalf(base))
        let last = UInt64(loadHalf(base + count - 4))
        low = first | last &<< UInt64(8 * (count - 4))
      } else {
        for index in 0..<count { low |= UInt64(base[index]) &<< UInt64(8 * index) }
      }
      guard (low | high) & 0x8080_8080_8080_8080 == 0 else { return nil }
      let hash = (low ^ high &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD
      return (hash ^ hash &>> 29, low, high)
    }
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var any: UInt64 = 0
    var index = 0
    while index + 8 <= count {
      let word = load(base + index)
      any |= word
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash &>> 29
      index += 8
    }
    if index < count {
      let word = load(base + count - 8)
      any |= word
      hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash &>> 29
    }
    guard any & 0x8080_8080_8080_8080 == 0 else { return nil }
    return (hash ^ (hash &>> 32), 0, 0)
  }

  @inline(__always)
  private static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
  }

  @inline(__always)
  private static func loadHalf(_ pointer: UnsafePointer<UInt8>) -> UInt32 {
    UInt32(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
  }

  @inline(__always)
  private static func equal(_ utf8: UnsafeBufferPointer<UInt8>, _ other: UnsafePointer<UInt8>)
    -> Bool
  {
    for index in 0..<utf8.count where utf8[index] != other[index] { return false }
    return true
  }
}
