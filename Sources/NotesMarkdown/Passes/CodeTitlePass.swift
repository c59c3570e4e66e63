import CCmark
import Foundation

/// A code block's title as Quartz and many docs tools write it, ` ```ts title="quartz/path.ts" `
/// (also `title='…'` or `title=word`): the block goes into a `<figure class="code-block">`
/// whose `<figcaption>` is the title. The language stays cmark's `language-ts` class.
enum CodeTitlePass {
  /// `blocks`: code blocks whose info string contains `title=`.
  static func run(_ blocks: [CmarkNode]) {
    for block in blocks {
      guard let title = title(in: block.fenceInfo) else { continue }
      let figure = CmarkNode.customBlock(
        enter: "<figure class=\"code-block\">\n<figcaption>\(HTML.escape(title))</figcaption>\n",
        exit: "</figure>\n")
      block.insertBefore(figure)
      figure.append(block)
    }
  }

  /// The value of `title=` in an info string, quoted with `"` or `'`, or up to the next space.
  static func title(in info: String) -> String? {
    var rest = info[...]
    while let range = rest.range(of: "title=") {
      let before = rest[..<range.lowerBound].last
      rest = rest[range.upperBound...]
      guard before == nil || before!.isWhitespace else { continue }
      let value: Substring
      if let quote = rest.first, quote == "\"" || quote == "'" {
        let body = rest.dropFirst()
        value = body.prefix { $0 != quote }
      } else {
        value = rest.prefix { !$0.isWhitespace }
      }
      let title = value.trimmingCharacters(in: .whitespaces)
      return title.isEmpty ? nil : title
    }
    return nil
  }
}
