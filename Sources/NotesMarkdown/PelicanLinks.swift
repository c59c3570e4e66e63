/// Pelican's links to a site's own content: `{filename}` before a note's path
/// (`[x]({filename}/posts/second.md)` from `content/`, `[x]({filename}second.md)` from the
/// note's folder), `{static}` and `{attach}` before a file's (`![p]({static}/images/pic.png)`),
/// and their older spelling between bars (`|filename|`). Pelican puts the page's URL there;
/// here the marker goes, so the link resolves like any other. A marker is read where a link's
/// destination or an attribute starts (after `(`, `<`, a quote or `]: `), never in code. After
/// `(` and `]: `, where spaces may stand before a destination, it becomes as many spaces, so
/// positions after it on its line stay the note's.
enum PelicanLinks {
  static let names = ["filename", "static", "attach"]

  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 9 else { return body }
    // Two `memchr` passes, for `{` and `|`: few notes have a marker.
    let marked = body.utf8.withContiguousStorageIfAvailable { b in
      b.containsByte(UInt8(ascii: "{")) { markerLength(b[$0...]) != nil }
        || b.containsByte(UInt8(ascii: "|")) { markerLength(b[$0...]) != nil }
    }
    guard marked ?? true else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var fences = CodeFences()
    var changed = false
    for i in lines.indices where !fences.contain(lines[i]) {
      if let resolved = resolvingLine(String(lines[i])) {
        lines[i] = Substring(resolved)
        changed = true
      }
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// The length of the marker that `bytes` start with (`{filename}`, `|static|`…), if they do.
  static func markerLength<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
    guard let open = bytes.first, open == UInt8(ascii: "{") || open == UInt8(ascii: "|") else { return nil }
    let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : open
    for name in names where bytes.dropFirst().starts(with: name.utf8) {
      if bytes.dropFirst(1 + name.utf8.count).first == close { return name.utf8.count + 2 }
    }
    return nil
  }

  /// `line` with its markers read, or nil when it has none where a destination starts.
  private static func resolvingLine(_ line: String) -> String? {
    let spans = MDXSyntax.codeSpans(in: line)
    let u = line.utf8
    var out = ""
    var copied = u.startIndex
    var i = u.startIndex
    while i < u.endIndex {
      let byte = u[i]
      // A path follows the marker: `({filename} is…)` is prose. Code spans keep theirs.
      guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "|"), let length = markerLength(u[i...]),
        case let after = u.index(i, offsetBy: length), after < u.endIndex,
        ![0x20, 0x09, 0x0D, UInt8(ascii: ")")].contains(u[after]), !spans.contains(where: { $0.contains(i) })
      else {
        i = u.index(after: i)
        continue
      }
      let before = i > u.startIndex ? u[u.index(before: i)] : nil
      if before == UInt8(ascii: "(") || line[..<i].hasSuffix("]: ") {
        out += line[copied..<i] + String(repeating: " ", count: length)
      } else if before == UInt8(ascii: "<") || before == UInt8(ascii: "\"") || before == UInt8(ascii: "'") {
        // Spaces would be part of the destination or the attribute's value.
        out += line[copied..<i]
      } else {
        i = u.index(after: i)
        continue
      }
      i = after
      copied = i
    }
    guard copied > u.startIndex else { return nil }
    return out + line[copied...]
  }
}
