/// Templates parsed once and rendered many times; partials and parents are looked up by name.
///
/// Immutable and `Sendable`, so one library can render pages from many tasks at once.
public struct TemplateLibrary: Sendable {
  private let program: Program

  /// Parses every template. Names are the keys (`note`, `layout`, `partials/head`), and
  /// `{{>partials/head}}` or `{{<layout}}` refer to them.
  ///
  /// - Throws: the first ``MustacheError`` found (unclosed section, mismatched closing tag,
  ///   bad delimiter…), in name order so the report is stable.
  public init(sources: [String: String]) throws(MustacheError) {
    var templates: [(name: String, nodes: [Node], sourceSize: Int)] = []
    for name in sources.keys.sorted() {
      let template = try Template(name: name, source: sources[name]!)
      templates.append((name, template.nodes, template.sourceSize))
    }
    program = Program(templates: templates)
  }

  /// Whether a template of that name exists.
  public func contains(_ name: String) -> Bool { program.templateIndex[name] != nil }

  /// The names of all templates, sorted.
  public var names: [String] { program.names }

  /// Renders template `name` with `data` as the root context.
  ///
  /// Missing partials render empty, as the spec requires.
  /// - Throws: ``MustacheError`` if `name` does not exist or partials nest more than 100
  ///   levels deep (a template that includes itself).
  public func render(_ name: String, _ data: TemplateValue) throws(MustacheError) -> String {
    try withRendering(name, data) { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { buffer in
        _ = buffer.initialize(from: bytes)
        return bytes.count
      }
    }
  }

  /// Renders template `name` with `data` and appends the UTF-8 bytes to `output`, for callers
  /// that write bytes (a file, a socket) and would otherwise convert a `String` back.
  ///
  /// With a `cache`, the cache's shared value is the root context under `data`, and sections
  /// over ``TemplateValue/reusable(id:_:)`` values reuse earlier renderings (see
  /// ``RenderCache``); the output is the same as without it.
  ///
  /// On error `output` is left as it was.
  public func render(
    _ name: String, _ data: TemplateValue, cache: RenderCache? = nil,
    into output: inout [UInt8]
  ) throws(MustacheError) {
    try withRendering(name, data, cache: cache) { bytes in output.append(contentsOf: bytes) }
  }

  /// Renders template `name` with `data` and appends the text to `output`.
  ///
  /// On error `output` is left as it was.
  public func render(_ name: String, _ data: TemplateValue, into output: inout String)
    throws(MustacheError)
  {
    try withRendering(name, data) { bytes in
      output.append(contentsOf: String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Renders template `name` with `data` and hands the UTF-8 bytes to `body` in place, valid
  /// only during the call: no copy for callers that write the bytes straight out.
  /// `capacity` is the size the output is expected to reach, so it is not grown step by step.
  public func withRendered<R>(
    _ name: String, _ data: TemplateValue, cache: RenderCache? = nil, capacity: Int = 0,
    _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) throws(MustacheError) -> R {
    try withRendering(name, data, cache: cache, capacity: capacity, body)
  }

  private func withRendering<R>(
    _ name: String, _ data: TemplateValue, cache: RenderCache? = nil, capacity hint: Int = 0,
    _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) throws(MustacheError) -> R {
    guard let template = program.templateIndex[name] else {
      throw MustacheError(
        template: name, line: 1, column: 1, message: "no template named '\(name)'")
    }
    let capacity = max(hint, program.sourceSizes[Int(template)] * 4 + 1024)
    var renderer = Renderer(program: program, data: data, capacity: capacity, cache: cache)
    try withExtendedLifetime(program) { () throws(MustacheError) in
      try renderer.render(template: template)
    }
    return body(renderer.output.bytes)
  }
}
