/// One parsed template.
struct Template: Sendable {
  var nodes: [Node]
  /// Source length in bytes, used to reserve output capacity.
  var sourceSize: Int

  init(name: String, source: String) throws(MustacheError) {
    var lexer = Lexer(source: source, template: name)
    let tokens = StandaloneLines.apply(to: try lexer.tokenize())
    nodes = try Parser(template: name).parse(tokens)
    sourceSize = source.utf8.count
  }
}
