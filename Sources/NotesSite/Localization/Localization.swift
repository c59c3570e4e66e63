import Foundation
import NotesCore

/// The interface strings, plural rules and date formats of one language. Built-in tables live
/// in the theme (`Templates/i18n/en.yml`, `ja.yml`); a site's `i18n/<lang>.yml` overrides keys.
///
/// Everything, month and weekday names included, comes from the table rather than from the
/// machine's locale data, so the output is the same on every machine.
public struct Localization: Sendable {
  /// The language whose strings these are (`en` when an unknown language fell back).
  public var language: String
  /// The language the site is written in, as configured, for the pages' `lang` and `dir`:
  /// a site in Persian without a Persian string table still reads right to left, only its
  /// interface strings are English.
  public var pageLanguage: String
  /// Every string of the table, for templates (`{{i18n.select_note}}`). Plural families appear
  /// as `family.one`, `family.other`… and as `family` (the `other` form, `{n}` intact); lists
  /// as `name.1`, `name.2`… (`months.11` is November, `weekdays.1` Sunday).
  public var strings: [String: String]

  public init(language: String, strings: [String: String], pageLanguage: String? = nil) {
    self.language = language
    self.strings = strings
    self.pageLanguage = pageLanguage ?? language
  }

  /// The table for `language`: built-in (from `builtinTables`, theme-relative path → file bytes,
  /// `i18n/<lang>.yml`), then the site's `i18n/<lang>.yml` on top, if present.
  ///
  /// English is always the bottom layer, so a partial translation still shows every string.
  /// A language with neither a built-in nor a site table falls back to English with a warning.
  /// A malformed table is an error with line and column.
  public static func load(language: String, siteRoot: URL, builtinTables: [String: [UInt8]])
    -> (Localization, [Diagnostic])
  {
    var loader = LocalizationLoader(siteRoot: siteRoot, builtinTables: builtinTables)
    let localization = loader.load(language: language)
    return (localization, loader.diagnostics)
  }

  /// `rtl` for a language written right to left (`ar`, `he`, `fa`, `ur`… by its primary
  /// subtag: `ar-EG` too), else `ltr`: the `dir` a page or note in it gets.
  public static func direction(of language: String) -> String {
    let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
    return rightToLeft.contains(primary) ? "rtl" : "ltr"
  }

  private static let rightToLeft: Set<String> = [
    "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ku", "nqo", "ps", "sd", "syr", "ug", "ur", "yi",
  ]

  /// The string for `key`, or the key itself so a missing string is visible, not blank.
  public func string(_ key: String) -> String { strings[key] ?? key }

  /// The string for `key` with `{name}` placeholders filled from `args`; placeholders without a
  /// value are left as written.
  public func format(_ key: String, _ args: [String: String]) -> String {
    Self.fill(string(key), args)
  }

  /// `3 notes`, `1 note`, `3件のメモ` — `key` names a plural family in the table.
  public func count(_ key: String, _ n: Int) -> String {
    Self.fill(countTemplate(key, n), ["n": String(n)])
  }

  /// The form of plural family `key` for `n`, `{n}` intact (`{n} result` for 1 in English), for
  /// scripts that fill in the count themselves.
  public func countTemplate(_ key: String, _ n: Int) -> String {
    let category = PluralRules.category(of: n, language: language)
    return strings["\(key).\(category.rawValue)"] ?? strings["\(key).other"] ?? strings[key]
      ?? "{n} \(key)"
  }

  /// Replaces each `{name}` in `template` whose name is in `args`.
  static func fill(_ template: String, _ args: [String: String]) -> String {
    fill(template) { args[String($0)] }
  }

  /// `fill` with each placeholder's value from `value` (nil leaves it as written).
  /// Braces are found as bytes (every list entry's date goes through here).
  static func fill(_ template: String, _ value: (Substring) -> String?) -> String {
    let open = UInt8(ascii: "{")
    let close = UInt8(ascii: "}")
    guard template.utf8.contains(open) else { return template }
    var result = ""
    var rest = template[...]
    while let start = rest.utf8.firstIndex(of: open) {
      result += rest[..<start]
      let afterOpen = rest.utf8.index(after: start)
      guard let end = rest[afterOpen...].utf8.firstIndex(of: close),
        let value = value(rest[afterOpen..<end])
      else {
        result.append("{")
        rest = rest[afterOpen...]
        continue
      }
      result += value
      rest = rest[rest.utf8.index(after: end)...]
    }
    return result + rest
  }
}
