import Dispatch

/// One term's postings, encoded as they are added (documents arrive in increasing number).
///
/// Per document two numbers in `PostingCode`: the gap to the previous document minus one (the
/// first gap counts from -1, so it is the document number itself), then
/// `frequency * 2 + (inTitle ? 1 : 0)`, where frequency counts the term in the body text.
struct PostingList {
  private(set) var code: [UInt8] = []
  private(set) var count = 0
  private var lastDocument = -1

  mutating func add(document: Int, frequency: Int, inTitle: Bool) {
    PostingCode.append(document - lastDocument - 1, to: &code)
    PostingCode.append(frequency * 2 + (inTitle ? 1 : 0), to: &code)
    lastDocument = document
    count += 1
  }

  /// A list as already encoded, read back from an index (only its code is used to write
  /// shards).
  init(code: [UInt8]) {
    self.code = code
  }

  init() {}
}

extension PostingList {
  /// The postings of every term in `documents`, numbered by their position in the array.
  ///
  /// Documents are split into terms on all cores, in chunks that number their terms locally;
  /// one pass then maps each chunk's distinct terms to global numbers (one dictionary lookup
  /// per term and chunk, not per term and document) and adds the postings in document order,
  /// so the result is the same as one pass over the documents would give.
  static func collect(_ documents: [SearchDocument]) -> [String: PostingList] {
    var numbers: [String: Int] = [:]
    var terms: [String] = []
    var postings: [PostingList] = []
    // The last document each term got a posting for: two chunk terms that are equal as
    // `String`s (never the case for NFC terms) must not give a document two postings.
    var lastDocument: [Int] = []
    // In batches, so only one batch's term lists are held at a time.
    let batch = 2048
    for start in stride(from: 0, to: documents.count, by: batch) {
      let end = min(documents.count, start + batch)
      var document = start
      for chunk in DocumentTerms.split(documents[start..<end]) {
        let global = chunk.terms.map { term in
          if let known = numbers[term] { return known }
          numbers[term] = terms.count
          terms.append(term)
          postings.append(PostingList())
          lastDocument.append(-1)
          return terms.count - 1
        }
        for found in chunk.documents {
          for (local, frequency, inTitle) in found {
            let number = global[local]
            guard lastDocument[number] != document else { continue }
            lastDocument[number] = document
            postings[number].add(document: document, frequency: frequency, inTitle: inTitle)
          }
          document += 1
        }
      }
    }
    return Dictionary(uniqueKeysWithValues: zip(terms, postings))
  }

  /// Each document's distinct terms with their body frequency and whether the title has them,
  /// by a number local to the document's chunk.
  enum DocumentTerms {
    struct Chunk {
      /// Local number → term.
      var terms: [String] = []
      /// Per document: (local number, body frequency, in title).
      var documents: [[(Int, Int, Bool)]] = []
    }

    static let chunkSize = 64

    static func split(_ documents: ArraySlice<SearchDocument>) -> [Chunk] {
      let documents = Array(documents)
      let chunks = (documents.count + chunkSize - 1) / chunkSize
      let results = UnsafeMutableBufferPointer<Chunk>.allocate(capacity: chunks)
      results.initialize(repeating: Chunk())
      defer { results.deallocate() }
      nonisolated(unsafe) let output = results
      DispatchQueue.concurrentPerform(iterations: chunks) { c in
        var table = TermTable()
        var chunk = Chunk()
        for i in (c * chunkSize)..<min(documents.count, (c + 1) * chunkSize) {
          SearchText.forEachTermBytes(in: documents[i].text, characters: true) { table.add($0, inTitle: false) }
          SearchText.forEachTermBytes(in: documents[i].title, characters: true) { table.add($0, inTitle: true) }
          chunk.documents.append(table.endDocument())
        }
        chunk.terms = table.strings
        output[c] = chunk
      }
      return Array(results)
    }
  }

  /// The distinct terms of a chunk of documents, numbered by their bytes (a `String` is made
  /// once per distinct term and chunk, and no lookup hashes a `String`), with each term's body
  /// frequency and title flag in the current document.
  struct TermTable {
    /// Open addressing: term number + 1 per slot, 0 when empty.
    private var slots = [Int32](repeating: 0, count: 1024)
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var hashes: [UInt64] = []
    /// Per term, in the current document: body frequency, in the title, and whether seen.
    private var counts: [Int] = []
    private var titles: [Bool] = []
    private var seen: [Bool] = []
    /// Terms of the current document, in first-seen order.
    private var current: [Int] = []

    mutating func add(_ term: UnsafeBufferPointer<UInt8>, inTitle: Bool) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in term { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
      var number = -1
      while slots[slot] != 0 {
        let n = Int(slots[slot]) - 1
        if hashes[n] == hash, lengths[n] == term.count,
          bytes[starts[n]..<(starts[n] + lengths[n])].elementsEqual(term)
        {
          number = n
          break
        }
        slot = (slot + 1) & (slots.count - 1)
      }
      if number < 0 {
        number = starts.count
        starts.append(bytes.count)
        lengths.append(term.count)
        bytes.append(contentsOf: term)
        hashes.append(hash)
        counts.append(0)
        titles.append(false)
        seen.append(false)
        slots[slot] = Int32(starts.count)
        if starts.count * 2 > slots.count { grow() }
      }
      if !seen[number] {
        seen[number] = true
        current.append(number)
      }
      if inTitle { titles[number] = true } else { counts[number] += 1 }
    }

    private mutating func grow() {
      slots = [Int32](repeating: 0, count: slots.count * 2)
      for n in hashes.indices {
        var slot = Int(truncatingIfNeeded: hashes[n]) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(n + 1)
      }
    }

    /// The current document's terms (number, body frequency, in title), in first-seen
    /// order; the next term added starts a new document.
    mutating func endDocument() -> [(Int, Int, Bool)] {
      let found = current.map { ($0, counts[$0], titles[$0]) }
      for n in current {
        counts[n] = 0
        titles[n] = false
        seen[n] = false
      }
      current.removeAll(keepingCapacity: true)
      return found
    }

    /// Every term, by number.
    var strings: [String] {
      starts.indices.map { n in String(decoding: bytes[starts[n]..<(starts[n] + lengths[n])], as: UTF8.self) }
    }
  }
}
