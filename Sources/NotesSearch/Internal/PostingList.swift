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
    let terms = DocumentTerms.split(documents)
    var collector = Collector()
    for (number, found) in terms.enumerated() {
      for (term, frequency, inTitle) in found { collector.add(term, frequency: frequency, inTitle: inTitle) }
      collector.endDocument(number)
    }
    return collector.lists
  }

  /// Each document's distinct terms with their body frequency and whether the title has them.
  enum DocumentTerms {
    static func split(_ documents: [SearchDocument]) -> [[(String, Int, Bool)]] {
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
      var index: [String: Int] = [:]
      var found: [(String, Int, Bool)] = []
      SearchText.forEachTerm(in: document.text) { term in
        if let i = index[term] {
          found[i].1 += 1
        } else {
          index[term] = found.count
          found.append((term, 1, false))
        }
      }
      SearchText.forEachTerm(in: document.title) { term in
        if let i = index[term] {
          found[i].2 = true
        } else {
          index[term] = found.count
          found.append((term, 0, true))
        }
      }
      return found
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
