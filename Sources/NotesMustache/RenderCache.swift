import Synchronization

/// Output of sections over ``TemplateValue/reusable(id:_:)`` values, kept across renderings so
/// a list entry shown on thousands of pages is rendered once.
///
/// A cache belongs to one `shared` value, the root context of every rendering that uses it:
/// data that is the same on every page (site settings, strings). The data of each rendering
/// sits above it, so a lookup finds the page's own keys first, as with a single root.
///
/// A rendering is reused only where it would come out the same: it is stored only if every
/// name it looked up was found inside the reusable value (or values pushed above it), in
/// `shared`, or nowhere; and it is reused only if none of the names that reached `shared` (or
/// nothing) is defined by a value between the root and the section on the reusing page.
/// Renderings that depend on anything else are simply rendered every time.
///
/// Safe to use from many renderings at once, except a copy made by `exclusiveCopy()`.
public final class RenderCache: Sendable {
  let shared: TemplateValue
  private let tables: Guarded<[TableKey: Table]>
  private let scopes: Guarded<[ScopeKey: Int]>
  /// Used by one rendering at a time: nothing is locked.
  private let exclusive: Bool

  /// - Parameter shared: the root context of every rendering with this cache.
  public convenience init(shared: TemplateValue) {
    self.init(shared: shared, exclusive: false)
  }

  private init(shared: TemplateValue, exclusive: Bool) {
    self.shared = shared
    self.exclusive = exclusive
    tables = Guarded([:], exclusive: exclusive)
    scopes = Guarded([:], exclusive: exclusive)
  }

  /// A cache with the same root context and nothing stored, for one rendering at a time: it
  /// takes no locks, so it may pass from thread to thread only through something that does
  /// (a pool behind a lock). One per thread of renderings spares them the locks and shared
  /// memory of one cache used by all. The root context is copied too, down to its strings:
  /// every page reads it, and cores that count references to the same strings take turns on
  /// the memory that holds the counts.
  public func exclusiveCopy() -> RenderCache {
    RenderCache(shared: shared.unshared, exclusive: true)
  }

  /// Value ids below this are kept in an array; others in a dictionary.
  static let denseIDs = 1 << 20

  /// Renderings of one section body in one scope, by value id.
  final class Table: Sendable {
    private let dense: Guarded<[Entry?]>
    private let sparse: Guarded<[Int: Entry]>
    /// Every buffer an entry points into, freed with the table: entries are never replaced
    /// or removed while the table lives, so a reader may use one after the lock is released.
    private let owned: Guarded<[Owned]>
    private struct Owned: @unchecked Sendable {
      var buffer: UnsafeMutableRawBufferPointer
    }
    /// The latest rendering for a negative (transient) id, in an exclusive table only: it
    /// is replaced, so only the one thread that uses the table may read it, and only until
    /// it stores the next.
    private struct Transient: @unchecked Sendable {
      var id: Int
      var entry: Entry
      var buffer: UnsafeMutableRawBufferPointer
    }
    private let transient: Guarded<Transient?>
    private let exclusive: Bool

    init(exclusive: Bool) {
      self.exclusive = exclusive
      dense = Guarded([], exclusive: exclusive)
      sparse = Guarded([:], exclusive: exclusive)
      owned = Guarded([], exclusive: exclusive)
      transient = Guarded(nil, exclusive: exclusive)
    }

    deinit {
      owned.withLock { buffers in for owned in buffers { owned.buffer.deallocate() } }
      transient.withLock { $0?.buffer.deallocate() }
    }

    func entry(_ id: Int) -> Entry? {
      if id < 0 {
        return transient.withLock { $0?.id == id ? $0?.entry : nil }
      }
      if id < RenderCache.denseIDs {
        return dense.withLock { id < $0.count ? $0[id] : nil }
      }
      return sparse.withLock { $0[id] }
    }

    /// Stores a copy of `bytes` and `fallThrough` for `id`, unless another rendering stored
    /// one first (it holds the same bytes).
    func store(bytes: UnsafeBufferPointer<UInt8>, fallThrough: [Int32], for id: Int) {
      if id < 0 && !exclusive { return }
      let size = bytes.count + fallThrough.count * MemoryLayout<Int32>.stride
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 8)
      let ids = UnsafeMutableBufferPointer<Int32>(
        start: buffer.baseAddress!.bindMemory(to: Int32.self, capacity: fallThrough.count), count: fallThrough.count)
      _ = ids.initialize(from: fallThrough)
      let text = buffer.baseAddress! + fallThrough.count * MemoryLayout<Int32>.stride
      if let source = bytes.baseAddress { text.copyMemory(from: source, byteCount: bytes.count) }
      let entry = Entry(
        bytes: UnsafeBufferPointer(start: text.bindMemory(to: UInt8.self, capacity: bytes.count), count: bytes.count),
        fallThrough: UnsafeBufferPointer(ids))
      if id < 0 {
        transient.withLock { slot in
          slot?.buffer.deallocate()
          slot = Transient(id: id, entry: entry, buffer: buffer)
        }
        return
      }
      let stored: Bool
      if id < RenderCache.denseIDs {
        stored = dense.withLock { entries in
          if id >= entries.count { entries += Array(repeating: nil, count: max(id + 1 - entries.count, entries.count)) }
          guard entries[id] == nil else { return false }
          entries[id] = entry
          return true
        }
      } else {
        stored = sparse.withLock { entries in
          guard entries[id] == nil else { return false }
          entries[id] = entry
          return true
        }
      }
      let kept = Owned(buffer: buffer)
      if stored { owned.withLock { $0.append(kept) } } else { buffer.deallocate() }
    }

    var count: Int {
      dense.withLock { $0.count { $0 != nil } } + sparse.withLock { $0.count } + transient.withLock { $0 == nil ? 0 : 1 }
    }
  }

  struct TableKey: Hashable {
    /// The compiled library, so one cache can serve several.
    var program: ObjectIdentifier
    /// The first op of the section body: which template text rendered.
    var op: Int
    /// What else shapes the output (see `ScopeKey`), as a number from `scopeID(_:)`.
    var scope: Int
  }

  func table(_ key: TableKey) -> Table {
    tables.withLock { tables in
      if let table = tables[key] { return table }
      let table = Table(exclusive: exclusive)
      tables[key] = table
      return table
    }
  }

  /// What a rendering depends on besides the ops and the data: block arguments in effect,
  /// indentation, and partial nesting (so a rendering that would hit the nesting limit is
  /// not reused).
  struct ScopeKey: Hashable {
    var arguments: [Int32]
    var indentation: [UInt8]
    var dedentation: [UInt8]
    var depth: Int
  }

  /// A small number standing for `key`, the same for equal keys.
  func scopeID(_ key: ScopeKey) -> Int {
    scopes.withLock { table in
      if let id = table[key] { return id }
      let id = table.count
      table[key] = id
      return id
    }
  }

  /// Plain pointers into memory its table owns, so handing one out copies no references
  /// (lists render thousands of entries per page, from every core).
  struct Entry: @unchecked Sendable {
    var bytes: UnsafeBufferPointer<UInt8>
    /// Ids of the keys looked up that resolved in `shared` or nowhere.
    var fallThrough: UnsafeBufferPointer<Int32>
  }

  /// How many renderings are stored (for tests).
  public var count: Int { tables.withLock { Array($0.values) }.reduce(0) { $0 + $1.count } }
}

/// A value behind a lock, or with `exclusive` behind none: the owner promises one thread at a
/// time.
final class Guarded<Value: Sendable>: @unchecked Sendable {
  private let mutex: Mutex<Value>
  private var plain: Value
  private let exclusive: Bool

  init(_ value: Value, exclusive: Bool) {
    mutex = Mutex(value)
    plain = value
    self.exclusive = exclusive
  }

  @inline(__always)
  func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
    if exclusive { return body(&plain) }
    return mutex.withLock { body(&$0) }
  }
}
