/// URLs a browser would run as script or use to read local data. They are never written into
/// an `href` or `src`, whatever `unsafe_html` says.
enum URLSafety {
  /// Image `data:` URLs that are plain pictures (SVG can carry script, so it is not here).
  private static let safeDataPrefixes = [
    "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp",
  ]
  private static let dangerousSchemes = ["javascript:", "vbscript:", "file:", "data:"]

  /// True for `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs, in any case,
  /// with leading whitespace or control characters, or with tabs and newlines inside the
  /// scheme (browsers ignore those). Entities must already be decoded (cmark does that for
  /// Markdown destinations).
  static func isDangerous(_ url: String) -> Bool {
    // Enough of the URL to see the scheme, ASCII lower-cased. (Full Unicode lower-casing
    // gives no other ASCII letters that these schemes contain.)
    var head: [UInt8] = []
    head.reserveCapacity(16)
    for byte in url.utf8 {
      // Browsers strip leading C0 controls and spaces, and drop tabs and newlines anywhere.
      if byte <= 0x20 {
        if head.isEmpty || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
      }
      head.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
      if head.count >= 16 { break }
    }
    func hasPrefix(_ prefix: String) -> Bool { head.starts(with: prefix.utf8) }
    guard let scheme = dangerousSchemes.first(where: hasPrefix) else { return false }
    if scheme == "data:" { return !safeDataPrefixes.contains(where: hasPrefix) }
    return true
  }

  /// `https:/host/…`, `https:host`, `http:///host` or `https:\\host`: a web URL whose `//` is
  /// mistyped, which browsers still follow to `https://host/…` but which is not a valid URL in
  /// an `href`. Returns that URL, or nil when `url` is not such a mistake.
  static func repairedWebURL(_ url: String) -> String? {
    let bytes = Array(url.utf8)
    var colon = 0
    while colon < bytes.count, colon < 6, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
    guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    var rest = colon + 1
    var slashes: [UInt8] = []
    while rest < bytes.count, bytes[rest] == UInt8(ascii: "/") || bytes[rest] == UInt8(ascii: "\\") {
      slashes.append(bytes[rest])
      rest += 1
    }
    guard slashes != Array("//".utf8), rest < bytes.count else { return nil }
    return scheme + "://" + String(decoding: bytes[rest...], as: UTF8.self)
  }

  /// `url` with each `#` after the first written `%23`: a fragment may not hold `#`
  /// (`https://app.element.io/#/room/#neuron:matrix.org` is not a valid `href`), and a
  /// browser reads `%23` in it as the same character. Nil when there is none.
  static func fragmentHashesEncoded(_ url: String) -> String? {
    guard let first = url.firstIndex(of: "#") else { return nil }
    let fragment = url[url.index(after: first)...]
    guard fragment.contains("#") else { return nil }
    return url[...first] + fragment.replacingOccurrences(of: "#", with: "%23")
  }

  /// `url` as cmark writes a link destination: bytes outside the URL-safe ASCII set
  /// (spaces, quotes, brackets, non-ASCII) percent-encoded, the rest kept.
  static func hrefEncoded(_ url: String) -> String {
    func safe(_ b: UInt8) -> Bool {
      switch b {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
      default: return "!#$%&'()*+,-./:;=?@_~".utf8.contains(b)
      }
    }
    guard !url.utf8.allSatisfy(safe) else { return url }
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for b in url.utf8 {
      if safe(b) { out.append(b) } else { out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]] }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
