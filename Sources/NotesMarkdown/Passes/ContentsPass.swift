import CCmark

/// A table of contents where a note asks for one, in a paragraph of its own: `[TOC]`
/// (Typora, Joplin, Python-Markdown), `[[_TOC_]]` (GitLab), `[[toc]]` (markdown-it, VuePress),
/// `${toc}` (Markdown Preview Enhanced), or kramdown's `* TOC` over `{:toc}` (read by
/// `AttributeLists`). It lists the note's headings as nested links, except the title
/// heading and those marked `{: .no_toc}`. Without heading ids (a note embedded in another)
/// or without headings, the marker is simply gone; so is any marker after the first.
enum ContentsPass {
  private static let markers: Set<String> = ["[TOC]", "[toc]", "[[_TOC_]]", "[[toc]]", "[[TOC]]", "${toc}", "${TOC}"]

  /// The top-level marker paragraphs, each replaced by an empty block that `fill` fills.
  static func placeholders(_ root: CmarkNode) -> [CmarkNode] {
    var found: [CmarkNode] = []
    var child = root.firstChild
    while let node = child {
      child = node.next
      guard node.isParagraph, let first = node.firstChild, first.isText,
        let c = cmark_node_get_literal(first.pointer), c[0] == 0x5B || c[0] == 0x24
      else { continue }
      var text = ""
      var part: CmarkNode? = first
      while let piece = part, piece.isText {
        text += piece.literal
        part = piece.next
      }
      // Azure DevOps' table of subpages, which the folder column shows here: gone.
      if part == nil, Substring(text).trimmingSpaces == "[[_TOSP_]]" {
        node.remove()
        continue
      }
      guard part == nil, markers.contains(Substring(text).trimmingSpaces) else { continue }
      let placeholder = CmarkNode.customBlock(enter: "")
      node.insertBefore(placeholder)
      node.remove()
      found.append(placeholder)
    }
    return found
  }

  /// Fills each placeholder with the list of `headings` (before `HeadingPass` renders them),
  /// leaving out those whose body line is in `hidden`.
  static func fill(
    _ placeholders: [CmarkNode], headings: [(node: CmarkNode, heading: Heading)], hidden: Set<Int>,
    label: String, ids: Bool, titleHeading: Bool
  ) {
    guard !placeholders.isEmpty else { return }
    var entries: [Heading] = []
    if ids {
      for (index, (node, heading)) in headings.enumerated() {
        let isTitle =
          titleHeading && index == 0 && heading.level == 1 && node.previous == nil
          && node.parent?.type == CMARK_NODE_DOCUMENT
        guard !isTitle, !hidden.contains(node.startLine), node.parent?.type == CMARK_NODE_DOCUMENT else { continue }
        entries.append(heading)
      }
    }
    guard !entries.isEmpty else {
      for placeholder in placeholders { placeholder.remove() }
      return
    }
    var html = "<nav class=\"toc\" aria-label=\"\(HTML.escape(label))\">\n<ul>\n"
    var levels: [Int] = []
    for heading in entries {
      if let last = levels.last, heading.level > last {
        html += "\n<ul>\n"
        levels.append(heading.level)
      } else if levels.isEmpty {
        levels.append(heading.level)
      } else {
        html += "</li>\n"
        while levels.count > 1, let last = levels.last, heading.level < last {
          levels.removeLast()
          html += "</ul>\n</li>\n"
        }
      }
      html += "<li><a href=\"#\(HTML.escape(heading.id))\">\(HTML.escape(heading.text))</a>"
    }
    html += "</li>\n" + String(repeating: "</ul>\n</li>\n", count: levels.count - 1) + "</ul>\n</nav>\n"
    // One list: a second would be a second landmark of the same name.
    placeholders[0].insertBefore(CmarkNode.customBlock(enter: html))
    for placeholder in placeholders { placeholder.remove() }
  }
}
