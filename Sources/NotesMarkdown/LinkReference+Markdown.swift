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
    } else if let (page, id) = docsifyHeading(destination) {
      path = page
      fragment = id
    }
    let target =
      path.containsBytes("%") ? path.percentDecoded ?? String(path) : String(path)
    return LinkReference(kind: kind, target: target, fragment: fragment, line: line, column: column)
  }
}

extension LinkReference {
  /// Docsify's link to a heading, `guide.md?id=install`, `/api?id=alloc` or `?id=local`:
  /// the page and the heading's id. Only in a path of the site (no scheme), whose query
  /// `id` names the heading, as Docsify's router reads it.
  static func docsifyHeading(_ destination: String) -> (Substring, String)? {
    guard let mark = destination.firstIndex(of: "?") else { return nil }
    let page = destination[..<mark]
    guard !page.contains(":"), !page.hasPrefix("//") else { return nil }
    for parameter in destination[destination.index(after: mark)...].split(separator: "&") where parameter.hasPrefix("id=") {
      let id = parameter.dropFirst(3)
      return id.isEmpty ? nil : (page, id.percentDecoded ?? String(id))
    }
    return nil
  }

  /// The same wiki link read label first, `[[Click here|Home]]` as a link to `Home` that
  /// reads "Click here", as GitHub wikis write links: nil for embeds, links without a label
  /// and links to a heading. It is used only in a GitHub wiki (`RenderOptions.labelFirstLinks`)
  /// and only where the link as written names nothing.
  public var labelFirst: LinkReference? {
    guard kind == .wikiLink, fragment == nil, let label, !label.isEmpty, label != target, !target.isEmpty,
      let swapped = WikiLinkSyntax.parse(Substring(label), isEmbed: false), !swapped.target.isEmpty
    else { return nil }
    return LinkReference(
      kind: .wikiLink, target: swapped.target, fragment: swapped.fragment, label: target, line: line, column: column)
  }
}
