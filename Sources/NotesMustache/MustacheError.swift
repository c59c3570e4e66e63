/// A template problem, with the template's name and position.
///
/// Formatted like a compiler diagnostic so editors and CI can annotate it:
/// `layout:12:5: error: unclosed section 'notes'`.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The name of the template the problem is in (a `TemplateLibrary` key).
  public var template: String
  /// 1-based line of the offending tag.
  public var line: Int
  /// 1-based column (in characters) of the offending tag's opening delimiter.
  public var column: Int
  public var message: String

  public init(template: String, line: Int, column: Int, message: String) {
    self.template = template
    self.line = line
    self.column = column
    self.message = message
  }

  public var description: String { "\(template):\(line):\(column): error: \(message)" }
}
