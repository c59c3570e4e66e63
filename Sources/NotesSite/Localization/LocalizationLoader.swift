import Foundation
import NotesCore

/// Stacks string tables for one language: built-in English, the built-in table of the
/// language, then the site's own table.
struct LocalizationLoader {
  let siteRoot: URL
  let builtinTables: [String: [UInt8]]
  private(set) var diagnostics: [Diagnostic] = []

  init(siteRoot: URL, builtinTables: [String: [UInt8]]) {
    self.siteRoot = siteRoot
    self.builtinTables = builtinTables
  }

  mutating func load(language: String) -> Localization {
    var strings = builtinTable("en")?.strings ?? [:]
    var found = language == "en"
    // The language names a file: never let it reach outside `i18n/`.
    let isSafeName =
      !language.isEmpty
      && language.allSatisfy {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
      }

    // `pt-BR` is built on `pt`: the general table first, the specific one on top.
    var candidates = [language]
    if let dash = language.firstIndex(where: { $0 == "-" || $0 == "_" }) {
      candidates.insert(String(language[..<dash]), at: 0)
    }
    if !isSafeName { candidates = [] }
    for candidate in candidates where candidate != "en" {
      if let table = builtinTable(candidate) {
        found = true
        // A translation replaces whole plural families and lists, so an English `one` form or
        // a 13th month never leaks into another language.
        let replaced = Set(table.strings.keys.compactMap(StringTable.group(of:)))
        strings = strings.filter { key, _ in
          StringTable.group(of: key).map { !replaced.contains($0) } ?? true
        }
        strings.merge(table.strings) { _, new in new }
      }
    }
    for candidate in candidates {
      // A site's table overrides single keys, so it may hold only the strings it changes.
      if let table = siteTable(candidate) {
        found = true
        strings.merge(table.strings) { _, new in new }
      }
    }

    var resolvedLanguage = language
    if !found {
      diagnostics.append(
        .warning(
          "no string table for language '\(language)'; using English (add i18n/\(language).yml to translate)"
        ))
      resolvedLanguage = "en"
      // The site's own English strings still apply to the English fallback.
      if let table = siteTable("en") { strings.merge(table.strings) { _, new in new } }
    }
    // Templates may print a family's name directly: give them the `other` form.
    for (key, value) in strings where key.hasSuffix(".other") {
      strings[String(key.dropLast(".other".count))] = value
    }
    return Localization(language: resolvedLanguage, strings: strings, pageLanguage: isSafeName ? language : resolvedLanguage)
  }

  private mutating func builtinTable(_ language: String) -> StringTable? {
    let path = "i18n/\(language).yml"
    guard let bytes = builtinTables[path] ?? builtinTables["Templates/" + path] else { return nil }
    return parse(String(decoding: bytes, as: UTF8.self), path: "Templates/" + path)
  }

  private mutating func siteTable(_ language: String) -> StringTable? {
    let path = "i18n/\(language).yml"
    guard let data = try? Data(contentsOf: siteRoot.appending(path: path)) else { return nil }
    return parse(String(decoding: data, as: UTF8.self), path: path)
  }

  private mutating func parse(_ text: String, path: String) -> StringTable {
    let (table, problems) = StringTable.parse(text, path: path)
    diagnostics += problems
    return table
  }
}
