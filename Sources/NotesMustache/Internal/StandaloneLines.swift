/// The spec's whitespace rules, applied line by line to the token stream.
///
/// A line holding only whitespace and one tag that renders nothing in place (section,
/// inverted, close, comment, partial, delimiter, parent, block) is *standalone*: the line's
/// whitespace and line break disappear. For parents and blocks the opening and closing tags
/// may share the line (`{{<parent}}{{$block}}`), as the inheritance spec requires.
///
/// Every other non-empty line gets a `.lineStart` token carrying its leading whitespace, which
/// is where the renderer adds partial indentation and removes block indentation.
enum StandaloneLines {
  static func apply(to tokens: [Token]) -> [Token] {
    var pass = Pass()
    pass.output.reserveCapacity(tokens.count + tokens.count / 4)
    var lineStart = 0
    while lineStart < tokens.count {
      var lineEnd = lineStart
      while lineEnd < tokens.count, !tokens[lineEnd].isNewline { lineEnd += 1 }
      let newline: String? =
        if lineEnd < tokens.count, case .newline(let text) = tokens[lineEnd] { text } else { nil }
      pass.process(tokens[lineStart..<lineEnd], newline: newline)
      lineStart = lineEnd + (newline == nil ? 0 : 1)
    }
    return pass.output
  }

  private struct Pass {
    var output: [Token] = []
    /// Open sections, parents and blocks, to learn what each closing tag closes.
    var openTags: [Tag] = []
    /// A standalone block opening whose intrinsic indentation the next line decides.
    var pendingBlock: (outputIndex: Int, name: String)?

    mutating func process(_ line: ArraySlice<Token>, newline: String?) {
      let leadingWhitespace = line.first.map(\.leadingWhitespace) ?? ""
      let tags = line.compactMap(\.tag)
      var closedKinds: [Tag.Kind?] = []
      for tag in tags { closedKinds.append(closedKind(by: tag)) }
      let standalone = isStandalone(line, tags: tags, closedKinds: closedKinds)

      if let pending = pendingBlock {
        pendingBlock = nil
        let closesAtOnce =
          standalone && tags.first?.kind == .close && tags.first?.name == pending.name
        if !closesAtOnce, case .tag(var tag) = output[pending.outputIndex] {
          tag.intrinsicIndentation = leadingWhitespace
          output[pending.outputIndex] = .tag(tag)
        }
      }

      if standalone {
        emitStandalone(
          tags, closedKinds: closedKinds, leadingWhitespace: leadingWhitespace, newline: newline)
      } else {
        emitOrdinary(line, leadingWhitespace: leadingWhitespace, newline: newline)
      }
    }

    private func isStandalone(_ line: ArraySlice<Token>, tags: [Tag], closedKinds: [Tag.Kind?])
      -> Bool
    {
      guard !tags.isEmpty, tags.allSatisfy(\.kind.canStandAlone) else { return false }
      let onlyWhitespace = line.allSatisfy { token in
        if case .text(let text) = token { return text.allSatisfy { $0 == " " || $0 == "\t" } }
        return true
      }
      guard onlyWhitespace else { return false }
      if tags.count == 1 { return true }
      // Several tags share a standalone line only if all of them open or close parents/blocks.
      return zip(tags, closedKinds).allSatisfy { tag, closed in
        let kind = tag.kind == .close ? closed : tag.kind
        return kind == .parent || kind == .block
      }
    }

    private mutating func emitStandalone(
      _ tags: [Tag], closedKinds: [Tag.Kind?], leadingWhitespace: String, newline: String?
    ) {
      var blocksOpenedHere: [(outputIndex: Int, name: String)] = []
      var endsWithOneLineBlock = false
      for (tag, closed) in zip(tags, closedKinds) {
        var tag = tag
        tag.isStandalone = true
        tag.indentation = leadingWhitespace
        endsWithOneLineBlock = false
        if tag.kind == .block {
          blocksOpenedHere.append((output.count, tag.name))
        } else if tag.kind == .close, closed == .block,
          let index = blocksOpenedHere.lastIndex(where: { $0.name == tag.name })
        {
          blocksOpenedHere.remove(at: index)
          endsWithOneLineBlock = true
        }
        output.append(.tag(tag))
      }
      pendingBlock = blocksOpenedHere.last
      // `  {{$b}}{{/b}}` stands for a line of content: its line break stays (once).
      if endsWithOneLineBlock, let newline { output.append(.lineBreakIfNeeded(newline)) }
    }

    private mutating func emitOrdinary(
      _ line: ArraySlice<Token>, leadingWhitespace: String, newline: String?
    ) {
      var isFirst = true
      for token in line {
        if isFirst {
          isFirst = false
          output.append(.lineStart(leadingWhitespace))
          if case .text(let text) = token {
            let rest = text.dropFirst(leadingWhitespace.count)
            if !rest.isEmpty { output.append(.text(String(rest))) }
            continue
          }
        }
        output.append(token)
      }
      if let newline { output.append(.text(newline)) }
    }

    /// For a closing tag, the kind of tag it closes; also keeps `openTags` current.
    private mutating func closedKind(by tag: Tag) -> Tag.Kind? {
      switch tag.kind {
      case .section, .inverted, .parent, .block:
        openTags.append(tag)
        return nil
      case .close:
        guard let open = openTags.last, open.name == tag.name else { return nil }
        openTags.removeLast()
        return open.kind
      default:
        return nil
      }
    }
  }
}

extension Token {
  fileprivate var isNewline: Bool {
    if case .newline = self { return true }
    return false
  }

  fileprivate var tag: Tag? {
    if case .tag(let tag) = self { return tag }
    return nil
  }

  /// Leading spaces and tabs when this token is text.
  fileprivate var leadingWhitespace: String {
    guard case .text(let text) = self else { return "" }
    return String(text.prefix { $0 == " " || $0 == "\t" })
  }
}
