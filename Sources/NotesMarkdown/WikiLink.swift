import CCmark
import Foundation
/// A `[[wiki link]]` or `![[embed]]` as written in a note's text.
struct WikiLink: Hashable {
  var isEmbed: Bool
  /// The text before `|` and `#`, trimmed; empty for `[[#Heading]]`.
  var target: String
  /// The text after `#`, trimmed.
  var fragment: String?
  /// The text after `|`: a label, or for embeds a size such as `300` or `100x145`.
  var label: String?

  /// What a reader sees: the label, else the target as written without `.md` (folders and
  /// Logseq namespaces included, `Work/Roadmap`, as Obsidian, Logseq and Quartz show it; an
  /// embed's file without its folders), and the heading after ` > ` as Obsidian shows
  /// `[[SSH#Generate a key]]`, else the heading.
  var displayText: String {
    if let label, !label.isEmpty { return label }
    guard !target.isEmpty else { return fragment ?? "" }
    let parts = target.split(separator: "/", omittingEmptySubsequences: true)
    // `./` and `../` say where to look, not what the note is called.
    let named = parts.drop { $0 == "." || $0 == ".." }
    var name = isEmbed || named.isEmpty ? parts.last.map(String.init) ?? target : named.joined(separator: "/")
    if !isEmbed, name.utf8.count > 3, name.lowercased().hasSuffix(".md") { name.removeLast(3) }
    guard !isEmbed, let fragment, !fragment.isEmpty else { return name }
    return name + " > " + fragment
  }

  /// An embed size: `300` (width) or `100x145` (width × height), alone or as the label's last
  /// `|` part (`![[chart.png|center|500]]`, as Obsidian themes and plugins write a layout).
  var embedSize: (width: Int, height: Int?)? {
    guard isEmbed, let label else { return nil }
    let last = label.lastIndex(of: "|").map { label[label.index(after: $0)...] } ?? label[...]
    return Self.size(last)
  }

  /// An embed's label without its size and the layout words themes read (`center`, `right`…):
  /// the image's description, nil when nothing else is left.
  var embedDescription: String? {
    guard let label else { return nil }
    var parts = label.split(separator: "|", omittingEmptySubsequences: false)
    if isEmbed, let last = parts.last, Self.size(last) != nil { parts.removeLast() }
    if isEmbed, parts.count > 1 || embedSize != nil {
      parts.removeAll { Self.layoutWords.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }
    let text = parts.joined(separator: "|").trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : text
  }

  /// Layout options Obsidian themes and image plugins read from an embed's label.
  static let layoutWords: Set<String> = [
    "center", "centre", "left", "right", "inline", "inl", "float", "wide", "wsmall", "wmed", "wtall",
    "small", "medium", "large", "invert", "circle", "border", "shadow", "banner", "cover", "sban",
  ]

  /// `300` or `100x145`: digits only (no sign, so never a negative width), else nil.
  static func size(_ text: Substring) -> (width: Int, height: Int?)? {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      let width = Int(parts[0])
    else { return nil }
    if parts.count == 1 { return (width, nil) }
    guard let height = Int(parts[1]) else { return nil }
    return (width, height)
  }

  func reference(line: Int, column: Int) -> LinkReference {
    LinkReference(
      kind: isEmbed ? .wikiEmbed : .wikiLink, target: target, fragment: fragment, label: label,
      line: line, column: column)
  }
}

/// Finds wiki links in the literal of a text node.
enum WikiLinkSyntax {
  /// The characters that cmark would read as markup inside a wiki link's name (`_` and `*`
  /// emphasis, `<` autolinks and tags, `&` entities), and `~` and `=` that the strikethrough
  /// and highlight passes would; each is control character 1 + its index while cmark and
  /// those passes read the note. Not `` ` ``: without it, a line the first reading took for
  /// text could open a code fence in the second.
  private static let markup: [UInt8] = Array("_*<&~=".utf8)

  /// The control character that stands for `b` in a wiki link's name, if `b` is markup.
  @inline(__always) static func code(for b: UInt8) -> UInt8? {
    markup.firstIndex(of: b).map { UInt8($0 + 1) }
  }

  /// Turns the control characters of wiki link names back into what the note wrote, in text
  /// and wherever cmark put a run the scan took for a wiki link's name (a code span it read
  /// otherwise, a link's destination). A note that holds such characters of its own is never
  /// marked (`holdsMarkup`).
  static func restoreNames(in root: CmarkNode) {
    func marked(_ c: UnsafePointer<CChar>?) -> Bool {
      guard var p = c else { return false }
      while p.pointee != 0 {
        if p.pointee >= 1 && p.pointee <= Int8(markup.count) { return true }
        p += 1
      }
      return false
    }
    func restored(_ c: UnsafePointer<CChar>) -> String {
      String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self), count: strlen(c)).map {
        $0 >= 1 && $0 <= UInt8(markup.count) ? markup[Int($0) - 1] : $0
      }, as: UTF8.self)
    }
    root.walk { node, entering in
      guard entering else { return }
      switch node.type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_CODE_BLOCK:
        if let c = cmark_node_get_literal(node.pointer), marked(c) { node.setLiteral(restored(c)) }
        if node.type == CMARK_NODE_CODE_BLOCK, let c = cmark_node_get_fence_info(node.pointer), marked(c) {
          cmark_node_set_fence_info(node.pointer, restored(c))
        }
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        if let c = cmark_node_get_url(node.pointer), marked(c) { node.setURL(restored(c)) }
        if let c = cmark_node_get_title(node.pointer), marked(c) { cmark_node_set_title(node.pointer, restored(c)) }
      default:
        break
      }
    }
  }

  /// Whether some `[[…]]` on one line of `bytes` holds markup (see `code(for:)`), and no
  /// byte of `bytes` is one of the control characters that stand for it.
  static func holdsMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let n = bytes.count
    var i = 0
    while i + 1 < n, let found = memchr(base + i, Int32(UInt8(ascii: "[")), n - i - 1) {
      i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      guard bytes[i + 1] == UInt8(ascii: "[") else {
        i += 1
        continue
      }
      var j = i + 2
      var marked = false
      while j + 1 < n, bytes[j] != 0x0A, !(bytes[j] == UInt8(ascii: "]") && bytes[j + 1] == UInt8(ascii: "]")) {
        if code(for: bytes[j]) != nil { marked = true }
        j += 1
      }
      if marked, j + 1 < n, bytes[j] == UInt8(ascii: "]") {
        // Rare: only a note with such a link pays for this look at every byte.
        return !bytes.contains(where: { $0 >= 1 && $0 <= UInt8(markup.count) })
      }
      i = j
    }
    return false
  }

  struct Match {
    /// From `[[` (or the `!` of `![[`, or the `#` of `#[[`) to just after `]]`.
    var range: Range<String.Index>
    var link: WikiLink
    /// `#[[Deep Work]]`: Roam's and Logseq's tag of several words, the tag `Deep Work`.
    var isTag = false
  }

  static func matches(in text: String) -> [Match] {
    var text = text
    let found: [(from: Int, start: Int, close: Int, end: Int, isEmbed: Bool, isTag: Bool)] = text.withUTF8 { bytes in
      var found: [(Int, Int, Int, Int, Bool, Bool)] = []
      let open = UInt8(ascii: "[")
      let shut = UInt8(ascii: "]")
      func find(_ b: UInt8, from: Int) -> Int? {
        var i = from
        while i + 1 < bytes.count {
          if bytes[i] == b && bytes[i + 1] == b { return i }
          i += 1
        }
        return nil
      }
      var searchFrom = 0
      while let first = find(open, from: searchFrom) {
        guard let close = find(shut, from: first + 2) else { break }
        // `[[a [[b]]`: the link is the innermost one.
        var start = first
        while let again = find(open, from: start + 2), again < close { start = again }
        // Neuron's folgezettel link, `[[[Note]]]`: the note, brackets and all.
        var end = close + 2
        if start + 2 < close, bytes[start + 2] == open, end < bytes.count, bytes[end] == shut {
          start += 1
          end += 1
        }
        let isEmbed = start > 0 && bytes[start - 1] == UInt8(ascii: "!")
        // `#[[…]]` after a space, punctuation or at the start, as a `#tag` would be.
        let isTag = start > 0 && bytes[start - 1] == UInt8(ascii: "#") && tagMayFollow(bytes, start - 1)
        let from = end == close + 3 ? start - 1 : isEmbed || isTag ? start - 1 : start
        found.append((from, start, close, end, isEmbed, isTag))
        searchFrom = end
      }
      return found
    }
    guard !found.isEmpty else { return [] }
    let utf8 = text.utf8
    var result: [Match] = []
    for f in found {
      let start = utf8.index(utf8.startIndex, offsetBy: f.start)
      let close = utf8.index(utf8.startIndex, offsetBy: f.close)
      let inner = text[utf8.index(start, offsetBy: 2)..<close]
      guard let link = parse(inner, isEmbed: f.isEmbed) else { continue }
      let from = utf8.index(utf8.startIndex, offsetBy: f.from)
      guard !f.isTag || !link.target.isEmpty else { continue }
      result.append(Match(range: from..<utf8.index(close, offsetBy: f.end - f.close), link: link, isTag: f.isTag))
    }
    return result
  }

  /// Whether what comes before the `#` at byte `hash` lets it open a tag: the start, a space,
  /// punctuation (`。#[[工具]]` as `。#工具`), but no letter, digit, `&` or `#`.
  private static func tagMayFollow(_ bytes: UnsafeBufferPointer<UInt8>, _ hash: Int) -> Bool {
    guard hash > 0 else { return true }
    let b = bytes[hash - 1]
    if b < 0x80 {
      return !(b == UInt8(ascii: "&") || b == UInt8(ascii: "#") || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z"))
        || (b >= 0x30 && b <= 0x39))
    }
    var lead = hash - 1
    while lead > 0, hash - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
    let decoded = String(decoding: UnsafeBufferPointer(rebasing: bytes[lead..<hash]), as: UTF8.self).unicodeScalars
    guard decoded.count == 1, let scalar = decoded.first else { return false }
    return TagSyntax.allowedBefore(scalar)
  }

  /// `Target#Fragment|label`, with `\|` (the pipe escaped for tables) read as `|`.
  static func parse(_ inner: Substring, isEmbed: Bool) -> WikiLink? {
    // Dendron names a note of another vault `dendron://vault/note`, and writes a labelled
    // link to one label first, `[[Office Hours|dendron://site/community.office-hours]]`:
    // the vault is left off and the note named as usual.
    if let bar = inner.firstIndex(of: "|"), let note = dendronNote(inner[inner.index(after: bar)...]) {
      let label = inner[..<bar].trimmingSpaces
      return parse(note, isEmbed: isEmbed).map { link in
        var link = link
        link.label = label.isEmpty ? nil : label
        return link
      }
    }
    if let note = dendronNote(inner) { return parse(note, isEmbed: isEmbed) }
    var pipe: Substring.Index?
    var hash: Substring.Index?
    let utf8 = inner.utf8
    var i = utf8.startIndex
    while i < utf8.endIndex {
      switch utf8[i] {
      case 0x0A: return nil
      case UInt8(ascii: "|") where pipe == nil: pipe = i
      case UInt8(ascii: "#") where hash == nil && pipe == nil: hash = i
      default: break
      }
      i = utf8.index(after: i)
    }
    var targetPart = inner
    var label: String?
    if let pipe {
      targetPart = inner[..<pipe]
      if targetPart.utf8.last == UInt8(ascii: "\\") { targetPart = targetPart.dropLast() }
      let rest = inner[utf8.index(after: pipe)...].trimmingSpaces
      label = rest.isEmpty ? nil : rest
    }
    var target: String
    var fragment: String?
    if let hash {
      target = targetPart[..<hash].trimmingSpaces
      let f = targetPart[utf8.index(after: hash)...].trimmingSpaces
      fragment = f.isEmpty ? nil : f
    } else {
      target = targetPart.trimmingSpaces
    }
    guard !target.isEmpty || fragment != nil else { return nil }
    // No note is named with `"` or brackets (Obsidian forbids them): `[[1, 2], [3, 4]]`, R's
    // `df[["col"]]` and the shell's `[[ -z "$x" ]]` are text.
    guard !target.utf8.contains(where: { $0 == 0x22 || $0 == 0x5B || $0 == 0x5D }) else { return nil }
    return WikiLink(isEmbed: isEmbed, target: target, fragment: fragment, label: label)
  }
}

extension WikiLinkSyntax {
  /// What follows `dendron://<vault>/` at the start of `text` (spaces before it allowed).
  static func dendronNote(_ text: Substring) -> Substring? {
    let text = text.drop { $0 == " " || $0 == "\t" }
    let scheme = "dendron://"
    guard text.utf8.count > scheme.utf8.count, text.prefix(scheme.count).lowercased() == scheme else { return nil }
    let rest = text.dropFirst(scheme.count)
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let note = rest[rest.index(after: slash)...]
    return note.isEmpty ? nil : note
  }
}

extension Substring {
  /// Without leading and trailing whitespace; ASCII ends are trimmed on bytes.
  var trimmingSpaces: String {
    let utf8 = self.utf8
    var a = utf8.startIndex
    var b = utf8.endIndex
    func isSpace(_ x: UInt8) -> Bool { x == 0x20 || (0x09...0x0D).contains(x) }
    while a < b, isSpace(utf8[a]) { a = utf8.index(after: a) }
    while a < b, isSpace(utf8[utf8.index(before: b)]) { b = utf8.index(before: b) }
    if a == b { return "" }
    if utf8[a] < 0x80 && utf8[utf8.index(before: b)] < 0x80 { return String(self[a..<b]) }
    return self[a..<b].trimmingUnicodeSpaces
  }

  private var trimmingUnicodeSpaces: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
