import Foundation

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
    // `memchr` for the first byte: these scans run over every note several times a build.
    return bytes.containsByte(pattern[0]) { i in
      guard i + n <= bytes.count else { return false }
      var j = 1
      while j < n && bytes[i + j] == pattern[j] { j += 1 }
      return j == n
    }
  }
}

extension StringProtocol {
  /// What Foundation's `removingPercentEncoding` gives, without its cost (every link of every
  /// note is decoded, twice a build): each `%XX` becomes its byte. Text it cannot decode (a
  /// `%` without two hex digits after it, bytes that are not UTF-8) goes to Foundation, whose
  /// answer there is nil or, for some bytes, a replacement character.
  var percentDecoded: String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var iterator = utf8.makeIterator()
    func hex(_ byte: UInt8?) -> UInt8? {
      switch byte {
      case let b? where b >= 0x30 && b <= 0x39: b - 0x30
      case let b? where b >= 0x41 && b <= 0x46: b - 0x41 + 10
      case let b? where b >= 0x61 && b <= 0x66: b - 0x61 + 10
      default: nil
      }
    }
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = hex(iterator.next()), let low = hex(iterator.next()) else {
        return String(self).removingPercentEncoding
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self) ?? String(self).removingPercentEncoding
  }
}

extension Array where Element == UInt8 {
  /// The end of the run of `byte` that starts at `start`.
  func runEnd(of byte: UInt8, from start: Int) -> Int {
    var end = start
    while end < count, self[end] == byte { end += 1 }
    return end
  }

  /// Calls `body` with each maximal run of `byte`, in order (delimiter runs: `~~`, backticks).
  func forEachRun(of byte: UInt8, _ body: (Range<Int>) -> Void) {
    var i = 0
    while i < count {
      guard self[i] == byte else {
        i += 1
        continue
      }
      let end = runEnd(of: byte, from: i)
      body(i..<end)
      i = end
    }
  }
}

extension UnsafeBufferPointer where Element == UInt8 {
  /// Whether some occurrence of `byte`, found with `memchr`, satisfies `match` (given its
  /// index): the cheap test the passes run on a whole note before anything else.
  func containsByte(_ byte: UInt8, where match: (Int) -> Bool) -> Bool {
    guard let base = baseAddress else { return false }
    var offset = 0
    while offset < count, let hit = memchr(base + offset, Int32(byte), count - offset) {
      let i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
      if match(i) { return true }
      offset = i + 1
    }
    return false
  }
}

extension Collection<UInt8> {
  /// The length of one level of block indentation at the start of a line: four spaces, or up
  /// to three and a tab. Nil when the line is not indented that far.
  var blockIndentation: Int? {
    var count = 0
    for byte in prefix(4) {
      if byte == 0x09 { return count + 1 }
      guard byte == 0x20 else { return nil }
      count += 1
    }
    return count == 4 ? 4 : nil
  }
}

/// Text written into Markdown that the line passes make of other syntaxes (Hugo shortcodes,
/// DocFX, MDX, HTML), so cmark reads it as the text or URL it is.
extension String {
  /// As a link destination: as it is, or in `<…>` when it holds a space, a parenthesis or an
  /// angle bracket (those percent-encoded, line breaks dropped).
  var markdownDestination: String {
    guard contains(where: { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" || $0 == "\n" }) else {
      return self
    }
    return "<" + replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
      .replacingOccurrences(of: "\n", with: "") + ">"
  }

  /// As a link's text or an image's alt text: `\`, `[` and `]` escaped.
  var markdownLabel: String {
    replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "]", with: "\\]")
  }

  /// As a link title between double quotes: `\` and `"` escaped.
  var markdownTitle: String {
    replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }
}
