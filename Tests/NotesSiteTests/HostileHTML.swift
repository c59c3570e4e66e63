import Foundation

/// A deliberately lenient HTML tokenizer, close enough to a browser's to see what a page would
/// *do*: start tags with their attributes (quoted, unquoted or bare), end tags, comments, and the
/// raw-text elements (`script`, `style`, `title`, `textarea`) whose content is not markup.
/// Hostile-input tests parse every produced page with it instead of grepping.
enum HostileHTML {
  struct Tag: CustomStringConvertible {
    var name: String
    /// Names lower-cased, values with character references decoded, in document order.
    var attributes: [(name: String, value: String)]
    func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    var description: String {
      "<\(name)" + attributes.map { " \($0.name)=\"\($0.value)\"" }.joined() + ">"
    }
  }

  static func tags(_ html: String) -> [Tag] {
    // Bytes, not characters: every delimiter is ASCII, and this runs over thousands of pages.
    let s = Array(html.utf8)
    var tags: [Tag] = []
    var i = 0
    func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    func isSpace(_ c: UInt8) -> Bool {
      c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
    }
    func lower(_ c: UInt8) -> UInt8 { isLetter(c) ? c | 0x20 : c }
    func find(_ needle: String, from: Int) -> Int? {
      let n = Array(needle.utf8)
      var j = from
      while j + n.count <= s.count {
        var k = 0
        while k < n.count, lower(s[j + k]) == n[k] { k += 1 }
        if k == n.count { return j }
        j += 1
      }
      return nil
    }
    func text(_ range: Range<Int>) -> String { String(decoding: s[range], as: UTF8.self) }
    let lt = UInt8(ascii: "<")
    let gt = UInt8(ascii: ">")
    let slash = UInt8(ascii: "/")
    let equals = UInt8(ascii: "=")
    while i < s.count {
      guard s[i] == lt, i + 1 < s.count else {
        i += 1
        continue
      }
      let next = s[i + 1]
      if next == UInt8(ascii: "!") {
        if i + 3 < s.count, s[i + 2] == UInt8(ascii: "-"), s[i + 3] == UInt8(ascii: "-") {
          i = (find("-->", from: i + 4).map { $0 + 3 }) ?? s.count
        } else {
          i = (find(">", from: i + 2).map { $0 + 1 }) ?? s.count
        }
        continue
      }
      if next == UInt8(ascii: "?") || next == slash {
        // Processing instruction, end tag or bogus comment: nothing to audit up to `>`.
        i = (find(">", from: i + 2).map { $0 + 1 }) ?? s.count
        continue
      }
      guard isLetter(next) else {
        i += 1
        continue
      }
      var j = i + 1
      let nameStart = j
      while j < s.count, !isSpace(s[j]), s[j] != slash, s[j] != gt { j += 1 }
      let name = text(nameStart..<j).lowercased()
      var attributes: [(String, String)] = []
      while j < s.count, s[j] != gt {
        if isSpace(s[j]) || s[j] == slash {
          j += 1
          continue
        }
        let attributeStart = j
        j += 1
        while j < s.count, !isSpace(s[j]), s[j] != slash, s[j] != gt, s[j] != equals { j += 1 }
        let attributeName = text(attributeStart..<j).lowercased()
        while j < s.count, isSpace(s[j]) { j += 1 }
        var value = ""
        if j < s.count, s[j] == equals {
          j += 1
          while j < s.count, isSpace(s[j]) { j += 1 }
          if j < s.count, s[j] == UInt8(ascii: "\"") || s[j] == UInt8(ascii: "'") {
            let quote = s[j]
            let valueStart = j + 1
            j = valueStart
            while j < s.count, s[j] != quote { j += 1 }
            value = text(valueStart..<min(j, s.count))
            j += 1
          } else {
            let valueStart = j
            while j < s.count, !isSpace(s[j]), s[j] != gt { j += 1 }
            value = text(valueStart..<j)
          }
        }
        attributes.append((attributeName, decodeReferences(value)))
      }
      tags.append(Tag(name: name, attributes: attributes))
      i = j + 1
      // Raw text and escapable raw text: nothing inside is markup.
      if [
        "script", "style", "title", "textarea", "xmp", "noembed", "noframes", "iframe", "plaintext",
      ].contains(name) {
        i = find("</" + name, from: i) ?? s.count
      }
    }
    return tags
  }

  /// Decodes numeric references and the named ones that matter for URLs and quoting.
  static func decodeReferences(_ value: String) -> String {
    guard value.contains("&") else { return value }
    let named: [String: String] = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t",
      "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")", "nbsp": "\u{A0}",
    ]
    var out = ""
    let s = Array(value.unicodeScalars)
    var i = 0
    while i < s.count {
      if s[i] == "&" {
        var j = i + 1
        var name = ""
        while j < s.count, j - i < 40,
          s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "#"
        {
          name.unicodeScalars.append(s[j])
          j += 1
        }
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
          i = j < s.count && s[j] == ";" ? j + 1 : j
          continue
        }
      }
      out.unicodeScalars.append(s[i])
      i += 1
    }
    return out
  }

  /// The scheme a browser would see: whitespace and control characters removed, lower-cased.
  static func scheme(of url: String) -> String? {
    var cleaned = ""
    for c in url.unicodeScalars where c.value > 0x20 && c.value != 0x7F {
      cleaned.unicodeScalars.append(c)
    }
    guard let colon = cleaned.firstIndex(of: ":") else { return nil }
    let scheme = cleaned[..<colon]
    if scheme.contains("/") || scheme.contains("?") || scheme.contains("#") { return nil }
    return scheme.lowercased() + ":" + cleaned[colon...].dropFirst().lowercased()
  }

  static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "data", "poster", "background", "xlink:href", "cite",
    "codebase", "srcdoc", "lowsrc", "dynsrc", "ping",
  ]

  /// Everything wrong with one page, as readable strings (empty when the page is safe).
  /// `base` is the site's base path; `isRedirect` allows one refresh to a site URL.
  static func violations(in html: String, base: String, origin: String? = nil) -> [String] {
    var problems: [String] = []
    func isSiteURL(_ url: String) -> Bool {
      (url.hasPrefix(base) && !url.hasPrefix("//"))
        || (origin.map { url.hasPrefix($0 + base) } ?? false)
    }
    for tag in tags(html) {
      for (name, value) in tag.attributes {
        if name.hasPrefix("on") { problems.append("event handler \(name) in \(tag)") }
        if urlAttributes.contains(name) || name.hasSuffix(":href") {
          let values = name == "srcset" ? value.split(separator: ",").map(String.init) : [value]
          for v in values {
            guard let scheme = scheme(of: v) else { continue }
            if scheme.hasPrefix("javascript:") || scheme.hasPrefix("vbscript:")
              || scheme.hasPrefix("file:")
            {
              problems.append("script URL in \(tag)")
            }
            if scheme.hasPrefix("data:"),
              !(tag.name == "img" && name == "src"
                && ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
                  .contains { scheme.hasPrefix($0) })
            {
              problems.append("data URL in \(tag)")
            }
          }
        }
      }
      switch tag.name {
      case "script":
        guard let src = tag.value("src"), src.hasPrefix(base + "_assets/"), !src.hasPrefix("//")
        else {
          problems.append("script element \(tag)")
          break
        }
      case "iframe", "embed", "frame", "frameset", "applet", "base", "portal":
        problems.append("\(tag.name) element \(tag)")
      case "object":
        if !(tag.value("data").map(isSiteURL) ?? false) || tag.value("type") != "application/pdf" {
          problems.append("object element \(tag)")
        }
      case "meta":
        if let equiv = tag.value("http-equiv")?.lowercased(), equiv != "content-type" {
          guard equiv == "refresh", let content = tag.value("content"),
            let r = content.range(of: "url=", options: .caseInsensitive),
            isSiteURL(String(content[r.upperBound...]).trimmingCharacters(in: .whitespaces))
          else {
            problems.append("meta http-equiv in \(tag)")
            break
          }
        }
      default: break
      }
    }
    return problems
  }
}
