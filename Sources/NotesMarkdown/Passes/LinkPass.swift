import CCmark

/// Markdown links `[text](dest)` and images `![alt](src)`: the resolver says where they point.
/// Unresolved ones become a marked, non-link span with a warning; script URLs are never kept.
enum LinkPass {
  static func run(_ nodes: [CmarkNode], context: inout RenderContext) {
    for node in nodes { rewrite(node, context: &context) }
  }

  private static func rewrite(_ node: CmarkNode, context: inout RenderContext) {
    let isImage = node.type == CMARK_NODE_IMAGE
    let destination = node.url
    let at = context.location(of: node)
    if URLSafety.isDangerous(destination) {
      let scheme = destination.prefix { $0 != ":" }.trimmingSpaces
      unresolve(
        node,
        message: "unsafe \(scheme.lowercased()): URL removed from \(isImage ? "image" : "link")",
        at: at, context: &context)
      return
    }
    let reference = LinkReference.markdown(
      kind: isImage ? .image : .link, destination: destination, line: at.line, column: at.column)
    switch context.resolver.resolve(reference) {
    case .keep:
      if let repaired = URLSafety.repairedWebURL(destination) {
        context.warn("malformed URL '\(destination)'; linking to '\(repaired)'", line: at.line, column: at.column)
        node.setURL(repaired)
      }
    case .page(let url), .file(let url, _), .embed(let url, _, _):
      node.setURL(InlineHTML.safeURL(url))
    case .unresolved(let message):
      unresolve(node, message: message, at: at, context: &context)
    }
  }

  /// The link's text (or the image's alt text) in a broken-link span.
  private static func unresolve(
    _ node: CmarkNode, message: String, at: (line: Int, column: Int), context: inout RenderContext
  ) {
    context.warn(message, line: at.line, column: at.column)
    node.replace(with: InlineHTML.brokenLink(message: message))
  }
}
