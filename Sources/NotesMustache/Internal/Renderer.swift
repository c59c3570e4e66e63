/// Renders a compiled `Program` into one output buffer.
struct Renderer: ~Copyable {
  /// How deeply partials and parents may nest before we assume a template includes itself.
  static let maxInclusionDepth = 100

  private let program: Program
  private let ops: UnsafeMutableBufferPointer<Program.Op>
  private let bytes: UnsafeMutablePointer<UInt8>
  private let keys: UnsafeMutablePointer<String>
  private let keyIDs: UnsafeMutablePointer<Int32>
  private var context: ContextStack
  private var depth = 0
  var output: OutputBuffer
  private let cache: RenderCache?
  /// The cache table last used: list entries come one after another from one section.
  /// Unretained: the cache keeps every table it made, and a reference copied per list entry
  /// was retained and released by every core on the same object.
  private var lastTable: (key: RenderCache.TableKey, table: Unmanaged<RenderCache.Table>)?
  /// Renderings of reusable values in progress, outermost first.
  private var regions: [Region] = []

  /// A reusable value's section being rendered: whether its output may be stored.
  private struct Region {
    /// The frame the value was pushed as.
    var frame: Int
    /// Where its output starts.
    var start: Int
    var fallThrough: [Int32] = []
    /// It read something of the page around it.
    var tainted = false
  }

  /// `program` must outlive the renderer (the library holding it is borrowed while rendering).
  /// With a `cache`, its shared value is the root context and `data` sits above it.
  init(program: Program, data: TemplateValue, capacity: Int, cache: RenderCache? = nil) {
    self.program = program
    ops = program.ops
    bytes = program.bytes.baseAddress!
    keys = program.keys.baseAddress!
    keyIDs = program.keyIDs.baseAddress!
    self.cache = cache
    if let cache {
      context = ContextStack(root: cache.shared, keyTable: program.keyTable)
      context.push(data)
    } else {
      context = ContextStack(root: data, keyTable: program.keyTable)
    }
    output = OutputBuffer(capacity: capacity)
  }

  /// Where ops come from and how their lines are indented.
  struct Scope {
    /// The template the ops were compiled from, for error messages.
    var template: Int32
    /// Added at the start of every source line (standalone partial or block indentation).
    var indentation: [UInt8] = []
    /// Removed from every source line's own leading whitespace (block argument indentation).
    var dedentation: [UInt8] = []
    /// Block arguments in effect, as block indices; the outermost template's arguments come
    /// first and win.
    var arguments: [Int32] = []
    /// The cache's number for the fields above and the nesting depth.
    var cacheScope = 0
    /// The same without block arguments and depth, for sections that include nothing.
    var plainCacheScope = 0
  }

  /// Gives `scope` its cache numbers, for a scope rendered at nesting `depth`.
  private func identify(_ scope: inout Scope, depth: Int) {
    guard let cache else { return }
    scope.cacheScope = cache.scopeID(
      .init(
        arguments: scope.arguments, indentation: scope.indentation,
        dedentation: scope.dedentation, depth: depth))
    scope.plainCacheScope = cache.scopeID(
      .init(arguments: [], indentation: scope.indentation, dedentation: scope.dedentation, depth: -1))
  }

  mutating func render(template: Int32) throws(MustacheError) {
    var scope = Scope(template: template)
    identify(&scope, depth: depth)
    try render(program.entries[Int(template)], in: scope)
  }

  private mutating func render(_ range: Range<Int>, in scope: borrowing Scope)
    throws(MustacheError)
  {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      switch ops[index] {
      case .text(let start, let count):
        output.append(bytes + Int(start), count: Int(count))

      case .lineStart(let start, let count):
        if !scope.indentation.isEmpty { output.append(scope.indentation) }
        if scope.dedentation.isEmpty {
          output.append(bytes + Int(start), count: Int(count))
        } else {
          let whitespace = UnsafeBufferPointer(start: bytes + Int(start), count: Int(count))
          output.append(UnsafeBufferPointer(rebasing: whitespace[removing: scope.dedentation]))
        }

      case .lineBreakIfNeeded(let start, let count):
        // Depends on what came before: a region that has written nothing yet cannot be reused.
        for i in regions.indices where regions[i].start >= output.count { regions[i].tainted = true }
        if let last = output.last, last != UInt8(ascii: "\n") {
          output.append(bytes + Int(start), count: Int(count))
        }

      case .variable(let path, let count, let escaped):
        interpolate(path: path, count: count, escaped: escaped)

      case .section(let path, let count, let sectionEnd, let inverted):
        try renderSection(
          path: path, count: count, index + 1..<Int(sectionEnd), inverted: inverted, in: scope)
        index = Int(sectionEnd)
        continue

      case .partial(let inclusion):
        try include(inclusion, arguments: 0..<0, from: scope)

      case .parent(let inclusion, let first, let count, let parentEnd):
        try include(inclusion, arguments: Int(first)..<Int(first + count), from: scope)
        index = Int(parentEnd)
        continue

      case .block(let block, let blockEnd):
        try renderBlock(block, in: scope)
        index = Int(blockEnd)
        continue
      }
      index += 1
    }
  }

  /// Resolves a name, noting for reusable renderings in progress where it was found.
  @inline(__always)
  private mutating func lookUp(path: Int32, count: Int32) -> TemplateValue {
    var frame = 0
    let value = context.resolve(
      keys + Int(path), count: Int(count), firstID: keyIDs[Int(path)], frame: &frame)
    if !regions.isEmpty { note(keyIDs[Int(path)], foundIn: count == 0 ? Int.max : frame) }
    return value
  }

  /// A lookup inside a region's value is its own business; one answered by the shared root
  /// or by nothing is recorded and checked again on reuse; anything else ties the region to
  /// this page.
  private mutating func note(_ id: Int32, foundIn frame: Int) {
    for i in regions.indices where frame < regions[i].frame {
      if frame <= 0 {
        if !regions[i].fallThrough.contains(id) { regions[i].fallThrough.append(id) }
      } else {
        regions[i].tainted = true
      }
    }
  }

  private mutating func interpolate(path: Int32, count: Int32, escaped: Bool) {
    let value = lookUp(path: path, count: count).unwrapped
    switch value {
    case .string(let text):
      if escaped { output.appendEscaped(text) } else { output.append(text) }
    case .int(let number):
      output.append(decimal: number)
    case .null, .list, .object, .reusable:
      break
    case .bool, .double:
      // No HTML-special characters in `true`, `false` or a number.
      output.append(value.interpolationText)
    }
  }

  private mutating func renderSection(
    path: Int32, count: Int32, _ body: Range<Int>, inverted: Bool, in scope: borrowing Scope
  ) throws(MustacheError) {
    let value = lookUp(path: path, count: count)
    if inverted {
      if !value.isTruthy { try render(body, in: scope) }
      return
    }
    switch value.unwrapped {
    case .list(let items):
      if case .reusable(let id, _) = value, cache != nil {
        // The whole list is reusable: its entries render as one piece.
        guard let region = beginReuse(id, body, in: scope) else { return }
        try renderItems(items, body, in: scope)
        endReuse(region)
        return
      }
      try renderItems(items, body, in: scope)
    default:
      guard value.isTruthy else { return }
      try withUnsafePointer(to: value) { item throws(MustacheError) in
        try renderItem(item, body, in: scope)
      }
    }
  }

  /// Renders a section body for each entry of a list, reading the entries in place: taking
  /// each out of the array would retain and release it, on every core at once (lists of
  /// shared entries are shown on thousands of pages).
  private mutating func renderItems(
    _ items: [TemplateValue], _ body: Range<Int>, in scope: borrowing Scope
  ) throws(MustacheError) {
    // The array passed as a pointer for each call, not through a closure: a closure would
    // need its own copy of `scope`, whose arrays are the compiled program's, shared by every
    // core.
    for i in 0..<items.count { try renderItem(items, at: i, body, in: scope) }
  }

  private mutating func renderItem(
    _ items: UnsafePointer<TemplateValue>, at index: Int, _ body: Range<Int>, in scope: borrowing Scope
  ) throws(MustacheError) {
    try renderItem(items + index, body, in: scope)
  }

  /// Renders a section body for one value, reusing an earlier rendering of a reusable value
  /// when it would come out the same.
  private mutating func renderItem(
    _ item: UnsafePointer<TemplateValue>, _ body: Range<Int>, in scope: borrowing Scope
  ) throws(MustacheError) {
    guard cache != nil, case .reusable(let id, _) = item.pointee else {
      context.push(item.pointee)
      try render(body, in: scope)
      context.pop()
      return
    }
    // Not through a closure: one would copy `scope` for each entry of every list.
    guard let region = beginReuse(id, body, in: scope) else { return }
    context.push(item.pointee)
    try render(body, in: scope)
    context.pop()
    endReuse(region)
  }

  /// What `endReuse` needs to store a rendering that `beginReuse` could not reuse.
  private struct PendingReuse {
    var id: Int
    var table: Unmanaged<RenderCache.Table>
  }

  /// Appends the stored output of `body` for reusable value `id` when it would come out the
  /// same here, and returns nil. Otherwise returns what `endReuse` needs, to be called once
  /// the caller has rendered `body` for the value: it stores what was written if that
  /// depended on nothing but the value and the shared root. Needs a cache.
  private mutating func beginReuse(_ id: Int, _ body: Range<Int>, in scope: borrowing Scope) -> PendingReuse? {
    // A body that includes nothing renders the same whatever blocks are passed around it
    // and however deep it sits, so list entries are shared by every page template.
    let includes = program.sectionIncludes[body.lowerBound - 1]
    let key = RenderCache.TableKey(
      program: ObjectIdentifier(program), op: body.lowerBound,
      scope: includes ? scope.cacheScope : scope.plainCacheScope)
    let table: Unmanaged<RenderCache.Table>
    if let last = lastTable, last.key == key {
      table = last.table
    } else {
      table = Unmanaged.passUnretained(cache!.table(key))
      lastTable = (key, table)
    }
    // The value (or a list's entries) is pushed as this frame.
    let frame = context.depth
    if let entry = table._withUnsafeGuaranteedRef({ $0.entry(id) }), context.lacks(entry.fallThrough, between: frame) {
      output.append(entry.bytes)
      for id in entry.fallThrough { note(id, foundIn: -1) }
      return nil
    }
    regions.append(Region(frame: frame, start: output.count))
    return PendingReuse(id: id, table: table)
  }

  private mutating func endReuse(_ pending: PendingReuse) {
    let region = regions.removeLast()
    if !region.tainted {
      pending.table._withUnsafeGuaranteedRef {
        $0.store(
          bytes: UnsafeBufferPointer(rebasing: output.bytes[region.start...]), fallThrough: region.fallThrough,
          for: pending.id)
      }
    }
  }

  /// Renders a partial or parent in place; a missing template renders empty, as the spec says.
  private mutating func include(
    _ index: Int32, arguments: Range<Int>, from scope: borrowing Scope
  ) throws(MustacheError) {
    let inclusion = program.inclusions[Int(index)]
    guard inclusion.template >= 0 else { return }
    guard depth < Self.maxInclusionDepth else {
      throw MustacheError(
        template: program.names[Int(scope.template)], line: inclusion.position.line,
        column: inclusion.position.column,
        message: "'\(inclusion.name)' is nested more than \(Self.maxInclusionDepth) levels deep; "
          + "does it include itself?")
    }
    var inner = Scope(template: inclusion.template)
    if let indentation = inclusion.indentation {
      inner.indentation = Self.indentation(scope.indentation, indentation, less: scope.dedentation)
    }
    inner.arguments = scope.arguments
    for argument in arguments {
      let block = program.arguments[argument]
      let name = program.blocks[Int(block)].name
      if !inner.arguments.contains(where: { program.blocks[Int($0)].name == name }) {
        inner.arguments.append(block)
      }
    }
    identify(&inner, depth: depth + 1)
    depth += 1
    defer { depth -= 1 }
    try render(program.entries[Int(inclusion.template)], in: inner)
  }

  private mutating func renderBlock(_ index: Int32, in scope: borrowing Scope)
    throws(MustacheError)
  {
    let block = program.blocks[Int(index)]
    guard
      let argumentIndex = scope.arguments.first(where: {
        program.blocks[Int($0)].name == block.name
      })
    else {
      // Default content is part of this template's text and renders like a section would.
      try render(block.body, in: scope)
      return
    }
    let argument = program.blocks[Int(argumentIndex)]
    var inner = Scope(template: argument.template)
    inner.dedentation = argument.definitionIndentation
    inner.arguments = scope.arguments
    if let indentation = block.expansionIndentation {
      inner.indentation = Self.indentation(scope.indentation, indentation, less: scope.dedentation)
      // Content written inline after its opening tag has no line start of its own, yet
      // still begins a line here.
      if !argument.contentStartsLine { output.append(inner.indentation) }
    }
    identify(&inner, depth: depth)
    try render(argument.body, in: inner)
  }

  /// `outer` followed by `own` without the part of `dedentation` it starts with.
  private static func indentation(_ outer: [UInt8], _ own: [UInt8], less dedentation: [UInt8])
    -> [UInt8]
  {
    if outer.isEmpty && dedentation.isEmpty { return own }
    return outer + own[removing: dedentation]
  }
}

extension Collection<UInt8> {
  /// Drops as much of `indentation` from the front as this whitespace shares with it.
  /// Indentation is spaces and tabs only, so bytes and characters agree.
  fileprivate subscript(removing indentation: [UInt8]) -> SubSequence {
    var index = startIndex
    for byte in indentation {
      guard index != endIndex, self[index] == byte else { break }
      index = self.index(after: index)
    }
    return self[index...]
  }
}
