/// A `[[wiki link]]` or `![[embed]]` as written in a note's text.
struct WikiLink: Hashable {
  var isEmbed: Bool
  /// The text before `|` and `#`, trimmed; empty for `[[#Heading]]`.
  var target: String
  /// The text after `#`, trimmed.
  var fragment: String?
  /// The text after `|`: a label, or for embeds a size such as `300` or `100x145`.
  var label: String?

  /// What a reader sees: the label, else the target without its folders, else the heading.
  var displayText: String {
    if let label, !label.isEmpty { return label }
    if !target.isEmpty {
      return target.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
        ?? target
    }
    return fragment ?? ""
  }

  /// An embed size: `300` (width) or `100x145` (width × height).
  var embedSize: (width: Int, height: Int?)? {
    guard isEmbed, let label else { return nil }
    let parts = label.split(separator: "x", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let width = Int(parts[0])
    else { return nil }
    if parts.count == 1 { return (width, nil) }
    guard let height = Int(parts[1]) else { return nil }
    return (width, height)
  }

  func reference(line: Int, column: Int) -> LinkReference {
    LinkReference(
      kind: isEmbed ? .wikiEmbed : .wikiLink, target: target, fragment: fragment, label: label,
      line: line, column: column)
  }
}

/// Finds wiki links in the literal of a text node.
enum WikiLinkSyntax {
  struct Match {
    /// From `[[` (or the `!` of `![[`) to just after `]]`.
    var range: Range<String.Index>
    var link: WikiLink
  }

  static func matches(in text: String) -> [Match] {
    var result: [Match] = []
    let utf8 = text.utf8
    var searchFrom = utf8.startIndex
    while let open = find("[[", in: text, from: searchFrom) {
      let innerStart = utf8.index(open, offsetBy: 2)
      guard let close = find("]]", in: text, from: innerStart) else { break }
      // `[[a [[b]]`: the link is the innermost one.
      var start = open
      var probe = innerStart
      while let again = find("[[", in: text, from: probe), again < close {
        start = again
        probe = utf8.index(again, offsetBy: 2)
      }
      let inner = text[utf8.index(start, offsetBy: 2)..<close]
      let end = utf8.index(close, offsetBy: 2)
      let isEmbed = start > utf8.startIndex && utf8[utf8.index(before: start)] == UInt8(ascii: "!")
      if let link = parse(inner, isEmbed: isEmbed) {
        let from = isEmbed ? utf8.index(before: start) : start
        result.append(Match(range: from..<end, link: link))
      }
      searchFrom = end
    }
    return result
  }

  /// `Target#Fragment|label`, with `\|` (the pipe escaped for tables) read as `|`.
  static func parse(_ inner: Substring, isEmbed: Bool) -> WikiLink? {
    guard !inner.containsBytes("\n") else { return nil }
    var targetPart = inner
    var label: String?
    if let pipe = inner.firstIndex(of: "|") {
      targetPart = inner[..<pipe]
      if targetPart.hasSuffix("\\") { targetPart = targetPart.dropLast() }
      let rest = inner[inner.index(after: pipe)...].trimmingSpaces
      label = rest.isEmpty ? nil : rest
    }
    var target = targetPart.trimmingSpaces
    var fragment: String?
    if let hash = targetPart.firstIndex(of: "#") {
      target = targetPart[..<hash].trimmingSpaces
      let f = targetPart[targetPart.index(after: hash)...].trimmingSpaces
      fragment = f.isEmpty ? nil : f
    }
    guard !target.isEmpty || fragment != nil else { return nil }
    return WikiLink(isEmbed: isEmbed, target: target, fragment: fragment, label: label)
  }

  private static func find(_ pair: String, in text: String, from: String.Index) -> String.Index? {
    let bytes = Array(pair.utf8)
    let utf8 = text.utf8
    var i = from
    while i < utf8.endIndex {
      let n = utf8.index(after: i)
      if utf8[i] == bytes[0], n < utf8.endIndex, utf8[n] == bytes[1] { return i }
      i = n
    }
    return nil
  }
}

extension Substring {
  var trimmingSpaces: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
