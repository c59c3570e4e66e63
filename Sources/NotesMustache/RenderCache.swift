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
  /// Split by key so renderings on different cores rarely wait for one another.
  private let shards: [Shard] = (0..<16).map { _ in Shard() }

  private final class Shard: Sendable {
    let table = Mutex<[Key: Entry]>([:])
  }
  private let scopes = Mutex<[ScopeKey: Int]>([:])

  /// - Parameter shared: the root context of every rendering with this cache.
  public init(shared: TemplateValue) {
    self.shared = shared
  }

  struct Key: Hashable {
    /// The compiled library, so one cache can serve several.
    var program: ObjectIdentifier
    /// The first op of the section body: which template text rendered.
    var op: Int
    /// What else shapes the output (see `ScopeKey`), as a number from `scopeID(_:)`.
    var scope: Int
    var id: Int
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

  private func shard(_ key: Key) -> Int { (key.id &+ key.op &* 31) & 15 }

  func entry(_ key: Key) -> Entry? {
    shards[shard(key)].table.withLock { $0[key] }
  }

  func store(_ entry: Entry, for key: Key) {
    shards[shard(key)].table.withLock { $0[key] = entry }
  }

  /// How many renderings are stored (for tests).
  public var count: Int { shards.reduce(0) { sum, shard in sum + shard.table.withLock { $0.count } } }
}
