extension StringProtocol {
  /// True when the UTF-8 bytes of `needle` occur in the string. A plain byte scan:
  /// `String.contains(_: String)` goes through Foundation on Linux and dominated profiles.
  func containsBytes(_ needle: StaticString) -> Bool {
    needle.withUTF8Buffer { pattern in
      if let found = utf8.withContiguousStorageIfAvailable({ Self.scan($0, for: pattern) }) {
        return found
      }
      var copy = String(self)
      return copy.withUTF8 { Self.scan($0, for: pattern) }
    }
  }

  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, for pattern: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    let n = pattern.count
    guard n > 0, bytes.count >= n else { return n == 0 }
    var i = 0
    while i <= bytes.count - n {
      if bytes[i] == pattern[0] {
        var j = 1
        while j < n && bytes[i + j] == pattern[j] { j += 1 }
        if j == n { return true }
      }
      i += 1
    }
    return false
  }
}
