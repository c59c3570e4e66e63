import Foundation

/// A page has exactly one `h1`: the note's title in the detail header. A note that opens with
/// its own `# Title` would repeat it, so that leading heading is dropped, and any other level-1
/// headings in the body become level 2. cmark escapes `<` in code, so only real headings match.
enum BodyHeadings {
  static func fitted(_ html: String) -> String {
    // Most notes have no level-1 heading at all: one search of the HTML, without copying it.
    var text = html
    guard text.withUTF8({ $0.byteRange(of: Array("<h1".utf8)) != nil }) else { return html }
    let bytes = Array(html.utf8)
    let open: [UInt8] = Array("<h1".utf8)
    let close: [UInt8] = Array("</h1>".utf8)
    func find(_ needle: [UInt8], from start: Int) -> Int? { bytes[start...].byteRange(of: needle)?.lowerBound }
    var start = 0
    // Links to the dropped heading (`[[Note#Title]]`) still need their anchor: it stays as
    // an empty element where the heading was.
    var keptAnchor: [UInt8] = []
    if bytes.starts(with: open), let end = find(close, from: 0) {
      let idOpen = Array("<h1 id=\"".utf8)
      if bytes.starts(with: idOpen), let quote = bytes[idOpen.count..<end].firstIndex(of: UInt8(ascii: "\"")) {
        keptAnchor = Array("<span id=\"".utf8) + bytes[idOpen.count..<quote] + Array("\"></span>\n".utf8)
      }
      start = end + close.count
      while start < bytes.count && bytes[start] == 10 { start += 1 }
    }
    guard find(open, from: start) != nil else {
      return start == 0 ? html : String(decoding: keptAnchor + bytes[start...], as: UTF8.self)
    }
    // Demote the remaining level-1 headings: `<h1` → `<h2`, `</h1>` → `</h2>`.
    var out = keptAnchor + [UInt8](bytes[start...])
    var i = 0
    while i + 2 < out.count {
      if out[i] == UInt8(ascii: "<") && out[i + 1] == UInt8(ascii: "h") && out[i + 2] == UInt8(ascii: "1") {
        out[i + 2] = UInt8(ascii: "2")
      } else if i + 3 < out.count && out[i] == UInt8(ascii: "<") && out[i + 1] == UInt8(ascii: "/")
        && out[i + 2] == UInt8(ascii: "h") && out[i + 3] == UInt8(ascii: "1")
      {
        out[i + 3] = UInt8(ascii: "2")
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
