/// Headings get their `id` (the same as `Markdown.analyze` reports) and a self-link. The
/// heading is rewritten as a custom block so the generator controls its opening tag.
enum HeadingPass {
  static func run(
    _ headings: [(node: CmarkNode, heading: Heading)], anchorLabel: String = "Link to this section",
    ids: Bool = true
  ) {
    let label = HTML.escape(anchorLabel)
    for (node, heading) in headings {
      let level = min(max(heading.level, 1), 6)
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
