import Foundation
import Testing

@testable import NotesSearch

/// What a browser transfers for one query on a big site: the manifest, the shards (and long
/// lists) of the query's terms, and the docs chunks of the first 20 results.
@Suite struct IndexSizeTests {
  static let limit = 150_000
  static let corpus: (vocabulary: [String], files: [String: [UInt8]]) = {
    var generator = SyntheticNotes()
    let notes = generator.notes(10_000)
    return (generator.vocabulary, SearchIndex.build(notes))
  }()

  /// Ranks in the Zipf vocabulary: the most common word (in nearly every note) down to rare.
  @Test(arguments: [0, 1, 5, 30, 200, 1000, 3900])
  func aOneWordQueryTransfersLittleOnTenThousandNotes(rank: Int) throws {
    let search = ReferenceSearch(files: Self.corpus.files)
    let outcome = try search.search(Self.corpus.vocabulary[rank])
    #expect(outcome.total > 0)
    #expect(outcome.hits.count == min(20, outcome.total))
    #expect(
      outcome.fetchedBytes < Self.limit,
      "\(outcome.fetchedBytes) bytes in \(outcome.fetched.count) files for rank \(rank)")
  }

  @Test(arguments: ["東京", "抹茶", "レシピ"])
  func aJapaneseQueryTransfersLittleOnTenThousandNotes(query: String) throws {
    let search = ReferenceSearch(files: Self.corpus.files)
    let outcome = try search.search(query)
    #expect(outcome.total > 100)
    #expect(outcome.fetchedBytes < Self.limit, "\(outcome.fetchedBytes) bytes for \(query)")
  }

  @Test func noSingleFileIsLarge() {
    let largest = Self.corpus.files.max { $0.value.count < $1.value.count }!
    #expect(largest.value.count < 50_000, "\(largest.key) is \(largest.value.count) bytes")
  }
}
