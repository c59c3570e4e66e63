import Foundation

/// Finds bare URLs in the literal of a text node, by the rules of GitHub's autolink extension
/// (GFM "extended autolinks"):
///
/// - `http://` or `https://` (any case) not preceded by an ASCII letter or digit, or `www.` at
///   the start of the text, after whitespace or after `*`, `_`, `~` or `(`;
/// - then a domain of letters, digits, `-`, `_` and `.` (non-ASCII letters too), with no `_`
///   in its last two segments; after `www.` at least one more character;
/// - then anything up to whitespace or `<`;
/// - then, from the end, `?`, `!`, `.`, `,`, `:`, `*`, `_`, `~` and `;` are dropped, and so is
///   an entity-like `&name;` and a `)` that has no `(` to match in the URL.
///
/// `www.` URLs get `http://`. One departure: Unicode spaces and CJK punctuation (`、`, `。`,
/// `「`, fullwidth `（`, `！`, …) also end a URL, as Japanese text runs on after one without a
/// space.
enum AutolinkSyntax {
  struct Match: Equatable {
    /// Byte offsets in the literal of the URL as written.
    var range: Range<Int>
    /// The link's destination.
    var url: String
  }

  /// True when the C string may hold a bare URL: it has `://` or `www.`. The cheap test that
  /// keeps notes without URLs from costing anything.
  static func mayContain(_ c: UnsafePointer<CChar>) -> Bool {
    strstr(c, "://") != nil || strstr(c, "www.") != nil
  }

  /// The URLs in `bytes`, in order. None starts inside a range of `excluded` (sorted, not
  /// overlapping: wiki links) or runs into one.
  static func matches(in bytes: [UInt8], excluding excluded: [Range<Int>] = []) -> [Match] {
    var result: [Match] = []
    var next = 0
    var i = 0
    while i < bytes.count {
      while next < excluded.count, excluded[next].upperBound <= i { next += 1 }
      if next < excluded.count, excluded[next].contains(i) {
        i = excluded[next].upperBound
        continue
      }
      let limit = next < excluded.count ? excluded[next].lowerBound : bytes.count
      if let found = match(bytes, at: i, limit: limit) {
        result.append(found)
        i = found.range.upperBound
      } else {
        i += 1
      }
    }
    return result
  }

  /// The URL that starts at `start`, if one does, ending at `limit` at the latest.
  private static func match(_ bytes: [UInt8], at start: Int, limit: Int) -> Match? {
    let hostStart: Int
    let minimumEnd: Int
    switch bytes[start] {
    case UInt8(ascii: "h"), UInt8(ascii: "H"):
      guard start == 0 || !isAlphanumeric(bytes[start - 1]),
        let length = schemeLength(bytes, at: start, limit: limit)
      else { return nil }
      hostStart = start + length
      minimumEnd = hostStart + 1
    case UInt8(ascii: "w"):
      guard start == 0 || isSpace(bytes[start - 1]) || "*_~(".utf8.contains(bytes[start - 1]),
        hasPrefix(bytes, "www.", at: start, limit: limit)
      else { return nil }
      hostStart = start
      minimumEnd = start + 5
    default:
      return nil
    }
    guard var end = domainEnd(bytes, from: hostStart, limit: limit) else { return nil }
    while end < limit, stopLength(bytes, at: end) == 0 { end += 1 }
    end = trimmedEnd(bytes, start: start, end: end)
    guard end >= minimumEnd else { return nil }
    let written = String(decoding: bytes[start..<end], as: UTF8.self)
    return Match(range: start..<end, url: hostStart == start ? "http://" + written : written)
  }

  /// The length of `http://` or `https://` (any case) at `start`.
  private static func schemeLength(_ bytes: [UInt8], at start: Int, limit: Int) -> Int? {
    guard limit - start >= 7 else { return nil }
    let lower = bytes[start..<min(start + 8, limit)].map { $0 | 0x20 }
    guard lower.starts(with: "http".utf8) else { return nil }
    let afterHTTP = lower[4] == UInt8(ascii: "s") ? 5 : 4
    guard hasPrefix(bytes, "://", at: start + afterHTTP, limit: limit) else { return nil }
    return afterHTTP + 3
  }

  /// The end of the valid domain at `start`, or nil: at least one domain character, and no
  /// `_` in the last two segments. As in cmark-gfm, a domain of more than ten dots is valid
  /// anyway, which keeps text such as `_www._www._www.…` from being scanned again and again.
  private static func domainEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> Int? {
    var end = start
    var dots = 0
    var underscoresInLast = 0
    var underscoresBefore = 0
    while end < limit {
      let b = bytes[end]
      if b == UInt8(ascii: ".") {
        dots += 1
        underscoresBefore = underscoresInLast
        underscoresInLast = 0
      } else if b == UInt8(ascii: "_") {
        underscoresInLast += 1
      } else if !isAlphanumeric(b), b != UInt8(ascii: "-"), b < 0x80 || stopLength(bytes, at: end) > 0 {
        break
      }
      end += 1
    }
    guard end > start, dots > 10 || (underscoresInLast == 0 && underscoresBefore == 0) else { return nil }
    return end
  }

  /// `end` moved back over trailing punctuation and quotes, entity-like `&name;` and
  /// unmatched `)` or `}` (`{{video: https://youtu.be/x}}`, as Roam and Logseq embed).
  private static func trimmedEnd(_ bytes: [UInt8], start: Int, end: Int) -> Int {
    var opening = 0
    var closing = 0
    var openingBraces = 0
    var closingBraces = 0
    for b in bytes[start..<end] {
      switch b {
      case UInt8(ascii: "("): opening += 1
      case UInt8(ascii: ")"): closing += 1
      case UInt8(ascii: "{"): openingBraces += 1
      case UInt8(ascii: "}"): closingBraces += 1
      default: break
      }
    }
    var end = end
    while end > start {
      switch bytes[end - 1] {
      case UInt8(ascii: ")"):
        guard closing > opening else { return end }
        closing -= 1
        end -= 1
      case UInt8(ascii: "}"):
        guard closingBraces > openingBraces else { return end }
        closingBraces -= 1
        end -= 1
      // GFM's list, and the quotes cmark-gfm also leaves out (`"https://x.org/a"`).
      case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ","),
        UInt8(ascii: ":"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"),
        UInt8(ascii: "\""), UInt8(ascii: "'"):
        end -= 1
      case UInt8(ascii: ";"):
        var name = end - 2
        while name > start, isAlphanumeric(bytes[name]) { name -= 1 }
        end = name < end - 2 && bytes[name] == UInt8(ascii: "&") ? name : end - 1
      default:
        return end
      }
    }
    return end
  }

  /// The length of what ends a URL at `i`: ASCII whitespace, `<`, a Unicode space, CJK
  /// punctuation (U+3000–U+303F) or fullwidth `！（），：；？`; 0 for anything else.
  private static func stopLength(_ bytes: [UInt8], at i: Int) -> Int {
    let b = bytes[i]
    if b < 0x80 { return isSpace(b) || b == UInt8(ascii: "<") ? 1 : 0 }
    guard i + 1 < bytes.count else { return 0 }
    let b1 = bytes[i + 1]
    if b == 0xC2 { return b1 == 0xA0 || b1 == 0x85 ? 2 : 0 }
    guard i + 2 < bytes.count else { return 0 }
    let b2 = bytes[i + 2]
    switch (b, b1) {
    case (0xE3, 0x80): return 3
    case (0xE2, 0x80): return (0x80...0x8A).contains(b2) || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF ? 3 : 0
    case (0xEF, 0xBC): return [0x81, 0x88, 0x89, 0x8C, 0x9A, 0x9B, 0x9F].contains(b2) ? 3 : 0
    default: return 0
    }
  }

  private static func hasPrefix(_ bytes: [UInt8], _ prefix: StaticString, at start: Int, limit: Int) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard limit - start >= count else { return false }
    return prefix.withUTF8Buffer { bytes[start..<start + count].elementsEqual($0) }
  }

  private static func isAlphanumeric(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
  }

  private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
}
