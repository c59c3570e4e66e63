import Foundation

@testable import NotesSearch

/// A Swift copy of what `search.js` does with the index files: read the manifest, fetch the
/// shard of each query term (and a long list's own file), intersect, rank, then fetch the docs
/// chunks of the results shown. It records every file it "fetches" so tests can total the
/// bytes a browser would transfer.
struct ReferenceSearch {
  struct Hit: Equatable {
    var title: String
    var folder: String
    var url: String
    var updated: String
    var excerpt: String
  }

  struct Outcome {
    /// How many documents matched every term.
    var total: Int
    /// The shown results, best first.
    var hits: [Hit]
    /// Paths fetched, in order, each once.
    var fetched: [String]
    var fetchedBytes: Int
  }

  enum Failure: Error {
    case missingFile(String)
    case malformed(String)
  }

  let files: [String: [UInt8]]

  func search(_ query: String, limit: Int = 20) throws -> Outcome {
    var fetched: [String] = []
    func fetch(_ path: String) throws -> Any {
      guard let bytes = files[path] else { throw Failure.missingFile(path) }
      if !fetched.contains(path) { fetched.append(path) }
      return try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    }

    guard let manifest = try fetch("manifest.json") as? [String: Any],
      manifest["version"] as? Int == 1, manifest["hash"] as? String == "fnv1a32",
      let shards = manifest["shards"] as? Int, let chunkSize = manifest["chunkSize"] as? Int
    else { throw Failure.malformed("manifest.json") }

    var terms: [String] = []
    for term in SearchText.terms(in: query) where !terms.contains(term) { terms.append(term) }
    guard !terms.isEmpty else { return Outcome(total: 0, hits: [], fetched: [], fetchedBytes: 0) }

    // document → (terms in title, body frequency, terms matched)
    var scores: [Int: (title: Int, frequency: Int, matched: Int)] = [:]
    for term in terms {
      let shard = Int(fnv1a(term) % UInt32(shards))
      guard let entries = try fetch("shards/\(shard).json") as? [String: Any] else {
        throw Failure.malformed("shards/\(shard).json")
      }
      let code: String
      switch entries[term] {
      case let inline as String: code = inline
      case let own as Int:
        guard let text = try fetch("shards/\(shard)-\(own).json") as? String else {
          throw Failure.malformed("shards/\(shard)-\(own).json")
        }
        code = text
      default:
        code = ""  // in no document
      }
      guard let numbers = decode(code), numbers.count % 2 == 0 else {
        throw Failure.malformed("postings of \(term)")
      }
      var document = -1
      for pair in stride(from: 0, to: numbers.count, by: 2) {
        document += numbers[pair] + 1
        let inTitle = numbers[pair + 1] & 1
        let frequency = numbers[pair + 1] >> 1
        let old = scores[document] ?? (0, 0, 0)
        scores[document] = (old.title + inTitle, old.frequency + frequency, old.matched + 1)
      }
    }

    let ranked = scores.filter { $0.value.matched == terms.count }.sorted { a, b in
      if a.value.title != b.value.title { return a.value.title > b.value.title }
      if a.value.frequency != b.value.frequency { return a.value.frequency > b.value.frequency }
      return a.key < b.key
    }
    var hits: [Hit] = []
    for (document, _) in ranked.prefix(limit) {
      let path = "docs/\(document / chunkSize).json"
      guard let chunk = try fetch(path) as? [[String]] else { throw Failure.malformed(path) }
      let fields = chunk[document % chunkSize]
      hits.append(
        Hit(
          title: fields[0], folder: fields[1], url: fields[2], updated: fields[3],
          excerpt: fields[4]))
    }
    let bytes = fetched.reduce(0) { $0 + files[$1]!.count }
    return Outcome(total: ranked.count, hits: hits, fetched: fetched, fetchedBytes: bytes)
  }

  // Written out again here rather than calling the builder's code, so a mistake in the
  // builder's encoding is not mirrored by the reader.
  private func fnv1a(_ term: String) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in term.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }

  private func decode(_ code: String) -> [Int]? {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var numbers: [Int] = []
    var value = 0
    var shift = 0
    for byte in code.utf8 {
      guard let digit = alphabet.firstIndex(of: byte) else { return nil }
      value += (digit & 31) << shift
      if digit >= 32 {
        shift += 5
      } else {
        numbers.append(value)
        (value, shift) = (0, 0)
      }
    }
    return shift == 0 ? numbers : nil
  }
}
