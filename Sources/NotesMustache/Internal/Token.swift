/// One lexical piece of a template source.
enum Token: Sendable {
  /// Literal text without line breaks.
  case text(String)
  /// A line break, `"\n"` or `"\r\n"`, kept exactly as written.
  case newline(String)
  case tag(Tag)
  /// Inserted by the standalone pass: the start of a rendered source line, carrying its
  /// leading whitespace so partial and block indentation can be added or removed.
  case lineStart(String)
  /// Inserted by the standalone pass after a one-line block pair (`  {{$b}}{{/b}}`):
  /// ends the line unless the block's content already did.
  case lineBreakIfNeeded(String)
}

/// A `{{…}}` tag as written, plus what the standalone pass learns about its line.
struct Tag: Sendable {
  enum Kind: Sendable {
    case variable, unescaped, section, inverted, close, comment
    case partial, parent, block, setDelimiters

    /// Tags that render nothing in place and so may stand alone on a line.
    var canStandAlone: Bool {
      switch self {
      case .variable, .unescaped: false
      default: true
      }
    }
  }

  var kind: Kind
  var name: String
  var position: SourcePosition
  /// The tag's line holds only whitespace and standalone tags, and was removed.
  var isStandalone = false
  /// Leading whitespace of a standalone line: indentation for partials, parents, blocks.
  var indentation = ""
  /// For a standalone block opening: the leading whitespace of the first content line.
  var intrinsicIndentation: String?
}
