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
  /// Documents are split into terms on all cores; the postings are then added in document
  /// order, so the result is the same as one pass would give.
  static func collect(_ documents: [SearchDocument]) -> [String: PostingList] {
    var collector = Collector()
    // In batches, so only one batch's term lists are held at a time.
    let batch = 2048
    for start in stride(from: 0, to: documents.count, by: batch) {
      let end = min(documents.count, start + batch)
      let terms = DocumentTerms.split(documents[start..<end])
      for (offset, found) in terms.enumerated() {
        for (term, frequency, inTitle) in found { collector.add(term, frequency: frequency, inTitle: inTitle) }
        collector.endDocument(start + offset)
      }
    }
    return collector.lists
  }

  /// Each document's distinct terms with their body frequency and whether the title has them.
  enum DocumentTerms {
    static func split(_ documents: ArraySlice<SearchDocument>) -> [[(String, Int, Bool)]] {
      let documents = Array(documents)
      let chunk = 64
      let chunks = (documents.count + chunk - 1) / chunk
      let results = UnsafeMutableBufferPointer<[(String, Int, Bool)]>.allocate(capacity: documents.count)
      results.initialize(repeating: [])
      defer { results.deallocate() }
      nonisolated(unsafe) let output = results
      DispatchQueue.concurrentPerform(iterations: chunks) { c in
        for i in (c * chunk)..<min(documents.count, (c + 1) * chunk) {
          output[i] = terms(of: documents[i])
        }
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

  /// Counts one document's terms in arrays indexed by term number, so each token costs one
  /// dictionary lookup.
  private struct Collector {
    var numbers: [String: Int] = [:]
    var terms: [String] = []
    var postings: [PostingList] = []
    var frequency: [Int] = []
    var inTitle: [Bool] = []
    /// Term numbers seen in the current document, each once.
    var seen: [Int] = []
    var isSeen: [Bool] = []

    /// A document's term, seen once per document with its totals.
    mutating func add(_ term: String, frequency count: Int, inTitle title: Bool) {
      let number: Int
      if let known = numbers[term] {
        number = known
      } else {
        number = terms.count
        numbers[term] = number
        terms.append(term)
        postings.append(PostingList())
        frequency.append(0)
        inTitle.append(false)
        isSeen.append(false)
      }
      if !isSeen[number] {
        isSeen[number] = true
        seen.append(number)
      }
      frequency[number] += count
      if title { inTitle[number] = true }
    }

    mutating func endDocument(_ document: Int) {
      for number in seen {
        postings[number].add(
          document: document, frequency: frequency[number], inTitle: inTitle[number])
        frequency[number] = 0
        inTitle[number] = false
        isSeen[number] = false
      }
      seen.removeAll(keepingCapacity: true)
    }

    var lists: [String: PostingList] {
      Dictionary(uniqueKeysWithValues: zip(terms, postings))
    }
  }
}
