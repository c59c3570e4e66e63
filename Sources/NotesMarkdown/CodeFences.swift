/// Which lines of a note are fenced code, for the passes that read its text line by line
/// before cmark does. As CommonMark reads them: a fence opens with three or more backticks or
/// tildes after at most three spaces (a backtick fence's info string has no backtick) and
/// closes with at least as many of the same character and nothing else on the line.
struct CodeFences {
  private var open: (marker: UInt8, count: Int)?

  /// Whether a fence is open: the next line is code unless it closes it.
  var isInside: Bool { open != nil }

  /// Whether `line` (without its `\n`) is fenced code: a fence line, or a line between two.
  /// Lines must come in order.
  mutating func contain(_ line: Substring) -> Bool {
    var bytes = line.utf8[...]
    if bytes.last == 0x0D { bytes = bytes.dropLast() }
    let indent = bytes.prefix { $0 == 0x20 }.count
    let rest = bytes.dropFirst(indent)
    guard indent <= 3, let marker = rest.first, marker == UInt8(ascii: "`") || marker == UInt8(ascii: "~") else {
      return open != nil
    }
    let count = rest.prefix { $0 == marker }.count
    guard count >= 3 else { return open != nil }
    let after = rest.dropFirst(count)
    if let current = open {
      if current.marker == marker, count >= current.count, after.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { open = nil }
      return true
    }
    guard marker == UInt8(ascii: "~") || !after.contains(UInt8(ascii: "`")) else { return false }
    open = (marker, count)
    return true
  }
}
