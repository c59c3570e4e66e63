import Foundation
import Testing

@testable import NotesSearch

/// Replacing one note's text in a built index must give exactly the index `build` makes for
/// the changed notes: same files, same bytes, nothing left over.
@Suite struct IndexReplaceTests {
  /// `files` after `replacement`, as a rebuild leaves `_search/`.
  static func applying(_ replacement: SearchIndex.Replacement, to files: [String: [UInt8]]) -> [String: [UInt8]] {
    #expect(replacement.previousPaths == Set(files.keys))
    var result = files.filter { replacement.paths.contains($0.key) }
    result.merge(replacement.changed) { $1 }
    return result
  }

  static func replace(_ index: Int, in documents: [SearchDocument], text: String)
    -> (expected: [String: [UInt8]], got: [String: [UInt8]]?, changed: Int)
  {
    let files = SearchIndex.build(documents)
    let order = documents.indices.sorted { SearchIndex.isListedBefore(documents[$0], documents[$1]) }
    var edited = documents
    edited[index].text = text
    guard
      let replacement = SearchIndex.replacing(
        document: order.firstIndex(of: index)!, with: edited[index], read: { files[$0] }, size: { files[$0]?.count })
    else { return (SearchIndex.build(edited), nil, 0) }
    return (SearchIndex.build(edited), applying(replacement, to: files), replacement.changed.count)
  }

  @Test func appendingToANoteMatchesAFullBuild() throws {
    var corpus = SyntheticNotes()
    let documents = corpus.notes(800)
    for index in [0, 1, 399, 799] {
      let result = Self.replace(index, in: documents, text: documents[index].text + " edited zqxjkv and more words")
      #expect(result.got == result.expected, "note \(index)")
      // A few shards and one docs chunk, not the whole index.
      #expect(result.changed > 0 && result.changed < result.expected.count / 4, "note \(index)")
    }
  }

  @Test func rewritingRemovingAndEmptyingTextMatchAFullBuild() {
    var corpus = SyntheticNotes(seed: 7)
    let documents = corpus.notes(300)
    let other = documents[150].text
    for (index, text) in [(3, other), (42, ""), (299, "東京 café ÜBER straße \"quoted\" back\\slash\ttab"), (0, documents[0].text)] {
      let result = Self.replace(index, in: documents, text: text)
      #expect(result.got == result.expected, "note \(index)")
    }
  }

  @Test func aChangeInTheAverageRecordRechunksTheDocuments() throws {
    // A hundred short notes in two chunks: one note's excerpt growing to its full length
    // changes how many records fit in a chunk, so every chunk is cut again.
    let documents = (0..<100).map { i in
      SearchDocument(
        url: "/n\(i)/", title: "N\(i)", folder: "F", text: "x",
        updated: Date(timeIntervalSince1970: TimeInterval(1_700_000_000 - i)))
    }
    let long = String(repeating: "word ", count: 80)
    let result = Self.replace(1, in: documents, text: long)
    func chunkSize(_ files: [String: [UInt8]]) -> Int? { SearchIndex.Manifest(files["manifest.json"] ?? [])?.chunkSize }
    #expect(chunkSize(SearchIndex.build(documents)) != chunkSize(result.expected))
    #expect(result.got == result.expected)
  }

  @Test func aDocumentNumberOutsideTheIndexOrAnotherFormatIsRefused() {
    let documents = IndexFormatTests.notes(20)
    let files = SearchIndex.build(documents)
    #expect(SearchIndex.replacing(document: 20, with: documents[0], read: { files[$0] }, size: { files[$0]?.count }) == nil)
    var other = files
    other["manifest.json"] = Array(String(decoding: files["manifest.json"]!, as: UTF8.self)
      .replacingOccurrences(of: "\"version\":1", with: "\"version\":2").utf8)
    #expect(SearchIndex.replacing(document: 0, with: documents[0], read: { other[$0] }, size: { other[$0]?.count }) == nil)
    var broken = files
    broken["shards/0.json"] = Array("{\"a\":".utf8)
    #expect(SearchIndex.replacing(document: 0, with: documents[0], read: { broken[$0] }, size: { broken[$0]?.count }) == nil)
  }
}
