import Foundation

// MARK: - Index format (version 1)
//
// Files under the site's `_search/` folder. The browser (`Templates/assets/search.js`) loads
// `manifest.json`, then only the shards of the query's terms, then only the docs chunks of the
// results it shows. All JSON is compact, UTF-8, with keys in sorted order.
//
// `manifest.json`
//   {"chunkSize":C,"documents":N,"hash":"fnv1a32","maxTermLength":40,"shards":S,"version":1}
//
// Documents are numbered 0..<N, newest `updated` first (ties by URL), so a lower number is a
// newer note and the browser can break ranking ties without loading any dates.
//
// `shards/<k>.json` for k in 0..<S — the terms whose FNV-1a 32-bit hash of their UTF-8 bytes,
//   modulo S, is k: {"term":"<postings>", "other":3, …}. A string value is the term's posting
//   list (see `PostingList`: document gap − 1, then frequency × 2 + in-title, each number as a
//   base64url variable-length quantity, see `PostingCode`). A number i means the list is long
//   and lives in its own file `shards/<k>-<i>.json`, whose content is that JSON string. Long
//   lists live apart so that a shard stays small however common its terms are. A term absent
//   from its shard is in no document.
//   S is a power of two chosen so that shards average about `targetShardBytes`.
//
// `docs/<c>.json` — documents c×C ..< (c+1)×C, in number order, each an array
//   [title, folder, url, updated (ISO 8601, UTC), excerpt]. C is chosen so a chunk is about
//   `targetChunkBytes`, since showing 20 results may cost 20 chunks.
//
// Terms come from `SearchText` (which the JavaScript mirrors). Ranking: more query terms in
// the title first, then the sum of body frequencies, then the newer note (lower number). All
// query terms must match.

/// Builds the sharded client-side search index.
public enum SearchIndex {
  /// Version of the file format above, written to the manifest.
  public static let formatVersion = 1

  /// A shard's size the builder aims for; more notes give more shards, not bigger ones.
  static let targetShardBytes = 8 * 1024
  /// Posting lists longer than this (in bytes of code) get a file of their own.
  static let longListBytes = 2 * 1024
  /// A docs chunk's size the builder aims for.
  static let targetChunkBytes = 3 * 1024

  /// The index files, as paths relative to the site's `_search/` folder → bytes. The same
  /// documents give byte-identical files.
  public static func build(_ documents: [SearchDocument]) -> [String: [UInt8]] {
    let ordered = documents.sorted(by: isListedBefore)
    let lists = PostingList.collect(ordered)
    let shardCount = shardCount(for: lists)
    let records = ordered.map(DocumentRecord.init)
    let chunkSize = chunkSize(for: records)

    var files: [String: [UInt8]] = [:]
    files["manifest.json"] = manifest(
      documents: ordered.count, chunkSize: chunkSize, shardCount: shardCount)
    for (path, bytes) in shardFiles(lists, shardCount: shardCount) { files[path] = bytes }
    for (path, bytes) in docsFiles(records, chunkSize: chunkSize) { files[path] = bytes }
    return files
  }

  /// Newest first, then by URL, then by the rest so that equal keys still order the same way.
  public static func isListedBefore(_ a: SearchDocument, _ b: SearchDocument) -> Bool {
    if a.updated != b.updated { return a.updated > b.updated }
    if a.url != b.url { return a.url < b.url }
    if a.title != b.title { return a.title < b.title }
    if a.folder != b.folder { return a.folder < b.folder }
    return a.text < b.text
  }

  static func shardCount(for lists: [String: PostingList]) -> Int {
    // Bytes of the entries that stay inline: `"term":"code",`.
    var inlineBytes = 0
    for (term, list) in lists where list.code.count <= longListBytes {
      inlineBytes += term.utf8.count + list.code.count + 6
    }
    var count = 1
    while count * targetShardBytes < inlineBytes { count *= 2 }
    return count
  }

  static func chunkSize(for records: [DocumentRecord]) -> Int {
    guard !records.isEmpty else { return 1 }
    let total = records.reduce(0) { $0 + $1.json.count + 1 }
    let average = max(1, total / records.count)
    return min(256, max(1, targetChunkBytes / average))
  }

  static func manifest(documents: Int, chunkSize: Int, shardCount: Int) -> [UInt8] {
    var json = JSONWriter()
    json.raw("{\"chunkSize\":")
    json.integer(chunkSize)
    json.raw(",\"documents\":")
    json.integer(documents)
    json.raw(",\"hash\":\"fnv1a32\",\"maxTermLength\":")
    json.integer(SearchText.maxTermLength)
    json.raw(",\"shards\":")
    json.integer(shardCount)
    json.raw(",\"version\":")
    json.integer(formatVersion)
    json.raw("}")
    return json.bytes
  }

  static func shardFiles(_ lists: [String: PostingList], shardCount: Int) -> [String: [UInt8]] {
    var termsByShard = [[String]](repeating: [], count: shardCount)
    for term in lists.keys {
      termsByShard[TermHash.shard(of: term, shardCount: shardCount)].append(term)
    }
    var files: [String: [UInt8]] = [:]
    for (shard, terms) in termsByShard.enumerated() {
      var json = JSONWriter()
      json.raw(UInt8(ascii: "{"))
      var longLists = 0
      for (i, term) in terms.sorted().enumerated() {
        let code = lists[term]!.code
        if i > 0 { json.raw(UInt8(ascii: ",")) }
        json.string(term)
        json.raw(UInt8(ascii: ":"))
        if code.count > longListBytes {
          json.integer(longLists)
          var own = JSONWriter()
          own.plainString(code)
          files["shards/\(shard)-\(longLists).json"] = own.bytes
          longLists += 1
        } else {
          json.plainString(code)
        }
      }
      json.raw(UInt8(ascii: "}"))
      files["shards/\(shard).json"] = json.bytes
    }
    return files
  }

  static func docsFiles(_ records: [DocumentRecord], chunkSize: Int) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    var start = 0
    while start < records.count {
      let end = min(records.count, start + chunkSize)
      var bytes: [UInt8] = [UInt8(ascii: "[")]
      for i in start..<end {
        if i > start { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: records[i].json)
      }
      bytes.append(UInt8(ascii: "]"))
      files["docs/\(start / chunkSize).json"] = bytes
      start = end
    }
    return files
  }
}

/// A document's entry in its docs chunk, already encoded.
struct DocumentRecord {
  let json: [UInt8]

  init(_ document: SearchDocument) {
    var writer = JSONWriter()
    writer.raw(UInt8(ascii: "["))
    writer.string(document.title)
    writer.raw(UInt8(ascii: ","))
    writer.string(document.folder)
    writer.raw(UInt8(ascii: ","))
    writer.string(document.url)
    writer.raw(UInt8(ascii: ","))
    writer.string(ISODate.string(document.updated))
    writer.raw(UInt8(ascii: ","))
    writer.string(Excerpt.make(document.text))
    writer.raw(UInt8(ascii: "]"))
    json = writer.bytes
  }
}
