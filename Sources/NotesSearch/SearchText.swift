import Foundation

/// How text becomes search terms. `Templates/assets/search.js` mirrors every step of this file
/// for the query, so change both together or queries stop matching the index.
///
/// 1. Normalise: NFKD, drop combining marks (except the kana voicing marks U+3099 and U+309A,
///    so `が` stays distinct from `か`), lowercase, NFC, and final `ς` → `σ` (JavaScript's
///    `toLowerCase` picks the final form by context; Swift's does not).
/// 2. Split into runs of letters and numbers (general categories L and N). Runs of Han,
///    Hiragana, Katakana and Hangul ("CJK", exact ranges in `isCJK`) are separate runs.
///    (Korean writes spaces, but fastens particles to words — `라즈베리파이는` — so its words
///    are bigrams too, or a search for `라즈베리파이` would miss them.)
/// 3. A word run is one term, cut to `maxTermLength` scalars. A CJK run gives its overlapping
///    character bigrams (`東京都` → `東京`, `京都`), or itself if it is one character long.
///    A note's text also gives each character of its longer runs (`東`, `京`, `都`), so that
///    a query of one character (`栈`, `책`), which is itself, finds the notes that hold it.
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
    forEachTermBytes(in: text) { body(String(decoding: $0, as: UTF8.self)) }
  }

  /// `forEachTerm` with each term as its UTF-8 bytes, valid only during the call: the index
  /// counts terms without making a `String` of every occurrence.
  static func forEachTermBytes(
    in text: String, characters: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var tokenizer = Tokenizer()
    tokenizer.characters = characters
    var lowered: [UInt8] = []
    var text = text
    text.withUTF8 { utf8 in
      var i = 0
      while i < utf8.count {
        let byte = utf8[i]
        if byte < 0x80 {
          // A whole ASCII word that ends in ASCII (or the text's end) is a term as it stands,
          // lowercased and cut: handed out from the text itself, not built byte by byte. A
          // word that runs on into other letters (`café`) takes the general path.
          if tokenizer.isIdle, isASCIIWordByte(byte) {
            var end = i + 1
            var upper = byte &- UInt8(ascii: "A") < 26
            while end < utf8.count, isASCIIWordByte(utf8[end]) {
              upper = upper || utf8[end] &- UInt8(ascii: "A") < 26
              end += 1
            }
            if end == utf8.count || utf8[end] < 0x80 {
              let term = UnsafeBufferPointer(rebasing: utf8[i..<min(end, i + maxTermLength)])
              if upper {
                lowered.removeAll(keepingCapacity: true)
                for b in term { lowered.append(b &- UInt8(ascii: "A") < 26 ? b + 32 : b) }
                lowered.withUnsafeBufferPointer(body)
              } else {
                body(term)
              }
              i = end
              continue
            }
          }
          tokenizer.feedASCII(byte, body)
          i += 1
          continue
        }
        var end = i + 1
        while end < utf8.count && utf8[end] >= 0x80 { end += 1 }
        // Cut at ASCII bytes, so the stretch is whole characters of valid UTF-8.
        let stretch = String(decoding: UnsafeBufferPointer(rebasing: utf8[i..<end]), as: UTF8.self)
        for scalar in normalize(stretch).unicodeScalars {
          tokenizer.feed(scalar, body)
        }
        i = end
      }
    }
    tokenizer.finish(body)
  }

  /// ASCII letters and digits: the ASCII bytes that belong to words.
  @inline(__always)
  static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10
  }

  /// Splits text that is already normalised; the plain definition `forEachTerm` must match.
  static func terms(inNormalized text: String) -> [String] {
    var terms: [String] = []
    var tokenizer = Tokenizer()
    for scalar in text.unicodeScalars {
      tokenizer.feed(scalar) { terms.append(String(decoding: $0, as: UTF8.self)) }
    }
    tokenizer.finish { terms.append(String(decoding: $0, as: UTF8.self)) }
    return terms
  }

  /// Step 2 and 3: scalars of normalised text in, terms out.
  struct Tokenizer {
    /// Receives each term's UTF-8 bytes.
    typealias Emit = (UnsafeBufferPointer<UInt8>) -> Void

    /// UTF-8 of the word so far, and its length in scalars.
    private var word: [UInt8] = []
    private var wordLength = 0
    private var run: [Unicode.Scalar] = []
    /// UTF-8 of a CJK term being handed out.
    private var scratch: [UInt8] = []
    /// Whether a CJK run of several characters also gives each character (a note's text).
    var characters = false

    mutating func feed(_ scalar: Unicode.Scalar, _ body: Emit) {
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
    /// No word or CJK run is being collected.
    var isIdle: Bool { wordLength == 0 && run.isEmpty }

    mutating func feedASCII(_ byte: UInt8, _ body: Emit) {
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
    private mutating func appendASCII(_ byte: UInt8, _ body: Emit) {
      if !run.isEmpty { flushRun(body) }
      if wordLength < maxTermLength {
        word.append(byte)
        wordLength += 1
      }
    }

    mutating func finish(_ body: Emit) {
      flushWord(body)
      flushRun(body)
    }

    private mutating func flushWord(_ body: Emit) {
      guard wordLength > 0 else { return }
      word.withUnsafeBufferPointer(body)
      word.removeAll(keepingCapacity: true)
      wordLength = 0
    }

    private mutating func flushRun(_ body: Emit) {
      if run.count == 1 {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UTF8.encode(run[0])!)
        scratch.withUnsafeBufferPointer(body)
      } else if run.count > 1 {
        for i in 1..<run.count {
          scratch.removeAll(keepingCapacity: true)
          scratch.append(contentsOf: UTF8.encode(run[i - 1])!)
          scratch.append(contentsOf: UTF8.encode(run[i])!)
          scratch.withUnsafeBufferPointer(body)
        }
        if characters {
          for scalar in run {
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UTF8.encode(scalar)!)
            scratch.withUnsafeBufferPointer(body)
          }
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

  /// Han, Hiragana, Katakana and Hangul, as explicit ranges because neither side can rely on
  /// the other's Unicode script data. `search.js` has the same list in `CJK`.
  static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3005...0x3007, 0x303B,  // 々 〆 〇 〻
      0x3040...0x30FF,  // Hiragana, Katakana (ー included; ・ is not a letter)
      0x3131...0x318E,  // Hangul compatibility jamo (ㅋ)
      0x31F0...0x31FF,  // Katakana phonetic extensions
      0x3400...0x4DBF,  // Han extension A
      0x4E00...0x9FFF,  // Han
      0xAC00...0xD7A3,  // Hangul syllables
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
