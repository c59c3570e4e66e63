import CCmark
import Foundation

/// Images written as HTML, `<img src="pic.png" width="300">`, which Obsidian users write to
/// size an image and GitHub READMEs to centre a logo (`<p align="center"><img …></p>`). On a
/// safe page the raw HTML would go, and the image with it: each becomes a Markdown image of
/// its `src`, `alt`, `title` and pixel `width` and `height` (as `![alt|300x200](src)`), so it
/// resolves, is checked and is listed like any other image. Other attributes go. An HTML block
/// that holds nothing but tags and images becomes a paragraph of its images; one with text
/// keeps its place (and is left out, with its warning) after a paragraph of its images.
enum HTMLImages {
  static func convert(_ root: CmarkNode, source: SourceMap) {
    var found: [CmarkNode] = []
    root.walk { node, entering in
      guard entering, node.type == CMARK_NODE_HTML_INLINE || node.type == CMARK_NODE_HTML_BLOCK,
        let c = cmark_node_get_literal(node.pointer), strstr(c, "<img") != nil || strstr(c, "<IMG") != nil
      else { return }
      found.append(node)
    }
    for node in found {
      let at = source.bodyPosition(of: node)
      if node.type == CMARK_NODE_HTML_INLINE {
        guard let tag = HTMLTagLine(node.literal), tag.name.lowercased() == "img", tag.rest.isEmpty,
          let image = image(tag, line: at.line, column: at.column, source: source)
        else { continue }
        node.insertBefore(image)
        node.remove()
        continue
      }
      // A block: its `<img …>` tags, and whether anything but tags and spaces is left.
      var text = Substring(node.literal)
      var images: [CmarkNode] = []
      var hasText = false
      while let open = text.firstIndex(of: "<") {
        if !text[..<open].allSatisfy(\.isWhitespace) { hasText = true }
        let rest = text[open...]
        guard let close = rest.firstIndex(of: ">") else {
          hasText = true
          break
        }
        let tagText = rest[...close]
        if let tag = HTMLTagLine(tagText), tag.name.lowercased() == "img",
          let image = image(tag, line: at.line, column: at.column, source: source)
        {
          images.append(image)
        }
        text = rest[rest.index(after: close)...]
      }
      if !text.allSatisfy(\.isWhitespace) { hasText = true }
      guard !images.isEmpty else { continue }
      let paragraph = CmarkNode.paragraph()
      for (i, image) in images.enumerated() {
        if i > 0 { paragraph.append(.text(" ")) }
        paragraph.append(image)
      }
      node.insertBefore(paragraph)
      if !hasText { node.remove() }
    }
  }

  /// The Markdown image an `<img>` tag stands for, placed at `line`:`column` for diagnostics.
  private static func image(_ tag: HTMLTagLine, line: Int, column: Int, source: SourceMap) -> CmarkNode? {
    func attribute(_ name: String) -> String? {
      guard let value = tag.attributes.first(where: { $0.key.lowercased() == name })?.value else { return nil }
      guard value.contains("&") else { return value }
      // The character references URLs and alt texts hold (`&amp;` between query parameters).
      return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
    }
    // Spaces around a URL mean nothing to a browser (and pad a Liquid tag's place).
    guard let src = attribute("src")?.trimmingCharacters(in: .whitespacesAndNewlines), !src.isEmpty else { return nil }
    func pixels(_ value: String?) -> String? {
      guard var value else { return nil }
      if value.lowercased().hasSuffix("px") { value.removeLast(2) }
      return !value.isEmpty && value.count <= 5 && value.allSatisfy(\.isASCIINumber) ? value : nil
    }
    var alt = attribute("alt") ?? ""
    if let width = pixels(attribute("width")) {
      alt += "|" + width + (pixels(attribute("height")).map { "x" + $0 } ?? "")
    }
    let image = CmarkNode(cmark_node_new(CMARK_NODE_IMAGE)!)
    image.setURL(src)
    if let title = attribute("title") { cmark_node_set_title(image.pointer, title) }
    if !alt.isEmpty { image.append(.text(alt)) }
    source.setOrigin(of: image, line: line, column: column)
    return image
  }
}

extension Character {
  fileprivate var isASCIINumber: Bool { isASCII && isNumber }
}
