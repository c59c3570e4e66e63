/// Reads TOML, the front matter Hugo and Zola write between `+++` lines, into the same nodes
/// as YAML, so one reader handles both.
///
/// Strings become quoted scalars; booleans, numbers and dates become plain scalars as written
/// (underscores dropped from decimal integers), so `bool`, `int` and `date` read them;
/// arrays become sequences; tables (`[params]`, `a.b = 1`, `{ x = 1 }`) become mappings and
/// arrays of tables (`[[menu.main]]`) sequences of mappings. What TOML 1.0 forbids is an
/// error with its position: a key defined twice, a value without quotes that is not a
/// boolean, number or date, text after a value, a string left open.
public enum TOML {
  /// Parses a TOML document. `lineOffset` is added to reported lines.
  public static func parse(_ text: String, lineOffset: Int = 0) throws(YAMLError) -> YAMLNode {
    var parser = Parser(bytes: Array(text.utf8), lineOffset: lineOffset)
    return try parser.document()
  }
}

/// A table while it is being filled: keys in document order, and how it came to be, which
/// decides whether a later header or dotted key may add to it.
private final class Table {
  enum Origin {
    /// `[a.b]`, or the root.
    case header
    /// Made on the way to a deeper header (`[a.b]` makes `a`); a later `[a]` may define it.
    case implicit
    /// Made by a dotted key (`a.b = 1`); closed to headers.
    case dotted
    /// `{ … }`; closed to everything after it.
    case inline
  }

  var keys: [String] = []
  var values: [String: Value] = [:]
  var origin: Origin
  let line: Int
  let column: Int

  init(origin: Origin, line: Int, column: Int) {
    self.origin = origin
    self.line = line
    self.column = column
  }

  func set(_ key: String, _ value: Value) {
    if values[key] == nil { keys.append(key) }
    values[key] = value
  }

  var node: YAMLNode {
    .mapping(
      keys.map { key in
        let value = values[key]!
        return YAMLNode.Entry(key: key, value: value.node, line: value.line, column: value.column)
      }, line: line, column: column)
  }
}

private enum Value {
  case scalar(String, plain: Bool, line: Int, column: Int)
  case array([Value], line: Int, column: Int)
  case table(Table)
  /// `[[name]]`: a list of tables, the last one open to keys.
  case tables([Table], line: Int, column: Int)

  var line: Int {
    switch self {
    case .scalar(_, _, let line, _), .array(_, let line, _), .tables(_, let line, _): line
    case .table(let table): table.line
    }
  }

  var column: Int {
    switch self {
    case .scalar(_, _, _, let column), .array(_, _, let column), .tables(_, _, let column): column
    case .table(let table): table.column
    }
  }

  var node: YAMLNode {
    switch self {
    case .scalar(let text, let plain, let line, let column):
      .scalar(text, plain: plain, line: line, column: column)
    case .array(let items, let line, let column):
      .sequence(items.map(\.node), line: line, column: column)
    case .table(let table): table.node
    case .tables(let tables, let line, let column):
      .sequence(tables.map(\.node), line: line, column: column)
    }
  }
}

private struct Parser {
  let bytes: [UInt8]
  let lineOffset: Int
  var index = 0
  var line = 1
  var lineStart = 0
  var depth = 0

  init(bytes: [UInt8], lineOffset: Int) {
    self.bytes = bytes
    self.lineOffset = lineOffset
  }

  // MARK: Positions and errors

  /// 1-based column of `position`, in characters (UTF-8 continuation bytes do not count).
  func column(at position: Int) -> Int {
    let end = min(position, bytes.count)
    var start = end
    while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
    var column = 1
    for i in start..<end where bytes[i] & 0xC0 != 0x80 { column += 1 }
    return column
  }

  /// An error at `position` (by default where the parser stands), which may be on an earlier
  /// line, as the opening quote of a string left open is.
  func error(_ message: String, at position: Int? = nil) -> YAMLError {
    let position = position ?? index
    var errorLine = line
    if position < lineStart {
      errorLine = 1
      for i in 0..<position where bytes[i] == 0x0A { errorLine += 1 }
    }
    return YAMLError(message: message, line: errorLine + lineOffset, column: column(at: position))
  }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  func peek(_ offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  /// What stands at `index`, for messages: the character or "the end of the line".
  var found: String {
    guard let byte = current else { return "the end of the front matter" }
    if byte == 0x0A || byte == 0x0D { return "the end of the line" }
    var end = index + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
  }

  mutating func newline() {
    index += 1
    line += 1
    lineStart = index
  }

  // MARK: Whitespace, comments and line ends

  mutating func skipSpaces() {
    while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
  }

  /// A `#` comment up to the end of the line; control characters other than tab are errors.
  mutating func skipComment() throws(YAMLError) {
    guard current == UInt8(ascii: "#") else { return }
    while let byte = current, byte != 0x0A {
      if byte == 0x0D && peek(1) == 0x0A { break }
      if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
        throw error("a comment must not hold control characters")
      }
      index += 1
    }
  }

  /// True after a line break (`\n` or `\r\n`), false at the end of the document.
  mutating func skipLineEnd() throws(YAMLError) -> Bool {
    if current == 0x0D && peek(1) == 0x0A { index += 1 }
    guard let byte = current else { return false }
    guard byte == 0x0A else { throw error("expected the end of the line after a value, found \(found)") }
    newline()
    return true
  }

  /// Spaces, comments and line breaks, as between array items.
  mutating func skipBlank() throws(YAMLError) {
    while true {
      skipSpaces()
      try skipComment()
      if current == 0x0D && peek(1) == 0x0A { index += 1 }
      guard current == 0x0A else { return }
      newline()
    }
  }

  // MARK: The document

  mutating func document() throws(YAMLError) -> YAMLNode {
    let root = Table(origin: .header, line: 1 + lineOffset, column: 1)
    var open = root
    while current != nil {
      skipSpaces()
      try skipComment()
      switch current {
      case nil:
        break
      case 0x0A, 0x0D:
        _ = try skipLineEnd()
        continue
      case UInt8(ascii: "["):
        open = try header(in: root)
      default:
        try keyValue(into: open)
      }
      skipSpaces()
      try skipComment()
      if !(try skipLineEnd()) { break }
    }
    return root.node
  }

  /// `[a.b]` or `[[a.b]]`: the table that the following keys go into.
  mutating func header(in root: Table) throws(YAMLError) -> Table {
    let start = index
    let startLine = line + lineOffset
    let startColumn = column(at: start)
    index += 1
    let isArray = current == UInt8(ascii: "[")
    if isArray { index += 1 }
    skipSpaces()
    let path = try key()
    skipSpaces()
    guard current == UInt8(ascii: "]"), !isArray || peek(1) == UInt8(ascii: "]") else {
      throw error("expected '\(isArray ? "]]" : "]")' to close the table header, found \(found)")
    }
    index += isArray ? 2 : 1
    let name = path.map(\.name).joined(separator: ".")

    var table = root
    for part in path.dropLast() {
      table = try descend(table, into: part, header: name)
    }
    let last = path[path.count - 1]
    if isArray {
      let new = Table(origin: .header, line: startLine, column: startColumn)
      switch table.values[last.name] {
      case nil:
        table.set(last.name, .tables([new], line: startLine, column: startColumn))
      case .tables(let list, let line, let column):
        table.set(last.name, .tables(list + [new], line: line, column: column))
      default:
        throw error("'\(name)' is already defined above, not as an array of tables", at: last.position)
      }
      return new
    }
    switch table.values[last.name] {
    case nil:
      let new = Table(origin: .header, line: startLine, column: startColumn)
      table.set(last.name, .table(new))
      return new
    case .table(let existing) where existing.origin == .implicit:
      existing.origin = .header
      return existing
    default:
      throw error("table '\(name)' is defined twice", at: start)
    }
  }

  /// The table under `part` in `table` for a header, made when missing; the last table of an
  /// array of tables.
  mutating func descend(_ table: Table, into part: KeyPart, header: String) throws(YAMLError) -> Table {
    switch table.values[part.name] {
    case nil:
      let new = Table(origin: .implicit, line: part.line, column: part.column)
      table.set(part.name, .table(new))
      return new
    case .table(let existing) where existing.origin != .inline:
      return existing
    case .tables(let list, _, _):
      return list[list.count - 1]
    default:
      throw error("'\(part.name)' in '\(header)' is already a value, not a table", at: part.position)
    }
  }

  /// `key = value`, the key possibly dotted, into `table`.
  mutating func keyValue(into table: Table) throws(YAMLError) {
    let path = try key()
    skipSpaces()
    guard current == UInt8(ascii: "=") else {
      throw error("expected '=' after the key '\(path.map(\.name).joined(separator: "."))', found \(found)")
    }
    index += 1
    skipSpaces()
    let value = try self.value()
    var target = table
    for part in path.dropLast() {
      switch target.values[part.name] {
      case nil:
        let new = Table(origin: .dotted, line: part.line, column: part.column)
        target.set(part.name, .table(new))
        target = new
      case .table(let existing) where existing.origin == .dotted:
        target = existing
      default:
        throw error("'\(part.name)' is already defined above", at: part.position)
      }
    }
    let last = path[path.count - 1]
    guard target.values[last.name] == nil else {
      throw error("'\(last.name)' is defined twice", at: last.position)
    }
    target.set(last.name, value)
  }

  struct KeyPart {
    var name: String
    var position: Int
    /// Where the part stands, kept because a value after it may span lines.
    var line: Int
    var column: Int
  }

  /// A key: bare (`A-Za-z0-9_-`) or quoted parts joined by dots.
  mutating func key() throws(YAMLError) -> [KeyPart] {
    var parts: [KeyPart] = []
    while true {
      skipSpaces()
      let start = index
      if let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
        peek(1) == quote, peek(2) == quote
      {
        throw error("a key must not be a multi-line string")
      }
      switch current {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        parts.append(KeyPart(name: try string(), position: start, line: line + lineOffset, column: column(at: start)))
      default:
        while let byte = current, Self.isBareKey(byte) { index += 1 }
        guard index > start else { throw error("expected a key, found \(found)") }
        parts.append(
          KeyPart(
            name: String(decoding: bytes[start..<index], as: UTF8.self), position: start,
            line: line + lineOffset, column: column(at: start)))
      }
      skipSpaces()
      guard current == UInt8(ascii: ".") else { return parts }
      index += 1
    }
  }

  static func isBareKey(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  // MARK: Values

  mutating func value() throws(YAMLError) -> Value {
    let start = index
    let startLine = line + lineOffset
    let startColumn = column(at: start)
    switch current {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return .scalar(try string(), plain: false, line: startLine, column: startColumn)
    case UInt8(ascii: "["):
      return try array(line: startLine, column: startColumn)
    case UInt8(ascii: "{"):
      return try inlineTable(line: startLine, column: startColumn)
    case nil, 0x0A, 0x0D, UInt8(ascii: "#"):
      throw error("expected a value, found \(found)")
    default:
      return .scalar(try bare(), plain: true, line: startLine, column: startColumn)
    }
  }

  mutating func nest() throws(YAMLError) {
    depth += 1
    if depth > YAML.maximumDepth { throw error("nesting deeper than \(YAML.maximumDepth) levels") }
  }

  mutating func array(line startLine: Int, column startColumn: Int) throws(YAMLError) -> Value {
    try nest()
    defer { depth -= 1 }
    index += 1
    var items: [Value] = []
    while true {
      try skipBlank()
      if current == UInt8(ascii: "]") { break }
      items.append(try value())
      try skipBlank()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard current == UInt8(ascii: "]") else {
        throw error("expected ',' or ']' in the array, found \(found)")
      }
      break
    }
    index += 1
    return .array(items, line: startLine, column: startColumn)
  }

  mutating func inlineTable(line startLine: Int, column startColumn: Int) throws(YAMLError) -> Value {
    try nest()
    defer { depth -= 1 }
    index += 1
    let table = Table(origin: .dotted, line: startLine, column: startColumn)
    try skipBlank()
    if current == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        try skipBlank()
        try keyValue(into: table)
        try skipBlank()
        if current == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard current == UInt8(ascii: "}") else {
          throw error("expected ',' or '}' in the inline table, found \(found)")
        }
        index += 1
        break
      }
    }
    Self.close(table)
    return .table(table)
  }

  /// An inline table and the tables its dotted keys made are closed to later keys and headers.
  static func close(_ table: Table) {
    table.origin = .inline
    for case .table(let inner) in table.values.values where inner.origin == .dotted { close(inner) }
  }

  /// A boolean, number, date or time, as written; anything else is text without quotes.
  mutating func bare() throws(YAMLError) -> String {
    let start = index
    while let byte = current, Self.isBareValue(byte) { index += 1 }
    // `1979-05-27 07:32:00`: a date and a time may be separated by one space.
    if index - start == 10, current == 0x20, let next = peek(1), next >= 0x30 && next <= 0x39,
      bytes[start + 4] == UInt8(ascii: "-")
    {
      index += 1
      while let byte = current, Self.isBareValue(byte) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if text == "true" || text == "false" || YAMLTimestamp.parse(text) != nil || Self.isTime(text) {
      return text
    }
    if let number = Self.number(text) { return number }
    // Show the rest of the line, so `title = My note` is named whole.
    var end = index
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D, bytes[end] != UInt8(ascii: "#") { end += 1 }
    let written = String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces
    throw error(
      "'\(written)' is not a TOML value; text must be in quotes (\"\(written)\")", at: start)
  }

  static func isBareValue(_ byte: UInt8) -> Bool {
    isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
  }

  /// `07:32:00`, `07:32:00.5`.
  static func isTime(_ text: String) -> Bool {
    let b = Array(text.utf8)
    func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < b.count && b[$0] >= 0x30 && b[$0] <= 0x39 } }
    guard b.count >= 8, digits(0..<2), b[2] == UInt8(ascii: ":"), digits(3..<5),
      b[5] == UInt8(ascii: ":"), digits(6..<8)
    else { return false }
    return b.count == 8 || (b[8] == UInt8(ascii: ".") && b.count > 9 && digits(9..<b.count))
  }

  /// A TOML integer or float, decimal integers without their underscores; nil for anything else.
  static func number(_ text: String) -> String? {
    var body = Substring(text)
    var sign = ""
    if let first = body.first, first == "+" || first == "-" {
      sign = first == "-" ? "-" : ""
      body = body.dropFirst()
    }
    if body == "inf" || body == "nan" { return text }
    for (prefix, isDigit) in [("0x", { (c: Character) in c.isHexDigit }), ("0o", { ("0"..."7").contains($0) }), ("0b", { $0 == "0" || $0 == "1" })]
    where sign.isEmpty && body.hasPrefix(prefix) {
      let digits = body.dropFirst(2)
      return Self.underscoresBetween(digits, isDigit) ? text : nil
    }
    let decimal: (Character) -> Bool = { $0.isASCII && $0.isNumber }
    var mantissa = body
    var exponent: Substring? = nil
    if let e = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = body[..<e]
      var rest = body[body.index(after: e)...]
      if let first = rest.first, first == "+" || first == "-" { rest = rest.dropFirst() }
      exponent = rest
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, Self.underscoresBetween(parts[0], decimal) else { return nil }
    // No leading zeros in the integer part.
    guard parts[0].count == 1 || parts[0].first != "0" else { return nil }
    if parts.count == 2 && !Self.underscoresBetween(parts[1], decimal) { return nil }
    if let exponent, !Self.underscoresBetween(exponent, decimal) { return nil }
    if parts.count == 1 && exponent == nil { return sign + parts[0].filter { $0 != "_" } }
    return text
  }

  /// Digits, with single underscores only between two of them.
  static func underscoresBetween(_ text: Substring, _ isDigit: (Character) -> Bool) -> Bool {
    guard let first = text.first, let last = text.last, isDigit(first), isDigit(last) else { return false }
    var previousUnderscore = false
    for c in text {
      if c == "_" {
        if previousUnderscore { return false }
        previousUnderscore = true
      } else if isDigit(c) {
        previousUnderscore = false
      } else {
        return false
      }
    }
    return true
  }

  // MARK: Strings

  /// `"…"` or `"""…"""` with escapes, or `'…'` or `'''…'''` taken as written.
  mutating func string() throws(YAMLError) -> String {
    let quote = bytes[index]
    let escapes = quote == UInt8(ascii: "\"")
    let multiline = peek(1) == quote && peek(2) == quote
    let opening = index
    index += multiline ? 3 : 1
    if multiline { try trimFirstNewline() }
    var out: [UInt8] = []
    while true {
      guard let byte = current else { throw error("this string is never closed", at: opening) }
      switch byte {
      case quote:
        if !multiline {
          index += 1
          return String(decoding: out, as: UTF8.self)
        }
        if peek(1) == quote && peek(2) == quote {
          // Up to two quotes may end the content just before the closing three.
          var quotes = 3
          while quotes < 5, peek(quotes) == quote { quotes += 1 }
          out += Array(repeating: quote, count: quotes - 3)
          index += quotes
          return String(decoding: out, as: UTF8.self)
        }
        out.append(byte)
        index += 1
      case UInt8(ascii: "\\") where escapes:
        index += 1
        if multiline, try lineEndingBackslash() { continue }
        out += try escape()
      case 0x0A:
        guard multiline else { throw error("this string is never closed", at: opening) }
        out.append(byte)
        newline()
      case 0x0D where multiline && peek(1) == 0x0A:
        index += 1
      default:
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
          throw error(
            "a string must not hold control characters" + (escapes ? "; write them as escapes like \\t" : ""))
        }
        out.append(byte)
        index += 1
      }
    }
  }

  /// A newline right after the opening `"""` or `'''` is not part of the string.
  mutating func trimFirstNewline() throws(YAMLError) {
    if current == 0x0D && peek(1) == 0x0A { index += 1 }
    if current == 0x0A { newline() }
  }

  /// In a multi-line basic string, `\` at the end of a line joins it to the next non-blank text.
  mutating func lineEndingBackslash() throws(YAMLError) -> Bool {
    var probe = index
    while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
    if probe < bytes.count, bytes[probe] == 0x0D { probe += 1 }
    guard probe < bytes.count, bytes[probe] == 0x0A else { return false }
    index = probe
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      if byte == 0x0A { newline() } else { index += 1 }
    }
    return true
  }

  /// The escape after a `\`.
  mutating func escape() throws(YAMLError) -> [UInt8] {
    let start = index - 1
    guard let byte = current else { throw error("this string is never closed") }
    index += 1
    switch byte {
    case UInt8(ascii: "b"): return [0x08]
    case UInt8(ascii: "t"): return [0x09]
    case UInt8(ascii: "n"): return [0x0A]
    case UInt8(ascii: "f"): return [0x0C]
    case UInt8(ascii: "r"): return [0x0D]
    case UInt8(ascii: "e"): return [0x1B]
    case UInt8(ascii: "\""): return [0x22]
    case UInt8(ascii: "\\"): return [0x5C]
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let count = byte == UInt8(ascii: "u") ? 4 : 8
      guard index + count <= bytes.count,
        let value = UInt32(String(decoding: bytes[index..<index + count], as: UTF8.self), radix: 16),
        let scalar = Unicode.Scalar(value)
      else { throw error("'\\\(Character(Unicode.Scalar(byte)))' must be followed by \(count) hex digits of a Unicode character", at: start) }
      index += count
      return Array(String(Character(scalar)).utf8)
    default:
      throw error(
        "'\\\(Character(Unicode.Scalar(byte)))' is not a TOML escape; write '\\\\' for a backslash", at: start)
    }
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    var text = Substring(self)
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
