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
  static func collect(_ documents: [SearchDocument]) -> [String: PostingList] {
    var collector = Collector()
    for (number, document) in documents.enumerated() {
      SearchText.forEachTerm(in: document.text) { collector.see($0, inTitle: false) }
      SearchText.forEachTerm(in: document.title) { collector.see($0, inTitle: true) }
      collector.endDocument(number)
    }
    return collector.lists
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

    mutating func see(_ term: String, inTitle title: Bool) {
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
      // A title-only term still gets a posting; its body frequency stays 0.
      if title { inTitle[number] = true } else { frequency[number] += 1 }
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
