import Foundation

extension SiteConfig {
  /// The path every site URL starts with (DESIGN §3): the path of `baseURL`, always starting
  /// and ending with `/`. `https://x.org/notes` gives `/notes/`; no `baseURL` gives `/`.
  public var basePath: String {
    guard let baseURL, let path = Self.path(ofBaseURL: baseURL) else { return "/" }
    var result = path.hasPrefix("/") ? path : "/" + path
    if !result.hasSuffix("/") { result += "/" }
    return result
  }

  /// Why `value` cannot be a base URL, or nil if it can: it must be an absolute `http(s)` URL
  /// with a host, or a path starting with `/`. Used for `base_url` and `--base-url`.
  public static func baseURLProblem(_ value: String) -> String? {
    if path(ofBaseURL: value) != nil { return nil }
    return
      "base_url must be an absolute http(s) URL like 'https://example.org/notes/' or a path starting with '/', not '\(value)'"
  }

  /// The path part of a valid base URL, without query or fragment; nil if `value` is invalid.
  static func path(ofBaseURL value: String) -> String? {
    if value.hasPrefix("/") {
      // `//host/path` is scheme-relative, not a path.
      guard !value.hasPrefix("//"), let components = URLComponents(string: value),
        components.host == nil
      else { return nil }
      return components.percentEncodedPath
    }
    guard let components = URLComponents(string: value),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty
    else { return nil }
    return components.percentEncodedPath
  }
}
