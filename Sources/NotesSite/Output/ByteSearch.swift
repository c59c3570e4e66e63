import Foundation

extension Collection where Self: ContiguousBytes, Index == Int, Element == UInt8 {
  /// The first range of `needle` in these bytes, found with `memchr` and `memcmp`: the
  /// generic `firstRange(of:)` walks byte by byte through protocol witnesses, and pages are
  /// searched whole (for `<h1` in every note's HTML, for a note's list entry in hundreds of
  /// pages by an update in place).
  func byteRange(of needle: [UInt8]) -> Range<Int>? {
    guard let first = needle.first else { return nil }
    let base = startIndex
    return withUnsafeBytes { haystack -> Range<Int>? in
      needle.withUnsafeBytes { pattern -> Range<Int>? in
        guard let hay = haystack.baseAddress, haystack.count >= pattern.count else { return nil }
        let last = haystack.count - pattern.count
        var i = 0
        while i <= last {
          guard let hit = memchr(hay + i, Int32(first), last - i + 1) else { return nil }
          let at = UnsafeRawPointer(hit) - hay
          if memcmp(hit, pattern.baseAddress!, pattern.count) == 0 { return (base + at)..<(base + at + pattern.count) }
          i = at + 1
        }
        return nil
      }
    }
  }
}
