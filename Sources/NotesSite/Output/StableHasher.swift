import Foundation

/// A 64-bit hash that is the same in every process (Swift's `Hasher` is seeded per process),
/// for remembering what a page was made from between builds.
struct StableHasher {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01b3

  mutating func combine(_ s: String) {
    var s = s
    s.withUTF8 { bytes in
      // Long strings (note bodies, HTML, text) a word at a time, with their length.
      if bytes.count >= 64 {
        combine(ContentHash.wide(bytes))
        combine(bytes.count)
        return
      }
      for byte in bytes {
        value ^= UInt64(byte)
        value &*= Self.prime
      }
    }
    // A separator, so ("ab", "c") and ("a", "bc") differ.
    value ^= 0xff
    value &*= Self.prime
  }

  mutating func combine(_ v: UInt64) {
    var v = v
    for _ in 0..<8 {
      value ^= v & 0xff
      value &*= Self.prime
      v >>= 8
    }
  }

  mutating func combine(_ v: Int) { combine(UInt64(bitPattern: Int64(v))) }
  mutating func combine(_ b: Bool) { combine(b ? 1 : 2) }
  mutating func combine(_ d: Date) { combine(d.timeIntervalSince1970.bitPattern) }
  mutating func combine(_ strings: [String]) {
    combine(strings.count)
    for s in strings { combine(s) }
  }
}
