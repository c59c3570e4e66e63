import CCmark
import NotesCore

/// Gives each heading of a note an `id` that is unique within the note and keeps Unicode
/// (`## 概要` → `概要`): `Slug.make` of its text, then `-1`, `-2`… for repeats. The ids the
/// page around the note uses (`Markdown.pageIDs`) count as taken: `## Detail` gets `detail-1`.
struct HeadingIDs {
  private var used: Set<String> = Markdown.pageIDs
  /// The last number tried for each base, so 100,000 equal headings stay linear.
  private var lastNumber: [String: Int] = [:]

  mutating func id(for text: String, given: String? = nil) -> String {
    let base = given ?? Slug.make(text)
    var candidate = base
    var n = lastNumber[base] ?? 0
    if n > 0 { candidate = "\(base)-\(n)" }
    defer { lastNumber[base] = n }
    while used.contains(candidate) {
      n += 1
      candidate = "\(base)-\(n)"
    }
    used.insert(candidate)
    return candidate
  }

  /// The headings `nodes` (in document order) with their ids, the one an attribute list
  /// gives a heading (`given`, by body line) before its text's. `analyze` and `render` both
  /// call this on the same prepared tree, so they agree on ids.
  static func headings(_ nodes: [CmarkNode], given: [Int: String] = [:]) -> [(node: CmarkNode, heading: Heading)] {
    var ids = HeadingIDs()
    return nodes.map { node in
      var text = PlainText.of(node)
      // A heading that is a task (a Logseq block, `- ## DONE Plan`): named without its box.
      if let item = node.parent, node.previous == nil, let task = TaskMarker.find(in: item) {
        let marker = task.text.literal.dropLast(task.rest.count)
        if text.hasPrefix(marker) { text = String(text.dropFirst(marker.count).drop { $0 == " " }) }
      }
      let id = ids.id(for: text, given: given.isEmpty ? nil : given[node.startLine])
      return (node, Heading(level: node.headingLevel, text: text, id: id))
    }
  }
}
