import Foundation
import Testing

@testable import NotesSearch

/// Queries a user would type, answered from the built files the way the browser does it.
@Suite struct SearchBehaviourTests {
  static let day: TimeInterval = 86_400
  static let notes = [
    SearchDocument(
      url: "/Travel/tokyo/", title: "東京旅行", folder: "Travel",
      text: "今日は東京都の天気を調べた。雨の予報なので傘を持っていく。",
      updated: Date(timeIntervalSince1970: 1_700_000_000)),
    SearchDocument(
      url: "/Recipes/coffee/", title: "Coffee at home", folder: "Recipes",
      text: "Grind the beans fresh. A good café uses a scale. Coffee coffee coffee.",
      updated: Date(timeIntervalSince1970: 1_700_000_000 + day)),
    SearchDocument(
      url: "/Work/roadmap/", title: "Roadmap", folder: "Work",
      text: "Ship the search index. Then talk about the cafe downstairs.",
      updated: Date(timeIntervalSince1970: 1_700_000_000 + 2 * day)),
    SearchDocument(
      url: "/Work/retro/", title: "Retro", folder: "Work",
      text: "We drank coffee and reviewed the search shards. Swift concurrency was fine.",
      updated: Date(timeIntervalSince1970: 1_700_000_000 + 3 * day)),
    SearchDocument(
      url: "/Work/standup/", title: "Standup", folder: "Work",
      text: "Quick sync: coffee machine broken.",
      updated: Date(timeIntervalSince1970: 1_700_000_000 + 4 * day)),
    SearchDocument(
      url: "/Personal/kyoto/", title: "京都メモ", folder: "Personal",
      text: "京都で抹茶を飲んだ。",
      updated: Date(timeIntervalSince1970: 1_700_000_000 + 5 * day)),
  ]

  let search = ReferenceSearch(files: SearchIndex.build(Self.notes))

  func urls(_ query: String) throws -> [String] {
    try search.search(query).hits.map(\.url)
  }

  @Test func anEnglishWordFindsTheNotesThatContainIt() throws {
    #expect(try Set(urls("search")) == ["/Work/roadmap/", "/Work/retro/"])
    #expect(try urls("concurrency") == ["/Work/retro/"])
    #expect(try urls("nowhere") == [])
  }

  @Test func aJapaneseWordInsideASentenceIsFound() throws {
    #expect(try urls("東京") == ["/Travel/tokyo/"])
    #expect(try urls("天気") == ["/Travel/tokyo/"])
    // 京都 appears inside 東京都 too: both notes hold the bigram.
    #expect(try Set(urls("京都")) == ["/Travel/tokyo/", "/Personal/kyoto/"])
    #expect(try urls("抹茶") == ["/Personal/kyoto/"])
  }

  /// Korean fastens particles to words (라즈베리파이는, 라즈베리파이에서): the word is found
  /// inside them, as a Notion or Obsidian search finds it.
  @Test func aKoreanWordWithAParticleIsFound() throws {
    let notes = [
      SearchDocument(
        url: "/pi/", title: "Pi", folder: "F", text: "라즈베리파이는 작다. 라즈베리파이에서 실행한다.",
        updated: Date(timeIntervalSince1970: 2)),
      SearchDocument(
        url: "/car/", title: "차", folder: "F", text: "자동차의 속도", updated: Date(timeIntervalSince1970: 1)),
    ]
    let korean = ReferenceSearch(files: SearchIndex.build(notes))
    #expect(try korean.search("라즈베리파이").hits.map(\.url) == ["/pi/"])
    #expect(try korean.search("속도").hits.map(\.url) == ["/car/"])
    #expect(try korean.search("파이썬").hits.map(\.url) == [])
    #expect(SearchText.terms(in: "라즈베리파이는") == ["라즈", "즈베", "베리", "리파", "파이", "이는"])
  }

  /// A query of one character (`栈`, `책`, `茶`) finds the notes whose text holds it inside
  /// longer runs, as a notes app's search does.
  @Test func aSingleCharacterQueryFindsTheNotesThatHoldIt() throws {
    #expect(try urls("茶") == ["/Personal/kyoto/"])
    #expect(try Set(urls("京")) == ["/Travel/tokyo/", "/Personal/kyoto/"])
    #expect(try urls("旅") == ["/Travel/tokyo/"])
    let notes = [
      SearchDocument(url: "/zh/", title: "数据结构", folder: "F", text: "这是一个栈结构的例子。", updated: Date(timeIntervalSince1970: 2)),
      SearchDocument(url: "/ko/", title: "메모", folder: "F", text: "오늘 책을 읽었다.", updated: Date(timeIntervalSince1970: 1)),
    ]
    let other = ReferenceSearch(files: SearchIndex.build(notes))
    #expect(try other.search("栈").hits.map(\.url) == ["/zh/"])
    #expect(try other.search("책").hits.map(\.url) == ["/ko/"])
    #expect(try other.search("猫").hits.map(\.url) == [])
    // The query itself is still its bigrams, or the character alone.
    #expect(SearchText.terms(in: "栈") == ["栈"])
  }

  @Test func everyBigramOfALongerJapaneseQueryMustMatch() throws {
    #expect(try urls("東京都") == ["/Travel/tokyo/"])
    #expect(try urls("東京茶") == [])
  }

  @Test func titleMatchesRankAboveBodyMatchesThenFrequencyThenNewer() throws {
    // "Coffee at home" has it in the title; the others only in the body, once each, so the
    // newer of those comes first.
    #expect(try urls("coffee") == ["/Recipes/coffee/", "/Work/standup/", "/Work/retro/"])
  }

  @Test func higherBodyFrequencyRanksFirstAmongBodyMatches() throws {
    let notes = [
      SearchDocument(
        url: "/a/", title: "A", folder: "F", text: "swift", updated: Date(timeIntervalSince1970: 2)),
      SearchDocument(
        url: "/b/", title: "B", folder: "F", text: "swift swift swift",
        updated: Date(timeIntervalSince1970: 1)),
    ]
    let search = ReferenceSearch(files: SearchIndex.build(notes))
    #expect(try search.search("Swift").hits.map(\.url) == ["/b/", "/a/"])
  }

  @Test(arguments: ["cafe", "Café", "CAFE", "café", "ｃａｆｅ"])
  func caseAndAccentsDoNotMatter(query: String) throws {
    #expect(try Set(urls(query)) == ["/Recipes/coffee/", "/Work/roadmap/"])
  }

  @Test func allQueryWordsMustMatch() throws {
    #expect(try urls("coffee search") == ["/Work/retro/"])
    #expect(try urls("coffee roadmap") == [])
  }

  @Test func draftsAreAbsentBecauseTheyAreNeverPassedIn() throws {
    let draft = SearchDocument(
      url: "/Work/secret/", title: "Secret plan", folder: "Work", text: "unicorn budget",
      updated: Date(timeIntervalSince1970: 1_800_000_000))
    let published = ReferenceSearch(files: SearchIndex.build(Self.notes))
    #expect(try published.search("unicorn").total == 0)
    #expect(try published.search("secret").total == 0)
    let withDraft = ReferenceSearch(files: SearchIndex.build(Self.notes + [draft]))
    #expect(try withDraft.search("unicorn").hits.map(\.url) == ["/Work/secret/"])
  }

  @Test func resultsCarryWhatTheListShows() throws {
    let hit = try #require(try search.search("roadmap").hits.first)
    #expect(hit.title == "Roadmap")
    #expect(hit.folder == "Work")
    #expect(hit.updated == "2023-11-16T22:13:20Z")
    #expect(hit.excerpt.hasPrefix("Ship the search index."))
  }

  @Test func aQueryOfOnlyPunctuationFindsNothingAndFetchesNothing() throws {
    let outcome = try search.search(" ?! ")
    #expect(outcome.total == 0)
    #expect(outcome.fetched.isEmpty)
  }

  @Test func anEmptySiteStillHasAValidIndex() throws {
    let search = ReferenceSearch(files: SearchIndex.build([]))
    #expect(try search.search("anything").total == 0)
  }
}
