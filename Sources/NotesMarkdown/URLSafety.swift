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
    var normalized = ""
    for scalar in url.unicodeScalars {
      // Browsers strip leading C0 controls and spaces, and drop tabs and newlines anywhere.
      if scalar.value <= 0x20 {
        if normalized.isEmpty || scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
      }
      normalized.unicodeScalars.append(scalar)
      if normalized.utf8.count >= 16 { break }  // enough to see the scheme
    }
    let lower = normalized.lowercased()
    guard let scheme = dangerousSchemes.first(where: { lower.hasPrefix($0) }) else {
      return false
    }
    if scheme == "data:" { return !safeDataPrefixes.contains { lower.hasPrefix($0) } }
    return true
  }
}
