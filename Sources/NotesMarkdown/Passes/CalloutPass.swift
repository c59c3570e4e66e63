import CCmark

/// Obsidian callouts: a block quote whose first line is `[!type] Title` becomes
/// `<aside class="callout callout-type" role="note">`, or with the fold marker `-` (closed) or
/// `+` (open) a `<details>` whose `<summary>` is the title.
enum CalloutPass {
  struct Header: Equatable {
    var type: String
    /// `nil`: not foldable; `false`: starts closed (`-`); `true`: starts open (`+`).
    var foldedOpen: Bool?
    /// The first text node's literal after the marker.
    var rest: String
  }

  /// `quotes`: every block quote, in document order.
  static func run(_ quotes: [CmarkNode]) {
    var callouts: [(quote: CmarkNode, text: CmarkNode, header: Header)] = []
    for node in quotes {
      guard let paragraph = node.firstChild,
        paragraph.isParagraph, let text = paragraph.firstChild, text.isText,
        text.literalContains("[!"), let header = header(of: text.literal)
      else { continue }
      callouts.append((node, text, header))
    }
    for callout in callouts { rewrite(callout.quote, text: callout.text, header: callout.header) }
  }

  /// Reads `[!type]`, `[!type]-` or `[!type]+` at the start of `literal`.
  static func header(of literal: String) -> Header? {
    guard literal.hasPrefix("[!"), let close = literal.firstIndex(of: "]") else { return nil }
    var type = literal[literal.index(literal.startIndex, offsetBy: 2)..<close]
    // `[!abstract|right]`: metadata after `|` is for themes (`|wide`, `|no-title`); ignored.
    if let bar = type.firstIndex(of: "|") { type = type[..<bar] }
    guard !type.isEmpty,
      type.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
      })
    else { return nil }
    var rest = literal[literal.index(after: close)...]
    var foldedOpen: Bool?
    if rest.first == "-" || rest.first == "+" {
      foldedOpen = rest.first == "+"
      rest = rest.dropFirst()
    }
    guard rest.isEmpty || rest.first!.isWhitespace else { return nil }
    // Only leading space goes: the title's last word may be followed by more inline markup.
    return Header(
      type: type.lowercased(), foldedOpen: foldedOpen,
      rest: String(rest.drop(while: \.isWhitespace)))
  }

  private static func rewrite(_ quote: CmarkNode, text: CmarkNode, header: Header) {
    guard let paragraph = text.parent else { return }
    let foldable = header.foldedOpen != nil
    let titleTag = foldable ? "summary" : "p"
    let (titleBlock, title) = CmarkNode.lineBlock(
      enter: "<\(titleTag) class=\"callout-title\">", exit: "</\(titleTag)>")

    // The title is the rest of the first line, with its inline markup.
    if header.rest.isEmpty { text.remove() } else { text.setLiteral(header.rest) }
    while let node = paragraph.firstChild,
      node.type != CMARK_NODE_SOFTBREAK && node.type != CMARK_NODE_LINEBREAK
    {
      title.append(node)
    }
    paragraph.firstChild?.remove()  // the line break after the title
    if title.firstChild == nil {
      title.append(.text(CalloutLines.titled(header.type)))
    }
    if paragraph.firstChild == nil { paragraph.remove() }

    let classes = "callout callout-\(header.type)"
    let container: CmarkNode
    switch header.foldedOpen {
    case nil:
      container = .customBlock(
        enter: "<aside class=\"\(classes)\" role=\"note\">", exit: "</aside>")
    case let open?:
      container = .customBlock(
        enter: "<details class=\"\(classes)\"\(open ? " open" : "")>", exit: "</details>")
    }
    quote.insertBefore(container)
    container.append(titleBlock)
    quote.moveChildren(to: container)
    quote.remove()
  }
}
