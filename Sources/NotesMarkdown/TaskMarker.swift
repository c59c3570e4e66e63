import CCmark

/// `[ ] ` / `[x] ` at the start of a list item's first paragraph (or heading), or Roam's `{{[[TODO]]}}` /
/// `{{[[DONE]]}}`.
struct TaskMarker {
  /// The text node that starts with the marker.
  var text: CmarkNode
  var isDone: Bool
  /// The node's literal after the marker and the space after it.
  var rest: String

  /// The marker of `item`, if it is a task list item.
  static func find(in item: CmarkNode) -> TaskMarker? {
    // A Logseq heading block can be a task too (`- ## TODO Plan`, read as `[ ] Plan`).
    guard item.type == CMARK_NODE_ITEM, let paragraph = item.firstChild,
      paragraph.isParagraph || paragraph.type == CMARK_NODE_HEADING,
      let text = paragraph.firstChild, text.isText, text.literalContains("]")
    else { return nil }
    let literal = text.literal
    if let (length, isDone) = roamMarker(literal) {
      return TaskMarker(text: text, isDone: isDone, rest: String(literal.utf8.dropFirst(length).drop { $0 == 0x20 })!)
    }
    let utf8 = Array(literal.utf8.prefix(4))
    guard utf8.count >= 3, utf8[0] == UInt8(ascii: "["), utf8[2] == UInt8(ascii: "]") else {
      return nil
    }
    let isDone: Bool
    switch utf8[1] {
    case UInt8(ascii: " "): isDone = false
    case UInt8(ascii: "x"), UInt8(ascii: "X"): isDone = true
    // Obsidian's themes mark other states with punctuation (`[?]`, `[-]`, `[/]`, `[>]`, `[!]`):
    // a checked box, as Obsidian draws it.
    case UInt8(ascii: "?"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "<"),
      UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "\""):
      isDone = true
    default: return nil
    }
    if utf8.count == 3 {
      // `- [ ]` with nothing after it on the line.
      guard text.next == nil || text.next?.type == CMARK_NODE_SOFTBREAK else { return nil }
      return TaskMarker(text: text, isDone: isDone, rest: "")
    }
    guard utf8[3] == UInt8(ascii: " ") || utf8[3] == UInt8(ascii: "\t") else { return nil }
    return TaskMarker(text: text, isDone: isDone, rest: String(literal.dropFirst(4)))
  }

  /// Roam's task marker at the start of `literal`: its length in bytes and whether it is done.
  static func roamMarker(_ literal: String) -> (length: Int, isDone: Bool)? {
    guard literal.utf8.first == UInt8(ascii: "{") else { return nil }
    if literal.hasPrefix("{{[[TODO]]}}") { return (12, false) }
    if literal.hasPrefix("{{[[DONE]]}}") { return (12, true) }
    return nil
  }

  /// Whether `text` starts a list item's first paragraph, where a task marker may be.
  static func startsAnItem(_ text: CmarkNode) -> Bool {
    guard text.previous == nil, let paragraph = text.parent, paragraph.isParagraph || paragraph.type == CMARK_NODE_HEADING,
      paragraph.previous == nil
    else { return false }
    return paragraph.parent?.type == CMARK_NODE_ITEM
  }
}
