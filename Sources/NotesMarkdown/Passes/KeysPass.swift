import CCmark
import Foundation

/// Keyboard keys as MkDocs' `pymdownx.keys` writes them, `++ctrl+alt+del++`: each key a
/// `<kbd>`, joined by `+` (`Ctrl+Alt+Del`). Key names are letters, digits, `-` and `_`; a
/// known name reads as the key is labelled (`ctrl` is "Ctrl", `cmd` "Cmd", `enter` "Enter"),
/// another as written. `C++` and `a ++ b` stay text: the markers must hold a key right
/// inside them.
enum KeysPass {
  static func run(_ root: CmarkNode, source: SourceMap) {
    guard source.contains(UInt8(ascii: "+"), UInt8(ascii: "+")) else { return }
    var texts: [CmarkNode] = []
    root.walk { node, entering in
      if entering, node.isText, node.literalContains("++") { texts.append(node) }
    }
    for node in texts {
      let literal = node.literal
      let matches = Self.matches(in: literal)
      guard !matches.isEmpty else { continue }
      var rest = literal.startIndex
      for match in matches {
        let offset = literal.utf8.distance(from: literal.startIndex, to: rest)
        if rest < match.range.lowerBound {
          node.insertBefore(source.text(Array(literal[rest..<match.range.lowerBound].utf8), of: node, at: offset))
        }
        let html = match.keys.map { "<kbd>" + HTML.escape(label($0)) + "</kbd>" }.joined(separator: "+")
        node.insertBefore(.customInline(enter: html))
        rest = match.range.upperBound
      }
      if rest < literal.endIndex {
        let offset = literal.utf8.distance(from: literal.startIndex, to: rest)
        node.insertBefore(source.text(Array(literal[rest...].utf8), of: node, at: offset))
      }
      source.forget(node)
      node.remove()
    }
  }

  /// `++a+b++` spans of `text`, with their keys.
  static func matches(in text: String) -> [(range: Range<String.Index>, keys: [Substring])] {
    var found: [(range: Range<String.Index>, keys: [Substring])] = []
    var search = text.startIndex
    while let open = text.range(of: "++", range: search..<text.endIndex) {
      guard let close = text.range(of: "++", range: open.upperBound..<text.endIndex) else { break }
      let inner = text[open.upperBound..<close.lowerBound]
      let keys = inner.split(separator: "+", omittingEmptySubsequences: false)
      let isKey = { (key: Substring) in
        !key.isEmpty && key.count <= 20 && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
      }
      if !inner.isEmpty, keys.allSatisfy(isKey) {
        found.append((open.lowerBound..<close.upperBound, keys))
        search = close.upperBound
      } else {
        search = open.upperBound
      }
    }
    return found
  }

  private static let labels: [String: String] = [
    "ctrl": "Ctrl", "control": "Ctrl", "alt": "Alt", "shift": "Shift", "cmd": "Cmd", "command": "Cmd", "meta": "Meta",
    "option": "Option", "opt": "Option", "win": "Win", "windows": "Win", "enter": "Enter", "return": "Return",
    "tab": "Tab", "esc": "Esc", "escape": "Esc", "space": "Space", "backspace": "Backspace", "del": "Del",
    "delete": "Del", "ins": "Ins", "insert": "Ins", "home": "Home", "end": "End", "page-up": "Page Up",
    "page-down": "Page Down", "arrow-up": "↑", "arrow-down": "↓", "arrow-left": "←", "arrow-right": "→",
    "caps-lock": "Caps Lock", "fn": "Fn",
  ]

  static func label(_ key: Substring) -> String {
    let lower = key.lowercased()
    if let known = labels[lower] { return known }
    // `f5` is "F5", `a` "A"; a longer word stays as written.
    if key.count <= 3 { return key.uppercased() }
    return String(key)
  }
}
