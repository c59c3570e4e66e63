import Foundation

/// URL segments made from file and folder names (DESIGN §3).
public enum Slug {
  /// NFC-normalise, lower-case, keep Unicode letters and digits, turn every other run of
  /// characters into `-`, trim `-`. Never empty: a name made only of symbols is spelled out
  /// with the characters' Unicode names (`+++` → `plus-sign-plus-sign-plus-sign`).
  public static func make(_ name: String) -> String {
    let slug = collapse(name.precomposedStringWithCanonicalMapping.lowercased())
    if !slug.isEmpty { return slug }
    let spelled = spelledOut(name)
    return spelled.isEmpty ? "untitled" : spelled
  }

  /// The characters of `name` that `make` drops, spelled out with their Unicode names, as a
  /// readable way to tell apart `clang` and `clang++` (`plus-sign-plus-sign`).
  public static func spelledOut(_ name: String) -> String {
    var words: [String] = []
    for scalar in name.unicodeScalars where !isKept(scalar) && !scalar.properties.isWhitespace {
      if let n = scalar.properties.name { words.append(n) } else {
        words.append("u" + String(scalar.value, radix: 16))
      }
    }
    return collapse(words.joined(separator: " ").lowercased())
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
    for scalar in s.unicodeScalars {
      if isKept(scalar) {
        if pendingDash && !out.isEmpty { out.append("-") }
        pendingDash = false
        out.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return String(out)
  }
}
