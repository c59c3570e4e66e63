import CYaml

/// Builds a `YAMLNode` tree from libyaml's event stream, resolving aliases and enforcing the
/// depth and size limits of `YAML`.
struct TreeBuilder {
  let lineOffset: Int
  /// Anchored nodes with the number of nodes each one stands for, so an alias costs what it
  /// would cost to write it out.
  private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
  private var nodeCount = 0

  init(lineOffset: Int) {
    self.lineOffset = lineOffset
  }

  mutating func build(from input: UnsafeBufferPointer<UInt8>) throws(YAMLError) -> YAMLNode? {
    // libyaml asserts on a null input pointer, which an empty buffer may have.
    guard let base = input.baseAddress, !input.isEmpty else { return nil }
    let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    defer { parser.deallocate() }
    guard yaml_parser_initialize(parser) == 1 else {
      throw YAMLError(message: "could not start the YAML parser", line: 1 + lineOffset, column: 1)
    }
    defer { yaml_parser_delete(parser) }
    // No explicit encoding: libyaml's detection is what skips a leading byte order mark.
    yaml_parser_set_input_string(parser, base, input.count)

    let reader = EventReader(parser: parser, lineOffset: lineOffset)
    guard case .streamStart = try reader.next() else { return nil }
    // Only the first document counts; whatever follows it is never read.
    guard case .documentStart = try reader.next() else { return nil }
    let root = try node(from: reader.next(), reader: reader, depth: 1)
    // The document's end and the start of whatever follows it: reading them surfaces errors
    // libyaml finds only after the root node, like text after a quoted scalar (`"a" b`).
    // The next document's content is still never read.
    _ = try reader.next()
    _ = try reader.next()
    return root
  }

  private mutating func node(from event: Event, reader: EventReader, depth: Int)
    throws(YAMLError) -> YAMLNode
  {
    let start = nodeCount
    let built: YAMLNode
    let anchor: String?
    switch event {
    case .alias(let name, let mark):
      guard let anchored = anchors[name] else {
        throw YAMLError(message: "unknown alias '*\(name)'", line: mark.line, column: mark.column)
      }
      try count(anchored.size, at: mark)
      return anchored.node

    case .scalar(let value, let plain, let scalarAnchor, let mark):
      try count(1, at: mark)
      built = .scalar(value, plain: plain, line: mark.line, column: mark.column)
      anchor = scalarAnchor

    case .sequenceStart(let sequenceAnchor, let mark):
      try count(1, at: mark)
      try checkDepth(depth, at: mark)
      var items: [YAMLNode] = []
      while true {
        let next = try reader.next()
        if case .sequenceEnd = next { break }
        items.append(try node(from: next, reader: reader, depth: depth + 1))
      }
      built = .sequence(items, line: mark.line, column: mark.column)
      anchor = sequenceAnchor

    case .mappingStart(let mappingAnchor, let mark):
      try count(1, at: mark)
      try checkDepth(depth, at: mark)
      var entries: [YAMLNode.Entry] = []
      var seen: Set<String> = []
      while true {
        let keyEvent = try reader.next()
        if case .mappingEnd = keyEvent { break }
        let keyNode = try node(from: keyEvent, reader: reader, depth: depth + 1)
        guard case .scalar(let key, _, let line, let column) = keyNode else {
          throw YAMLError(
            message: "a mapping key must be text, not a list or mapping",
            line: keyNode.line, column: keyNode.column)
        }
        guard seen.insert(key).inserted else {
          throw YAMLError(message: "duplicate key '\(key)'", line: line, column: column)
        }
        let value = try node(from: reader.next(), reader: reader, depth: depth + 1)
        entries.append(YAMLNode.Entry(key: key, value: value, line: line, column: column))
      }
      built = .mapping(entries, line: mark.line, column: mark.column)
      anchor = mappingAnchor

    case .streamStart, .streamEnd, .documentStart, .documentEnd, .sequenceEnd, .mappingEnd:
      // libyaml only emits these where the grammar allows them, never where a node belongs.
      throw YAMLError(message: "unexpected end of YAML node", line: 1 + lineOffset, column: 1)
    }
    if let anchor {
      anchors[anchor] = (built, nodeCount - start)
    }
    return built
  }

  private mutating func count(_ nodes: Int, at mark: Event.Mark) throws(YAMLError) {
    nodeCount += nodes
    if nodeCount > YAML.maximumNodeCount {
      throw YAMLError(
        message:
          "document expands to more than \(YAML.maximumNodeCount) nodes (aliases nested too deeply?)",
        line: mark.line, column: mark.column)
    }
  }

  private func checkDepth(_ depth: Int, at mark: Event.Mark) throws(YAMLError) {
    if depth > YAML.maximumDepth {
      throw YAMLError(
        message: "nesting deeper than \(YAML.maximumDepth) levels", line: mark.line,
        column: mark.column)
    }
  }
}

/// The parser handle and the offset its positions are reported with.
struct EventReader {
  let parser: UnsafeMutablePointer<yaml_parser_t>
  let lineOffset: Int

  func next() throws(YAMLError) -> Event {
    try Event.next(parser, lineOffset: lineOffset)
  }
}
