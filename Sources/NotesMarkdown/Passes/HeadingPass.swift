import CCmark

/// Headings get their `id` (the same as `Markdown.analyze` reports) and a self-link. The
/// heading is rewritten as a custom block so the generator controls its opening tag.
///
/// Levels are fitted to the page, whose `h1` is the note's title: a note's leading `# Title`
/// stays `h1` (the page drops it), every other heading is at least `h2` and at most one level
/// below the heading before it, so `# Title` followed by `### Details` gives `h2`, not a
/// skipped level that screen-reader users (and axe's heading-order rule) stumble over.
enum HeadingPass {
  static func run(
    _ headings: [(node: CmarkNode, heading: Heading)], anchorLabel: String = "Link to this section",
    ids: Bool = true
  ) {
    let label = HTML.escape(anchorLabel)
    var previous = 1
    for (index, (node, heading)) in headings.enumerated() {
      let written = min(max(heading.level, 1), 6)
      let isTitle =
        index == 0 && written == 1 && node.previous == nil && node.parent?.type == CMARK_NODE_DOCUMENT
      let level = isTitle ? 1 : min(max(written, 2), previous + 1)
      previous = level
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
