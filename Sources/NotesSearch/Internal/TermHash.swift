/// Which shard a term lives in: 32-bit FNV-1a of the term's UTF-8 bytes, modulo the shard
/// count. `search.js` computes the same with `TextEncoder` and `Math.imul`.
enum TermHash {
  static func fnv1a(_ term: String) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in term.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    return hash
  }

  static func shard(of term: String, shardCount: Int) -> Int {
    Int(fnv1a(term) % UInt32(shardCount))
  }
}
