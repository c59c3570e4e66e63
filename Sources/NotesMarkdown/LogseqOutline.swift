/// Logseq writes a page's top-level heading block without a bullet (`## Usage`) and its child
/// blocks under it indented by a tab (`\t- Inline math is…`). To CommonMark a tab-indented
/// line after a heading opens a code block, so the whole outline below read as code. The
/// first tab of each line of such a run becomes a space: the same number of bytes (positions
/// stay the note's), and the children read as the list they are, nested as before.
enum LogseqOutline {
  static func listingHeadingChildren(_ body: String) -> String {
    guard body.containsBytes("\n\t") else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    var fences = CodeFences()
    var afterHeading = false
    var inRun = false
    var changed = false
    for index in lines.indices {
      let line = lines[index]
      let bytes = line.utf8
      if inRun {
        if bytes.first == 0x09 {
          lines[index] = " " + line.dropFirst()
          changed = true
          continue
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        inRun = false
      }
      if fences.contain(line) {
        afterHeading = false
        continue
      }
      let indent = bytes.prefix { $0 == 0x20 }.count
      let trimmed = bytes.dropFirst(indent)
      if afterHeading, bytes.first == 0x09, isBullet(trimmed.drop { $0 == 0x09 }) {
        lines[index] = " " + line.dropFirst()
        changed = true
        inRun = true
        afterHeading = false
        continue
      }
      // A heading block's properties (`collapsed:: true`) come between it and its children.
      afterHeading = (indent <= 3 && isATXHeading(trimmed)) || (afterHeading && indent == 0 && isProperty(trimmed))
    }
    return changed ? lines.joined(separator: "\n") : body
  }

  private static func isBullet(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
    guard let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+")
    else { return false }
    let next = bytes.dropFirst().first
    return next == nil || next == 0x20 || next == 0x09 || next == 0x0D
  }

  /// `key:: value`: a key of letters, digits, `-`, `_` and `.`, then `::`.
  private static func isProperty(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
    let key = bytes.prefix { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E }
    return !key.isEmpty && bytes.dropFirst(key.count).starts(with: "::".utf8)
  }

  private static func isATXHeading(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
    let hashes = bytes.prefix { $0 == UInt8(ascii: "#") }.count
    guard (1...6).contains(hashes) else { return false }
    let next = bytes.dropFirst(hashes).first
    return next == nil || next == 0x20 || next == 0x09 || next == 0x0D
  }
}
