import CCmark

/// Obsidian comments: what `%%…%%` encloses is not published, whether it sits inside a line
/// or spans lines and blocks; an unclosed `%%` hides the rest of the note, as Obsidian does.
/// Delimiters are looked for in text nodes only, so `%%` in code stays literal. The pass runs
/// before every other, so nothing in a comment becomes a link, tag, heading or search text.
enum CommentPass {
  /// `texts`: the text nodes of the tree whose literal holds `%%`, in document order.
  static func run(_ root: CmarkNode, texts: [CmarkNode], source: SourceMap) {
    guard !texts.isEmpty else { return }
    let delimited = Set(texts)
    // The containers that hold a delimiter: entered, never removed whole.
    var holders = Set<CmarkNode>()
    for text in texts {
      var node = text.parent
      while let n = node, holders.insert(n).inserted { node = n.parent }
    }
    var inComment = false
    // Depth-first with an explicit stack (deeply nested input must not overflow the stack);
    // each frame holds its container's children as they were when it was entered.
    var stack: [(node: CmarkNode, children: [CmarkNode], next: Int)] = [(root, root.children, 0)]
    while let top = stack.indices.last {
      guard stack[top].next < stack[top].children.count else {
        let done = stack.removeLast().node
        if done != root, done.isParagraph, done.showsNothing { done.remove() }
        continue
      }
      let child = stack[top].children[stack[top].next]
      stack[top].next += 1
      if delimited.contains(child) {
        inComment = split(child, inComment: inComment, source: source)
      } else if holders.contains(child) {
        stack.append((child, child.children, 0))
      } else if inComment {
        child.remove()
      }
    }
  }

  /// Replaces the text node `text` by the parts of it outside comments; returns whether the
  /// text ends inside a comment.
  private static func split(_ text: CmarkNode, inComment: Bool, source: SourceMap) -> Bool {
    let bytes = Array(text.literal.utf8)
    let percent = UInt8(ascii: "%")
    var kept: [Range<Int>] = []
    var inside = inComment
    var start = 0
    var i = 0
    while i + 1 < bytes.count {
      guard bytes[i] == percent, bytes[i + 1] == percent else {
        i += 1
        continue
      }
      if !inside, i > start { kept.append(start..<i) }
      inside.toggle()
      i += 2
      start = i
    }
    if !inside, start < bytes.count { kept.append(start..<bytes.count) }
    for range in kept { text.insertBefore(source.text(bytes[range], of: text, at: range.lowerBound)) }
    source.forget(text)
    text.remove()
    return inside
  }
}
