/// An image's size written after its address, as HackMD, HedgeDoc and markdown-it-imsize read
/// it: `![cat](cat.png =200x150)`, `=200x` (width only), `=x150` (height only). CommonMark
/// reads no image there, only text. The size moves into the image's text the way Obsidian
/// writes it, `![cat|200x150](cat.png)`, which `LinkPass` turns into `width` and `height`;
/// the line keeps its length (the space the move frees goes after the image), outside code.
enum ImageSizeSuffix {
  static func resolving(_ body: String) -> String {
    guard body.utf8.count >= 10, body.containsBytes("!["), Self.mayHaveSize(body) else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var fences = CodeFences()
    var changed = false
    for i in lines.indices {
      let line = lines[i]
      guard !fences.contain(Substring(line)), line.containsBytes("!["), Self.mayHaveSize(line) else { continue }
      if let moved = movingSizes(line) {
        lines[i] = moved
        changed = true
      }
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  /// Whether `text` has ` =` then a digit or `x`, then `)`: one pass over the bytes, so the
  /// lines of code (`let a = 1`) that every note has do not each run the pattern.
  static func mayHaveSize(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { b in
      // Each `=` (found with `memchr`): a space before it, then digits or `x`, then `)`.
      b.containsByte(UInt8(ascii: "=")) { i in
        guard i > 0, b[i - 1] == 0x20 else { return false }
        var j = i + 1
        while j < b.count, b[j] == UInt8(ascii: "x") || (b[j] >= 0x30 && b[j] <= 0x39) { j += 1 }
        return j > i + 1 && j < b.count && b[j] == UInt8(ascii: ")")
      }
    }
  }

  /// `![alt](address =WxH)` → `![alt|WxH](address) `, outside code spans; nil when `line`
  /// has none.
  static func movingSizes(_ line: String) -> String? {
    let pattern = #/!\[([^\]\n|]*)\]\(([^()\s]+) +=(\d{0,5})x(\d{0,5})\)/#
    var out = ""
    var rest = Substring(line)
    var changed = false
    while let match = rest.firstMatch(of: pattern) {
      let before = rest[..<match.range.lowerBound]
      out += before
      let (alt, address, width, height) = (match.output.1, match.output.2, match.output.3, match.output.4)
      // Inside a code span (an odd number of backticks before it), or no number at all.
      if out.utf8.count(where: { $0 == UInt8(ascii: "`") }) % 2 == 1 || (width.isEmpty && height.isEmpty) {
        out += rest[match.range]
      } else {
        // Obsidian's `|W` is a width alone, `|WxH` both; a height alone has no Obsidian form,
        // so it is dropped.
        let size = height.isEmpty || width.isEmpty ? String(width) : "\(width)x\(height)"
        let image = size.isEmpty ? "![\(alt)](\(address))" : "![\(alt)|\(size)](\(address))"
        let length = rest[match.range].count
        out += image + String(repeating: " ", count: max(0, length - image.count))
      }
      rest = rest[match.range.upperBound...]
      changed = true
    }
    guard changed else { return nil }
    return out + rest
  }
}
