/// CLDR plural categories for whole numbers, for the languages whose rules are known here.
/// Others use `other` for every count, which reads correctly in languages without plural
/// inflection and is the documented fallback elsewhere.
enum PluralRules {
  enum Category: String {
    case zero, one, two, few, many, other
  }

  /// Languages where only 1 is `one` (English, German, Dutch, Swedish, Italian, Spanish, …).
  private static let oneIsSingular: Set<String> = [
    "en", "de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "it", "es", "el", "hu", "tr",
    "bg", "ca", "gl", "eu", "af", "sw", "ur",
  ]
  /// Languages where 0 and 1 are `one` (French, Brazilian Portuguese).
  private static let zeroAndOneAreSingular: Set<String> = ["fr", "pt"]

  static func category(of n: Int, language: String) -> Category {
    let tag = language.lowercased()
    let primary = String(tag.prefix { $0 != "-" && $0 != "_" })
    if tag == "pt-pt" { return n == 1 ? .one : .other }
    if zeroAndOneAreSingular.contains(primary) { return n == 0 || n == 1 ? .one : .other }
    if oneIsSingular.contains(primary) { return n == 1 ? .one : .other }
    // Japanese, Chinese, Korean… have no plural forms; unknown languages fall back here too.
    return .other
  }
}
