/// Entry point for reading YAML: front matter, `notes-site.yml` and string tables.
public enum YAML {
  /// Nesting deeper than this is an error: real configuration never comes close, and the limit
  /// keeps recursion bounded on hostile input.
  public static let maximumDepth = 200

  /// Every alias counts the nodes it copies; past this total the document is rejected, so an
  /// alias bomb ("billion laughs") fails fast instead of eating memory.
  public static let maximumNodeCount = 100_000

  /// Parses one YAML document (empty input gives nil). `lineOffset` is added to reported lines.
  ///
  /// Only the first document of a multi-document stream is read. Anchors and aliases are
  /// resolved; mapping keys must be scalars and unique.
  public static func parse(_ text: String, lineOffset: Int = 0) throws(YAMLError) -> YAMLNode? {
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBufferPointer { buffer in
      var builder = TreeBuilder(lineOffset: lineOffset)
      return Result { () throws(YAMLError) -> YAMLNode? in try builder.build(from: buffer) }
    }
    return try result.get()
  }
}
