import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One response; the server always closes the connection after it.
struct HTTPResponse: Sendable {
  enum Body: Sendable {
    case bytes([UInt8])
    /// An open descriptor of a regular file and its size; the server closes it.
    case file(descriptor: Int32, size: Int)

    var count: Int {
      switch self {
      case .bytes(let bytes): bytes.count
      case .file(_, let size): size
      }
    }
  }

  var status: Int
  var contentType: String
  var body: Body
  var extraHeaders: [(String, String)] = []

  static func text(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array((message + "\n").utf8)),
      extraHeaders: headers)
  }

  static func redirect(to location: String) -> HTTPResponse {
    .text(301, "Moved Permanently: \(location)", headers: [("Location", location)])
  }

  static let reasons: [Int: String] = [
    200: "OK", 301: "Moved Permanently", 400: "Bad Request", 404: "Not Found",
    405: "Method Not Allowed", 408: "Request Timeout", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
  ]

  /// Status line and headers, ending with the blank line.
  var head: [UInt8] {
    var lines = ["HTTP/1.1 \(status) \(Self.reasons[status] ?? "Status")"]
    lines.append("Content-Type: \(contentType)")
    lines.append("Content-Length: \(body.count)")
    lines.append("Cache-Control: no-cache")
    lines.append("X-Content-Type-Options: nosniff")
    lines.append("Connection: close")
    for (name, value) in extraHeaders { lines.append("\(name): \(value)") }
    return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
  }

  /// Writes the response (without the body for HEAD) and releases a file body.
  func send(to fd: Int32, includeBody: Bool) {
    switch body {
    case .bytes(let bytes):
      Socket.sendAll(fd, includeBody ? head + bytes : head)
    case .file(let file, let size):
      defer { close(file) }
      guard Socket.sendAll(fd, head), includeBody else { return }
      var remaining = size
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      while remaining > 0 {
        let n = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, min($0.count, remaining)) }
        if n < 0 && errno == EINTR { continue }
        // A file that shrank mid-send: stop; the client sees a short body and retries.
        guard n > 0 else { return }
        guard chunk.withUnsafeBytes({ Socket.sendAll(fd, UnsafeRawBufferPointer(rebasing: $0[0..<n])) }) else {
          return
        }
        remaining -= n
      }
    }
  }
}
