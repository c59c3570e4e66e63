/// Every template of a library compiled into flat tables that rendering reads without
/// hashing names, splitting strings or reference counting.
///
/// Each template becomes a run of `Op`s in one array. A section, block or parent is followed
/// by its children and records where they end, so rendering walks index ranges. Text lives in
/// one byte array; names are interned key paths; partials and parents point at templates by
/// index, resolved once here.
///
/// The tables are allocated once and never change, so the renderer reads them through plain
/// pointers; the class frees them when the library goes away.
final class Program: @unchecked Sendable {
  /// One rendering step. Every payload is an integer, so copying an `Op` costs nothing.
  enum Op {
    /// `bytes[start..<start+count]`.
    case text(start: Int32, count: Int32)
    /// The start of a source line with its leading whitespace `bytes[start..<start+count]`,
    /// where partial indentation is added and block indentation removed.
    case lineStart(start: Int32, count: Int32)
    /// A line break `bytes[start..<start+count]`, written unless output already ends one.
    case lineBreakIfNeeded(start: Int32, count: Int32)
    /// `{{name}}` / `{{{name}}}` with the key path `keys[path..<path+count]` (`.` has none).
    case variable(path: Int32, count: Int32, escaped: Bool)
    /// `{{#name}}` / `{{^name}}`; children are the ops up to `end`.
    case section(path: Int32, count: Int32, end: Int32, inverted: Bool)
    /// `{{>name}}`: `inclusions[inclusion]`.
    case partial(inclusion: Int32)
    /// `{{<name}}`: `inclusions[inclusion]` with arguments `arguments[first..<first+count]`;
    /// the argument blocks' ops follow, up to `end`, and are only reached through blocks.
    case parent(inclusion: Int32, first: Int32, count: Int32, end: Int32)
    /// `{{$name}}`: `blocks[block]`; its default content is the ops up to `end`.
    case block(block: Int32, end: Int32)
  }

  struct Inclusion {
    /// Index of the included template, or -1 when there is none (renders empty).
    var template: Int32
    var name: String
    /// Leading whitespace when the tag stands alone; `nil` when it sits inside a line.
    var indentation: [UInt8]?
    var position: SourcePosition
  }

  struct BlockInfo {
    var name: Int32
    /// Ops of the block's content.
    var body: Range<Int>
    /// The template the block is written in.
    var template: Int32
    var expansionIndentation: [UInt8]?
    var definitionIndentation: [UInt8]
    var contentStartsLine: Bool
  }

  let names: [String]
  let templateIndex: [String: Int32]
  /// Op range of each template.
  let entries: [Range<Int>]
  let sourceSizes: [Int]
  let inclusions: [Inclusion]
  let blocks: [BlockInfo]
  /// Block indices passed by parents.
  let arguments: [Int32]

  let ops: UnsafeMutableBufferPointer<Op>
  let bytes: UnsafeMutableBufferPointer<UInt8>
  let keys: UnsafeMutableBufferPointer<String>
  /// For the first key of each path in `keys`, its id in `keyTable` (other entries: -1).
  let keyIDs: UnsafeMutableBufferPointer<Int32>
  /// Ids of every name's first key, the only keys looked up on the context stack.
  let keyTable: KeyTable
  /// Per op: for a section, whether its body holds a partial, parent or block, whose output
  /// can depend on block arguments and nesting depth; false for every other op.
  let sectionIncludes: UnsafeMutableBufferPointer<Bool>

  init(templates: [(name: String, nodes: [Node], sourceSize: Int)]) {
    var compiler = Compiler()
    for (i, template) in templates.enumerated() {
      compiler.templateIndex[template.name] = Int32(i)
    }
    var entries: [Range<Int>] = []
    for (i, template) in templates.enumerated() {
      compiler.template = Int32(i)
      let start = compiler.ops.count
      compiler.compile(template.nodes)
      entries.append(start..<compiler.ops.count)
    }
    names = templates.map(\.name)
    templateIndex = compiler.templateIndex
    self.entries = entries
    sourceSizes = templates.map(\.sourceSize)
    inclusions = compiler.inclusions
    blocks = compiler.blocks
    arguments = compiler.arguments
    ops = .allocate(capacity: max(1, compiler.ops.count))
    _ = ops.initialize(from: compiler.ops)
    bytes = .allocate(capacity: max(1, compiler.bytes.count))
    _ = bytes.initialize(from: compiler.bytes)
    keys = .allocate(capacity: max(1, compiler.keys.count))
    _ = keys.initialize(from: compiler.keys)
    keyCount = compiler.keys.count
    keyIDs = .allocate(capacity: max(1, compiler.keys.count))
    keyIDs.initialize(repeating: -1)
    var firstKeys: [String: Int32] = [:]
    var firstKeyList: [String] = []
    for start in compiler.pathStarts {
      let key = compiler.keys[Int(start)]
      if firstKeys[key] == nil {
        firstKeys[key] = Int32(firstKeyList.count)
        firstKeyList.append(key)
      }
      keyIDs[Int(start)] = firstKeys[key]!
    }
    keyTable = KeyTable(keys: firstKeyList)
    sectionIncludes = .allocate(capacity: max(1, compiler.ops.count))
    sectionIncludes.initialize(repeating: false)
    for (i, op) in compiler.ops.enumerated() {
      guard case .section(_, _, let end, _) = op else { continue }
      sectionIncludes[i] = compiler.ops[(i + 1)..<Int(end)].contains { inner in
        switch inner {
        case .partial, .parent, .block: true
        default: false
        }
      }
    }
  }

  private let keyCount: Int

  deinit {
    ops.deallocate()
    sectionIncludes.deallocate()
    bytes.deallocate()
    keyIDs.deallocate()
    keys.baseAddress!.deinitialize(count: keyCount)
    keys.deallocate()
  }
}

/// Turns node trees into the program's tables.
private struct Compiler {
  var ops: [Program.Op] = []
  var bytes: [UInt8] = []
  var keys: [String] = []
  /// Where each interned path starts in `keys`.
  var pathStarts: [Int32] = []
  var inclusions: [Program.Inclusion] = []
  var blocks: [Program.BlockInfo] = []
  var arguments: [Int32] = []
  var templateIndex: [String: Int32] = [:]
  var template: Int32 = 0
  private var blockNames: [String: Int32] = [:]
  private var interned: [String: (Int32, Int32)] = [:]
  private var internedText: [[UInt8]: Int32] = [:]

  mutating func compile(_ nodes: [Node]) {
    for node in nodes {
      switch node {
      case .text(let text):
        let (start, count) = store(text)
        ops.append(.text(start: start, count: count))
      case .lineStart(let whitespace):
        let (start, count) = store(whitespace)
        ops.append(.lineStart(start: start, count: count))
      case .lineBreakIfNeeded(let newline):
        let (start, count) = store(newline)
        ops.append(.lineBreakIfNeeded(start: start, count: count))
      case .variable(let name, let escaped):
        let (path, count) = intern(name)
        ops.append(.variable(path: path, count: count, escaped: escaped))
      case .section(let name, let children, let inverted):
        let (path, count) = intern(name)
        let at = ops.count
        ops.append(.text(start: 0, count: 0))  // patched below
        compile(children)
        ops[at] = .section(path: path, count: count, end: Int32(ops.count), inverted: inverted)
      case .partial(let inclusion):
        ops.append(.partial(inclusion: add(inclusion)))
      case .parent(let inclusion, let blockArguments):
        let index = add(inclusion)
        let at = ops.count
        ops.append(.text(start: 0, count: 0))  // patched below
        var list: [Int32] = []
        // Sorted by name so the program is the same from run to run.
        for name in blockArguments.keys.sorted() {
          list.append(compileBlock(blockArguments[name]!))
        }
        let first = Int32(arguments.count)
        arguments += list
        ops[at] = .parent(
          inclusion: index, first: first, count: Int32(list.count), end: Int32(ops.count))
      case .block(let block):
        _ = compileBlock(block)
      }
    }
  }

  /// Emits a block op followed by its content and returns the block's index.
  private mutating func compileBlock(_ block: Block) -> Int32 {
    let index = Int32(blocks.count)
    blocks.append(
      Program.BlockInfo(
        name: blockName(block.name), body: 0..<0, template: template,
        expansionIndentation: block.expansionIndentation.map { Array($0.utf8) },
        definitionIndentation: Array(block.definitionIndentation.utf8),
        contentStartsLine: block.contentStartsLine))
    let at = ops.count
    ops.append(.text(start: 0, count: 0))  // patched below
    compile(block.nodes)
    blocks[Int(index)].body = at + 1..<ops.count
    ops[at] = .block(block: index, end: Int32(ops.count))
    return index
  }

  private mutating func add(_ inclusion: Inclusion) -> Int32 {
    inclusions.append(
      Program.Inclusion(
        template: templateIndex[inclusion.name] ?? -1, name: inclusion.name,
        indentation: inclusion.indentation.map { Array($0.utf8) }, position: inclusion.position))
    return Int32(inclusions.count - 1)
  }

  private mutating func blockName(_ name: String) -> Int32 {
    if let id = blockNames[name] { return id }
    let id = Int32(blockNames.count)
    blockNames[name] = id
    return id
  }

  /// The key path of a name: `.` has no keys; `a.b.c` has three.
  private mutating func intern(_ path: Path) -> (Int32, Int32) {
    guard case .dotted(let parts) = path else { return (0, 0) }
    let name = parts.joined(separator: ".")
    if let found = interned[name] { return found }
    let result = (Int32(keys.count), Int32(parts.count))
    keys += parts
    pathStarts.append(result.0)
    interned[name] = result
    return result
  }

  private mutating func store(_ text: String) -> (Int32, Int32) {
    let utf8 = Array(text.utf8)
    if utf8.isEmpty { return (0, 0) }
    if let start = internedText[utf8] { return (start, Int32(utf8.count)) }
    let start = Int32(bytes.count)
    bytes += utf8
    internedText[utf8] = start
    return (start, Int32(utf8.count))
  }
}
