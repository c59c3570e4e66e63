/// Builds the node tree from standalone-processed tokens and reports structural errors.
struct Parser {
  private let template: String

  init(template: String) { self.template = template }

  /// An open section, parent or block and the nodes collected inside it so far.
  private struct OpenTag {
    var tag: Tag?
    var nodes: [Node] = []

    /// Appends a node, merging adjacent text so rendering does fewer appends.
    mutating func append(_ node: Node) {
      if case .text(let text) = node, case .text(let previous)? = nodes.last {
        nodes[nodes.count - 1] = .text(previous + text)
      } else {
        nodes.append(node)
      }
    }
  }

  func parse(_ tokens: [Token]) throws(MustacheError) -> [Node] {
    var stack = [OpenTag(tag: nil)]
    for token in tokens {
      switch token {
      case .text(let text): stack[stack.count - 1].append(.text(text))
      case .newline(let text): stack[stack.count - 1].append(.text(text))
      case .lineStart(let whitespace): stack[stack.count - 1].append(.lineStart(whitespace))
      case .lineBreakIfNeeded(let newline):
        stack[stack.count - 1].append(.lineBreakIfNeeded(newline))
      case .tag(let tag):
        switch tag.kind {
        case .comment, .setDelimiters:
          break
        case .variable, .unescaped:
          stack[stack.count - 1].append(.variable(Path(tag.name), escaped: tag.kind == .variable))
        case .partial:
          stack[stack.count - 1].append(.partial(inclusion(for: tag)))
        case .section, .inverted, .parent, .block:
          stack.append(OpenTag(tag: tag))
        case .close:
          guard stack.count > 1, let open = stack.last?.tag else {
            throw error(at: tag, "closing tag '\(tag.name)' has no matching opening tag")
          }
          guard open.name == tag.name else {
            throw error(
              at: tag,
              "closing tag '\(tag.name)' does not match '\(open.name)' opened at "
                + "\(open.position.line):\(open.position.column)")
          }
          let closed = stack.removeLast()
          stack[stack.count - 1].append(node(for: open, children: closed.nodes))
        }
      }
    }
    if stack.count > 1, let open = stack.last?.tag {
      throw error(at: open, "unclosed \(open.kind.noun) '\(open.name)'")
    }
    return stack[0].nodes
  }

  private func node(for open: Tag, children: [Node]) -> Node {
    switch open.kind {
    case .section: return .section(Path(open.name), children, inverted: false)
    case .inverted: return .section(Path(open.name), children, inverted: true)
    case .parent:
      // Text and other tags inside a parent tag are ignored; only blocks are arguments.
      var arguments: [String: Block] = [:]
      for case .block(let block) in children where arguments[block.name] == nil {
        arguments[block.name] = block
      }
      return .parent(inclusion(for: open), arguments: arguments)
    default:
      let intrinsic = open.isStandalone ? open.intrinsicIndentation : nil
      return .block(
        Block(
          name: open.name, nodes: children,
          expansionIndentation: open.isStandalone ? intrinsic ?? open.indentation : nil,
          definitionIndentation: intrinsic ?? "", contentStartsLine: open.isStandalone))
    }
  }

  private func inclusion(for tag: Tag) -> Inclusion {
    Inclusion(
      name: tag.name, indentation: tag.isStandalone ? tag.indentation : nil, position: tag.position)
  }

  private func error(at tag: Tag, _ message: String) -> MustacheError {
    MustacheError(
      template: template, line: tag.position.line, column: tag.position.column, message: message)
  }
}

extension Tag.Kind {
  fileprivate var noun: String {
    switch self {
    case .parent: "parent"
    case .block: "block"
    default: "section"
    }
  }
}
