// Temporary until SiteConfig lands: the path part of base_url.
extension SiteConfig {
  public var basePath: String {
    guard var s = baseURL, !s.isEmpty else { return "/" }
    if let r = s.range(of: "://") {
      s = String(s[r.upperBound...])
      s = s.firstIndex(of: "/").map { String(s[$0...]) } ?? "/"
    }
    if !s.hasPrefix("/") { s = "/" + s }
    if !s.hasSuffix("/") { s += "/" }
    return s
  }
}
