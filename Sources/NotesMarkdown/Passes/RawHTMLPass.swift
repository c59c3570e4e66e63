import CCmark
import Foundation

/// Raw HTML written in a note. Dropped by default (not even cmark's
/// `<!-- raw HTML omitted -->`), except a few harmless inline tags (`InlineTag`) written
/// without their attributes; with `unsafe_html` kept, except that URL attributes that would
/// run script are emptied.
enum RawHTMLPass {
  /// Returns, without `unsafe_html`, the allowed inline tags it left in the tree: the caller
  /// hands them to `keepBalanced` once the passes that move inlines between parents are done.
  /// The first HTML it leaves out, other than a comment, is a warning (one per note): the
  /// text of a `<table>` or `<center>` block goes with it, and the writer should know why.
  /// An anchor, `<a name="x"></a>` or `<a id="x"></a>`, is kept as `<span id="x"></span>`
  /// unless `takenIDs` (the page's other ids) or an earlier anchor has its id; without
  /// `anchorIDs` (a note shown inside another, whose ids would repeat) it goes.
  @discardableResult
  static func run(
    _ nodes: [CmarkNode], unsafeHTML: Bool, takenIDs: Set<String> = [], anchorIDs: Bool = true,
    context: inout RenderContext
  ) -> [(node: CmarkNode, tag: InlineTag)] {
    var kept: [(node: CmarkNode, tag: InlineTag)] = []
    var emptied: [CmarkNode] = []
    var warned = false
    var taken = takenIDs
    var anchorEnds = Set<CmarkNode>()
    // Anchors kept, and the paragraphs that held anchors.
    var spans: [CmarkNode: String] = [:]
    var anchored: [CmarkNode] = []
    for node in nodes {
      if !unsafeHTML, anchorEnds.contains(node) {
        node.remove()
        continue
      }
      if !unsafeHTML, let (id, end) = HTMLAnchors.anchor(node) {
        // The anchor's `</a>`, if any, goes with it, and without a warning.
        if let end { anchorEnds.insert(end) }
        if let parent = node.parent, parent.isParagraph { anchored.append(parent) }
        if anchorIDs, taken.insert(id).inserted {
          let span = "<span id=\"\(HTML.escape(id))\"></span>"
          let replacement: CmarkNode = node.type == CMARK_NODE_HTML_BLOCK ? .customBlock(enter: span) : .customInline(enter: span)
          node.replace(with: replacement)
          spans[replacement] = span
        } else {
          node.remove()
        }
        continue
      }
      if unsafeHTML {
        let literal = node.literal
        let at = context.location(of: node)
        var problems: [String] = []
        let cleaned = neutralizingDangerousURLs(in: literal) { name, value in
          // `<img src="pic.png">`, `<a href="Other.md">`: relative to the note, as its
          // Markdown links are (Evernote and pandoc exports are full of them).
          let reference = LinkReference.markdown(
            kind: name == "href" ? .link : .image, destination: value, line: at.line, column: at.column)
          switch context.resolver.resolve(reference) {
          case .page(let url), .file(let url, _), .embed(let url, _, _): return url
          case .unresolved(let message):
            problems.append(message)
            return nil
          case .keep: return nil
          }
        }
        for message in problems { context.warn(message, line: at.line, column: at.column) }
        if cleaned != literal { node.setLiteral(cleaned) }
      } else if node.type == CMARK_NODE_HTML_INLINE, let tag = InlineTag(node) {
        kept.append((node, tag))
      } else if node.type == CMARK_NODE_HTML_BLOCK, let breaks = lineBreaks(node) {
        // `<br>` on a line of its own, which cmark reads as an HTML block.
        node.replace(with: .customBlock(enter: String(repeating: "<br>", count: breaks)))
      } else {
        if !warned, !isComment(node) {
          warned = true
          let at = context.location(of: node)
          context.warn(
            "raw HTML left out of the page; set unsafe_html: true in notes-site.yml to keep it",
            line: at.line, column: at.column)
        }
        if node.type == CMARK_NODE_HTML_INLINE, let parent = node.parent, parent.isParagraph { emptied.append(parent) }
        node.remove()
      }
    }
    // A paragraph that held nothing but dropped HTML would be an empty `<p></p>`; one that
    // holds only anchors (`<a name="top"></a>` on its own line) is the anchors, no paragraph.
    for paragraph in Set(emptied + anchored) {
      let children = Array(paragraph.children)
      if children.contains(where: { spans[$0] != nil }),
        children.allSatisfy({ spans[$0] != nil || $0.isBlankInline })
      {
        paragraph.insertBefore(.customBlock(enter: children.compactMap { spans[$0] }.joined() + "\n"))
        paragraph.remove()
      } else if paragraph.showsNothing {
        paragraph.remove()
      }
    }
    return kept
  }

  /// An HTML comment (`<!-- … -->`), which shows nothing anyway.
  private static func isComment(_ node: CmarkNode) -> Bool {
    guard let c = cmark_node_get_literal(node.pointer) else { return true }
    var p = c
    while p.pointee == 0x20 || p.pointee == 0x09 || p.pointee == 0x0A { p += 1 }
    return strncmp(p, "<!--", 4) == 0
  }

  /// Writes the tags of `run` whose opening and closing tags share a parent and nest, as
  /// `<name>` and `</name>`, and `<br>`; drops the others. A closing tag closes the nearest
  /// open tag of its name; tags opened after that one and still open are dropped, as is a
  /// closing tag with nothing to close, so `<sub><sup></sub></sup>` gives `<sub></sub>`.
  static func keepBalanced(_ tags: [(node: CmarkNode, tag: InlineTag)]) {
    guard !tags.isEmpty else { return }
    var open: [CmarkNode: [(node: CmarkNode, name: String)]] = [:]
    var keep: Set<CmarkNode> = []
    for (node, tag) in tags {
      guard let parent = node.parent else { continue }
      switch tag.kind {
      case .void:
        keep.insert(node)
      case .open:
        open[parent, default: []].append((node, tag.name))
      case .close:
        guard let i = open[parent]?.lastIndex(where: { $0.name == tag.name }) else { continue }
        keep.insert(open[parent]![i].node)
        keep.insert(node)
        open[parent]!.removeSubrange(i...)
      }
    }
    for (node, tag) in tags {
      if keep.contains(node) {
        node.replace(with: .customInline(enter: tag.html))
      } else {
        node.remove()
      }
    }
  }

  /// The number of `<br>` tags in an HTML block that holds nothing else, or nil.
  private static func lineBreaks(_ node: CmarkNode) -> Int? {
    let words = node.literal.split(whereSeparator: \.isWhitespace)
    func isBreak(_ word: Substring) -> Bool {
      String(word).withCString { InlineTag(parsing: $0)?.kind == .void }
    }
    guard !words.isEmpty, words.allSatisfy(isBreak) else { return nil }
    return words.count
  }

  /// Attributes that browsers load or follow as URLs.
  private static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "data", "poster", "background", "cite",
    "xlink:href", "srcdoc", "codebase", "dynsrc", "lowsrc",
  ]

  /// Replaces the value of every URL attribute that is dangerous (after decoding character
  /// references, as a browser would) with an empty one.
  /// `html` with URL attributes that would run script emptied, and each relative `src` or
  /// `href` (no scheme, not `/…`, `#…` or `?…`) replaced by what `relative` makes of it, if
  /// anything.
  static func neutralizingDangerousURLs(
    in html: String, relative: (_ attribute: String, _ value: String) -> String? = { _, _ in nil }
  ) -> String {
    guard html.containsBytes("=") else { return html }
    var out = ""
    var rest = Substring(html)
    // name = "value" | 'value' | value
    let pattern = #/([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+)/#
    while let match = rest.firstMatch(of: pattern) {
      out += rest[..<match.range.lowerBound]
      let name = match.output.1.lowercased()
      var value = match.output.2
      if value.first == "\"" || value.first == "'" { value = value.dropFirst().dropLast() }
      if urlAttributes.contains(name), URLSafety.isDangerous(decodingCharacterReferences(value)) {
        out += "\(match.output.1)=\"\""
      } else if name == "src" || name == "href", let url = relativeURL(value, relative: { relative(name, $0) }) {
        out += "\(match.output.1)=\"\(HTML.escape(url))\""
      } else {
        out += rest[match.range]
      }
      rest = rest[match.range.upperBound...]
    }
    out += rest
    return out
  }

  /// What `relative` makes of an attribute value that is a relative URL (its character
  /// references decoded), else nil.
  private static func relativeURL(_ value: Substring, relative: (String) -> String?) -> String? {
    let url = decodingCharacterReferences(value).trimmingCharacters(in: .whitespaces)
    guard let first = url.first, first != "/", first != "#", first != "?" else { return nil }
    // `a:b` with a colon before any `/` is a scheme (`mailto:`, `data:`): left as it is.
    if let colon = url.firstIndex(of: ":"), !url[..<colon].contains("/") { return nil }
    return relative(url)
  }

  /// Decodes `&#106;`, `&#x6A;` and the named references that can hide a scheme, enough to see
  /// a URL's scheme as the browser will.
  static func decodingCharacterReferences(_ value: Substring) -> String {
    guard value.containsBytes("&") else { return String(value) }
    let named = [
      "colon": ":", "tab": "\t", "newline": "\n", "amp": "&", "lpar": "(", "rpar": ")",
      "sol": "/", "period": ".", "quot": "\"", "apos": "'",
    ]
    var out = ""
    var i = value.startIndex
    while i < value.endIndex {
      if value[i] == "&" {
        var j = value.index(after: i)
        var name = ""
        while j < value.endIndex, value[j].isLetter || value[j].isNumber || value[j] == "#",
          name.count < 32
        {
          name.append(value[j])
          j = value.index(after: j)
        }
        let hasSemicolon = j < value.endIndex && value[j] == ";"
        var decoded: String?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map {
            String($0)
          }
        } else if name.hasPrefix("#") {
          decoded = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map {
            String($0)
          }
        } else {
          decoded = named[name.lowercased()]
        }
        if let decoded {
          out += decoded
          i = hasSemicolon ? value.index(after: j) : j
          continue
        }
      }
      out.append(value[i])
      i = value.index(after: i)
    }
    return out
  }
}

/// A tag kept without `unsafe_html`: attribute-free inline formatting that cannot run script
/// or load anything. Obsidian writes highlights as `<mark class="…">`; the class is dropped
/// with every other attribute.
struct InlineTag {
  enum Kind { case open, close, void }
  static let names: Set<String> = ["mark", "sub", "sup", "kbd", "u", "s", "ins", "del", "small", "br"]

  /// Lower-cased.
  var name: String
  var kind: Kind

  /// The tag as the generator writes it.
  var html: String { kind == .close ? "</\(name)>" : "<\(name)>" }

  /// The tag that raw HTML node `node` is, if it is an allowed one.
  init?(_ node: CmarkNode) {
    guard let c = cmark_node_get_literal(node.pointer) else { return nil }
    self.init(parsing: c)
  }

  /// The name of the tag raw HTML `c` starts with (`<name …>`, `</name>`, `<name/>`; lower
  /// case, at most six letters or digits, else nil) and whether it is a closing tag.
  static func read(_ c: UnsafePointer<CChar>) -> (name: String, closing: Bool)? {
    guard c[0] == 0x3C else { return nil }
    let closing = c[1] == 0x2F
    var i = closing ? 2 : 1
    var name: [UInt8] = []
    while name.count <= 5, isalnum(Int32(UInt8(bitPattern: c[i]))) != 0 {
      name.append(UInt8(bitPattern: c[i]) | 0x20)
      i += 1
    }
    let after = UInt8(bitPattern: c[i])
    guard !name.isEmpty, after == 0x3E || after == 0x2F || isspace(Int32(after)) != 0 else { return nil }
    return (String(decoding: name, as: UTF8.self), closing)
  }

  /// Reads `<name …>`, `</name>` or `<br/>` (cmark has checked the syntax). Only `br` may
  /// close itself; `</br>` is not kept.
  init?(parsing c: UnsafePointer<CChar>) {
    guard let (name, closing) = Self.read(c), Self.names.contains(name) else { return nil }
    self.name = name
    let length = strlen(c)
    let selfClosing = !closing && length >= 2 && c[length - 2] == 0x2F
    switch (self.name == "br", closing, selfClosing) {
    case (true, false, _): kind = .void
    case (false, true, _): kind = .close
    case (false, false, false): kind = .open
    default: return nil
    }
  }
}

/// HTML anchors, `<a name="install"></a>` or `<a id="install"></a>` with nothing inside, as
/// GitHub READMEs mark places for their tables of contents.
enum HTMLAnchors {
  /// The id of the anchor that raw HTML `node` opens, and its `</a>` node after it (nil when
  /// the tag closes itself or the block holds both).
  static func anchor(_ node: CmarkNode) -> (id: String, end: CmarkNode?)? {
    guard let c = cmark_node_get_literal(node.pointer), c[0] == 0x3C, c[1] | 0x20 == UInt8(ascii: "a"),
      c[2] == 0x20 || c[2] == 0x09 || c[2] == 0x0A
    else { return nil }
    var text = Substring(node.literal)
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    guard let tag = HTMLTagLine(text), tag.name.lowercased() == "a",
      let id = tag.attributes["name"] ?? tag.attributes["id"], !id.isEmpty, !id.contains(where: \.isWhitespace),
      !tag.attributes.keys.contains(where: { $0.lowercased() == "href" })
    else { return nil }
    if (tag.selfClosing && tag.rest.isEmpty) || tag.rest.lowercased() == "</a>" { return (id, nil) }
    guard tag.rest.isEmpty, node.type == CMARK_NODE_HTML_INLINE else { return nil }
    // `<a name="x">` then `</a>`, the next node.
    guard let next = node.next, next.type == CMARK_NODE_HTML_INLINE,
      next.literal.lowercased().replacingOccurrences(of: " ", with: "") == "</a>"
    else { return nil }
    return (id, next)
  }

  /// The anchors' ids in the tree under `root`, in document order.
  static func ids(in root: CmarkNode) -> [String] {
    var found: [String] = []
    root.walk { node, entering in
      guard entering, node.type == CMARK_NODE_HTML_INLINE || node.type == CMARK_NODE_HTML_BLOCK,
        let (id, _) = anchor(node)
      else { return }
      found.append(id)
    }
    return found
  }
}
