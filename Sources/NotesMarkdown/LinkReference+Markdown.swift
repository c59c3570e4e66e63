import Foundation

extension LinkReference {
  /// A reference for a Markdown link or image destination: the path percent-decoded and split
  /// from its `#fragment`.
  static func markdown(kind: Kind, destination: String, line: Int, column: Int) -> LinkReference {
    var path = Substring(destination)
    var fragment: String?
    if let hash = destination.firstIndex(of: "#") {
      path = destination[..<hash]
      fragment = String(destination[destination.index(after: hash)...])
    }
    let target =
      path.containsBytes("%") ? path.percentDecoded ?? String(path) : String(path)
    return LinkReference(kind: kind, target: target, fragment: fragment, line: line, column: column)
  }
}
