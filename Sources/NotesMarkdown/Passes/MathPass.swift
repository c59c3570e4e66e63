import CCmark
import Foundation

/// Math that `MathSyntax` marked becomes `<span class="math math-inline">\(…\)</span>` or
/// `<span class="math math-display">\[…\]</span>`: the TeX as written (line breaks kept),
/// HTML-escaped, for KaTeX or MathJax to typeset, readable as TeX without them. The element is
/// a childless custom inline, so no later pass reads its TeX as Markdown; `tex(of:)` reads it
/// back for plain text. A delimiter that lost its partner (a comment cut it off, a callout
/// title took the first line) reads `$` again, and marked punctuation outside math (in a link
/// destination, code or raw HTML) reads as itself.
enum MathPass {
  private typealias Code = MathSyntax.Code

  static func run(_ root: CmarkNode, source: SourceMap) {
    var texts: [CmarkNode] = []
    var others: [CmarkNode] = []
    root.walk { node, entering in
      guard entering else { return }
      switch node.type {
      case CMARK_NODE_TEXT:
        if hasCodes(cmark_node_get_literal(node.pointer)) { texts.append(node) }
      case CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
        if hasCodes(cmark_node_get_literal(node.pointer)) { others.append(node) }
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        if hasCodes(cmark_node_get_url(node.pointer)) || hasCodes(cmark_node_get_title(node.pointer)) {
          others.append(node)
        }
      default:
        break
      }
    }
    for node in others {
      if node.type == CMARK_NODE_LINK || node.type == CMARK_NODE_IMAGE {
        node.setURL(decoded(node.url))
        if let title = cmark_node_get_title(node.pointer) {
          cmark_node_set_title(node.pointer, decoded(String(cString: title)))
        }
      } else {
        node.setLiteral(decoded(node.literal))
      }
    }
    var parents: [CmarkNode] = []
    var marked: [CmarkNode: Set<CmarkNode>] = [:]
    for text in texts {
      guard let parent = text.parent else { continue }
      if marked[parent] == nil { parents.append(parent) }
      marked[parent, default: []].insert(text)
    }
    for parent in parents { rewrite(parent, marked: marked[parent]!, source: source) }
  }

  /// The TeX of a math element made by this pass, else `nil`.
  static func tex(of node: CmarkNode) -> String? {
    guard node.type == CMARK_NODE_CUSTOM_INLINE, let c = cmark_node_get_on_enter(node.pointer),
      strncmp(c, prefix, prefix.utf8.count) == 0
    else { return nil }
    let html = String(cString: c)
    let inline = html.hasPrefix(inlineOpen)
    let start = (inline ? inlineOpen : displayOpen).utf8.count
    let end = (inline ? inlineClose : displayClose).utf8.count
    return unescaped(Substring(html.utf8.dropFirst(start).dropLast(end)))
  }

  /// An element of inline or display math holding `tex`, as this pass makes them (for math
  /// that other syntaxes write: MyST's `{math}` role, a ` ```math ` fence).
  static func element(tex: String, display: Bool) -> CmarkNode {
    let html = (display ? displayOpen : inlineOpen) + HTML.escape(tex) + (display ? displayClose : inlineClose)
    return display ? .customBlock(enter: "<p>" + html + "</p>\n") : .customInline(enter: html)
  }

  private static let prefix = "<span class=\"math math-"
  private static let inlineOpen = #"<span class="math math-inline">\("#
  private static let inlineClose = #"\)</span>"#
  private static let displayOpen = #"<span class="math math-display">\["#
  private static let displayClose = #"\]</span>"#

  /// One delimiter in the texts of a parent, in order.
  private struct Delimiter {
    var code: Code
    /// The closing delimiter's index, on an opening one that has it.
    var partner: Int?
  }

  private static func rewrite(_ parent: CmarkNode, marked: Set<CmarkNode>, source: SourceMap) {
    let children = parent.children
    var literals: [Int: [UInt8]] = [:]
    for (c, child) in children.enumerated() where marked.contains(child) {
      literals[c] = Array(child.literal.utf8)
    }

    // Pairs: an opener takes the next delimiter when it is its closer and only text and line
    // breaks lie between.
    var delimiters: [Delimiter] = []
    var open: Int?
    for c in children.indices {
      guard let bytes = literals[c] else {
        if !children[c].isText, !children[c].isLineBreak { open = nil }
        continue
      }
      forEachCode(in: bytes) { _, code in
        guard let code = Code(rawValue: code), code != .displayFill else { return }
        delimiters.append(Delimiter(code: code))
        switch code {
        case .inlineOpen, .displayOpen:
          open = delimiters.count - 1
        case .inlineClose, .displayClose:
          if let o = open, delimiters[o].code.rawValue + 1 == code.rawValue {
            delimiters[o].partner = delimiters.count - 1
          }
          open = nil
        case .displayFill:
          break
        }
      }
    }
    guard delimiters.contains(where: { $0.partner != nil }) else {
      for (c, bytes) in literals { children[c].setLiteral(decoded(bytes)) }
      return
    }

    // Rebuild: text outside math decoded, each math span one element; in an image's
    // description, which cmark writes as plain `alt` text, the TeX as text.
    var inImage = false
    var ancestor: CmarkNode? = parent
    while let a = ancestor, !inImage {
      inImage = a.type == CMARK_NODE_IMAGE
      ancestor = a.parent
    }
    var next = 0  // index of the next delimiter
    var closer: Int?  // the closer ending the math we are in
    var tex: [UInt8] = []
    for (c, child) in children.enumerated() {
      guard let bytes = literals[c] else {
        if closer != nil {
          if child.isLineBreak { tex.append(0x0A) } else { tex += Array(child.literal.utf8) }
          source.forget(child)
          child.remove()
        }
        continue
      }
      // Decoded text outside math, and the offset in `bytes` where it starts.
      var outside: [UInt8] = []
      var outsideStart = 0
      func flush() {
        guard !outside.isEmpty else { return }
        child.insertBefore(source.text(outside, of: child, at: outsideStart))
        outside = []
      }
      var i = 0
      while i < bytes.count {
        let start = i
        var byte = bytes[i]
        if let (code, width) = code(in: bytes, at: i) {
          i += width
          if let delimiter = Code(rawValue: code), delimiter != .displayFill {
            defer { next += 1 }
            if closer == next {
              // GitHub's inline math, `` $`x^2`$ ``: the backticks are its delimiters.
              if delimiter == .inlineClose, tex.count > 2, tex.first == UInt8(ascii: "`"), tex.last == UInt8(ascii: "`"),
                !tex.dropFirst().dropLast().contains(UInt8(ascii: "`"))
              {
                tex = Array(tex.dropFirst().dropLast())
              }
              let written = String(decoding: tex, as: UTF8.self)
              let html = HTML.escape(written)
              child.insertBefore(
                inImage
                  ? .text(written)
                  : delimiter == .displayClose
                    ? .customInline(enter: displayOpen + html + displayClose)
                    : .customInline(enter: inlineOpen + html + inlineClose))
              closer = nil
              continue
            }
            if closer == nil, let end = delimiters[next].partner {
              flush()
              closer = end
              tex = []
              continue
            }
          }
          // Inside math a fill is part of its delimiter; outside, any delimiter reads `$`.
          if closer != nil, code >= 0x80 { continue }
          byte = code < 0x80 ? UInt8(code) : UInt8(ascii: "$")
        } else {
          i += 1
        }
        if closer != nil {
          tex.append(byte)
        } else {
          if outside.isEmpty { outsideStart = start }
          outside.append(byte)
        }
      }
      flush()
      source.forget(child)
      child.remove()
    }
  }

  /// The code of the character at `i` and its width in bytes, when it is one of ours.
  @inline(__always)
  private static func code(in bytes: [UInt8], at i: Int) -> (UInt16, Int)? {
    guard bytes[i] == 0xF3, i + 3 < bytes.count, bytes[i + 1] == 0xB0, bytes[i + 2] & 0xF8 == 0x80 else {
      return nil
    }
    return (UInt16(bytes[i + 2] & 0x3F) << 6 | UInt16(bytes[i + 3] & 0x3F), 4)
  }

  private static func forEachCode(in bytes: [UInt8], _ body: (Int, UInt16) -> Void) {
    var i = 0
    while i < bytes.count {
      if let (code, width) = code(in: bytes, at: i) {
        body(i, code)
        i += width
      } else {
        i += 1
      }
    }
  }

  /// `bytes` with each of our characters read as what the note had: its punctuation, or `$`.
  private static func decoded(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if let (code, width) = code(in: bytes, at: i) {
        out.append(code < 0x80 ? UInt8(code) : UInt8(ascii: "$"))
        i += width
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func decoded(_ string: String) -> String { decoded(Array(string.utf8)) }

  private static func hasCodes(_ c: UnsafePointer<CChar>?) -> Bool {
    guard let c else { return false }
    var p = c
    while let found = strchr(p, 0xF3) {
      let b = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self)
      if b[1] == 0xB0, b[2] & 0xF8 == 0x80 { return true }
      p = UnsafePointer(found) + 1
    }
    return false
  }

  /// Undoes `HTML.escape`.
  private static func unescaped(_ html: Substring) -> String {
    guard html.containsBytes("&") else { return String(html) }
    var out = ""
    var rest = html[...]
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      rest = rest[amp...]
      var replaced = false
      for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")]
      where rest.hasPrefix(entity) {
        out += character
        rest = rest.dropFirst(entity.count)
        replaced = true
        break
      }
      if !replaced {
        out += "&"
        rest = rest.dropFirst()
      }
    }
    return out + rest
  }
}
