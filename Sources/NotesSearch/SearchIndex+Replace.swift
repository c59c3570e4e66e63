// Updating an index for one note whose text changed, without the other notes' texts: the
// rebuild after an edit reads the index it wrote last time, takes the note's postings out of
// every list, adds those of its new text and writes back only the files that changed. The
// result is byte for byte what `build` gives for the new documents, which the tests check.

extension SearchIndex {
  /// A change to an index: the files whose bytes differ from before, and every file the new
  /// index has (a file of the old index missing here is no longer part of it).
  public struct Replacement: Sendable {
    public var changed: [String: [UInt8]]
    public var paths: Set<String>
    /// Every file the index had before.
    public var previousPaths: Set<String>
  }

  /// The index that `build` makes once document `number` (its place in the order: newest
  /// `updated` first, then URL) is replaced by `document`, which must keep that place (same
  /// `updated` and URL). `read` gives an index file's bytes by its path under `_search/`,
  /// `size` its size in bytes. Nil when the files are not a whole index of this format version
  /// or `number` is not one of its documents; the caller then builds the index from scratch.
  public static func replacing(
    document number: Int, with document: SearchDocument,
    read: (String) -> [UInt8]?, size: (String) -> Int?
  ) -> Replacement? {
    guard let manifestBytes = read("manifest.json"), let manifest = Manifest(manifestBytes),
      manifest.bytes(version: formatVersion) == manifestBytes, number >= 0, number < manifest.documents
    else { return nil }

    // Every posting list, by term; each shard's original bytes to compare against.
    var lists: [String: [UInt8]] = [:]
    var old: [String: [UInt8]] = ["manifest.json": manifestBytes]
    for shard in 0..<manifest.shards {
      let path = "shards/\(shard).json"
      guard let bytes = read(path), let entries = ShardReader.entries(bytes) else { return nil }
      old[path] = bytes
      for (term, value) in entries {
        switch value {
        case .inline(let code):
          lists[term] = code
        case .own(let i):
          let own = "shards/\(shard)-\(i).json"
          guard let file = read(own), let code = ShardReader.ownList(file) else { return nil }
          old[own] = file
          lists[term] = code
        }
      }
    }

    // Out with the document's old postings, in with the new ones.
    for (term, code) in lists {
      guard let removed = PostingEdit.removing(number, from: code) else { return nil }
      if let removed { lists[term] = removed.isEmpty ? nil : removed }
    }
    let chunk = PostingList.DocumentTerms.split([document][...])[0]
    for (local, frequency, inTitle) in chunk.documents[0] {
      let term = chunk.terms[local]
      guard let code = PostingEdit.inserting(number, value: frequency * 2 + (inTitle ? 1 : 0), into: lists[term] ?? [])
      else { return nil }
      lists[term] = code
    }

    var new: [String: [UInt8]] = [:]
    let postings = lists.mapValues { PostingList(code: $0) }
    let shardCount = shardCount(for: postings)
    for (path, bytes) in shardFiles(postings, shardCount: shardCount) { new[path] = bytes }

    // The document's record, in its docs chunk; a different average record size can change
    // how many records a chunk holds, and then every chunk.
    let record = DocumentRecord(document).json
    var docsPaths: [String] = []
    var total = 0
    for c in 0..<manifest.chunks {
      let path = "docs/\(c).json"
      guard let bytes = size(path), bytes >= 2 else { return nil }
      docsPaths.append(path)
      total += bytes - 1  // Each record's JSON and its separator (see `docsFiles`).
    }
    let position = number / manifest.chunkSize
    let chunkPath = "docs/\(position).json"
    guard let chunkBytes = read(chunkPath), var records = ShardReader.records(chunkBytes),
      records.indices.contains(number % manifest.chunkSize)
    else { return nil }
    old[chunkPath] = chunkBytes
    let replaced = records[number % manifest.chunkSize]
    total += record.count - replaced.count
    let chunkSize = min(256, max(1, targetChunkBytes / max(1, total / manifest.documents)))
    if chunkSize == manifest.chunkSize {
      records[number % manifest.chunkSize] = record
      new[chunkPath] = DocumentRecord.chunk(records[...])
    } else {
      var all: [[UInt8]] = []
      for path in docsPaths {
        guard let bytes = path == chunkPath ? chunkBytes : read(path), let some = ShardReader.records(bytes)
        else { return nil }
        all += some
      }
      guard all.count == manifest.documents else { return nil }
      all[number] = record
      for (path, bytes) in docsFiles(all.map(DocumentRecord.init(json:)), chunkSize: chunkSize) {
        new[path] = bytes
        // Read only to compare; unchanged chunks are not rewritten.
        if old[path] == nil, let bytes = read(path) { old[path] = bytes }
      }
    }
    new["manifest.json"] = SearchIndex.manifest(documents: manifest.documents, chunkSize: chunkSize, shardCount: shardCount)

    var paths = Set(new.keys)
    if chunkSize == manifest.chunkSize { paths.formUnion(docsPaths) }
    let changed = new.filter { old[$0.key] != $0.value }
    let previousPaths = Set(old.keys.filter { !$0.hasPrefix("docs/") }).union(docsPaths)
    return Replacement(changed: changed, paths: paths, previousPaths: previousPaths)
  }

  /// What a `manifest.json` says.
  struct Manifest {
    var chunkSize: Int
    var documents: Int
    var shards: Int
    var version: Int
    var chunks: Int { (documents + chunkSize - 1) / chunkSize }

    init?(_ bytes: [UInt8]) {
      func number(_ key: String) -> Int? {
        let needle = Array("\"\(key)\":".utf8)
        guard let start = bytes.firstRange(of: needle)?.upperBound else { return nil }
        var value = 0
        var end = start
        while end < bytes.count, (0x30...0x39).contains(bytes[end]) {
          value = value * 10 + Int(bytes[end] - 0x30)
          end += 1
          if value > 1 << 40 { return nil }
        }
        return end > start ? value : nil
      }
      guard let chunkSize = number("chunkSize"), let documents = number("documents"), let shards = number("shards"),
        let version = number("version"), chunkSize > 0, shards > 0
      else { return nil }
      (self.chunkSize, self.documents, self.shards, self.version) = (chunkSize, documents, shards, version)
    }

    /// The manifest `build` writes for these numbers; equal to the file read when it is one.
    func bytes(version: Int) -> [UInt8] {
      guard version == self.version else { return [] }
      return SearchIndex.manifest(documents: documents, chunkSize: chunkSize, shardCount: shards)
    }
  }
}

extension DocumentRecord {
  init(json: [UInt8]) { self.json = json }

  /// A docs chunk file: `[record,record,…]`.
  static func chunk(_ records: ArraySlice<[UInt8]>) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for (i, record) in records.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += record
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
  }
}

/// Edits of one encoded posting list (see `PostingList`): pairs of (document gap − 1, value).
enum PostingEdit {
  /// Reads one number at `i`, moving `i` past it; nil on a malformed code.
  static func number(_ code: [UInt8], _ i: inout Int) -> Int? {
    var value = 0
    var shift = 0
    while i < code.count {
      guard let digit = digitValue[Int(code[i])] else { return nil }
      i += 1
      value |= (digit & 31) << shift
      if digit & 32 == 0 { return value }
      shift += 5
      if shift > 60 { return nil }
    }
    return nil
  }

  static let digitValue: [Int?] = {
    var table = [Int?](repeating: nil, count: 256)
    for (value, byte) in PostingCode.alphabet.enumerated() { table[Int(byte)] = value }
    return table
  }()

  /// The list without `document`: `.some(nil)` when it has no posting for it, nil when the
  /// code is malformed.
  static func removing(_ document: Int, from code: [UInt8]) -> [UInt8]?? {
    var i = 0
    var previous = -1
    while i < code.count {
      let start = i
      guard let gap = number(code, &i), number(code, &i) != nil else { return nil }
      let current = previous + gap + 1
      if current > document { return .some(nil) }
      if current == document {
        var out = Array(code[..<start])
        if i < code.count {
          // The next document's gap now counts from the one before the removed document.
          guard let next = number(code, &i) else { return nil }
          PostingCode.append(gap + next + 1, to: &out)
          out += code[i...]
        }
        return .some(out)
      }
      previous = current
    }
    return .some(nil)
  }

  /// The list with a posting for `document` (which it does not have) in its place.
  static func inserting(_ document: Int, value: Int, into code: [UInt8]) -> [UInt8]? {
    var i = 0
    var previous = -1
    while i < code.count {
      let start = i
      guard let gap = number(code, &i) else { return nil }
      let current = previous + gap + 1
      if current > document {
        var out = Array(code[..<start])
        PostingCode.append(document - previous - 1, to: &out)
        PostingCode.append(value, to: &out)
        PostingCode.append(current - document - 1, to: &out)
        out += code[i...]
        return out
      }
      guard current != document, number(code, &i) != nil else { return nil }
      previous = current
    }
    var out = code
    PostingCode.append(document - previous - 1, to: &out)
    PostingCode.append(value, to: &out)
    return out
  }
}

/// Reads back the JSON that `shardFiles` and `docsFiles` write (and nothing more general).
enum ShardReader {
  enum Value {
    case inline([UInt8])
    /// The list is in `shards/<k>-<i>.json`.
    case own(Int)
  }

  /// The `"term":"code"` and `"term":i` members of a shard, in order.
  static func entries(_ bytes: [UInt8]) -> [(String, Value)]? {
    var i = 0
    guard bytes.first == UInt8(ascii: "{") else { return nil }
    i = 1
    var result: [(String, Value)] = []
    if bytes.count == 2, bytes[1] == UInt8(ascii: "}") { return result }
    while i < bytes.count {
      guard let term = string(bytes, &i), i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
      i += 1
      guard i < bytes.count else { return nil }
      if bytes[i] == UInt8(ascii: "\"") {
        guard let code = plain(bytes, &i) else { return nil }
        result.append((term, .inline(code)))
      } else {
        var value = 0
        let start = i
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
          value = value * 10 + Int(bytes[i] - 0x30)
          i += 1
        }
        guard i > start else { return nil }
        result.append((term, .own(value)))
      }
      guard i < bytes.count else { return nil }
      if bytes[i] == UInt8(ascii: "}") { return i == bytes.count - 1 ? result : nil }
      guard bytes[i] == UInt8(ascii: ",") else { return nil }
      i += 1
    }
    return nil
  }

  /// The code in a long list's own file: `"code"`.
  static func ownList(_ bytes: [UInt8]) -> [UInt8]? {
    var i = 0
    guard let code = plain(bytes, &i), i == bytes.count else { return nil }
    return code
  }

  /// The records of a docs chunk, each its JSON bytes.
  static func records(_ bytes: [UInt8]) -> [[UInt8]]? {
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]") else { return nil }
    var records: [[UInt8]] = []
    var i = 1
    let end = bytes.count - 1
    while i < end {
      guard bytes[i] == UInt8(ascii: "[") else { return nil }
      let start = i
      var inString = false
      var escaped = false
      i += 1
      var closed = false
      while i < end {
        let byte = bytes[i]
        i += 1
        if inString {
          if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
        } else if byte == UInt8(ascii: "\"") {
          inString = true
        } else if byte == UInt8(ascii: "]") {
          closed = true
          break
        }
      }
      guard closed else { return nil }
      records.append(Array(bytes[start..<i]))
      if i < end {
        guard bytes[i] == UInt8(ascii: ",") else { return nil }
        i += 1
      }
    }
    return records
  }

  /// A string with no escapes in it (posting codes), at `i` on its opening quote.
  private static func plain(_ bytes: [UInt8], _ i: inout Int) -> [UInt8]? {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
    let start = i + 1
    guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    i = close + 1
    return Array(bytes[start..<close])
  }

  /// A JSON string as `JSONWriter.string` writes it, at `i` on its opening quote.
  private static func string(_ bytes: [UInt8], _ i: inout Int) -> String? {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
    i += 1
    var out: [UInt8] = []
    while i < bytes.count {
      let byte = bytes[i]
      i += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: out, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard i < bytes.count else { return nil }
        let escape = bytes[i]
        i += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "u"):
          guard i + 4 <= bytes.count, let value = UInt8(String(decoding: bytes[(i + 2)..<(i + 4)], as: UTF8.self), radix: 16),
            bytes[i] == UInt8(ascii: "0"), bytes[i + 1] == UInt8(ascii: "0")
          else { return nil }
          out.append(value)
          i += 4
        default:
          return nil
        }
      default:
        out.append(byte)
      }
    }
    return nil
  }
}
