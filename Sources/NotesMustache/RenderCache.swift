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
/// Safe to use from many renderings at once.
public final class RenderCache: Sendable {
  let shared: TemplateValue
  private let tables = Mutex<[TableKey: Table]>([:])
  private let scopes = Mutex<[ScopeKey: Int]>([:])

  /// - Parameter shared: the root context of every rendering with this cache.
  public init(shared: TemplateValue) {
    self.shared = shared
  }

  /// Value ids below this are kept in an array; others in a dictionary.
  static let denseIDs = 1 << 20

  /// Renderings of one section body in one scope, by value id.
  final class Table: Sendable {
    private let dense = Mutex<[Entry?]>([])
    private let sparse = Mutex<[Int: Entry]>([:])

    func entry(_ id: Int) -> Entry? {
      if id >= 0 && id < RenderCache.denseIDs {
        return dense.withLock { id < $0.count ? $0[id] : nil }
      }
      return sparse.withLock { $0[id] }
    }

    func store(_ entry: Entry, for id: Int) {
      if id >= 0 && id < RenderCache.denseIDs {
        dense.withLock { entries in
          if id >= entries.count { entries += Array(repeating: nil, count: max(id + 1 - entries.count, entries.count)) }
          entries[id] = entry
        }
      } else {
        sparse.withLock { $0[id] = entry }
      }
    }

    var count: Int {
      dense.withLock { $0.count { $0 != nil } } + sparse.withLock { $0.count }
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
      let table = Table()
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

  struct Entry {
    var bytes: [UInt8]
    /// Ids of the keys looked up that resolved in `shared` or nowhere.
    var fallThrough: [Int32]
  }

  /// How many renderings are stored (for tests).
  public var count: Int { tables.withLock { Array($0.values) }.reduce(0) { $0 + $1.count } }
}
