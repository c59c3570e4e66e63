/// Abbreviated hashes: the shortest prefix of at least 7 characters that no other loaded
/// commit shares. Sorting makes each hash's nearest rivals its neighbours, and makes the
/// result independent of the order commits were read in.
enum ShortHashes {
  static let minimumLength = 7

  static func assign(to commits: inout [CommitRecord]) {
    let hashes = commits.map { Array($0.hash.utf8) }
    let order = hashes.indices.sorted { hashes[$0].lexicographicallyPrecedes(hashes[$1]) }
    var lengths = hashes.map { min($0.count, minimumLength) }
    for (a, b) in zip(order, order.dropFirst()) {
      let shared = zip(hashes[a], hashes[b]).prefix { $0 == $1 }.count
      lengths[a] = max(lengths[a], min(shared + 1, hashes[a].count))
      lengths[b] = max(lengths[b], min(shared + 1, hashes[b].count))
    }
    for index in commits.indices {
      commits[index].shortHash = String(commits[index].hash.prefix(lengths[index]))
    }
  }
}
