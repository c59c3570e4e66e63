import CCmark
import Foundation

/// Raw HTML that a safe page would leave out with what it shows, read for its text, links and
/// images instead, as a safe subset of it:
/// - an `<img>` (Obsidian users size images with it, READMEs centre a logo in
///   `<p align="center">`) is a Markdown image of its `src`, `alt`, `title` and pixel `width`
///   and `height`, so it resolves, is checked and is listed like any other image; its other
///   attributes go;
/// - an HTML block (`<p align="center">A cat clone with <a href="…">wings</a></p>`, a
///   `<table>` laid out as columns) keeps its text as paragraphs, one per block element
///   (`p`, `div`, `h1`…, `li`, a table row), with its links (`<a href>`), images and line
///   breaks (`<br>`); its other tags go, and `script`, `style`, `svg`, `iframe`, media and
///   form elements go with what they hold, as do comments. A block of nothing but tags (a
///   `<div align="center">` around Markdown) simply goes.
/// A `<pre>` block is a code block of its text (see `preformatted`). The other blocks cmark
/// keeps as written (`<script>`, `<style>`, `<textarea>`) are left to `RawHTMLPass`.
enum HTMLImages {
  static func convert(_ root: CmarkNode, source: SourceMap) {
    var found: [CmarkNode] = []
    root.walk { node, entering in
      guard entering, node.type == CMARK_NODE_HTML_INLINE || node.type == CMARK_NODE_HTML_BLOCK else { return }
      if node.type == CMARK_NODE_HTML_INLINE {
        guard let c = cmark_node_get_literal(node.pointer), c[0] == 0x3C,
          c[1] | 0x20 == 0x69 || c[1] | 0x20 == 0x61 || c[1] == 0x42 || c[1] | 0x20 == 0x70
        else { return }
      }
      found.append(node)
    }
    var removed = Set<CmarkNode>()
    for node in found where !removed.contains(node) {
      let at = source.bodyPosition(of: node)
      if node.type == CMARK_NODE_HTML_INLINE {
        guard let tag = HTMLTagLine(node.literal), tag.rest.isEmpty else { continue }
        let name = tag.name.lowercased()
        if name == "p" {
          // `<p/>` inside a line, as a table cell holds a second paragraph: a line break.
          let lineBreak = CmarkNode(cmark_node_new(CMARK_NODE_LINEBREAK)!)
          node.insertBefore(lineBreak)
          node.remove()
        } else if name == "badge", tag.selfClosing,
          let text = tag.attributes.first(where: { $0.key.lowercased() == "text" })?.value, !text.isEmpty
        {
          // VuePress', VitePress' and Starlight's `<Badge text="beta" />`: its text, in a
          // badge. Not the heading's text, whose id those tools make without it
          // (`## Containers <Badge text="new"/>` is `#containers`).
          let badge = CmarkNode.customInline(enter: "<span class=\"badge\">" + HTML.escape(entitiesDecoded(text)) + "</span>")
          source.setOrigin(of: badge, line: at.line, column: at.column)
          node.insertBefore(badge)
          node.remove()
        } else if name == "img", let image = image(tag, source: source) {
          source.setOrigin(of: image, line: at.line, column: at.column)
          node.insertBefore(image)
          node.remove()
        } else if name == "a", let href = tag.attributes.first(where: { $0.key.lowercased() == "href" })?.value,
          !href.trimmingCharacters(in: .whitespaces).isEmpty, let end = closingA(after: node)
        {
          // `<a href="…">text</a>` in a paragraph: a link of what stands between the tags.
          let link = CmarkNode.link(entitiesDecoded(href).trimmingCharacters(in: .whitespaces))
          source.setOrigin(of: link, line: at.line, column: at.column)
          node.insertBefore(link)
          while let inner = node.next, inner != end { link.append(inner) }
          removed.insert(end)
          end.remove()
          node.remove()
        }
      } else {
        convertBlock(node, at: at, source: source)
      }
    }
  }

  /// Elements whose content is never text to show.
  /// Inline formatting kept as it is written (`InlineTag`), but line breaks.
  private static let formatting = InlineTag.names.subtracting(["br"])
  private static let skipped: Set<String> = [
    "script", "style", "noscript", "template", "svg", "math", "iframe", "video", "audio", "object", "embed",
    "canvas", "select", "textarea", "form", "head", "title",
  ]
  /// Elements of `skipped` that show something from elsewhere: a link to it stays.
  private static let media: Set<String> = ["iframe", "video", "audio", "embed", "object"]

  /// The URL a frame or medium shows: its `src` (`data` for an `<object>`), else the `src` of
  /// the first `<source>` it holds.
  private static func mediaSource(_ tag: HTMLTagLine, inner: Substring) -> String? {
    func attribute(_ tag: HTMLTagLine, _ name: String) -> String? {
      tag.attributes.first(where: { $0.key.lowercased() == name }).map { entitiesDecoded($0.value).trimmingCharacters(in: .whitespaces) }
        .flatMap { $0.isEmpty ? nil : $0 }
    }
    if let src = attribute(tag, "src") ?? attribute(tag, "data") { return src }
    var rest = inner
    while let open = rest.range(of: "<source", options: .caseInsensitive) {
      let from = rest[open.lowerBound...]
      if let source = HTMLTagLine(from[..<tagEnd(from)]), let src = attribute(source, "src") { return src }
      rest = rest[open.upperBound...]
    }
    return nil
  }

  /// The last path segment of a URL, percent-escapes decoded: what a link to a file reads.
  private static func fileName(_ url: String) -> String {
    let path = url.split(separator: "?").first.map(String.init) ?? url
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.removingPercentEncoding ?? last
  }

  /// Elements that start a new paragraph.
  private static let blocks: Set<String> = [
    "p", "div", "center", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "table", "tr", "thead", "tbody",
    "tfoot", "caption", "blockquote", "dl", "dt", "dd", "hr", "section", "header", "footer", "figure", "figcaption",
    "article", "nav", "aside", "main", "address", "details", "summary", "picture", "body", "html",
  ]

  /// An HTML block as Markdown paragraphs in its place, or removed when it shows nothing.
  private static func convertBlock(_ node: CmarkNode, at: (line: Int, column: Int), source: SourceMap) {
    let html = node.literal
    let start = html.drop { $0.isWhitespace }.prefix(9).lowercased()
    if start.hasPrefix("<pre"), let code = preformatted(html) {
      node.insertBefore(code)
      node.remove()
      return
    }
    if ["<pre", "<script", "<style", "<textarea"].contains(where: { start.hasPrefix($0) }) { return }
    // `<br>` on lines of their own: line breaks, which `RawHTMLPass` writes.
    if html.split(whereSeparator: \.isWhitespace).allSatisfy({ $0.lowercased().hasPrefix("<br") }) { return }
    var markdown = ""
    // Where each link and image of `markdown` stands in the note, in order.
    var places: [(line: Int, column: Int)] = []
    var sizes: [Int: (Int, Int?)] = [:]
    var linkEnds: [String?] = []
    var text = Substring(html)
    var pendingSpace = false
    // Tags come in order: lines are counted from where the last place was asked.
    var counted = html.startIndex
    var lines = 0
    var lineStart = html.startIndex
    func place(of index: Substring.Index) -> (line: Int, column: Int) {
      for i in html[counted..<index].indices where html[i] == "\n" {
        lines += 1
        lineStart = html.index(after: i)
      }
      counted = index
      let column = html[lineStart..<index].utf8.count + (lines == 0 ? at.column : 1)
      return (at.line + lines, column)
    }
    // Where the backslash of the last `<br>`'s hard line break ends, in UTF-8 bytes.
    var hardBreakEnd = -1
    func paragraphBreak() {
      while let end = linkEnds.popLast() { markdown += end ?? "" }
      // A line break that ends its paragraph breaks nothing (and Markdown would show its
      // backslash): `Hello<br>` before `</div>`.
      var trimmed = markdown
      while let last = trimmed.last, last == "\n" || last == " " || last == "\t" { trimmed.removeLast() }
      if trimmed.utf8.count == hardBreakEnd {
        trimmed.removeLast()
        markdown = trimmed
      }
      if !markdown.isEmpty, !markdown.hasSuffix("\n\n") { markdown += "\n\n" }
      pendingSpace = false
    }
    while !text.isEmpty {
      if text.hasPrefix("<!--") {
        text = text.range(of: "-->").map { text[$0.upperBound...] } ?? ""
        continue
      }
      if text.first == "<", let next = text.dropFirst().first, next.isLetter || next == "/" {
        let end = Self.tagEnd(text)
        let tagText = text[..<end]
        let tagStart = text.startIndex
        text = text[end...]
        if next == "/" {
          let name = tagText.dropFirst(2).prefix { $0.isLetter || $0.isNumber }.lowercased()
          if name == "a", !linkEnds.isEmpty {
            markdown += linkEnds.removeLast() ?? ""
          } else if Self.formatting.contains(name) {
            markdown += "</\(name)>"
          } else if blocks.contains(name) {
            paragraphBreak()
          } else if name == "td" || name == "th" {
            pendingSpace = true
          }
          continue
        }
        guard let tag = HTMLTagLine(tagText) else { continue }
        let name = tag.name.lowercased()
        if skipped.contains(name) {
          // What it holds goes with it, up to its closing tag; a frame or a medium is a link
          // to what it would show (its `src`, or its first `<source>`'s).
          var inner: Substring = ""
          if !tag.selfClosing, let close = text.range(of: "</" + name, options: .caseInsensitive) {
            inner = text[..<close.lowerBound]
            text = text[close.upperBound...]
            text = text.firstIndex(of: ">").map { text[text.index(after: $0)...] } ?? ""
          }
          if media.contains(name), let src = Self.mediaSource(tag, inner: inner) {
            if !markdown.isEmpty, !markdown.hasSuffix("\n") { markdown += " " }
            pendingSpace = false
            let label = tag.attributes["title"].map(entitiesDecoded) ?? Self.fileName(src)
            places.append(place(of: tagStart))
            markdown += "[\(escaped(label))](\(src.markdownDestination))"
          }
          continue
        }
        if name == "pre", let close = text.range(of: "</pre", options: .caseInsensitive),
          let code = preformatted(String(html[tagStart..<close.upperBound]) + ">")
        {
          // A `<pre>` after other elements of the block (a LeetCode statement's examples):
          // its lines as a fenced code block.
          paragraphBreak()
          let (literal, info) = (code.literal, code.fenceInfo)
          code.remove()
          var longest = 0
          var run = 0
          for c in literal.utf8 {
            run = c == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
          }
          let fence = String(repeating: "`", count: max(3, longest + 1))
          markdown += fence + info + "\n" + literal + fence + "\n\n"
          text = text[close.upperBound...]
          text = text.firstIndex(of: ">").map { text[text.index(after: $0)...] } ?? ""
          continue
        }
        if Self.formatting.contains(name) {
          // Formatting a page keeps without `unsafe_html` (`10<sup>9</sup>`), for `RawHTMLPass`.
          if pendingSpace, !markdown.isEmpty, !markdown.hasSuffix("\n") { markdown += " " }
          pendingSpace = false
          markdown += "<\(name)>"
          continue
        }
        if blocks.contains(name) {
          paragraphBreak()
          // A heading stays one (`<h1 align="center">Project</h1>`, a README's title), but
          // not one that holds an image (a README's logo in its `<h1>`), which stays shown.
          if name.count == 2, name.first == "h", let level = name.last?.wholeNumberValue, (1...6).contains(level) {
            let inside = text.range(of: "</" + name, options: .caseInsensitive).map { text[..<$0.lowerBound] } ?? text
            if inside.range(of: "<img", options: .caseInsensitive) == nil {
              markdown += String(repeating: "#", count: level) + " "
            }
          }
        } else if name == "br" {
          if !markdown.isEmpty, !markdown.hasSuffix("\n") {
            markdown += "\\"
            hardBreakEnd = markdown.utf8.count
            markdown += "\n"
          }
          pendingSpace = false
        } else if name == "td" || name == "th" {
          pendingSpace = true
        } else if name == "img", let (alt, src, title, size) = imageParts(tag) {
          if pendingSpace, !markdown.isEmpty, !markdown.hasSuffix("\n") { markdown += " " }
          pendingSpace = false
          if let size { sizes[places.count] = size }
          places.append(place(of: tagStart))
          markdown += "![\(escaped(alt))](\(src.markdownDestination)\(title.map { " \"\(escaped($0))\"" } ?? ""))"
        } else if name == "a" {
          // A link of its `href`; an anchor (`name`, `id`) or a link without one adds nothing.
          if let href = tag.attributes.first(where: { $0.key.lowercased() == "href" })?.value.trimmingCharacters(
            in: .whitespaces), !href.isEmpty
          {
            // A link inside a link closes it first, as a browser reads it.
            while let end = linkEnds.popLast() { markdown += end ?? "" }
            if pendingSpace, !markdown.isEmpty, !markdown.hasSuffix("\n") { markdown += " " }
            pendingSpace = false
            places.append(place(of: tagStart))
            markdown += "["
            linkEnds.append("](\(entitiesDecoded(href).markdownDestination))")
          } else {
            linkEnds.append(nil)
          }
        }
        continue
      }
      // Text up to the next tag, its runs of white space one space, as a browser shows it.
      let upTo = text.dropFirst().firstIndex(of: "<") ?? text.endIndex
      let run = text[..<upTo]
      text = text[upTo...]
      var words = ""
      var space = false
      for character in run {
        if character.isWhitespace {
          space = true
          continue
        }
        if space || pendingSpace, !words.isEmpty || (!markdown.isEmpty && !markdown.hasSuffix("\n")) { words.append(" ") }
        space = false
        pendingSpace = false
        words.append(character)
      }
      if space { pendingSpace = true }
      markdown += escaped(words, keepingEntities: true)
    }
    paragraphBreak()
    guard !markdown.allSatisfy(\.isWhitespace) else {
      node.remove()
      return
    }
    let document = markdown.withCString { CmarkDocument.parse($0, length: strlen($0)) }
    defer { document.remove() }
    var index = 0
    document.walk { inner, entering in
      guard entering, inner.type == CMARK_NODE_LINK || inner.type == CMARK_NODE_IMAGE, index < places.count else { return }
      source.setOrigin(of: inner, line: places[index].line, column: places[index].column)
      if let size = sizes[index] { source.imageSizes[inner] = size }
      index += 1
    }
    while let block = document.firstChild {
      if block.isParagraph {
        // Text nodes are placed at the block's start, for what reports a text's place.
        block.walk { inner, entering in
          if entering, inner.isText { source.setOrigin(of: inner, line: at.line, column: at.column) }
        }
      }
      node.insertBefore(block)
    }
    node.remove()
  }

  /// The `</a>` among the siblings after `open`, before any other `<a`: nil when the link
  /// is not closed where it opens.
  private static func closingA(after open: CmarkNode) -> CmarkNode? {
    var node = open.next
    while let current = node {
      if current.type == CMARK_NODE_HTML_INLINE {
        let literal = current.literal.lowercased()
        if literal.hasPrefix("</a") { return current }
        if literal.hasPrefix("<a") { return nil }
      } else if current.type == CMARK_NODE_LINK {
        return nil
      }
      node = current.next
    }
    return nil
  }

  /// Whether raw HTML shows nothing of its own: only tags and comments, no text and no media.
  static func isBare(_ html: String) -> Bool {
    var text = Substring(html)
    while let open = text.firstIndex(of: "<") {
      guard text[..<open].allSatisfy(\.isWhitespace) else { return false }
      let rest = text[open...]
      if rest.hasPrefix("<!--") {
        text = rest.range(of: "-->").map { rest[$0.upperBound...] } ?? ""
        continue
      }
      let name = rest.dropFirst().prefix { $0.isLetter }.lowercased()
      if name == "img" || skipped.contains(name) { return false }
      text = rest[tagEnd(rest)...]
    }
    return text.allSatisfy(\.isWhitespace)
  }

  /// Where the tag at the start of `text` ends (after its `>`, quotes respected).
  private static func tagEnd(_ text: Substring) -> Substring.Index {
    var quote: Character?
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == "\"" || c == "'" {
        quote = c
      } else if c == ">" {
        return text.index(after: index)
      }
      index = text.index(after: index)
    }
    return text.endIndex
  }

  /// `text` with Markdown's punctuation escaped, so HTML text reads as written; with
  /// `keepingEntities`, `&` (and `#` after it) stay, so `&amp;` and `&#169;` are read as the
  /// characters they name.
  private static func escaped(_ text: String, keepingEntities: Bool = false) -> String {
    var out = ""
    var afterAmpersand = false
    for character in text {
      if character.isASCII, character.isPunctuation || character.isSymbol {
        let keep = keepingEntities && (character == "&" || character == ";" || (character == "#" && afterAmpersand))
        if !keep { out.append("\\") }
      }
      out.append(character)
      afterAmpersand = character == "&"
    }
    return out
  }

  /// A `<pre>` block (a terminal transcript in a README or docs page, `<pre lang="console">
  /// <code>$ <b>ls</b>…</code></pre>`) as a code block of its text: tags go, character
  /// references are read, the language comes from `lang` or a `language-…` class.
  static func preformatted(_ html: String) -> CmarkNode? {
    guard let open = html.range(of: "<pre", options: .caseInsensitive),
      let openEnd = html[open.upperBound...].firstIndex(of: ">")
    else { return nil }
    let close = html.range(of: "</pre>", options: [.caseInsensitive, .backwards])?.lowerBound ?? html.endIndex
    guard openEnd < close else { return nil }
    var language = ""
    var text = ""
    var rest = html[html.index(after: openEnd)..<close]
    func languageIn(_ tag: Substring) {
      guard language.isEmpty, let parsed = HTMLTagLine(String(tag)) else { return }
      for (key, value) in parsed.attributes {
        switch key.lowercased() {
        case "lang", "data-lang": language = value
        case "class":
          if let name = value.split(separator: " ").first(where: { $0.hasPrefix("language-") || $0.hasPrefix("lang-") }) {
            language = String(name.drop { $0 != "-" }.dropFirst())
          }
        default: break
        }
      }
    }
    languageIn(html[open.lowerBound...openEnd])
    while let lt = rest.firstIndex(of: "<") {
      text += rest[..<lt]
      guard let gt = rest[lt...].firstIndex(of: ">") else {
        rest = rest[lt...]
        break
      }
      let tag = rest[lt...gt]
      if tag.lowercased().hasPrefix("<code") { languageIn(tag) }
      if tag.lowercased().hasPrefix("<br") { text += "\n" }
      rest = rest[rest.index(after: gt)...]
    }
    text += rest
    text = entitiesDecoded(text)
    // The line break right after `<pre>` is not content (HTML drops it); a last one is added.
    if text.hasPrefix("\r\n") { text.removeFirst() } else if text.hasPrefix("\n") { text.removeFirst() }
    if !text.hasSuffix("\n") { text += "\n" }
    let code = CmarkNode(cmark_node_new(CMARK_NODE_CODE_BLOCK)!)
    code.setLiteral(text)
    let info = language.filter { !$0.isWhitespace && $0 != "`" }
    if !info.isEmpty { cmark_node_set_fence_info(code.pointer, info) }
    return code
  }

  /// `text` with its character references read: the named ones HTML text commonly holds and
  /// numeric ones.
  static func entitiesDecoded(_ text: String) -> String {
    guard text.contains("&") else { return text }
    let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "#39": "'"]
    var out = ""
    var rest = text[...]
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      if let semi = after.prefix(10).firstIndex(of: ";") {
        let name = after[..<semi]
        var replacement: String?
        if let value = named[String(name)] {
          replacement = value
        } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let n = UInt32(name.dropFirst(2), radix: 16), let u = Unicode.Scalar(n) {
          replacement = String(Character(u))
        } else if name.hasPrefix("#"), let n = UInt32(name.dropFirst()), let u = Unicode.Scalar(n) {
          replacement = String(Character(u))
        }
        if let replacement {
          out += replacement
          rest = after[after.index(after: semi)...]
          continue
        }
      }
      out += "&"
      rest = after
    }
    return out + rest
  }



  /// An `<img>` tag's alt text, `src`, title and pixel size, if it has a `src`.
  private static func imageParts(_ tag: HTMLTagLine) -> (alt: String, src: String, title: String?, size: (Int, Int?)?)? {
    func attribute(_ name: String) -> String? {
      tag.attributes.first(where: { $0.key.lowercased() == name }).map { entitiesDecoded($0.value) }
    }
    // Spaces around a URL mean nothing to a browser (and pad a Liquid tag's place).
    guard let src = attribute("src")?.trimmingCharacters(in: .whitespacesAndNewlines), !src.isEmpty else { return nil }
    func pixels(_ value: String?) -> Int? {
      guard var value else { return nil }
      if value.lowercased().hasSuffix("px") { value.removeLast(2) }
      return value.count <= 5 ? Int(value).flatMap { $0 > 0 ? $0 : nil } : nil
    }
    let width = pixels(attribute("width"))
    return (attribute("alt") ?? "", src, attribute("title"), width.map { ($0, pixels(attribute("height"))) })
  }

  /// The Markdown image an `<img>` tag stands for.
  private static func image(_ tag: HTMLTagLine, source: SourceMap) -> CmarkNode? {
    guard let (alt, src, title, size) = imageParts(tag) else { return nil }
    let image = CmarkNode(cmark_node_new(CMARK_NODE_IMAGE)!)
    image.setURL(src)
    if let title { cmark_node_set_title(image.pointer, title) }
    if !alt.isEmpty { image.append(.text(alt)) }
    if let size { source.imageSizes[image] = size }
    return image
  }
}
