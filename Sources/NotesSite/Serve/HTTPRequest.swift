import Foundation

/// The request line and headers of one HTTP/1.x request; the server never reads a body.
struct HTTPRequest: Sendable, Equatable {
  var method: String
  /// The request target as sent, e.g. `/Work/Roadmap/?x=1`.
  var target: String
  var version: String
  /// Header names lowercased; the last value wins for repeated fields.
  var headers: [String: String]

  /// Why a request head could not be parsed; each maps to a status code.
  enum Problem: Error, Equatable {
    case malformed(String)
    case unsupportedVersion
  }

  /// The offset just past the blank line ending the head, or nil if it has not arrived.
  static func endOfHead(in bytes: [UInt8]) -> Int? {
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x0A {
        // `\n\n` or `\n\r\n` end the head; lone `\n` line ends are tolerated (RFC 9112 §2.2).
        if i + 1 < bytes.count && bytes[i + 1] == 0x0A { return i + 2 }
        if i + 2 < bytes.count && bytes[i + 1] == 0x0D && bytes[i + 2] == 0x0A { return i + 3 }
      }
      i += 1
    }
    return nil
  }

  /// Parses a complete head (request line, header lines, blank line).
  static func parse(head bytes: some Collection<UInt8>) throws(Problem) -> HTTPRequest {
    // Only visible ASCII, spaces, tabs and line ends belong in a head we accept.
    for byte in bytes where byte >= 0x7F || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
      throw .malformed("control or non-ASCII byte in request head")
    }
    // Split bytes, not Characters: Swift treats `\r\n` as one Character.
    var lines = Array(bytes).split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformed("empty request") }

    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw .malformed("request line must be 'METHOD TARGET VERSION'") }
    let method = String(parts[0])
    let target = String(parts[1])
    let version = String(parts[2])
    guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else { throw .malformed("bad method") }
    guard !target.isEmpty, !target.contains("\t"), !target.contains("\r") else { throw .malformed("bad target") }
    guard version.hasPrefix("HTTP/"), version.count == 8 else { throw .malformed("bad version") }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      let digits = version.dropFirst(5)
      if digits.count == 3, digits.dropFirst().first == ".", digits.first?.isNumber == true,
        digits.last?.isNumber == true
      {
        throw .unsupportedVersion
      }
      throw .malformed("bad version")
    }

    var headers: [String: String] = [:]
    var hostCount = 0
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { throw .malformed("header line without ':'") }
      let name = line[..<colon]
      // No whitespace before the colon, no obsolete line folding (RFC 9112 §5.1, §5.2).
      guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else { throw .malformed("bad header name") }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
      let key = name.lowercased()
      if key == "host" { hostCount += 1 }
      headers[key] = value
    }
    if version == "HTTP/1.1" && hostCount != 1 { throw .malformed("HTTP/1.1 needs exactly one Host header") }
    return HTTPRequest(method: method, target: target, version: version, headers: headers)
  }

  /// `tchar` of RFC 9110 §5.6.2.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
