import Foundation

/// How text becomes search terms. `Templates/assets/search.js` mirrors every step of this file
/// for the query, so change both together or queries stop matching the index.
///
/// 1. Normalise: NFKD, drop combining marks (except the kana voicing marks U+3099 and U+309A,
///    so `が` stays distinct from `か`), lowercase, NFC, and final `ς` → `σ` (JavaScript's
///    `toLowerCase` picks the final form by context; Swift's does not).
/// 2. Split into runs of letters and numbers (general categories L and N). Runs of Han,
///    Hiragana and Katakana ("CJK", exact ranges in `isCJK`) are separate runs.
/// 3. A word run is one term, cut to `maxTermLength` scalars. A CJK run gives its overlapping
///    character bigrams (`東京都` → `東京`, `京都`), or itself if it is one character long.
public enum SearchText {
  /// Longest word term, in Unicode scalars; longer words are cut on both sides alike.
  public static let maxTermLength = 40

  /// `Café` → `cafe`, `ＳＷＩＦＴ` → `swift`. See the type's documentation for the steps.
  public static func normalize(_ text: String) -> String {
    // Most notes are ASCII, where NFKD and NFC change nothing and lowercasing is simple.
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    var kept = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars
    where !isStrippedMark(scalar) {
      kept.append(scalar)
    }
    let composed = String(kept).lowercased().precomposedStringWithCanonicalMapping
    return composed.contains("ς") ? composed.replacingOccurrences(of: "ς", with: "σ") : composed
  }

  /// The terms of `text` in reading order, repeats included.
  public static func terms(in text: String) -> [String] {
    var terms: [String] = []
    forEachTerm(in: text) { terms.append($0) }
    return terms
  }

  /// Calls `body` with each term of `text` in reading order, without collecting them.
  ///
  /// Same result as splitting `normalize(text)`, but only the non-ASCII stretches go through
  /// Foundation's normalisation: every step works character by character except around
  /// combining marks and jamo, which are never ASCII, so cutting at ASCII changes nothing.
  public static func forEachTerm(in text: String, _ body: (String) -> Void) {
    var tokenizer = Tokenizer()
    let utf8 = text.utf8
    var i = utf8.startIndex
    while i != utf8.endIndex {
      let byte = utf8[i]
      if byte < 0x80 {
        tokenizer.feedASCII(byte, body)
        i = utf8.index(after: i)
        continue
      }
      var end = utf8.index(after: i)
      while end != utf8.endIndex && utf8[end] >= 0x80 { end = utf8.index(after: end) }
      for scalar in normalize(String(text[i..<end])).unicodeScalars {
        tokenizer.feed(scalar, body)
      }
      i = end
    }
    tokenizer.finish(body)
  }

  /// Splits text that is already normalised; the plain definition `forEachTerm` must match.
  static func terms(inNormalized text: String) -> [String] {
    var terms: [String] = []
    var tokenizer = Tokenizer()
    for scalar in text.unicodeScalars { tokenizer.feed(scalar) { terms.append($0) } }
    tokenizer.finish { terms.append($0) }
    return terms
  }

  /// Step 2 and 3: scalars of normalised text in, terms out.
  struct Tokenizer {
    /// UTF-8 of the word so far, and its length in scalars.
    private var word: [UInt8] = []
    private var wordLength = 0
    private var run: [Unicode.Scalar] = []

    mutating func feed(_ scalar: Unicode.Scalar, _ body: (String) -> Void) {
      switch kind(of: scalar) {
      case .word:
        flushRun(body)
        if wordLength < maxTermLength {
          if scalar.isASCII {
            // Only the ASCII path sees upper case here: `normalize` lowercased the rest.
            let v = UInt8(scalar.value)
            word.append(v >= 0x41 && v <= 0x5A ? v + 32 : v)
          } else {
            word.append(contentsOf: UTF8.encode(scalar)!)
          }
          wordLength += 1
        }
      case .cjk:
        flushWord(body)
        run.append(scalar)
      case .separator:
        flushWord(body)
        flushRun(body)
      }
    }

    /// `feed` for one ASCII byte of not yet normalised text, the common case, kept cheap.
    @inline(__always)
    mutating func feedASCII(_ byte: UInt8, _ body: (String) -> Void) {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        appendASCII(byte, body)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        appendASCII(byte + 32, body)
      default:
        flushWord(body)
        if !run.isEmpty { flushRun(body) }
      }
    }

    @inline(__always)
    private mutating func appendASCII(_ byte: UInt8, _ body: (String) -> Void) {
      if !run.isEmpty { flushRun(body) }
      if wordLength < maxTermLength {
        word.append(byte)
        wordLength += 1
      }
    }

    mutating func finish(_ body: (String) -> Void) {
      flushWord(body)
      flushRun(body)
    }

    private mutating func flushWord(_ body: (String) -> Void) {
      guard wordLength > 0 else { return }
      body(String(decoding: word, as: UTF8.self))
      word.removeAll(keepingCapacity: true)
      wordLength = 0
    }

    private mutating func flushRun(_ body: (String) -> Void) {
      if run.count == 1 {
        body(String(run[0]))
      } else if run.count > 1 {
        for i in 1..<run.count {
          var bigram = String.UnicodeScalarView()
          bigram.append(run[i - 1])
          bigram.append(run[i])
          body(String(bigram))
        }
      }
      run.removeAll(keepingCapacity: true)
    }
  }

  enum Kind { case word, cjk, separator }

  static func kind(of scalar: Unicode.Scalar) -> Kind {
    let v = scalar.value
    if v < 0x80 {
      let isAlnum = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
      return isAlnum ? .word : .separator
    }
    guard isLetterOrNumber(scalar) else { return .separator }
    return isCJK(scalar) ? .cjk : .word
  }

  /// `\p{L}` or `\p{N}` in JavaScript.
  static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }

  /// Han, Hiragana and Katakana, as explicit ranges because neither side can rely on the
  /// other's Unicode script data. `search.js` has the same list in `CJK`.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3005...0x3007, 0x303B,  // 々 〆 〇 〻
      0x3040...0x30FF,  // Hiragana, Katakana (ー included; ・ is not a letter)
      0x31F0...0x31FF,  // Katakana phonetic extensions
      0x3400...0x4DBF,  // Han extension A
      0x4E00...0x9FFF,  // Han
      0xF900...0xFAFF,  // Han compatibility (NFKD maps most to the unified ones)
      0x20000...0x3FFFF:  // Han extensions B and later
      return true
    default:
      return false
    }
  }

  /// Combining marks go, except the kana voicing marks, which NFC puts back on their kana.
  static func isStrippedMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return scalar.value != 0x3099 && scalar.value != 0x309A
    default:
      return false
    }
  }
}
