import CYaml

/// A libyaml event copied into Swift values, so no C memory outlives `Event.next`.
enum Event {
  case streamStart, streamEnd, documentStart, documentEnd
  case alias(anchor: String, mark: Mark)
  case scalar(String, plain: Bool, anchor: String?, mark: Mark)
  case sequenceStart(anchor: String?, mark: Mark)
  case sequenceEnd
  case mappingStart(anchor: String?, mark: Mark)
  case mappingEnd

  /// A 1-based position, already shifted by the caller's line offset.
  struct Mark {
    var line: Int
    var column: Int
  }

  /// The next event of `parser`; the C event is freed before returning.
  static func next(_ parser: UnsafeMutablePointer<yaml_parser_t>, lineOffset: Int)
    throws(YAMLError) -> Event
  {
    var event = yaml_event_t()
    guard yaml_parser_parse(parser, &event) == 1 else {
      throw parserError(parser.pointee, lineOffset: lineOffset)
    }
    defer { yaml_event_delete(&event) }

    let mark = Mark(
      line: Int(event.start_mark.line) + 1 + lineOffset, column: Int(event.start_mark.column) + 1)
    switch event.type {
    case YAML_STREAM_START_EVENT: return .streamStart
    case YAML_STREAM_END_EVENT: return .streamEnd
    case YAML_DOCUMENT_START_EVENT: return .documentStart
    case YAML_DOCUMENT_END_EVENT: return .documentEnd
    case YAML_ALIAS_EVENT:
      return .alias(anchor: string(event.data.alias.anchor) ?? "", mark: mark)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let value =
        scalar.value.map { pointer in
          String(decoding: UnsafeBufferPointer(start: pointer, count: scalar.length), as: UTF8.self)
        } ?? ""
      // An explicit `!!str` tag makes `yes` or `123` text, exactly like quoting it would.
      let isString = string(scalar.tag) == "tag:yaml.org,2002:str"
      let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && !isString
      return .scalar(value, plain: plain, anchor: string(scalar.anchor), mark: mark)
    case YAML_SEQUENCE_START_EVENT:
      return .sequenceStart(anchor: string(event.data.sequence_start.anchor), mark: mark)
    case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
    case YAML_MAPPING_START_EVENT:
      return .mappingStart(anchor: string(event.data.mapping_start.anchor), mark: mark)
    case YAML_MAPPING_END_EVENT: return .mappingEnd
    default:
      throw YAMLError(message: "unexpected YAML event", line: mark.line, column: mark.column)
    }
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: UnsafePointer(pointer))
  }

  /// libyaml's own words: "could not find expected ':' (while scanning a simple key)".
  private static func parserError(_ parser: yaml_parser_t, lineOffset: Int) -> YAMLError {
    var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
    if let context = parser.context.map({ String(cString: $0) }) {
      message += " (\(context))"
    }
    return YAMLError(
      message: message,
      line: Int(parser.problem_mark.line) + 1 + lineOffset,
      column: Int(parser.problem_mark.column) + 1)
  }
}
