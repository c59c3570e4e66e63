import Foundation
import NotesCore
import Testing

@testable import NotesSite

/// The built-in tables as the lead passes them: theme-relative path → bytes.
private let builtinTables: [String: [UInt8]] = {
  let i18n = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Templates/i18n")
  var tables: [String: [UInt8]] = [:]
  for name in ["en.yml", "ja.yml"] {
    if let data = try? Data(contentsOf: i18n.appending(path: name)) {
      tables["i18n/\(name)"] = Array(data)
    }
  }
  return tables
}()

/// A site root of its own, so tests can run in parallel.
private struct SiteRoot: ~Copyable {
  let url = FileManager.default.temporaryDirectory.appending(
    path: "LocalizationTests-\(UUID().uuidString)")

  func write(_ text: String, to path: String) throws {
    let file = url.appending(path: path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}

private func load(_ language: String, siteRoot: URL? = nil) -> (Localization, [Diagnostic]) {
  let root = siteRoot ?? URL(fileURLWithPath: "/nonexistent-notes-site-root")
  return Localization.load(language: language, siteRoot: root, builtinTables: builtinTables)
}

private func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
}

@Suite struct LocalizationTests {
  @Test func builtInTablesAreFoundAndComplete() throws {
    #expect(builtinTables.count == 2)
    let (en, enProblems) = load("en")
    let (ja, jaProblems) = load("ja")
    #expect(enProblems.isEmpty && jaProblems.isEmpty)
    let required = [
      "select_note", "no_notes", "folders", "notes", "tags", "back", "back_to_folders",
      "back_to_note", "skip_to_note", "attachments", "history", "collaborators", "linked_from",
      "search", "search_placeholder", "search_needs_js", "search_no_results", "created",
      "updated", "pinned", "previous_page", "next_page", "page_n_of_m", "old_revision_notice",
      "current_version", "newer_revision", "older_revision", "no_history", "history_incomplete",
      "edits", "first_edit", "last_edit", "download", "file_size", "file_type",
      "not_found_title", "not_found_text", "feed_title", "broken_link", "draft", "tasks_progress",
      "notes_count", "edits_count", "revisions_count", "attachments_count", "results_count",
    ]
    for key in required {
      #expect(en.strings[key] != nil, "en lacks \(key)")
    }
    // Every English key has a Japanese translation, not an English leftover.
    let jaTable = try #require(builtinTables["i18n/ja.yml"])
    let jaOnly = Localization.load(
      language: "ja", siteRoot: URL(fileURLWithPath: "/nonexistent"),
      builtinTables: ["i18n/ja.yml": jaTable]
    ).0.strings
    for key in en.strings.keys where !key.hasSuffix(".one") {
      #expect(jaOnly[key] != nil, "ja lacks \(key)")
    }
    #expect(ja.string("select_note") == "メモを選択してください")
    #expect(en.string("skip_to_note") == "Skip to note")
    #expect(ja.string("linked_from") == "このメモへのリンク")
  }

  @Test(arguments: [(0, "0 notes"), (1, "1 note"), (2, "2 notes"), (21, "21 notes")])
  func englishPlurals(n: Int, expected: String) {
    #expect(load("en").0.count("notes_count", n) == expected)
  }

  @Test(arguments: [0, 1, 2, 100])
  func japaneseHasOneForm(n: Int) {
    #expect(load("ja").0.count("notes_count", n) == "\(n)件のメモ")
  }

  @Test func otherFamiliesAreTranslatedToo() {
    let en = load("en").0
    #expect(en.count("edits_count", 1) == "1 edit")
    #expect(en.count("revisions_count", 3) == "3 revisions")
    #expect(en.count("attachments_count", 1) == "1 attachment")
    #expect(en.count("results_count", 0) == "0 results")
    #expect(load("ja").0.count("attachments_count", 2) == "2件の添付ファイル")
  }

  @Test func templatesSeeTheOtherFormUnderTheFamilyName() {
    let (en, _) = load("en")
    #expect(en.strings["notes_count"] == "{n} notes")
    #expect(en.strings["notes_count.one"] == "{n} note")
    let (ja, _) = load("ja")
    #expect(ja.strings["notes_count"] == "{n}件のメモ")
    // The English singular never leaks into Japanese.
    #expect(ja.strings["notes_count.one"] == nil)
  }

  @Test func formatFillsPlaceholders() {
    let (en, _) = load("en")
    let (ja, _) = load("ja")
    #expect(en.format("page_n_of_m", ["n": "2", "m": "5"]) == "Page 2 of 5")
    #expect(ja.format("page_n_of_m", ["n": "2", "m": "5"]) == "2 / 5 ページ")
    #expect(en.format("tasks_progress", ["done": "3", "total": "4"]) == "3/4")
    #expect(en.format("page_n_of_m", ["n": "2"]) == "Page 2 of {m}")
    #expect(Localization.fill("{a}{{b}} {c", ["a": "1", "b": "2"]) == "1{2} {c")
  }

  @Test func datesInEnglishAndJapanese() {
    let instant = utc(2026, 11, 29, 14, 5)
    #expect(load("en").0.date(instant) == "Nov 29, 2026")
    #expect(load("ja").0.date(instant) == "2026年11月29日")
    #expect(load("en").0.dateTime(instant) == "Nov 29, 2026 at 14:05")
    #expect(load("ja").0.dateTime(instant) == "2026年11月29日 14:05")
    #expect(load("en").0.dateTime(utc(2027, 1, 3, 9, 7)) == "Jan 3, 2027 at 9:07")
    #expect(
      load("ja").0.format("old_revision_notice", ["date": load("ja").0.date(instant)])
        == "2026年11月29日時点の古い版を表示しています。")
  }

  @Test(arguments: [
    (utc(2026, 11, 29, 0, 0), "0:00", "0:00"),  // same day, midnight
    (utc(2026, 11, 29, 23, 59), "23:59", "23:59"),  // same day, later than the reference
    (utc(2026, 11, 28, 23, 59), "Yesterday", "昨日"),
    (utc(2026, 11, 28, 0, 0), "Yesterday", "昨日"),
    (utc(2026, 11, 27, 12, 0), "Friday", "金曜日"),
    (utc(2026, 11, 23, 8, 0), "Monday", "月曜日"),  // six days before
    (utc(2026, 11, 22, 23, 59), "Nov 22, 2026", "2026年11月22日"),  // seven days before
    (utc(2026, 11, 30, 1, 0), "Nov 30, 2026", "2026年11月30日"),  // the future
    (utc(2025, 11, 29, 14, 5), "Nov 29, 2025", "2025年11月29日"),
  ])
  func listDate(date: Date, english: String, japanese: String) {
    let reference = utc(2026, 11, 29, 14, 5)  // a Sunday
    #expect(load("en").0.listDate(date, reference: reference) == english)
    #expect(load("ja").0.listDate(date, reference: reference) == japanese)
  }

  @Test(arguments: [
    (utc(1970, 1, 1), "Jan 1, 1970"), (utc(2024, 2, 29), "Feb 29, 2024"),
    (utc(2000, 12, 31, 23, 59), "Dec 31, 2000"), (utc(1969, 12, 31, 23, 59), "Dec 31, 1969"),
  ])
  func calendarEdges(date: Date, expected: String) {
    #expect(load("en").0.date(date) == expected)
  }

  @Test func unknownLanguageFallsBackToEnglishWithAWarning() throws {
    let (localization, diagnostics) = load("xx")
    let warning = try #require(diagnostics.first)
    #expect(warning.severity == .warning)
    #expect(warning.message.contains("'xx'"))
    #expect(localization.language == "en")
    #expect(localization.string("select_note") == "Select a note")
  }

  @Test func languageThatIsAPathIsNeverRead() throws {
    let site = SiteRoot()
    try site.write("back: Escaped\n", to: "secret.yml")
    try site.write("back: Inside\n", to: "i18n/en.yml")
    let (localization, diagnostics) = load("../secret", siteRoot: site.url)
    #expect(localization.string("back") == "Inside")
    #expect(diagnostics.first?.severity == .warning)
  }

  @Test func regionalVariantUsesTheLanguageTable() {
    let (localization, diagnostics) = load("ja-JP")
    #expect(diagnostics.isEmpty)
    #expect(localization.string("back") == "戻る")
  }

  @Test func siteOverridesOneKeyAndKeepsTheRest() throws {
    let site = SiteRoot()
    try site.write(
      "select_note: Pick something to read\nnotes_count:\n  one: \"{n} memo\"\n", to: "i18n/en.yml")
    let (localization, diagnostics) = load("en", siteRoot: site.url)
    #expect(diagnostics.isEmpty)
    #expect(localization.string("select_note") == "Pick something to read")
    #expect(localization.count("notes_count", 1) == "1 memo")
    #expect(localization.count("notes_count", 2) == "2 notes")
    #expect(localization.string("back") == "Back")
  }

  @Test func siteCanSwitchTo12HourTime() throws {
    let site = SiteRoot()
    try site.write("time_format: \"{hour12}:{minute} {ampm}\"\n", to: "i18n/en.yml")
    let (localization, _) = load("en", siteRoot: site.url)
    #expect(localization.dateTime(utc(2026, 11, 29, 14, 5)) == "Nov 29, 2026 at 2:05 PM")
    #expect(localization.dateTime(utc(2026, 11, 29, 0, 5)) == "Nov 29, 2026 at 12:05 AM")
  }

  @Test func siteTableAddsALanguageWithoutWarning() throws {
    let site = SiteRoot()
    try site.write(
      """
      select_note: Sélectionnez une note
      notes_count:
        one: "{n} note"
        other: "{n} notes"
      months_short: [janv., févr., mars, avr., mai, juin, juil., août, sept., oct., nov., déc.]
      date_format: "{day} {month_short} {year}"
      """, to: "i18n/fr.yml")
    let (french, diagnostics) = load("fr", siteRoot: site.url)
    #expect(diagnostics.isEmpty)
    #expect(french.language == "fr")
    #expect(french.string("select_note") == "Sélectionnez une note")
    // CLDR French: 0 and 1 are singular.
    #expect(french.count("notes_count", 0) == "0 note")
    #expect(french.count("notes_count", 2) == "2 notes")
    #expect(french.date(utc(2026, 11, 29)) == "29 nov. 2026")
    // Untranslated keys fall back to English.
    #expect(french.string("back") == "Back")
  }

  @Test func builtInTableForANewLanguageIsAllItTakes() {
    var tables = builtinTables
    tables["i18n/fr.yml"] = Array("back: Retour\nyesterday: Hier\n".utf8)
    let (french, diagnostics) = Localization.load(
      language: "fr", siteRoot: URL(fileURLWithPath: "/nonexistent"), builtinTables: tables)
    #expect(diagnostics.isEmpty)
    #expect(french.string("back") == "Retour")
    #expect(french.listDate(utc(2026, 11, 28), reference: utc(2026, 11, 29)) == "Hier")
  }

  @Test func malformedSiteTableIsAnErrorWithPosition() throws {
    let site = SiteRoot()
    try site.write("back: Back\nselect_note: \"unclosed\nnext: x\n", to: "i18n/ja.yml")
    let (localization, diagnostics) = load("ja", siteRoot: site.url)
    let error = try #require(diagnostics.first)
    #expect(error.severity == .error)
    #expect(error.location?.path == "i18n/ja.yml")
    #expect(error.location?.line != nil && error.location?.column != nil)
    // The built-in table is still there.
    #expect(localization.string("back") == "戻る")
  }

  @Test func nestedTooDeepInATableIsAnError() throws {
    let site = SiteRoot()
    try site.write("notes_count:\n  one:\n    deeper: x\n", to: "i18n/en.yml")
    let (_, diagnostics) = load("en", siteRoot: site.url)
    let error = try #require(diagnostics.first)
    #expect(error.location == SourceLocation(path: "i18n/en.yml", line: 3, column: 5))
  }

  @Test func missingKeyShowsTheKey() {
    #expect(load("en").0.string("no_such_key") == "no_such_key")
  }
}
