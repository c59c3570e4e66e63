import Foundation

/// A request target reduced to path segments that cannot leave the directory they are
/// looked up in: percent-decoded exactly once, with no `.`/`..` segment, no empty segment,
/// no backslash, NUL or other control character, and only the origin form `/path?query`.
struct RequestTarget: Sendable, Equatable {
  /// The path as sent (still percent-encoded), without the query.
  var rawPath: String
  /// Decoded segments; never empty strings, `.` or `..`.
  var segments: [String]
  /// `/Work/` rather than `/Work`.
  var hasTrailingSlash: Bool
  var query: String?

  /// Nil for anything a browser would not send for a page of this site (the server answers 400).
  init?(_ target: String) {
    // Origin form only: not `*`, not `http://host/…`, not `//host/…`.
    guard target.hasPrefix("/"), !target.hasPrefix("//"), !target.contains("#") else { return nil }
    let raw: Substring
    if let mark = target.firstIndex(of: "?") {
      raw = target[..<mark]
      query = String(target[target.index(after: mark)...])
    } else {
      raw = target[...]
      query = nil
    }
    guard let decoded = Self.percentDecoded(raw) else { return nil }
    guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) else {
      return nil
    }
    var parts = decoded.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    // `parts[0]` is the empty string before the leading slash.
    parts.removeFirst()
    hasTrailingSlash = parts.last == ""
    if hasTrailingSlash { parts.removeLast() }
    guard parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
    rawPath = String(raw)
    segments = parts
  }

  /// `%XX` escapes decoded once; nil for a broken escape or bytes that are not UTF-8.
  static func percentDecoded(_ text: some StringProtocol) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(PathName.hexValue), let low = iterator.next().flatMap(PathName.hexValue) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The value of `name` in the query, decoded; nil if absent.
  func queryValue(_ name: String) -> String? {
    guard let query else { return nil }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.first.map(String.init) == name {
        return parts.count == 2 ? Self.percentDecoded(parts[1].replacingOccurrences(of: "+", with: " ")) : ""
      }
    }
    return nil
  }
}
