/// Templates parsed once and rendered many times; partials and parents are looked up by name.
///
/// Immutable and `Sendable`, so one library can render pages from many tasks at once.
public struct TemplateLibrary: Sendable {
  private let templates: [String: Template]

  /// Parses every template. Names are the keys (`note`, `layout`, `partials/head`), and
  /// `{{>partials/head}}` or `{{<layout}}` refer to them.
  ///
  /// - Throws: the first ``MustacheError`` found (unclosed section, mismatched closing tag,
  ///   bad delimiter…), in name order so the report is stable.
  public init(sources: [String: String]) throws(MustacheError) {
    var templates: [String: Template] = [:]
    for name in sources.keys.sorted() {
      templates[name] = try Template(name: name, source: sources[name]!)
    }
    self.templates = templates
  }

  /// Whether a template of that name exists.
  public func contains(_ name: String) -> Bool { templates[name] != nil }

  /// The names of all templates, sorted.
  public var names: [String] { templates.keys.sorted() }

  /// Renders template `name` with `data` as the root context.
  ///
  /// Missing partials render empty, as the spec requires.
  /// - Throws: ``MustacheError`` if `name` does not exist or partials nest more than 100
  ///   levels deep (a template that includes itself).
  public func render(_ name: String, _ data: TemplateValue) throws(MustacheError) -> String {
    guard let template = templates[name] else {
      throw MustacheError(
        template: name, line: 1, column: 1, message: "no template named '\(name)'")
    }
    var renderer = Renderer(
      templates: templates, data: data, capacity: template.sourceSize * 2 + 256)
    try renderer.render(template.nodes, in: Renderer.Scope(template: name))
    return renderer.output
  }
}
