import Foundation
import Testing

@testable import NotesMarkdown
@testable import NotesSite

/// "Speak the reader's language": whole sites built in one language must show no interface
/// string of another, and the tables, dates, counts, `lang` attributes and list order must
/// follow the site's `language`.
@Suite struct LocalizedSiteTests {
  // MARK: - Every page speaks the site's language

  @Test func japaneseSiteShowsNoEnglishInterfaceString() async throws {
    let fixture = try LocalizedFixture(language: "ja")
    defer { fixture.remove() }
    let report = await fixture.build()
    #expect(report.outcome == .success, "\(report.diagnostics)")

    let english = Tables.fragments(of: "en", against: "ja")
    // The check has teeth: the user content that is stripped does hold English table strings
    // (a note titled "History", a body saying "Select a note"), and the table has many entries.
    #expect(english.count > 60)
    let note = try fixture.page("work/history")
    #expect(note.contains("<h1>History</h1>"))
    #expect(try fixture.page("notes/inbox").contains("Select a note, then Search notes."))

    let pages = fixture.htmlPages()
    #expect(pages.count > 30)
    var leaks: [String] = []
    for (path, html) in pages {
      let page = InterfaceScan(html)
      #expect(page.htmlLang == "ja", "\(path)")
      for text in page.strings {
        for (fragment, key) in english where Tables.containsWord(text, fragment) {
          leaks.append("\(path): '\(fragment)' (\(key)) in '\(text)'")
        }
        // A key printed in place of a missing string (`recent_notes`) is a leak too.
        if text.range(of: #"\b[a-z]+_[a-z_]+\b"#, options: .regularExpression) != nil {
          leaks.append("\(path): table key in '\(text)'")
        }
      }
    }
    #expect(leaks.isEmpty, "\(leaks.joined(separator: "\n"))")

    // Positive controls: the scan does see interface text, in Japanese.
    let home = InterfaceScan(try fixture.page(""))
    #expect(home.strings.contains("メモを選択してください"))
    #expect(home.strings.contains("最近のメモ"))
    #expect(home.strings.contains("フォルダ"))
  }

  @Test func englishSiteShowsNoJapaneseInterfaceString() async throws {
    let fixture = try LocalizedFixture(language: "en")
    defer { fixture.remove() }
    let report = await fixture.build()
    #expect(report.outcome == .success, "\(report.diagnostics)")

    let japanese = Tables.fragments(of: "ja", against: "en")
    #expect(japanese.count > 60)
    // Japanese user content is there and must be stripped, not missed.
    #expect(try fixture.page("個人/メモの書き方").contains("メモの書き方"))

    var leaks: [String] = []
    for (path, html) in fixture.htmlPages() {
      let page = InterfaceScan(html)
      #expect(page.htmlLang == "en", "\(path)")
      for text in page.strings {
        for (fragment, key) in japanese where text.contains(fragment) {
          leaks.append("\(path): '\(fragment)' (\(key)) in '\(text)'")
        }
      }
    }
    #expect(leaks.isEmpty, "\(leaks.joined(separator: "\n"))")
    let home = InterfaceScan(try fixture.page(""))
    #expect(home.strings.contains("Select a note"))
  }

  // MARK: - What the Japanese pages say

  @Test func japanesePagesUseTheTableForRoutesCountsAndDates() async throws {
    let fixture = try LocalizedFixture(language: "ja")
    defer { fixture.remove() }
    #expect(await fixture.build().outcome == .success)

    let note = try fixture.page("work/history")
    // Detail routes, "Linked from", attachments with their count, heading anchors.
    #expect(note.contains(">編集履歴</a>"))
    #expect(note.contains(">共同編集者</a>"))
    #expect(note.contains(">1件の添付ファイル</a>"))
    #expect(note.contains("aria-label=\"この見出しへのリンク\""))
    #expect(!note.contains("Link to this section"))
    let inbox = try fixture.page("notes/inbox")
    #expect(inbox.contains("<h2 id=\"backlinks-title\">このメモへのリンク</h2>"))
    // Full dates in <time datetime>: `2026年11月29日`.
    #expect(inbox.contains("更新日 <time datetime=\"2026-11-29T09:30:00Z\">2026年11月29日</time>"))
    #expect(try fixture.page("work/history/attachments").contains("<h1>添付ファイル</h1>"))
    #expect(try fixture.page("work/history/history").contains("<h1>編集履歴</h1>"))
    #expect(try fixture.page("work/history/collaborators").contains("<h1>共同編集者</h1>"))
    #expect(try fixture.page("work/history/collaborators").contains("1回の編集 · 最初の編集 <time"))

    // List dates are dates; the browser makes the recent ones a time, 昨日 or a weekday, with
    // the strings the page carries.
    let work = try fixture.page("_tags/work")
    #expect(work.contains("<time datetime=\"2026-11-29T09:30:00Z\">2026年11月29日</time>"))
    #expect(work.contains("<time datetime=\"2026-11-28T10:00:00Z\">2026年11月28日</time>"))
    #expect(work.contains("&quot;yesterday&quot;:&quot;昨日&quot;,&quot;weekdays&quot;:[&quot;日曜日&quot;,&quot;月曜日&quot;"), "\(work)")
    let work2 = try fixture.page("_tags/work/_page/2")
    #expect(work2.contains("<time datetime=\"2026-11-25T08:00:00Z\">2026年11月25日</time>"))
    #expect(
      try fixture.page("work/_page/2").contains(
        "<time datetime=\"2025-01-15T12:00:00Z\">2025年1月15日</time>"))
    // Pagination and counts.
    #expect(work.contains("<span>1 / 2 ページ</span>"))
    #expect(work.contains(">次のページ</a>"))
    #expect(work2.contains(">前のページ</a>"))
    #expect(work.contains("<p class=\"count\">4件のメモ</p>"))
    // Folder counts show the number and are read out with their unit.
    #expect(
      work.contains(
        "<a href=\"/work/\" aria-label=\"Work 4件のメモ\"><span class=\"name\">Work</span> <span class=\"count\">4</span></a>"
      ), "\(work)")
    #expect(work.contains("aria-label=\"#workのメモ\""))
    // The folder of top-level notes is named by the table.
    #expect(try fixture.page("notes").contains("<h1 class=\"column-title\">メモ</h1>"))

    // 404, feed, search labels.
    let notFound = try String(contentsOf: fixture.output.appending(path: "404.html"), encoding: .utf8)
    #expect(notFound.contains("<h1>ページが見つかりません</h1>"))
    #expect(notFound.contains("<html lang=\"ja\" dir=\"ltr\">"))
    #expect(notFound.contains(">ホーム</a>"))
    let feed = try String(contentsOf: fixture.output.appending(path: "feed.xml"), encoding: .utf8)
    #expect(feed.contains("<title>Field Notes: 最近更新されたメモ</title>"))
    #expect(feed.contains("xml:lang=\"ja\""))
    let search = try fixture.page("_search")
    #expect(search.contains("data-label-results=\"{n}件の結果\""))
    #expect(search.contains("data-label-result=\"{n}件の結果\""))
    #expect(search.contains("data-label-none=\"一致するメモはありません。\""))
    #expect(search.contains("data-label-more=\"さらに表示\""))
    #expect(search.contains("placeholder=\"メモを検索\""))

    // `lang` on the note's article and its list entry.
    let meeting = try fixture.page("work/meeting")
    #expect(meeting.contains("<article class=\"note\" lang=\"en\" dir=\"ltr\">"))
    #expect(meeting.contains("<li lang=\"en\" dir=\"ltr\"><a href=\"/work/meeting/\""))
    #expect(!inbox.contains("<article class=\"note\" lang="))
  }

  @Test func englishCountsUsePluralForms() async throws {
    let fixture = try LocalizedFixture(language: "en")
    defer { fixture.remove() }
    #expect(await fixture.build().outcome == .success)
    let work = try fixture.page("_tags/work")
    #expect(work.contains("<p class=\"count\">4 notes</p>"))
    #expect(work.contains("aria-label=\"Notes in #work\""))
    #expect(work.contains("aria-label=\"Work 4 notes\"><span class=\"name\">Work</span> <span class=\"count\">4</span>"))
    #expect(work.contains("aria-current=\"page\" aria-label=\"#work 4 notes\""), "\(work)")
    #expect(try fixture.page("work/history").contains(">1 attachment</a>"))
    #expect(try fixture.page("work/history/collaborators").contains("1 edit · First edit <time"))
    let search = try fixture.page("_search")
    #expect(search.contains("data-label-result=\"{n} result\""))
    #expect(search.contains("data-label-results=\"{n} results\""))
    #expect(try fixture.page("notes/inbox").contains(
      "Updated <time datetime=\"2026-11-29T09:30:00Z\">Nov 29, 2026</time>"))
  }

  // MARK: - Site tables

  @Test func siteTableOverridesOneKeyWithoutTemplateChanges() async throws {
    let fixture = try LocalizedFixture(language: "ja")
    defer { fixture.remove() }
    try fixture.write("i18n/ja.yml", "select_note: 左の一覧からメモを選んでください\n")
    #expect(await fixture.build().outcome == .success)
    let home = try fixture.page("")
    #expect(home.contains("<p>左の一覧からメモを選んでください</p>"))
    #expect(!home.contains("メモを選択してください"))
    // Every other string still comes from the built-in Japanese table.
    #expect(home.contains("<h2 class=\"section-title\">フォルダ</h2>"))
    #expect(!fixture.exists("Templates"))
  }

  /// Arabic, Hebrew, Persian, Urdu… are written right to left: the page, or a note in such a
  /// language on a site in another, says so (`dir`), and the layout follows.
  @Test func rightToLeftLanguagesGetTheirDirection() async throws {
    let fixture = try LocalizedFixture(language: "ar")
    defer { fixture.remove() }
    try fixture.write("Templates/i18n/ar.yml", "folders: المجلدات\nselect_note: اختر ملاحظة\n")
    try fixture.write("content/Work/Hebrew.md", "---\nlang: he-IL\n---\n# שלום\n\nטקסט.\n")
    let report = await fixture.build()
    #expect(report.outcome == .success, "\(report.diagnostics)")
    let home = try fixture.page("")
    #expect(home.contains("<html lang=\"ar\" dir=\"rtl\">"))
    let hebrew = try fixture.page("work/hebrew")
    #expect(hebrew.contains("<article class=\"note\" lang=\"he-IL\" dir=\"rtl\">"))
    #expect(hebrew.contains("<li lang=\"he-IL\" dir=\"rtl\">"))
    #expect(Localization.direction(of: "ur") == "rtl" && Localization.direction(of: "fa_IR") == "rtl")
    #expect(Localization.direction(of: "ja") == "ltr" && Localization.direction(of: "arn") == "ltr")
  }

  /// A Persian site without a Persian string table: its interface strings are English (with
  /// a warning), but its pages are still Persian, right to left.
  @Test func aLanguageWithoutATableKeepsItsLangAndDirection() async throws {
    let fixture = try LocalizedFixture(language: "fa")
    defer { fixture.remove() }
    let report = await fixture.build()
    #expect(report.outcome == .success)
    #expect(report.diagnostics.contains { $0.message.contains("no string table for language 'fa'") })
    let home = try fixture.page("")
    #expect(home.contains("<html lang=\"fa\" dir=\"rtl\">"), "\(home.prefix(200))")
    #expect(home.contains("<p>Select a note</p>"))
  }

  @Test func aThemeTableInTheSiteAddsALanguage() async throws {
    let fixture = try LocalizedFixture(language: "fr")
    defer { fixture.remove() }
    try fixture.write(
      "Templates/i18n/fr.yml",
      """
      folders: Dossiers
      select_note: Choisissez une note
      notes_count:
        one: "{n} note"
        other: "{n} notes"
      date_format: "{day} {month_name} {year}"
      months: [janvier, février, mars, avril, mai, juin, juillet, août, septembre, octobre,
        novembre, décembre]

      """)
    let report = await fixture.build()
    #expect(report.outcome == .success, "\(report.diagnostics)")
    #expect(!report.diagnostics.contains { $0.message.contains("no string table") })
    let home = try fixture.page("")
    #expect(home.contains("<html lang=\"fr\" dir=\"ltr\">"))
    #expect(home.contains("<p>Choisissez une note</p>"))
    #expect(home.contains("aria-label=\"Dossiers\""))
    // The search page shows no list count (the script reports results); plural forms come
    // from the French table.
    #expect(try !fixture.page("_search").contains("<p class=\"count\">"))
    #expect(try fixture.page("_tags/work").contains("<p class=\"count\">4 notes</p>"))
    #expect(try fixture.page("notes/inbox").contains(">29 novembre 2026</time>"))
    // Keys the translation leaves out fall back to English, never to a key name.
    #expect(home.contains(">Skip to note</a>"))
  }

  // MARK: - Order and previews

  @Test func notesUpdatedTogetherAreOrderedByLocaleAwareTitle() async throws {
    let same = "updated: 2026-05-01T10:00:00Z"
    func note(_ title: String) -> String { "---\ntitle: \(title)\n\(same)\n---\nText.\n" }
    let ja = try SiteFixture([
      "notes-site.yml": "language: ja\n",
      "content/F/1.md": note("きつね"),
      "content/F/2.md": note("カメラ"),
      "content/F/3.md": note("あひる"),
      "content/F/4.md": note("ｱｲｽ"),  // half-width: アイス → あいす
      "content/F/5.md": note("同じ"),
      "content/F/6.md": note("同じ"),
    ])
    defer { ja.remove() }
    #expect(await ja.build().outcome == .success)
    #expect(listTitles(try ja.page("f")) == ["ｱｲｽ", "あひる", "カメラ", "きつね", "同じ", "同じ"])
    // Same title: by ID.
    let folder = try ja.page("f")
    let five = try #require(folder.range(of: "href=\"/f/5/\""))
    let six = try #require(folder.range(of: "href=\"/f/6/\""))
    #expect(five.lowerBound < six.lowerBound)

    let en = try SiteFixture([
      "content/F/1.md": note("Zebra"),
      "content/F/2.md": note("eclipse"),
      "content/F/3.md": note("Éclair"),
      "content/F/4.md": note("apple"),
    ])
    defer { en.remove() }
    #expect(await en.build().outcome == .success)
    #expect(listTitles(try en.page("f")) == ["apple", "Éclair", "eclipse", "Zebra"])
    // The home list (recent notes) orders ties the same way.
    #expect(listTitles(try en.page("")) == ["apple", "Éclair", "eclipse", "Zebra"])
  }

  @Test func titleCollationFoldsWidthCaseAndKana() {
    #expect(TitleCollation.key("ＡＢＣ", language: "ja").primary == "abc")
    #expect(TitleCollation.key("カタカナ", language: "ja").primary == "かたかな")
    #expect(TitleCollation.key("ｶﾞｰﾃﾞﾝ", language: "ja").primary == "がーでん")
    #expect(TitleCollation.key("カタカナ", language: "en").primary == "カタカナ")
    #expect(TitleCollation.key("Crème", language: "en") == ("creme", "crème"))
  }

  /// ASCII titles skip normalisation; every ASCII character must give the key the general
  /// path gives (`^` and `` ` `` are diacritics, set aside in the primary key).
  @Test(arguments: ["en", "ja", "de-CH"])
  func asciiTitlesCollateAsTheGeneralPathDoes(language: String) {
    for value in 0..<128 {
      let c = String(UnicodeScalar(UInt8(value)))
      for title in ["a\(c)B", "\(c)x", "Zz\(c)", "\(c)\(c)9 \(c)", "Note^s `v2`"] {
        let fast = TitleCollation.key(title, language: language)
        let general = TitleCollation.generalKey(title, language: language)
        #expect(fast.primary == general.primary && fast.secondary == general.secondary, "\(value) \(title)")
      }
    }
  }

  @Test func previewsAreCutOnGraphemeBoundaries() async throws {
    let family = "👨‍👩‍👧‍👦"
    let accented = "e\u{301}"
    let lead = String(repeating: "あ", count: PreviewBuilder.length - 1)
    let fixture = try SiteFixture([
      "content/Family.md": "# Family\n\n" + lead + family + String(repeating: "い", count: 40) + "\n",
      "content/Accent.md": "# Accent\n\n" + lead + accented + String(repeating: "う", count: 40)
        + "\n",
      "content/Flag.md": "# Flag\n\n" + String(repeating: "え", count: PreviewBuilder.length) + "🇯🇵" + "\n",
    ])
    defer { fixture.remove() }
    #expect(await fixture.build().outcome == .success)
    let list = try fixture.page("notes")
    let previews = spans("preview", in: list)
    #expect(previews.contains(lead + family + "…"))
    #expect(previews.contains(lead + accented + "…"))
    // The character after the last one kept would be the flag: the cut drops all of it, never half.
    #expect(previews.contains(String(repeating: "え", count: PreviewBuilder.length) + "…"))
    for preview in previews {
      let scalars = Array(preview.unicodeScalars)
      for (i, scalar) in scalars.enumerated() where scalar.value == 0x200D {
        #expect(i + 1 < scalars.count && scalars[i + 1] != "…", "dangling ZWJ in \(preview)")
      }
      #expect(preview.unicodeScalars.filter { (0x1F1E6...0x1F1FF).contains($0.value) }.count % 2 == 0)
    }
  }
}

// MARK: - Helpers

private func spans(_ cls: String, in html: String) -> [String] {
  var result: [String] = []
  var rest = html[...]
  let open = "<span class=\"\(cls)\">"
  while let r = rest.range(of: open), let end = rest[r.upperBound...].range(of: "</span>") {
    result.append(decodeEntities(String(rest[r.upperBound..<end.lowerBound])))
    rest = rest[end.upperBound...]
  }
  return result
}

/// Titles of the notes column, in order.
private func listTitles(_ html: String) -> [String] {
  guard let start = html.range(of: "<ol class=\"note-list\">"),
    let end = html[start.upperBound...].range(of: "</ol>")
  else { return [] }
  return spans("title", in: String(html[start.upperBound..<end.lowerBound]))
}

/// The interface strings of the built-in tables.
enum Tables {
  /// The theme's `Templates/i18n/<language>.yml` as written, without the English fallback, so
  /// a string missing from the translation counts as English.
  static func table(_ language: String) -> [String: String] {
    let bytes = Theme.builtinFiles["i18n/\(language).yml"] ?? []
    return StringTable.parse(String(decoding: bytes, as: UTF8.self), path: language).0.strings
  }

  /// Meaningful pieces of `language`'s strings (text between `{placeholders}`, trimmed) →
  /// their key, leaving out strings the other language shares and pieces too short or generic
  /// to mean anything (fewer than three letters for Latin script, two for Japanese).
  static func fragments(of language: String, against other: String) -> [String: String] {
    let table = Self.table(language)
    let otherTable = Self.table(other)
    let trim = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters).union(
      .symbols)
    var result: [String: String] = [:]
    for (key, value) in table where otherTable[key] != value {
      let pieces = value.replacingOccurrences(
        of: #"\{[a-z_0-9]+\}"#, with: "\u{0}", options: .regularExpression
      ).split(separator: "\u{0}")
      for piece in pieces {
        let fragment = piece.trimmingCharacters(in: trim)
        let letters = fragment.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
        let isLatin = fragment.unicodeScalars.allSatisfy { $0.value < 0x2000 }
        guard letters >= (isLatin ? 3 : 2) else { continue }
        result[fragment] = key
      }
    }
    return result
  }

  /// `fragment` as a whole word (not inside a longer word) of `text`.
  static func containsWord(_ text: String, _ fragment: String) -> Bool {
    for range in text.ranges(of: fragment) {
      let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      if before?.isLetter != true && after?.isLetter != true { return true }
    }
    return false
  }
}

/// The interface text of one page, found from the HTML structure: text and `aria-label`,
/// `title`, `placeholder`, `alt`, `data-label-*` values outside user content — the note body,
/// titles, previews, folder, tag, file and author names. Strings that mix the theme's words
/// with the user's (the `<title>`, the notes column's label "Notes in Work", the feed link's
/// title) are kept once the page's own user content is removed from them.
struct InterfaceScan {
  var strings: [String] = []
  var htmlLang = ""

  /// Classes whose element holds the user's content, not the theme's.
  static let userClasses: Set<String> = [
    "note-body", "title", "preview", "name", "folder", "subject", "author", "tag", "site-title",
    "detail-context", "attachment-preview", "text-preview",
  ]
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
  ]

  init(_ html: String) {
    struct Open {
      var name: String
      var classes: Set<String>
      var isUser: Bool
    }
    var stack: [Open] = []
    var route = ""
    var title = ""
    var inTitle = false
    var rest = html[...]
    var userTexts: [String] = []
    var mixed: [String] = []
    func add(_ text: String) {
      let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !t.isEmpty { strings.append(t) }
    }

    while !rest.isEmpty {
      guard let lt = rest.firstIndex(of: "<") else {
        if stack.last?.isUser != true { add(Self.decode(String(rest))) }
        break
      }
      let text = String(rest[..<lt])
      if inTitle {
        title += text
      } else if stack.last?.isUser != true {
        add(Self.decode(text))
      } else {
        userTexts.append(Self.decode(text).trimmingCharacters(in: .whitespacesAndNewlines))
      }
      rest = rest[lt...]
      if rest.hasPrefix("<!--") {
        rest = rest.range(of: "-->").map { rest[$0.upperBound...] } ?? ""
        continue
      }
      guard let gt = rest.firstIndex(of: ">") else { break }
      let tag = rest[rest.index(after: rest.startIndex)..<gt]
      rest = rest[rest.index(after: gt)...]
      if tag.hasPrefix("!") || tag.hasPrefix("?") { continue }
      if tag.hasPrefix("/") {
        let name = tag.dropFirst().lowercased().trimmingCharacters(in: .whitespaces)
        if name == "title" { inTitle = false }
        if let i = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(i...) }
        continue
      }
      let (name, attributes) = Self.parseTag(tag)
      let classes = Set((attributes["class"] ?? "").split(separator: " ").map(String.init))
      if name == "html" { htmlLang = attributes["lang"] ?? "" }
      if name == "body" { route = attributes["data-route"] ?? "" }
      let inside = { (cls: String) in stack.contains { $0.classes.contains(cls) } }
      let isUser =
        stack.last?.isUser == true || !classes.isDisjoint(with: Self.userClasses)
        || ["code", "pre", "script", "style"].contains(name)
        || (name == "li" && inside("backlinks"))
        // The list title names a folder or tag, except on home, search and 404.
        || (classes.contains("column-title") && !["home", "search", "404"].contains(route))
        // The detail title is the note's, or an attachment's file name.
        || (name == "h1" && inside("note-header") && ["note", "attachment"].contains(route))
        // Back from a detail route names the note, or from a note its folder.
        || (classes.contains("detail-back") && !["attachment", "revision"].contains(route))
      if !isUser {
        for (attribute, value) in attributes
        where ["aria-label", "title", "placeholder", "alt"].contains(attribute)
          || attribute.hasPrefix("data-label-")
        {
          let isMixed =
            (name == "section" && attribute == "aria-label") || (name == "link" && attribute == "title")
          if isMixed { mixed.append(value) } else { add(value) }
        }
      }
      if name == "title" { inTitle = true }
      if name == "script" || name == "style" {
        rest = rest.range(of: "</\(name)>").map { rest[$0.upperBound...] } ?? ""
        continue
      }
      if !Self.voidElements.contains(name) && !tag.hasSuffix("/") {
        stack.append(Open(name: name, classes: classes, isUser: isUser))
      }
    }
    mixed.append(Self.decode(title))
    let known = userTexts.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    for string in mixed {
      add(known.reduce(string) { $0.replacingOccurrences(of: $1, with: " ") })
    }
  }

  static func parseTag(_ tag: Substring) -> (String, [String: String]) {
    var rest = tag
    let name = String(rest.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
    rest = rest.dropFirst(name.count)
    var attributes: [String: String] = [:]
    while true {
      rest = rest.drop { $0.isWhitespace || $0 == "/" }
      guard !rest.isEmpty else { break }
      let key = String(rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }).lowercased()
      rest = rest.dropFirst(key.count)
      rest = rest.drop(while: \.isWhitespace)
      var value = ""
      if rest.first == "=" {
        rest = rest.dropFirst().drop(while: \.isWhitespace)
        if let quote = rest.first, quote == "\"" || quote == "'" {
          rest = rest.dropFirst()
          value = String(rest.prefix { $0 != quote })
          rest = rest.dropFirst(value.count + 1)
        } else {
          value = String(rest.prefix { !$0.isWhitespace })
          rest = rest.dropFirst(value.count)
        }
      }
      if key.isEmpty { break }
      attributes[key] = decode(value)
    }
    return (name, attributes)
  }

  static func decode(_ s: String) -> String {
    guard s.contains("&") else { return s }
    return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&nbsp;", with: " ")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

/// A realistic small site in one language: English and Japanese notes, an attachment, tags,
/// tasks, backlinks, two commits of history, and list pages of two notes.
struct LocalizedFixture {
  let site: SiteFixture
  var output: URL { site.output }

  init(language: String) throws {
    site = try SiteFixture([
      "notes-site.yml": "title: Field Notes\nlanguage: \(language)\nnotes_per_page: 2\n",
      "content/Inbox.md": """
        ---
        title: Inbox
        updated: 2026-11-29T09:30:00Z
        tags: [work]
        pinned: true
        ---
        Select a note, then Search notes. Linked from nowhere; Previous page, Next page.

        - [x] Back to folders
        - [ ] History
        """,
      "content/Work/History.md": """
        ---
        updated: 2026-11-28T10:00:00Z
        date: 2026-01-02
        tags: [work]
        ---
        # History

        See [[Inbox]] and the plan: ![[diagram.png]]

        ## Next page

        More Attachments and Collaborators, in English.
        """,
      "content/Work/diagram.png": "not really a PNG",
      "content/Work/Attachments.md": """
        ---
        title: Attachments
        updated: 2026-11-25T08:00:00Z
        tags: [work]
        ---
        Download, Size, Type: words of the English table, in a note.
        """,
      "content/Work/Meeting.md": """
        ---
        title: Meeting notes
        updated: 2026-10-01T07:00:00Z
        lang: en
        tags: [work]
        ---
        Agenda: Yesterday, Monday, Page 1 of 2.
        """,
      "content/Work/Old.md": """
        ---
        title: Old plans
        date: 2024-12-01
        updated: 2025-01-15T12:00:00Z
        ---
        Old.
        """,
      "content/個人/カレー.md": """
        ---
        title: カレーのレシピ
        updated: 2026-11-27T18:00:00Z
        lang: ja
        tags: [料理]
        ---
        玉ねぎを炒める。#料理

        - [x] 買い物
        - [ ] 煮込む
        """,
      "content/個人/メモの書き方.md": """
        ---
        updated: 2026-11-20T18:00:00Z
        ---
        # メモの書き方

        フォルダを選択してください。メモを検索、編集履歴、共同編集者、このメモへのリンク。
        """,
    ])
    try Self.git(["init", "-q", "-b", "main"], in: site.root, author: "Aiko Tanaka", at: 0)
    try Self.git(["add", "-A"], in: site.root, author: "Aiko Tanaka", at: 0)
    try Self.git(["commit", "-q", "-m", "Start"], in: site.root, author: "Aiko Tanaka", at: 0)
    try site.write("content/Work/History.md", try String(
      contentsOf: site.root.appending(path: "content/Work/History.md"), encoding: .utf8)
      + "\nA second paragraph.\n")
    try Self.git(["commit", "-q", "-am", "Edit"], in: site.root, author: "Ben Carter", at: 3600)
  }

  func build() async -> BuildReport { await site.build() }
  func page(_ path: String) throws -> String { try site.page(path) }
  func write(_ path: String, _ text: String) throws { try site.write(path, text) }
  func exists(_ path: String) -> Bool { site.exists(path) }
  func remove() { site.remove() }

  /// Every HTML page of the output: relative path → text.
  func htmlPages() -> [(String, String)] {
    site.snapshot().filter { $0.key.hasSuffix(".html") }.sorted { $0.key < $1.key }.map {
      ($0.key, String(decoding: $0.value, as: UTF8.self))
    }
  }

  /// Runs git isolated from the machine's configuration, at a fixed date.
  static func git(_ arguments: [String], in directory: URL, author: String, at offset: Int) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = directory
    let date = "\(1_780_000_000 + offset) +0000"
    var environment = ProcessInfo.processInfo.environment
    environment.merge(
      [
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": "a@example.com", "GIT_AUTHOR_DATE": date,
        "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": "a@example.com",
        "GIT_COMMITTER_DATE": date,
      ], uniquingKeysWith: { $1 })
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw CocoaError(.executableLoad, userInfo: ["arguments": arguments])
    }
  }
}
