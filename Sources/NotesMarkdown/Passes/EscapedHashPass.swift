import CCmark

/// `\#word` is the text `#word`, never a tag, and `\[\[Name]]` the text `[[Name]]`, never a
/// wiki link, as in CommonMark and Obsidian. cmark drops the
/// backslash and merges the `#` into the text around it, where the tag passes would find it:
/// so each text node that came from an escaped `#` followed by a tag character is split after
/// that `#`, with an empty inline between the halves, which renders as nothing. The passes
/// look for tags within one text node, so none sees the `#` and the word as one.
enum EscapedHashPass {
  static func run(_ root: CmarkNode, source: SourceMap) {
    let hashes = source.contains(UInt8(ascii: "\\"), UInt8(ascii: "#"))
    let brackets = source.contains(UInt8(ascii: "\\"), UInt8(ascii: "["))
    guard hashes || brackets else { return }
    var texts: [CmarkNode] = []
    root.walk { node, entering in
      if entering, node.isText, (hashes && node.literalContains("#")) || (brackets && node.literalContains("[[")) {
        texts.append(node)
      }
    }
    for node in texts { split(node, source: source) }
  }

  /// Splits `node` after each escaped `#` that a tag character follows; leaves it as it is
  /// when its text cannot be matched byte for byte with its source line (an entity, or a node
  /// a pass made elsewhere).
  private static func split(_ node: CmarkNode, source: SourceMap) {
    let at = source.bodyPosition(of: node)
    let line = source.line(at.line)
    let start = line.startIndex + at.column - 1
    guard at.column >= 1, start <= line.endIndex else { return }
    let literal = Array(node.literal.utf8)
    // Literal offsets after an escaped `#`, with the source offsets (from `start`) they stand at.
    var cuts: [(literal: Int, source: Int)] = []
    var i = 0
    var j = start
    while i < literal.count {
      guard j < line.endIndex else { return }
      if line[j] == UInt8(ascii: "\\"), j + 1 < line.endIndex, line[j + 1] == literal[i], isASCIIPunctuation(literal[i]) {
        if literal[i] == UInt8(ascii: "#"), i + 1 < literal.count, startsTag(literal[(i + 1)...]) {
          cuts.append((i + 1, j + 2 - start))
        }
        // `\[\[Name]]`: the text `[[Name]]`, no wiki link (the passes look for `[[` in one node).
        if literal[i] == UInt8(ascii: "["), i + 1 < literal.count, literal[i + 1] == UInt8(ascii: "[") {
          cuts.append((i + 1, j + 2 - start))
        }
        i += 1
        j += 2
      } else if line[j] == literal[i] {
        i += 1
        j += 1
      } else {
        return
      }
    }
    guard !cuts.isEmpty else { return }
    var pieces: [(bytes: ArraySlice<UInt8>, offset: Int)] = []
    var from = (literal: 0, source: 0)
    for cut in cuts {
      pieces.append((literal[from.literal..<cut.literal], from.source))
      from = cut
    }
    pieces.append((literal[from.literal...], from.source))
    for (n, piece) in pieces.enumerated() {
      if n > 0 { node.insertBefore(.customInline(enter: "")) }
      node.insertBefore(source.text(piece.bytes, of: node, at: piece.offset))
    }
    source.forget(node)
    node.remove()
  }

  /// Whether the text after a `#` would make it a tag: a tag character, or `[` (`#[[Two words]]`).
  private static func startsTag(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first else { return false }
    if first == UInt8(ascii: "[") { return true }
    guard let scalar = String(decoding: bytes.prefix(4), as: UTF8.self).unicodeScalars.first else { return false }
    return TagSyntax.isTagScalar(scalar)
  }

  /// The characters a backslash escapes in CommonMark.
  private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }
}
