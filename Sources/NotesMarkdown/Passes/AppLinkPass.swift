import CCmark
import Foundation

/// Links that only a notes app can open, written into its Markdown export: Bear's
/// `bear://x-callback-url/open-note?id=…&title=Trip%20Plan`. They name another note of the
/// export, by its `title` parameter or else by the link's text, and become a wiki link to it,
/// `[[Trip Plan|text]]`: resolved (or reported) like any link between notes.
enum AppLinkPass {
  static func run(_ root: CmarkNode, source: SourceMap) {
    guard source.contains("bear://") else { return }
    var links: [CmarkNode] = []
    root.walk { node, entering in
      if entering, node.type == CMARK_NODE_LINK, node.url.lowercased().hasPrefix("bear://x-callback-url/open-note") {
        links.append(node)
      }
    }
    for link in links {
      let url = link.url
      let text = link.firstChild.map { $0.isText && $0.next == nil ? $0.literal : "" } ?? ""
      let title = URLComponents(string: url)?.queryItems?.first { $0.name == "title" }?.value
      guard let name = (title?.isEmpty == false ? title : nil) ?? (text.isEmpty ? nil : text),
        !name.contains("["), !name.contains("]"), !name.contains("|")
      else { continue }
      let label = text.isEmpty || text == name || text.contains("]") || text.contains("|") ? "" : "|" + text
      let wiki = CmarkNode.text("[[" + name + label + "]]")
      let at = source.bodyPosition(of: link)
      source.setOrigin(of: wiki, line: at.line, column: at.column)
      link.insertBefore(wiki)
      source.forget(link)
      link.remove()
    }
  }
}
