import Foundation

/// URL segments made from file and folder names (DESIGN §3).
public enum Slug {
  /// NFC-normalise, lower-case, keep Unicode letters and digits, turn every other run of
  /// characters into `-`, trim `-`. Never empty: a name made only of symbols is spelled out
  /// with the characters' Unicode names (`+++` → `plus-sign-plus-sign-plus-sign`).
  /// At most `maxBytes` UTF-8 bytes, so every URL segment fits a file name (255 bytes) even
  /// with a disambiguation and an extension added.
  public static func make(_ name: String) -> String {
    if let slug = asciiSlug(name) { return limited(slug, maxBytes) }
    // Lower-cased, Turkish `İ` is `i` and a combining dot; the dot would be an invisible
    // character in the URL (`hari̇tasi`), so it goes.
    var lower = name.precomposedStringWithCanonicalMapping.lowercased()
    if lower.unicodeScalars.contains("\u{307}") { lower = lower.replacingOccurrences(of: "i\u{307}", with: "i") }
    let slug = limited(collapse(lower), maxBytes)
    if !slug.isEmpty { return slug }
    let spelled = spelledOut(name)
    return spelled.isEmpty ? "untitled" : spelled
  }

  /// `make` for pure-ASCII names, without Foundation: ASCII text is already NFC, its only
  /// kept characters are letters and digits, and lower-casing it is a byte operation. `nil`
  /// for other names, and for names that keep nothing (they are spelled out).
  static func asciiSlug(_ name: String) -> String? {
    var out: [UInt8] = []
    out.reserveCapacity(name.utf8.count)
    var pendingDash = false
    for byte in name.utf8 {
      guard byte < 0x80 else { return nil }
      let kept: UInt8?
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): kept = byte
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): kept = byte + 0x20
      default: kept = nil
      }
      if let kept {
        if pendingDash && !out.isEmpty { out.append(UInt8(ascii: "-")) }
        pendingDash = false
        out.append(kept)
      } else {
        pendingDash = true
      }
    }
    return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
  }

  /// The longest slug `make` returns, in UTF-8 bytes; `spelledOut` returns at most half.
  public static let maxBytes = 100

  /// The characters of `name` that `make` drops, spelled out with their Unicode names, as a
  /// readable way to tell apart `clang` and `clang++` (`plus-sign-plus-sign`).
  /// A flag is `flag` and its country's letters (`🇯🇵` → `flag-jp`); the joiners, variation
  /// selectors and skin tones inside emoji are not spelled. Cut between words, never inside
  /// one, so names that differ after the cut stay apart in their disambiguation.
  public static func spelledOut(_ name: String) -> String {
    var words: [String] = []
    var flag = ""
    for scalar in name.unicodeScalars where !isKept(scalar) && !scalar.properties.isWhitespace {
      if (0x1F1E6...0x1F1FF).contains(scalar.value) {
        flag.unicodeScalars.append(Unicode.Scalar(UInt8(0x61 + scalar.value - 0x1F1E6)))
        if flag.count == 2 {
          words.append("flag " + flag)
          flag = ""
        }
        continue
      }
      if scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) || scalar.properties.isEmojiModifier { continue }
      if let n = scalar.properties.name {
        words.append(n)
      } else {
        words.append("u" + String(scalar.value, radix: 16))
      }
    }
    if !flag.isEmpty { words.append("flag " + flag) }
    var out = ""
    for word in words {
      let spelled = collapse(word.lowercased())
      guard !spelled.isEmpty else { continue }
      let joined = out.isEmpty ? spelled : out + "-" + spelled
      if joined.utf8.count > maxBytes / 2 { return out.isEmpty ? limited(spelled, maxBytes / 2) : out }
      out = joined
    }
    return out
  }

  /// `s` cut to at most `bytes` UTF-8 bytes on a scalar boundary, without a trailing `-`.
  static func limited(_ s: String, _ bytes: Int) -> String {
    guard s.utf8.count > bytes else { return s }
    var out = String.UnicodeScalarView()
    var count = 0
    for scalar in s.unicodeScalars {
      count += UTF8.width(scalar)
      if count > bytes { break }
      out.append(scalar)
    }
    while out.last == "-" { out.removeLast() }
    return String(out)
  }

  static func isKept(_ s: Unicode.Scalar) -> Bool {
    let p = s.properties
    // Letters, digits, and the combining marks that belong to them (e.g. Devanagari vowel signs
    // or the dakuten of decomposed kana, though NFC composes most of those).
    return p.isAlphabetic || p.numericType == .decimal || p.generalCategory == .nonspacingMark
      || p.generalCategory == .spacingMark
  }

  static func collapse(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingDash = false
    var previousKept = false
    for scalar in s.unicodeScalars {
      // A mark belongs to the character before it: after a dropped one (the variation
      // selector of `🏷️`), it goes too, or the slug would start with an invisible character.
      let category = scalar.properties.generalCategory
      let isMark = category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
      if isKept(scalar) && (!isMark || previousKept) {
        previousKept = true
        if pendingDash && !out.isEmpty { out.append("-") }
        pendingDash = false
        out.append(scalar)
      } else {
        pendingDash = true
        previousKept = false
      }
    }
    return String(out)
  }
}
