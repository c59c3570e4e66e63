import CCmark
import Foundation

/// GitHub's emoji shortcodes: `:tada:` is 🎉, as on GitHub, GitLab, VuePress, Joplin, Hugo
/// (`enableEmoji`), Jekyll (jemoji) and MkDocs (`pymdownx.emoji`). MkDocs Material's icon
/// shortcodes (`:material-check:`, `:octicons-mark-github-16:`, `:fontawesome-brands-x:`,
/// `:simple-github:`) draw an icon font this site does not have, so they are dropped rather
/// than shown as their names.
///
/// A shortcode is a lowercase name between colons that neither a letter, a digit, `_`, `/`
/// nor another `:` touches on the outside, so `std::new::x`, `a:b:c`, `12:30:45` and
/// `http://x` stay as written; so does an unknown name, and any name inside a wiki link
/// (`[[…]]`), whose target it is part of. Code spans and blocks are never text nodes.
enum EmojiShortcodes {
  /// Name → emoji, read once from `table`.
  static let names: [String: String] = {
    var names: [String: String] = [:]
    names.reserveCapacity(2048)
    for line in table.split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      names[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    return names
  }()

  /// MkDocs Material's icon sets, `:set-name:`.
  static let iconSets = ["material-", "octicons-", "fontawesome-", "simple-"]

  static func isNameByte(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2B || byte == 0x2D
  }

  /// Bytes that may not touch a shortcode from outside.
  static func isAttached(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
      || byte == 0x5F || byte == 0x3A || byte == 0x2F
  }

  /// Cheap test for the tree walk: some `:` is followed by name bytes and another `:`.
  static func mayHold(_ text: UnsafePointer<CChar>) -> Bool {
    var p = text
    while let colon = strchr(p, 0x3A) {
      var q = colon + 1
      while isNameByte(UInt8(bitPattern: q.pointee)) { q += 1 }
      if q > colon + 1, q.pointee == 0x3A { return true }
      p = UnsafePointer(colon + 1)
    }
    return false
  }

  /// The shortcodes of `bytes`: their byte ranges and what replaces each (empty for an icon).
  static func matches(in bytes: [UInt8]) -> [(range: Range<Int>, emoji: String)] {
    var found: [(range: Range<Int>, emoji: String)] = []
    var inWikiLink = false
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      if byte == 0x5B, i + 1 < bytes.count, bytes[i + 1] == 0x5B {
        inWikiLink = true
        i += 2
        continue
      }
      if byte == 0x5D, i + 1 < bytes.count, bytes[i + 1] == 0x5D {
        inWikiLink = false
        i += 2
        continue
      }
      guard byte == 0x3A, !inWikiLink, i == 0 || !isAttached(bytes[i - 1]) else {
        i += 1
        continue
      }
      var end = i + 1
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      guard end > i + 1, end < bytes.count, bytes[end] == 0x3A,
        end + 1 == bytes.count || !isAttached(bytes[end + 1])
      else {
        // The closing `:` of a failed match may open the next one.
        i = end > i + 1 && end < bytes.count && bytes[end] == 0x3A ? end : i + 1
        continue
      }
      let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
      if let emoji = names[name] {
        found.append((i..<(end + 1), emoji))
        i = end + 1
      } else if iconSets.contains(where: { name.hasPrefix($0) }), name.count > 8 {
        // An icon that opens the text takes the space after it along.
        let upper = i == 0 && end + 1 < bytes.count && bytes[end + 1] == 0x20 ? end + 2 : end + 1
        found.append((i..<upper, ""))
        i = upper
      } else {
        i = end
      }
    }
    return found
  }

  /// Replaces the shortcodes in every text node of `root`; the text around each keeps its
  /// position in the note, for diagnostics of passes after this one.
  static func run(_ root: CmarkNode, source: SourceMap) {
    var texts: [CmarkNode] = []
    root.walk { node, entering in
      if entering, node.isText, let c = cmark_node_get_literal(node.pointer), mayHold(c) { texts.append(node) }
    }
    for node in texts {
      let bytes = Array(node.literal.utf8)
      let found = matches(in: bytes)
      guard !found.isEmpty else { continue }
      var rest = 0
      for match in found {
        if match.range.lowerBound > rest {
          node.insertBefore(source.text(bytes[rest..<match.range.lowerBound], of: node, at: rest))
        }
        if !match.emoji.isEmpty { node.insertBefore(.text(match.emoji)) }
        rest = match.range.upperBound
      }
      if rest < bytes.count { node.insertBefore(source.text(bytes[rest...], of: node, at: rest)) }
      source.forget(node)
      node.remove()
    }
  }
}
