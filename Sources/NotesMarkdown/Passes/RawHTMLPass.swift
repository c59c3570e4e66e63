import CCmark
import Foundation

/// Raw HTML written in a note. Dropped entirely by default (not even cmark's
/// `<!-- raw HTML omitted -->`); with `unsafe_html` kept, except that URL attributes that
/// would run script are emptied.
enum RawHTMLPass {
  static func run(_ nodes: [CmarkNode], unsafeHTML: Bool) {
    for node in nodes {
      if unsafeHTML {
        let literal = node.literal
        let cleaned = neutralizingDangerousURLs(in: literal)
        if cleaned != literal { node.setLiteral(cleaned) }
      } else {
        node.remove()
      }
    }
  }

  /// Attributes that browsers load or follow as URLs.
  private static let urlAttributes: Set<String> = [
    "href", "src", "action", "formaction", "data", "poster", "background", "cite",
    "xlink:href", "srcdoc", "codebase", "dynsrc", "lowsrc",
  ]

  /// Replaces the value of every URL attribute that is dangerous (after decoding character
  /// references, as a browser would) with an empty one.
  static func neutralizingDangerousURLs(in html: String) -> String {
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
      } else {
        out += rest[match.range]
      }
      rest = rest[match.range.upperBound...]
    }
    out += rest
    return out
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
