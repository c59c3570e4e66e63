/// The parts of a content-relative path (`Work/Plans/Roadmap.md`: no trailing slash, no empty
/// components) that `NSString`'s path methods give, without bridging: the loader asks for
/// them several times per note, and bridging every path showed in profiles.
enum PathName {
  /// The last component: `Roadmap.md`.
  static func last(_ path: String) -> Substring {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return Substring(path) }
    return path[path.utf8.index(after: slash)...]
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

  /// The extension of the last component, without the dot: `md`; empty when it has none or
  /// only a leading dot.
  static func `extension`(_ path: String) -> Substring {
    let name = last(path)
    guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
    return name[name.utf8.index(after: dot)...]
  }
}
