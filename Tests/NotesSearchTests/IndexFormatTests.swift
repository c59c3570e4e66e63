import Foundation
import Testing

@testable import NotesSearch

@Suite struct IndexFormatTests {
  static func notes(_ count: Int) -> [SearchDocument] {
    (0..<count).map { i in
      SearchDocument(
        url: "/Folder \(i % 7)/note-\(i)/",
        title: "Note \(i) about \(["swift", "café", "東京"][i % 3])",
        folder: "Folder \(i % 7)", text: "Body \(i) mentions coffee and tea and number \(i * 31).",
        updated: Date(timeIntervalSince1970: TimeInterval(1_600_000_000 + (i % 50) * 3600)))
    }
  }

  @Test func theSameNotesGiveByteIdenticalFilesInAnyOrder() {
    let notes = Self.notes(500)
    let first = SearchIndex.build(notes)
    let second = SearchIndex.build(notes)
    let shuffled = SearchIndex.build(notes.reversed())
    #expect(first == second)
    #expect(first == shuffled)
    #expect(first.count > 3)
  }

  @Test func theManifestDescribesTheLayout() throws {
    let files = SearchIndex.build(Self.notes(40))
    let manifest = try #require(files["manifest.json"])
    let text = String(decoding: manifest, as: UTF8.self)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(manifest)) as? [String: Any])
    let shards = try #require(object["shards"] as? Int)
    let chunkSize = try #require(object["chunkSize"] as? Int)
    #expect(object["documents"] as? Int == 40)
    #expect(object["version"] as? Int == 1)
    // Every shard and every chunk the manifest promises exists; nothing else is written.
    for shard in 0..<shards { #expect(files["shards/\(shard).json"] != nil) }
    let chunks = (40 + chunkSize - 1) / chunkSize
    for chunk in 0..<chunks { #expect(files["docs/\(chunk).json"] != nil) }
    #expect(files["docs/\(chunks).json"] == nil)
    #expect(!text.contains(" "))
  }

  @Test func documentsAreNumberedNewestFirst() throws {
    let files = SearchIndex.build(Self.notes(30))
    let bytes = try #require(files["docs/0.json"])
    let chunk = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String]])
    let dates = chunk.map { $0[3] }
    #expect(dates == dates.sorted(by: >))
  }

  @Test func commonTermsMoveToTheirOwnFileSoShardsStaySmall() throws {
    let files = SearchIndex.build(Self.notes(3000))
    let ownFiles = files.keys.filter { $0.hasPrefix("shards/") && $0.contains("-") }
    // "coffee", "and", "body" … are in all 3,000 notes.
    #expect(!ownFiles.isEmpty)
    let largestShard =
      files.filter { $0.key.hasPrefix("shards/") && !$0.key.contains("-") }
      .map(\.value.count).max() ?? 0
    #expect(largestShard < 3 * SearchIndex.targetShardBytes)
    let search = ReferenceSearch(files: files)
    #expect(try search.search("coffee").total == 3000)
  }

  @Test func titlesWithQuotesAndControlCharactersSurviveAsJSON() throws {
    let note = SearchDocument(
      url: "/a/\"quoted\"/", title: "Say \"hi\" \\ <b>bold</b>\u{1}", folder: "Tab\there",
      text: "line one\nline two", updated: Date(timeIntervalSince1970: 0))
    let search = ReferenceSearch(files: SearchIndex.build([note]))
    let hit = try #require(try search.search("bold").hits.first)
    #expect(hit.title == note.title)
    #expect(hit.folder == note.folder)
    #expect(hit.url == note.url)
    #expect(hit.excerpt == "line one line two")
  }

  @Test(arguments: [
    (0.0, "1970-01-01T00:00:00Z"),
    (951_782_400.0, "2000-02-29T00:00:00Z"),
    (1_719_792_000.5, "2024-07-01T00:00:00Z"),
    (-1.0, "1969-12-31T23:59:59Z"),
  ])
  func updatedDatesAreISO8601InUTC(seconds: Double, expected: String) {
    #expect(ISODate.string(Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test(arguments: [[0], [31], [32], [1023, 5, 0, 1 << 30]])
  func postingCodesRoundTrip(numbers: [Int]) {
    var code: [UInt8] = []
    for n in numbers { PostingCode.append(n, to: &code) }
    #expect(PostingCode.decode(String(decoding: code, as: UTF8.self)) == numbers)
  }

  @Test func excerptsAreShortAndCutAtAWord() {
    let long = String(repeating: "alpha beta gamma ", count: 40)
    let excerpt = Excerpt.make(long)
    #expect(excerpt.count <= Excerpt.maxLength + 1)
    #expect(excerpt.hasSuffix("…"))
    #expect(long.hasPrefix(String(excerpt.dropLast())))
    #expect(!excerpt.dropLast().hasSuffix(" "))
    let japanese = String(repeating: "東京都の天気。", count: 60)
    #expect(Excerpt.make(japanese).count == Excerpt.maxLength + 1)
    #expect(Excerpt.make("  short\n\n note ") == "short note")
    // A combining accent at the cut goes with its letter, not half of it.
    let accents = "x" + String(repeating: "e\u{301}", count: 200)
    #expect(Excerpt.make(accents).unicodeScalars.dropLast().last == "\u{301}")
  }

  /// The byte-wise path for ASCII text gives what the general one gives: every ASCII
  /// character, runs of every kind of whitespace, words of every length around the cut.
  @Test func asciiExcerptsMatchTheGeneralPath() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    let whitespace: [Character] = [" ", "\n", "\t", "\r", "\u{0B}", "\u{0C}", "\r\n"]
    var texts = ["", " ", "\r\n", String(repeating: "a", count: 400), String(repeating: "ab ", count: 200)]
    for _ in 0..<3000 {
      var text = ""
      let words = next(80)
      for _ in 0..<words {
        for _ in 0..<(1 + next(next(2) == 0 ? 4 : 40)) { text.append(Character(Unicode.Scalar(UInt8(33 + next(94))))) }
        for _ in 0..<(1 + next(3)) { text.append(whitespace[next(whitespace.count)]) }
      }
      texts.append(text)
    }
    for text in texts {
      #expect(Excerpt.ascii(text) == Excerpt.general(text), "\(text.debugDescription)")
    }
    #expect(Excerpt.ascii("café au lait") == nil)
    #expect(Excerpt.make("café  au lait") == "café au lait")
  }
}
