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
          return terms.count - 1
        }
        for found in chunk.documents {
          for (local, frequency, inTitle) in found {
            postings[global[local]].add(document: document, frequency: frequency, inTitle: inTitle)
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
        var chunk = Chunk()
        var numbers: [String: Int] = [:]
        // Where each local term sits in the current document's list: terms are distinct by
        // bytes, and equal `String`s (canonically equivalent) must still give one posting.
        var lastDocument: [Int] = []
        var position: [Int] = []
        for i in (c * chunkSize)..<min(documents.count, (c + 1) * chunkSize) {
          var found: [(Int, Int, Bool)] = []
          for (term, frequency, inTitle) in terms(of: documents[i]) {
            let number: Int
            if let known = numbers[term] {
              number = known
            } else {
              number = chunk.terms.count
              numbers[term] = number
              chunk.terms.append(term)
              lastDocument.append(-1)
              position.append(0)
            }
            if lastDocument[number] == i {
              found[position[number]].1 += frequency
              found[position[number]].2 = found[position[number]].2 || inTitle
            } else {
              lastDocument[number] = i
              position[number] = found.count
              found.append((number, frequency, inTitle))
            }
          }
          chunk.documents.append(found)
        }
        output[c] = chunk
      }
      return Array(results)
    }

    static func terms(of document: SearchDocument) -> [(String, Int, Bool)] {
      var table = TermTable()
      SearchText.forEachTermBytes(in: document.text) { table.add($0, inTitle: false) }
      SearchText.forEachTermBytes(in: document.title) { table.add($0, inTitle: true) }
      return table.terms
    }
  }

  /// One document's distinct terms, counted by their bytes: a `String` is made once per
  /// distinct term, not once per occurrence, and no lookup hashes a `String`.
  struct TermTable {
    /// Open addressing: term number + 1 per slot, 0 when empty.
    private var slots = [Int32](repeating: 0, count: 256)
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var hashes: [UInt64] = []
    private var counts: [Int] = []
    private var titles: [Bool] = []

    mutating func add(_ term: UnsafeBufferPointer<UInt8>, inTitle: Bool) {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in term { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
      var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
      while slots[slot] != 0 {
        let n = Int(slots[slot]) - 1
        if hashes[n] == hash, lengths[n] == term.count,
          bytes[starts[n]..<(starts[n] + lengths[n])].elementsEqual(term)
        {
          if inTitle { titles[n] = true } else { counts[n] += 1 }
          return
        }
        slot = (slot + 1) & (slots.count - 1)
      }
      starts.append(bytes.count)
      lengths.append(term.count)
      bytes.append(contentsOf: term)
      hashes.append(hash)
      counts.append(inTitle ? 0 : 1)
      titles.append(inTitle)
      slots[slot] = Int32(starts.count)
      if starts.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
      slots = [Int32](repeating: 0, count: slots.count * 2)
      for n in hashes.indices {
        var slot = Int(truncatingIfNeeded: hashes[n]) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(n + 1)
      }
    }

    /// In first-seen order: body frequency, and whether the title has the term.
    var terms: [(String, Int, Bool)] {
      starts.indices.map { n in
        (String(decoding: bytes[starts[n]..<(starts[n] + lengths[n])], as: UTF8.self), counts[n], titles[n])
      }
    }
  }
}
