/// `Content-Type` values by file extension, for the files a notes site contains.
enum ContentType {
  static let fallback = "application/octet-stream"

  private static let byExtension: [String: String] = [
    "html": "text/html; charset=utf-8",
    "htm": "text/html; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
    "json": "application/json; charset=utf-8",
    "xml": "application/xml; charset=utf-8",
    "atom": "application/atom+xml; charset=utf-8",
    "svg": "image/svg+xml; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "csv": "text/csv; charset=utf-8",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "ico": "image/x-icon",
    "pdf": "application/pdf",
    "mp3": "audio/mpeg",
    "m4a": "audio/mp4",
    "ogg": "audio/ogg",
    "wav": "audio/wav",
    "mp4": "video/mp4",
    "mov": "video/quicktime",
    "webm": "video/webm",
    "woff": "font/woff",
    "woff2": "font/woff2",
    "ttf": "font/ttf",
    "otf": "font/otf",
    "wasm": "application/wasm",
    "zip": "application/zip",
  ]

  /// The type for a file name (case-insensitive extension), or `application/octet-stream`.
  static func forFile(named name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
    return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
  }
}
