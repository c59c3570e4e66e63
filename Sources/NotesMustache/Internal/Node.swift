/// A parsed template: a tree of nodes, rendered many times without re-parsing.
indirect enum Node: Sendable {
  case text(String)
  /// The start of a source line with its leading whitespace (see `StandaloneLines`).
  case lineStart(String)
  case lineBreakIfNeeded(String)
  case variable(Path, escaped: Bool)
  case section(Path, [Node], inverted: Bool)
  case partial(Inclusion)
  /// `{{<name}}…{{/name}}`: only the block arguments inside matter.
  case parent(Inclusion, arguments: [String: Block])
  case block(Block)
}

/// A variable or section name: `.` or dotted parts such as `site.title`.
enum Path: Sendable {
  case implicitIterator
  case dotted([String])

  init(_ name: String) {
    self =
      name == "."
      ? .implicitIterator
      : .dotted(name.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
  }
}

/// A partial or parent tag.
struct Inclusion: Sendable {
  var name: String
  /// Leading whitespace when the tag stands alone; `nil` when it sits inside a line.
  var indentation: String?
  var position: SourcePosition
}

/// `{{$name}}…{{/name}}`: a parameter with default content, or an argument to a parent.
struct Block: Sendable {
  var name: String
  var nodes: [Node]
  /// Indentation added to each line of whatever content fills the block here; `nil` when
  /// the block sits inside a line.
  var expansionIndentation: String?
  /// Indentation removed from each content line when this block is passed to a parent.
  var definitionIndentation: String
  /// The opening tag stood alone, so the content begins at the start of a source line;
  /// otherwise it continues the opening tag's line.
  var contentStartsLine: Bool
}
