// Interface stub: replaced by the real implementation (issue 11).
import Foundation
import NotesCore

/// The interface strings, plural rules and date formats of one language. Built-in tables live
/// in the theme (`Templates/i18n/en.yml`, `ja.yml`); a site's `i18n/<lang>.yml` overrides keys.
public struct Localization: Sendable {
  public var language: String
  /// Every string of the table, for templates (`{{i18n.select_note}}`).
  public var strings: [String: String]

  public init(language: String, strings: [String: String]) {
    self.language = language
    self.strings = strings
  }

  /// The table for `language`: built-in (from `builtinTables`, path → file bytes as
  /// `Templates/i18n/<lang>.yml`), then the site's `i18n/<lang>.yml` on top, if present.
  public static func load(language: String, siteRoot: URL, builtinTables: [String: [UInt8]])
    -> (Localization, [Diagnostic])
  {
    (Localization(language: language, strings: [:]), [])
  }

  public func string(_ key: String) -> String { strings[key] ?? key }

  /// `3 notes`, `1 note`, `3件のメモ` — `key` names a plural family in the table.
  public func count(_ key: String, _ n: Int) -> String { "\(n) \(key)" }

  /// `Nov 29, 2026` / `2026年11月29日`, in UTC so output is deterministic.
  public func date(_ date: Date) -> String { "\(date)" }

  /// A date and time, for revision lists: `Nov 29, 2026 at 14:05`.
  public func dateTime(_ date: Date) -> String { "\(date)" }

  /// The notes-list label, like Apple Notes: a time for the reference day, the weekday within
  /// the week before it, else the date.
  public func listDate(_ date: Date, reference: Date) -> String { self.date(date) }
}
