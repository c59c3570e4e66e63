import Foundation

/// Malformed JSON data, with the 1-based line and column where parsing stopped.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(line):\(column): error: \(message)" }
}

extension TemplateValue {
  /// Parses JSON (RFC 8259) into template data.
  ///
  /// Integers that fit in `Int` stay `.int` and every other number becomes `.double`,
  /// so `85` renders as `85` and `1.5` as `1.5`. A small hand-written parser keeps this
  /// deterministic on every platform (Foundation's `NSNumber` blurs bools and numbers).
  public init(json: Data) throws(JSONParseError) {
    var parser = JSONParser(bytes: Array(json))
    self = try parser.parseDocument()
  }

  /// Parses JSON text; see ``init(json:)``.
  public init(jsonText: String) throws(JSONParseError) {
    var parser = JSONParser(bytes: Array(jsonText.utf8))
    self = try parser.parseDocument()
  }
}

/// A recursive-descent JSON parser over UTF-8 bytes.
private struct JSONParser {
  let bytes: [UInt8]
  var offset = 0
  // Nesting limit so hostile input cannot exhaust the stack.
  var depth = 0
  static let maxDepth = 512

  init(bytes: [UInt8]) { self.bytes = bytes }

  mutating func parseDocument() throws(JSONParseError) -> TemplateValue {
    // A UTF-8 byte order mark is tolerated, as editors sometimes write one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if offset < bytes.count { throw error("unexpected content after the JSON value") }
    return value
  }

  private mutating func parseValue() throws(JSONParseError) -> TemplateValue {
    guard offset < bytes.count else { throw error("unexpected end of JSON") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw error("unexpected character '\(describe(bytes[offset]))'")
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> TemplateValue {
    try enterNesting()
    offset += 1
    var members: [String: TemplateValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) {
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw error("expected a string key in object")
      }
      let key = try parseString()
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { throw error("expected ':' after object key") }
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "}")) { break }
      throw error("expected ',' or '}' in object")
    }
    depth -= 1
    return .object(members)
  }

  private mutating func parseArray() throws(JSONParseError) -> TemplateValue {
    try enterNesting()
    offset += 1
    var items: [TemplateValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) {
      depth -= 1
      return .list(items)
    }
    while true {
      skipWhitespace()
      items.append(try parseValue())
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      if consume(UInt8(ascii: "]")) { break }
      throw error("expected ',' or ']' in array")
    }
    depth -= 1
    return .list(items)
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    offset += 1  // opening quote
    var utf8: [UInt8] = []
    while offset < bytes.count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        offset += 1
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw error("control character in string")
      default:
        utf8.append(byte)
        offset += 1
      }
    }
    throw error("unterminated string")
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONParseError) {
    guard offset < bytes.count else { throw error("unterminated string") }
    let escape = bytes[offset]
    offset += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var code = try parseHex4()
      // A high surrogate must pair with a following low surrogate.
      if (0xD800..<0xDC00).contains(code), bytes[offset...].starts(with: [0x5C, 0x75]) {
        offset += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
      utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      offset -= 2  // point at the backslash
      throw error("invalid escape '\\\(describe(escape))'")
    }
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      guard let digit = hexValue(byte) else { throw error("invalid \\u escape") }
      value = value << 4 | digit
    }
    offset += 4
    return value
  }

  private mutating func parseNumber() throws(JSONParseError) -> TemplateValue {
    let start = offset
    var isInteger = true
    _ = consume(UInt8(ascii: "-"))
    guard consumeDigits() else { throw error("expected a digit") }
    if consume(UInt8(ascii: ".")) {
      isInteger = false
      guard consumeDigits() else { throw error("expected a digit after '.'") }
    }
    if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      offset += 1
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      guard consumeDigits() else { throw error("expected a digit in exponent") }
    }
    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
    if isInteger, let integer = Int(text) { return .int(integer) }
    guard let double = Double(text) else { throw error("invalid number '\(text)'") }
    return .double(double)
  }

  private mutating func consumeDigits() -> Bool {
    let start = offset
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
    }
    return offset > start
  }

  private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes[offset...].starts(with: expected) else {
      throw error("unexpected character '\(describe(bytes[offset]))'")
    }
    offset += expected.count
  }

  private mutating func enterNesting() throws(JSONParseError) {
    depth += 1
    if depth > Self.maxDepth { throw error("JSON nested too deeply") }
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  private mutating func skipWhitespace() {
    while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  /// An error at the current offset, with a 1-based line and a column in characters.
  private func error(_ message: String) -> JSONParseError {
    let position = SourcePosition.of(offset: min(offset, bytes.count), in: bytes)
    return JSONParseError(line: position.line, column: position.column, message: message)
  }
}
