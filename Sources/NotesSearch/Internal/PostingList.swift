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
    var lists: [String: PostingList] = [:]
    var frequencies: [String: Int] = [:]
    var titleTerms: Set<String> = []
    for (number, document) in documents.enumerated() {
      frequencies.removeAll(keepingCapacity: true)
      titleTerms.removeAll(keepingCapacity: true)
      SearchText.forEachTerm(in: document.text) { frequencies[$0, default: 0] += 1 }
      SearchText.forEachTerm(in: document.title) { term in
        titleTerms.insert(term)
        // A title-only term still needs a posting; its body frequency stays 0.
        if frequencies[term] == nil { frequencies[term] = 0 }
      }
      for (term, frequency) in frequencies {
        lists[term, default: PostingList()].add(
          document: number, frequency: frequency, inTitle: titleTerms.contains(term))
      }
    }
    return lists
  }
}
