import Testing

@testable import NotesSearch

@Suite struct SearchTextTests {
  @Test(arguments: [
    ("Swift concurrency, in practice!", ["swift", "concurrency", "in", "practice"]),
    ("Café au lait", ["cafe", "au", "lait"]),
    ("CAFÉ", ["cafe"]),
    ("Crème brûlée", ["creme", "brulee"]),
    ("Über naïve Ångström", ["uber", "naive", "angstrom"]),
    // Full-width letters and ligatures become plain letters (NFKD).
    ("ＳＷＩＦＴ ﬁle", ["swift", "file"]),
    ("swift-format v6.3", ["swift", "format", "v6", "3"]),
    ("ΟΔΥΣΣΕΥΣ", ["οδυσσευσ"]),
    ("Ὀδυσσεύς", ["οδυσσευσ"]),
    ("İstanbul", ["istanbul"]),
    ("Москва ёлка", ["москва", "елка"]),
    ("한국어 문서", ["한국", "국어", "문서"]),  // Hangul as bigrams: particles fasten to words
  ])
  func wordsAreCaseAndAccentInsensitive(text: String, expected: [String]) {
    #expect(SearchText.terms(in: text) == expected)
  }

  @Test func japaneseRunsBecomeOverlappingBigrams() {
    #expect(SearchText.terms(in: "東京都の天気") == ["東京", "京都", "都の", "の天", "天気"])
  }

  @Test func aJapaneseWordInsideASentenceSharesItsBigrams() {
    let sentence = Set(SearchText.terms(in: "今日は東京都の天気を調べた。"))
    let word = SearchText.terms(in: "東京")
    #expect(word == ["東京"])
    #expect(sentence.isSuperset(of: word))
  }

  @Test func singleCharacterRunsAreUnigrams() {
    #expect(SearchText.terms(in: "Swift 日 notes") == ["swift", "日", "notes"])
  }

  @Test func katakanaKeepsTheLongVowelMarkAndSplitsAtTheMiddleDot() {
    #expect(SearchText.terms(in: "ラーメン・スープ") == ["ラー", "ーメ", "メン", "スー", "ープ"])
  }

  @Test func kanaVoicingMarksAreNotStripped() {
    // が and か are different sounds; NFKD splits が, the tokenizer must put it back.
    #expect(SearchText.terms(in: "がか") == ["がか"])
    // Half-width katakana is the same text as full-width.
    #expect(SearchText.terms(in: "ｶﾞｲﾄﾞ") == SearchText.terms(in: "ガイド"))
  }

  @Test func mixedScriptsSplitIntoSeparateTerms() {
    #expect(SearchText.terms(in: "Swiftで開発2024年") == ["swift", "で開", "開発", "2024", "年"])
  }

  @Test func veryLongWordsAreCutToTheSameTerm() {
    let long = String(repeating: "a", count: 100)
    let terms = SearchText.terms(in: long)
    #expect(terms == [String(repeating: "a", count: SearchText.maxTermLength)])
    #expect(SearchText.terms(in: long.uppercased()) == terms)
  }

  @Test func punctuationOnlyTextHasNoTerms() {
    #expect(SearchText.terms(in: " — !!! ・ 。") == [])
  }

  /// `forEachTerm` normalises only the non-ASCII stretches; it must agree with normalising
  /// the whole text first, which is what `search.js` does with a query.
  @Test(arguments: [
    "café CAFÉ Cafe\u{301}", "e\u{301}tude", "ＡＢＣdef", "Swiftで開発2024年", "㎏ and ™ and ①",
    "ΣΟΦΙΑΣ σοφίας", "ｶﾞｲﾄﾞbook", "한국어abc", "A\u{30A}ngstro\u{308}m", "日本語・English・中文",
    "Hello, WORLD! foo_bar 123abc x", "abcé déf Überall naïve", "東京abc def東京 ghi",
    String(repeating: "Ab", count: 30) + " " + String(repeating: "z", count: 45) + "é "
      + String(repeating: "Q", count: 50),
  ])
  func splittingAtASCIIMatchesNormalisingTheWholeText(text: String) {
    #expect(
      SearchText.terms(in: text) == SearchText.terms(inNormalized: SearchText.normalize(text)))
  }
}
