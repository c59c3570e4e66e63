import CCmark
import Foundation

/// A node of a cmark tree, borrowed from the document that `CmarkDocument.withParsed` keeps
/// alive. It is a plain pointer: never store one beyond that closure, and never let one leave
/// this module.
struct CmarkNode: Hashable {
  let pointer: OpaquePointer

  init(_ pointer: OpaquePointer) { self.pointer = pointer }

  init?(_ pointer: OpaquePointer?) {
    guard let pointer else { return nil }
    self.pointer = pointer
  }

  // MARK: Reading

  var type: cmark_node_type { cmark_node_get_type(pointer) }

  /// The text of a text, code, HTML or code block node; empty for other nodes.
  var literal: String {
    guard let c = cmark_node_get_literal(pointer) else { return "" }
    return String(cString: c)
  }

  /// True when the literal contains `needle`, checked on the C string so that the common
  /// case (no match) costs no Swift string.
  func literalContains(_ needle: String) -> Bool {
    guard let c = cmark_node_get_literal(pointer) else { return false }
    return strstr(c, needle) != nil
  }

  var url: String {
    guard let c = cmark_node_get_url(pointer) else { return "" }
    return String(cString: c)
  }

  /// A fenced code block's info string (` ```ts title="a.ts" ` gives `ts title="a.ts"`).
  var fenceInfo: String {
    guard let c = cmark_node_get_fence_info(pointer) else { return "" }
    return String(cString: c)
  }

  var parent: CmarkNode? { CmarkNode(cmark_node_parent(pointer)) }
  var firstChild: CmarkNode? { CmarkNode(cmark_node_first_child(pointer)) }
  var lastChild: CmarkNode? { CmarkNode(cmark_node_last_child(pointer)) }
  var next: CmarkNode? { CmarkNode(cmark_node_next(pointer)) }
  var previous: CmarkNode? { CmarkNode(cmark_node_previous(pointer)) }

  var children: [CmarkNode] {
    var result: [CmarkNode] = []
    var child = firstChild
    while let c = child {
      result.append(c)
      child = c.next
    }
    return result
  }

  /// 1-based line and byte column in the Markdown body (from `CMARK_OPT_SOURCEPOS`).
  var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
  var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
  var endLine: Int { Int(cmark_node_get_end_line(pointer)) }

  var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
  var isBulletList: Bool { cmark_node_get_list_type(pointer) == CMARK_BULLET_LIST }
  var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
  var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }

  /// How many block quotes the node is inside.
  var quoteDepth: Int {
    var depth = 0
    var ancestor = parent
    while let a = ancestor {
      if a.type == CMARK_NODE_BLOCK_QUOTE { depth += 1 }
      ancestor = a.parent
    }
    return depth
  }

  var isText: Bool { type == CMARK_NODE_TEXT }
  var isLineBreak: Bool { type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK }
  /// A line break, or text of nothing but whitespace: what shows nothing in a paragraph.
  /// Read from cmark's bytes; only text with non-ASCII bytes is looked at as characters.
  var isBlankInline: Bool {
    if isLineBreak { return true }
    guard isText, let c = cmark_node_get_literal(pointer) else { return false }
    let stop = c[strspn(c, " \t\n\r")]
    return stop == 0 || (stop < 0 && literal.allSatisfy(\.isWhitespace))
  }

  /// Whether this top-level block is only markup: raw HTML (`<!-- lint -->`, `<div
  /// align="center">`), a paragraph of nothing but inline HTML (`<a name="top"></a>`), or
  /// what the page made of those (an anchor's `<span id>`). A heading after such blocks still
  /// opens the note: they show nothing of their own.
  var isMarkupOnly: Bool {
    switch type {
    case CMARK_NODE_HTML_BLOCK: return HTMLImages.isBare(literal)
    case CMARK_NODE_PARAGRAPH:
      var child = firstChild
      var sawHTML = false
      while let node = child {
        if node.type == CMARK_NODE_HTML_INLINE {
          sawHTML = true
        } else if !node.isBlankInline {
          return false
        }
        child = node.next
      }
      return sawHTML
    case CMARK_NODE_CUSTOM_BLOCK:
      guard firstChild == nil, let c = cmark_node_get_on_enter(pointer) else { return false }
      return strncmp(c, "<span id=", 9) == 0
    default: return false
    }
  }

  /// Whether the siblings before this node are all `isMarkupOnly` (or there are none).
  var opensItsParent: Bool {
    var node = previous
    while let block = node {
      guard block.isMarkupOnly else { return false }
      node = block.previous
    }
    return true
  }

  /// Whether the children show nothing (spaces and line breaks, or none at all); stops at the
  /// first that shows something, without copying the list.
  var showsNothing: Bool {
    var child = firstChild
    while let node = child {
      guard node.isBlankInline else { return false }
      child = node.next
    }
    return true
  }
  var isParagraph: Bool { type == CMARK_NODE_PARAGRAPH }

  // MARK: Walking

  /// Visits every node below and including `self` in document order, entering containers
  /// before their children and leaving them after. Leaf nodes are only entered. Iterative
  /// (cmark's own iterator), so deeply nested input cannot overflow the stack. The tree must
  /// not be changed during the walk: collect nodes first, then change them.
  func walk(_ visit: (CmarkNode, _ entering: Bool) -> Void) {
    guard let iterator = cmark_iter_new(pointer) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      visit(CmarkNode(cmark_iter_get_node(iterator)), event == CMARK_EVENT_ENTER)
    }
  }

  // MARK: Changing

  func setLiteral(_ text: String) { cmark_node_set_literal(pointer, text) }
  func setURL(_ url: String) { cmark_node_set_url(pointer, url) }

  func insertBefore(_ sibling: CmarkNode) { cmark_node_insert_before(pointer, sibling.pointer) }
  func insertAfter(_ sibling: CmarkNode) { cmark_node_insert_after(pointer, sibling.pointer) }
  func append(_ child: CmarkNode) { cmark_node_append_child(pointer, child.pointer) }

  /// Unlinks the node and frees it with everything below it.
  func remove() { cmark_node_free(pointer) }

  /// Moves the children of `self`, starting at `first` (default: all), to the end of `target`.
  func moveChildren(to target: CmarkNode, from first: CmarkNode? = nil) {
    var child = first ?? firstChild
    while let c = child {
      child = c.next
      target.append(c)
    }
  }

  /// Puts `replacement` where `self` is, moves the children of `self` into it and frees
  /// `self`. Returns `replacement` for chaining.
  @discardableResult
  func replace(with replacement: CmarkNode) -> CmarkNode {
    insertBefore(replacement)
    moveChildren(to: replacement)
    remove()
    return replacement
  }

  // MARK: Making

  static func text(_ literal: String) -> CmarkNode {
    let node = CmarkNode(cmark_node_new(CMARK_NODE_TEXT)!)
    node.setLiteral(literal)
    return node
  }

  /// A link to `url`, without children.
  static func link(_ url: String) -> CmarkNode {
    let node = CmarkNode(cmark_node_new(CMARK_NODE_LINK)!)
    node.setURL(url)
    return node
  }

  static func paragraph() -> CmarkNode { CmarkNode(cmark_node_new(CMARK_NODE_PARAGRAPH)!) }

  /// Inline HTML made by the generator: cmark writes `enter`, the children, then `exit`, even
  /// in safe mode (the strings are copied by cmark).
  static func customInline(enter: String, exit: String = "") -> CmarkNode {
    custom(CMARK_NODE_CUSTOM_INLINE, enter: enter, exit: exit)
  }

  /// Block-level HTML made by the generator; may hold blocks or inlines.
  static func customBlock(enter: String, exit: String = "") -> CmarkNode {
    custom(CMARK_NODE_CUSTOM_BLOCK, enter: enter, exit: exit)
  }

  /// A block written as one line, `enter` + inline children + `exit`: a custom inline inside
  /// an empty custom block (a custom block alone would put line breaks inside the element).
  /// Returns the block to insert and the inline that takes the children.
  static func lineBlock(enter: String, exit: String) -> (block: CmarkNode, content: CmarkNode) {
    let block = customBlock(enter: "")
    let content = customInline(enter: enter, exit: exit)
    block.append(content)
    return (block, content)
  }

  private static func custom(_ type: cmark_node_type, enter: String, exit: String) -> CmarkNode {
    let node = CmarkNode(cmark_node_new(type)!)
    cmark_node_set_on_enter(node.pointer, enter)
    cmark_node_set_on_exit(node.pointer, exit)
    return node
  }
}

/// Owns a parsed cmark document for the duration of one closure.
enum CmarkDocument {
  /// Parses `markdown` with source positions and UTF-8 validation, merges adjacent text nodes
  /// (cmark splits `[`, `]` and escapes into nodes of their own, which would hide `[[links]]`
  /// and `#tags`), runs `body` and frees the tree on every path.
  static func withParsed<Result>(_ markdown: String, _ body: (CmarkNode) throws -> Result)
    rethrows -> Result
  {
    let root = markdown.withCString { parse($0, length: strlen($0)) }
    defer { cmark_node_free(root.pointer) }
    return try body(root)
  }

  /// A parsed document, text nodes merged, that the caller must free.
  static func parse(_ bytes: UnsafePointer<CChar>, length: Int) -> CmarkNode {
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_VALIDATE_UTF8
    let root = cmark_parse_document(bytes, length, options)!
    cmark_consolidate_text_nodes(root)
    return CmarkNode(root)
  }

  /// cmark's HTML for the tree below `node`. Safe mode (the default) drops dangerous URLs and
  /// raw HTML, but still writes generator-made custom nodes.
  static func renderHTML(_ node: CmarkNode, unsafe: Bool, hardBreaks: Bool = false) -> String {
    let options = (unsafe ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT) | (hardBreaks ? CMARK_OPT_HARDBREAKS : 0)
    guard let c = cmark_render_html(node.pointer, options) else { return "" }
    defer { free(c) }
    // A code block scrolls sideways when its lines are long; keyboard users must be able to
    // reach it to scroll (axe: scrollable-region-focusable). cmark writes `<pre><code` for
    // code blocks only (code text is escaped, so no note text can spell it). Spliced as
    // bytes: `replacingOccurrences` cost more than rendering the note.
    let marker = "<pre><code"
    guard strstr(c, marker) != nil else { return String(cString: c) }
    let length = strlen(c)
    let all = UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(length + 256)
    let replacement = Array("<pre tabindex=\"0\"><code".utf8)
    var offset = 0
    while let found = strstr(c + offset, marker) {
      let at = c.distance(to: found)
      bytes.append(contentsOf: UnsafeBufferPointer(start: all + offset, count: at - offset))
      bytes += replacement
      offset = at + marker.utf8.count
    }
    bytes.append(contentsOf: UnsafeBufferPointer(start: all + offset, count: length - offset))
    return String(decoding: bytes, as: UTF8.self)
  }
}
