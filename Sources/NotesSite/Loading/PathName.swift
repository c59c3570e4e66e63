import Foundation
import NotesMarkdown

/// The parts of a content-relative path (`Work/Plans/Roadmap.md`) that `NSString`'s path
/// methods give, without bridging: the loader and the link index ask for them several times per
/// note and per link, and bridging or `Character`-wise searching showed in profiles. `/` and `.`
/// are ASCII, so byte indices always split whole scalars.
enum PathName {
  private static let slash = UInt8(ascii: "/")

  /// The last non-empty component: `Roadmap.md` (`a/b/` → `b`); `path` itself when it has none.
  static func last(_ path: String) -> Substring {
    let u = path.utf8
    var end = u.endIndex
    while end > u.startIndex, u[u.index(before: end)] == slash { end = u.index(before: end) }
    guard end > u.startIndex else { return Substring(path) }
    let start = u[..<end].lastIndex(of: slash).map { u.index(after: $0) } ?? u.startIndex
    return path[start..<end]
  }

  /// Everything before the last `/`: `Work/Plans`; empty for a top-level name.
  static func folder(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: slash) else { return "" }
    return String(path[..<slash])
  }

  /// The last component without its extension: `Roadmap`. A name that starts with its only
  /// dot keeps it (`.hidden`); `.` and `..` stay as they are.
  static func stem(_ path: String) -> String {
    let name = last(path)
    guard name != ".", name != "..", let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")),
      dot != name.utf8.startIndex
    else { return String(name) }
    return String(name[..<dot])
  }

  /// A name as a reader should see it: a Notion export's page id (a space and 32 lowercase
  /// hex digits, `Meeting notes 2e36286fa4b680b2805ecb642295eb1b`) left off, and Logseq's
  /// namespaces spelled with `/` (`term___alias`, `Article%2FGuide`), other characters it
  /// percent-encodes decoded (see `decodingReserved`). URLs are made from the file name,
  /// without a Notion id where that stays unique (`SiteLoader.assignURLs`).
  static func displayName(_ name: some StringProtocol) -> String {
    var name = String(name)
    // Logseq names a namespaced page `a/b` in a file `a___b.md`, or `a%2Fb.md` in older graphs.
    // Tested on bytes first: this runs for every note and folder.
    if name.utf8.contains(UInt8(ascii: "_")), name.contains("___") { name = name.replacingOccurrences(of: "___", with: "/") }
    if name.utf8.contains(UInt8(ascii: "%")) { name = decodingReserved(name) }
    return name.withoutNotionPageID
  }

  /// Characters a file name cannot hold on some system, which Logseq's older graphs write
  /// percent-encoded (`Docker%3A Up & Running.md` is the page "Docker: Up & Running"): `/ : ? |
  /// # * < > " \ % .`. Other `%` stays as written (`50% off`, `%20`).
  static func decodingReserved(_ name: String) -> String {
    let bytes = Array(name.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    var changed = false
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
        let byte = high << 4 | low
        if Array("/:?|#*<>\"\\%.".utf8).contains(byte) {
          out.append(byte)
          i += 3
          changed = true
          continue
        }
      }
      out.append(bytes[i])
      i += 1
    }
    return changed ? String(decoding: out, as: UTF8.self) : name
  }

  /// The value of a hexadecimal digit, as percent-encoding writes them.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// What `NSString.pathExtension` gives: the text after the last `.` of the last component,
  /// without the dot (`md`); empty when it has none or only a leading dot.
  static func `extension`(_ path: String) -> Substring {
    let u = path.utf8
    guard !u.isEmpty else { return "" }
    var end = u.endIndex
    while end > u.index(after: u.startIndex), u[u.index(before: end)] == slash { end = u.index(before: end) }
    let nameStart = u[..<end].lastIndex(of: slash).map { u.index(after: $0) } ?? u.startIndex
    guard let dot = u[nameStart..<end].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return "" }
    return path[u.index(after: dot)..<end]
  }
}
