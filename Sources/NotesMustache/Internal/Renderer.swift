/// Renders node trees into one output buffer.
struct Renderer {
  /// How deeply partials and parents may nest before we assume a template includes itself.
  static let maxInclusionDepth = 100

  private let templates: [String: Template]
  private var context: ContextStack
  private var depth = 0
  private(set) var output = ""

  init(templates: [String: Template], data: TemplateValue, capacity: Int) {
    self.templates = templates
    self.context = ContextStack(root: data)
    output.reserveCapacity(capacity)
  }

  /// Where nodes come from and how their lines are indented.
  struct Scope {
    /// The template the nodes were parsed from, for error messages.
    var template: String
    /// Added at the start of every source line (standalone partial or block indentation).
    var indentation = ""
    /// Removed from every source line's own leading whitespace (block argument indentation).
    var dedentation = ""
    /// Block arguments in effect; the outermost template's arguments win.
    var arguments: [String: Argument] = [:]
  }

  /// A block passed to a parent, remembered with the template it was written in.
  struct Argument {
    var block: Block
    var template: String
  }

  mutating func render(_ nodes: [Node], in scope: Scope) throws(MustacheError) {
    for node in nodes {
      switch node {
      case .text(let text):
        output += text

      case .lineStart(let whitespace):
        output += scope.indentation
        output +=
          scope.dedentation.isEmpty ? whitespace : whitespace.removingIndentation(scope.dedentation)

      case .lineBreakIfNeeded(let newline):
        if let last = output.utf8.last, last != UInt8(ascii: "\n") { output += newline }

      case .variable(let path, let escaped):
        let text = context.resolve(path).interpolationText
        if escaped { Mustache.escapeHTML(text, into: &output) } else { output += text }

      case .section(let path, let children, let inverted):
        try renderSection(path, children, inverted: inverted, in: scope)

      case .partial(let inclusion):
        try include(inclusion, arguments: [:], from: scope)

      case .parent(let inclusion, let arguments):
        try include(inclusion, arguments: arguments, from: scope)

      case .block(let block):
        try renderBlock(block, in: scope)
      }
    }
  }

  private mutating func renderSection(
    _ path: Path, _ children: [Node], inverted: Bool, in scope: Scope
  ) throws(MustacheError) {
    let value = context.resolve(path)
    if inverted {
      if !value.isTruthy { try render(children, in: scope) }
      return
    }
    switch value {
    case .list(let items):
      for item in items {
        context.push(item)
        try render(children, in: scope)
        context.pop()
      }
    default:
      guard value.isTruthy else { return }
      context.push(value)
      try render(children, in: scope)
      context.pop()
    }
  }

  /// Renders a partial or parent in place; a missing template renders empty, as the spec says.
  private mutating func include(
    _ inclusion: Inclusion, arguments: [String: Block], from scope: Scope
  ) throws(MustacheError) {
    guard let template = templates[inclusion.name] else { return }
    guard depth < Self.maxInclusionDepth else {
      throw MustacheError(
        template: scope.template, line: inclusion.position.line, column: inclusion.position.column,
        message: "'\(inclusion.name)' is nested more than \(Self.maxInclusionDepth) levels deep; "
          + "does it include itself?")
    }
    var inner = Scope(template: inclusion.name)
    if let indentation = inclusion.indentation {
      inner.indentation = scope.indentation + indentation.removingIndentation(scope.dedentation)
    }
    inner.arguments = scope.arguments
    for (name, block) in arguments where inner.arguments[name] == nil {
      inner.arguments[name] = Argument(block: block, template: scope.template)
    }
    depth += 1
    defer { depth -= 1 }
    try render(template.nodes, in: inner)
  }

  private mutating func renderBlock(_ block: Block, in scope: Scope) throws(MustacheError) {
    guard let argument = scope.arguments[block.name] else {
      // Default content is part of this template's text and renders like a section would.
      try render(block.nodes, in: scope)
      return
    }
    var inner = scope
    inner.template = argument.template
    inner.indentation = ""
    inner.dedentation = argument.block.definitionIndentation
    if let indentation = block.expansionIndentation {
      inner.indentation = scope.indentation + indentation.removingIndentation(scope.dedentation)
      // Content written inline after its opening tag has no line start of its own, yet
      // still begins a line here.
      if !argument.block.contentStartsLine { output += inner.indentation }
    }
    try render(argument.block.nodes, in: inner)
  }
}

extension String {
  /// Removes as much of `indentation` from the front as this whitespace shares with it.
  fileprivate func removingIndentation(_ indentation: String) -> String {
    guard !indentation.isEmpty else { return self }
    if hasPrefix(indentation) { return String(dropFirst(indentation.count)) }
    let shared = zip(self, indentation).prefix { $0 == $1 }.count
    return String(dropFirst(shared))
  }
}
