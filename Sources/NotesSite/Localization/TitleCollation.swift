import Foundation

/// Orders note titles for readers of one language, the same on every machine (no ICU collation
/// data): notes updated at the same moment are listed by this order.
///
/// - Every language: compatibility-normalised (NFKC, so full-width `Ａ` is `A` and half-width
///   `ｶ` is `カ`), lower-cased.
/// - Japanese (`ja`, `ja-*`): katakana folded to hiragana, so `メモ` and `めも` sort together.
/// - Other languages: accents set aside first (`Éclair` sorts with `eclair`), then used to break
///   ties, so the order stays total.
enum TitleCollation {
  /// The comparison key of `title`: primary, then secondary (both compared as strings).
  static func key(_ title: String, language: String) -> (primary: String, secondary: String) {
    // ASCII titles (most of them) need no normalisation: lower-cased they are the secondary
    // key, and without the two ASCII diacritics (`^`, `` ` ``) the primary one.
    if title.utf8.allSatisfy({ $0 < 0x80 }) {
      let folded = title.lowercased()
      guard folded.utf8.contains(where: { $0 == UInt8(ascii: "^") || $0 == UInt8(ascii: "`") }),
        !isJapanese(language)
      else { return (folded, folded) }
      return (String(folded.filter { $0 != "^" && $0 != "`" }), folded)
    }
    return generalKey(title, language: language)
  }

  /// `key` for any title.
  static func generalKey(_ title: String, language: String) -> (primary: String, secondary: String) {
    let folded = title.precomposedStringWithCompatibilityMapping.lowercased()
    if isJapanese(language) { return (hiragana(folded), folded) }
    let bare = String(
      String.UnicodeScalarView(
        folded.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
          !$0.properties.isDiacritic && $0.properties.generalCategory != .nonspacingMark
        }))
    return (bare.precomposedStringWithCanonicalMapping, folded)
  }

  static func isJapanese(_ language: String) -> Bool {
    language.lowercased().prefix { $0 != "-" && $0 != "_" } == "ja"
  }

  /// Katakana (ァ…ヶ, ヽ ヾ) as the hiragana of the same sound.
  static func hiragana(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x30A1...0x30F6, 0x30FD...0x30FE:
        scalars.append(Unicode.Scalar(scalar.value - 0x60)!)
      default:
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }
}
