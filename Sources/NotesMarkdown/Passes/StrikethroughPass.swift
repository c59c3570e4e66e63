import CCmark

/// `~~text~~` becomes `<del>text</del>`, and with `marker` `=` and `tag` `mark`, Obsidian's
/// `==text==` becomes `<mark>text</mark>`. Delimiters are runs of exactly two markers in text
/// nodes (code is never a text node, so code stays literal); an opener must be followed and a
/// closer preceded by a non-space, and both must have the same parent, so `~~` pairs across
/// emphasis (`~~a *b* c~~`) but never through it.
enum StrikethroughPass {
  private struct Delimiter {
    var offset: Int
    var canOpen: Bool
    var canClose: Bool
    var isOpener = false
    var isCloser = false
  }

  /// `texts`: text nodes whose literal contains `~~`, in document order.
  static func run(_ texts: [CmarkNode], source: SourceMap, marker: UInt8 = UInt8(ascii: "~"), tag: String = "del") {
    guard !texts.isEmpty else { return }
    var groups: [CmarkNode: [CmarkNode]] = [:]
    var parents: [CmarkNode] = []
    for text in texts {
      guard let parent = text.parent else { continue }
      if groups[parent] == nil { parents.append(parent) }
      groups[parent, default: []].append(text)
    }
    for parent in parents { rewrite(parent, texts: Set(groups[parent]!), source: source, marker: marker, tag: tag) }
  }

  private static func rewrite(
    _ parent: CmarkNode, texts: Set<CmarkNode>, source: SourceMap, marker: UInt8, tag: String
  ) {
    let children = parent.children
    // Delimiters of each text child, then pairing with a stack of openers.
    var delimiters: [[Delimiter]] = Array(repeating: [], count: children.count)
    var openers: [(child: Int, index: Int)] = []
    var paired = false
    for (c, child) in children.enumerated() where texts.contains(child) {
      delimiters[c] = find(in: Array(child.literal.utf8), marker: marker, before: child.previous, after: child.next)
      for d in delimiters[c].indices {
        let delimiter = delimiters[c][d]
        if delimiter.canClose, let opener = openers.popLast() {
          delimiters[opener.child][opener.index].isOpener = true
          delimiters[c][d].isCloser = true
          paired = true
        } else if delimiter.canOpen {
          openers.append((c, d))
        }
      }
    }
    guard paired else { return }

    // Rebuild the children in order, opening a `<del>` at each opener.
    var stack = [parent]
    for (c, child) in children.enumerated() {
      let used = delimiters[c].filter { $0.isOpener || $0.isCloser }
      if used.isEmpty {
        stack.last!.append(child)
        continue
      }
      let literal = Array(child.literal.utf8)
      var position = 0
      func emit(upTo end: Int) {
        guard end > position else { return }
        stack.last!.append(source.text(literal[position..<end], of: child, at: position))
      }
      for delimiter in used {
        emit(upTo: delimiter.offset)
        if delimiter.isOpener {
          let del = CmarkNode.customInline(enter: "<\(tag)>", exit: "</\(tag)>")
          stack.last!.append(del)
          stack.append(del)
        } else if stack.count > 1 {
          stack.removeLast()
        }
        position = delimiter.offset + 2
      }
      emit(upTo: literal.count)
      source.forget(child)
      child.remove()
    }
  }

  /// Runs of exactly two `~` in `bytes`. Outside the literal, a neighbouring inline counts as
  /// a non-space and a line break or the container's edge as a space.
  private static func find(in bytes: [UInt8], marker tilde: UInt8, before: CmarkNode?, after: CmarkNode?)
    -> [Delimiter]
  {
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    var result: [Delimiter] = []
    bytes.forEachRun(of: tilde) { run in
      guard run.count == 2 else { return }
      let (i, end) = (run.lowerBound, run.upperBound)
      let spaceBefore =
        i > 0 ? isSpace(bytes[i - 1]) : (before == nil || before!.isLineBreak)
      let spaceAfter =
        end < bytes.count ? isSpace(bytes[end]) : (after == nil || after!.isLineBreak)
      result.append(Delimiter(offset: i, canOpen: !spaceAfter, canClose: !spaceBefore))
    }
    return result
  }
}
