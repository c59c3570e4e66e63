/// Splits a template source into text, line breaks and tags, honouring set-delimiter tags.
struct Lexer {
  private let bytes: [UInt8]
  private let template: String
  private var openDelimiter: [UInt8] = Array("{{".utf8)
  private var closeDelimiter: [UInt8] = Array("}}".utf8)
  private var offset = 0
  private var line = 1
  private var lineStart = 0
  private var tokens: [Token] = []

  init(source: String, template: String) {
    self.bytes = Array(source.utf8)
    self.template = template
  }

  mutating func tokenize() throws(MustacheError) -> [Token] {
    while offset < bytes.count {
      if let tagStart = find(openDelimiter, from: offset) {
        appendText(upTo: tagStart)
        try lexTag(at: tagStart)
      } else {
        appendText(upTo: bytes.count)
      }
    }
    return tokens
  }

  /// Appends `bytes[offset..<end]` as text and newline tokens and moves `offset` to `end`.
  private mutating func appendText(upTo end: Int) {
    var segmentStart = offset
    var index = offset
    while index < end {
      if bytes[index] == UInt8(ascii: "\n") {
        let crlf = index > segmentStart && bytes[index - 1] == UInt8(ascii: "\r")
        let textEnd = crlf ? index - 1 : index
        if textEnd > segmentStart { tokens.append(.text(string(segmentStart..<textEnd))) }
        tokens.append(.newline(crlf ? "\r\n" : "\n"))
        line += 1
        lineStart = index + 1
        segmentStart = index + 1
      }
      index += 1
    }
    if end > segmentStart { tokens.append(.text(string(segmentStart..<end))) }
    offset = end
  }

  private mutating func lexTag(at start: Int) throws(MustacheError) {
    let position = SourcePosition(
      line: line, column: SourcePosition.column(from: lineStart, to: start, in: bytes))
    var contentStart = start + openDelimiter.count
    let contentEnd: Int
    let tagEnd: Int
    var kind = Tag.Kind.variable

    if contentStart < bytes.count, bytes[contentStart] == UInt8(ascii: "{") {
      // Triple mustache: `{{{name}}}` closes with `}` followed by the close delimiter.
      kind = .unescaped
      contentStart += 1
      guard let end = find([UInt8(ascii: "}")] + closeDelimiter, from: contentStart) else {
        throw error(at: position, "unclosed tag: expected '}\(delimiter(closeDelimiter))'")
      }
      contentEnd = end
      tagEnd = end + 1 + closeDelimiter.count
    } else {
      guard let end = find(closeDelimiter, from: contentStart) else {
        throw error(at: position, "unclosed tag: expected '\(delimiter(closeDelimiter))'")
      }
      contentEnd = end
      tagEnd = end + closeDelimiter.count
      if contentStart < contentEnd, let sigil = Self.kind(forSigil: bytes[contentStart]) {
        kind = sigil
        contentStart += 1
      }
    }

    let content = string(contentStart..<contentEnd)
    advanceLines(through: tagEnd)
    offset = tagEnd

    switch kind {
    case .comment:
      tokens.append(.tag(Tag(kind: .comment, name: "", position: position)))
    case .setDelimiters:
      try setDelimiters(content, at: position)
      tokens.append(.tag(Tag(kind: .setDelimiters, name: "", position: position)))
    default:
      let name = content.trimmingWhitespace
      guard !name.isEmpty else { throw error(at: position, "empty tag name") }
      guard !name.contains(where: \.isWhitespace) else {
        throw error(at: position, "tag name '\(name)' contains whitespace")
      }
      tokens.append(.tag(Tag(kind: kind, name: name, position: position)))
    }
  }

  /// Applies `{{=<% %>=}}`: the content must be `=OPEN CLOSE=`.
  private mutating func setDelimiters(
    _ content: String, at position: SourcePosition
  ) throws(MustacheError) {
    guard content.count >= 2, content.hasSuffix("=") else {
      throw error(at: position, "bad delimiter tag: expected '=OPEN CLOSE='")
    }
    let parts = content.dropLast().split(whereSeparator: \.isWhitespace)
    guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
      throw error(at: position, "bad delimiter tag: expected two delimiters without '='")
    }
    openDelimiter = Array(parts[0].utf8)
    closeDelimiter = Array(parts[1].utf8)
  }

  private static func kind(forSigil byte: UInt8) -> Tag.Kind? {
    switch byte {
    case UInt8(ascii: "#"): .section
    case UInt8(ascii: "^"): .inverted
    case UInt8(ascii: "/"): .close
    case UInt8(ascii: "!"): .comment
    case UInt8(ascii: ">"): .partial
    case UInt8(ascii: "<"): .parent
    case UInt8(ascii: "$"): .block
    case UInt8(ascii: "&"): .unescaped
    case UInt8(ascii: "="): .setDelimiters
    default: nil
    }
  }

  /// Keeps line counting right when a tag (usually a comment) spans several lines.
  private mutating func advanceLines(through end: Int) {
    for index in offset..<end where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
  }

  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, bytes.count >= needle.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }

  private func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  private func delimiter(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private func error(at position: SourcePosition, _ message: String) -> MustacheError {
    MustacheError(
      template: template, line: position.line, column: position.column, message: message)
  }
}

extension StringProtocol {
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
