import CCmark

/// Headings get their `id` (the same as `Markdown.analyze` reports) and a self-link. The
/// heading is rewritten as a custom block so the generator controls its opening tag.
///
/// Levels are fitted to the page, whose `h1` is the note's title: a note's leading `# Title`
/// stays `h1` (the page drops it); every other heading gets `h2` plus its depth in the note's
/// outline, where a heading is inside the nearest heading before it with a smaller written
/// level. So `# Title` followed by `### Details` gives `h2`, not a skipped level that
/// screen-reader users (and axe's heading-order rule) stumble over, and two sibling
/// `#####` headings under an `#` get the same level (`h3`).
enum HeadingPass {
  static func run(
    _ headings: [(node: CmarkNode, heading: Heading)], anchorLabel: String = "Link to this section",
    ids: Bool = true, titleHeading: Bool = true
  ) {
    let label = HTML.escape(anchorLabel)
    // The open outline: (written level, page level) of each enclosing heading.
    var open: [(written: Int, level: Int)] = []
    for (index, (node, heading)) in headings.enumerated() {
      let written = min(max(heading.level, 1), 6)
      let isTitle =
        titleHeading && index == 0 && written == 1 && node.previous == nil && node.parent?.type == CMARK_NODE_DOCUMENT
      let level: Int
      if isTitle {
        level = 1
      } else {
        while let last = open.last, last.written >= written { open.removeLast() }
        level = min((open.last?.level ?? 1) + 1, 6)
        open.append((written, level))
      }
      let id = HTML.escape(heading.id)
      let anchor =
        ids ? " <a class=\"heading-anchor\" href=\"#\(id)\" aria-label=\"\(label)\">#</a>" : ""
      let line = CmarkNode.lineBlock(
        enter: ids ? "<h\(level) id=\"\(id)\">" : "<h\(level)>", exit: "\(anchor)</h\(level)>")
      node.insertBefore(line.block)
      node.moveChildren(to: line.content)
      node.remove()
    }
  }
}
