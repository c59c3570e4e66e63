import Foundation

@testable import NotesSearch

/// A deterministic, realistic-looking corpus: words drawn from a vocabulary of a few thousand
/// with a Zipf distribution (a few words in nearly every note, most words rare), titles of a
/// few words, some notes with Japanese sentences, dates spread over three years.
struct SyntheticNotes {
  /// Most frequent first.
  let vocabulary: [String]
  let japaneseSentences = [
    "今日は東京都の天気を調べた。", "京都で抹茶を飲んだ。", "新しいプロジェクトの会議があった。",
    "ラーメンのレシピをメモする。", "週末は大阪に行く予定です。", "本を三冊読み終わった。",
    "カレーを作るときは玉ねぎをよく炒める。", "来月の旅行の計画を立てる。",
  ]
  private var random: SplitMix64
  private let cumulative: [Double]

  init(vocabularySize: Int = 4000, seed: UInt64 = 42) {
    random = SplitMix64(seed: seed)
    let syllables = [
      "ka", "lo", "mi", "ter", "an", "es", "ro", "vi", "ul", "den", "sa", "por",
      "in", "ba", "cel", "tu", "ri", "mon", "e", "go", "str", "al", "ne", "fi",
    ]
    var words: [String] = []
    var seen: Set<String> = []
    var generator = SplitMix64(seed: seed &+ 1)
    while words.count < vocabularySize {
      let length = 1 + Int(generator.next() % 3)
      let word = (0..<length).map { _ in syllables[Int(generator.next() % UInt64(syllables.count))]
      }
      .joined()
      if word.count >= 2, seen.insert(word).inserted { words.append(word) }
    }
    vocabulary = words
    var sum = 0.0
    cumulative = (1...vocabularySize).map { rank in
      sum += 1 / Double(rank)
      return sum
    }
  }

  mutating func word() -> String {
    let target = Double(random.next() % 1_000_000) / 1_000_000 * cumulative.last!
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let mid = (low + high) / 2
      if cumulative[mid] < target { low = mid + 1 } else { high = mid }
    }
    return vocabulary[low]
  }

  mutating func notes(_ count: Int) -> [SearchDocument] {
    (0..<count).map { i in
      let titleWords = (0..<(2 + Int(random.next() % 4))).map { _ in
        vocabulary[20 + Int(random.next() % UInt64(vocabulary.count - 20))]
      }
      var sentences: [String] = []
      var words = 0
      let length = 100 + Int(random.next() % 100)
      while words < length {
        let n = 5 + Int(random.next() % 15)
        var sentence = (0..<n).map { _ in word() }.joined(separator: " ")
        sentence = sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
        sentences.append(sentence)
        words += n
      }
      if random.next() % 10 == 0 {
        sentences.insert(
          japaneseSentences[Int(random.next() % UInt64(japaneseSentences.count))], at: 1)
      }
      let folder = "Folder \(random.next() % 40)"
      let title = titleWords.joined(separator: " ").capitalized
      return SearchDocument(
        url: "/\(folder.lowercased().replacingOccurrences(of: " ", with: "-"))/note-\(i)/",
        title: title, folder: folder, text: sentences.joined(separator: " "),
        updated: Date(timeIntervalSince1970: 1_600_000_000 + Double(random.next() % 94_000_000)))
    }
  }
}

/// Small, fast, seedable; the standard library's generator cannot be seeded.
struct SplitMix64 {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
