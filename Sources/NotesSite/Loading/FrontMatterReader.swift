import Foundation
import NotesCore
import NotesMarkdown
import NotesYAML

/// Reads the keys of a front matter mapping into `FrontMatter`, collecting one error per bad
/// key so a user sees every problem of a note at once.
struct FrontMatterReader {
  let path: String
  private(set) var diagnostics: [Diagnostic] = []

  init(path: String) {
    self.path = path
  }

  mutating func read(_ header: String, format: FrontMatter.Format = .yaml) -> FrontMatter {
    var frontMatter = FrontMatter()
    let root: YAMLNode?
    do {
      // The header starts on line 2 of the note, after the opening `---` or `+++` (on line 1
      // without one).
      switch format {
      case .yaml: root = try YAML.parse(header, lineOffset: 1)
      case .toml: root = try TOML.parse(header, lineOffset: 1)
      case .logseq: root = LogseqProperties.parse(header)
      case .metadata: root = MetadataHeader.parse(header)
      case .yamlUnfenced: root = try YAML.parse(header, lineOffset: 0)
      }
    } catch {
      diagnostics.append(
        .error(
          "front matter is not valid \(format == .toml ? "TOML" : "YAML"): \(error.message)",
          at: SourceLocation(path: path, line: error.line, column: error.column)))
      return frontMatter
    }
    guard let root, !root.isNull else { return frontMatter }
    guard case .mapping(let entries, _, _) = root else {
      fail(
        "front matter must be a mapping of keys to values (like 'title: My note'), not \(root.kindDescription)",
        at: root)
      return frontMatter
    }

    // Keys other tools write for the same things (Obsidian, Quartz, Hugo, Jekyll), used when
    // notes-site's own key is absent. Their dates are read when they are dates notes-site
    // understands and otherwise ignored with a warning: a key a note never meant for
    // notes-site must not fail its build.
    var otherCreated: Date?
    var otherUpdated: Date?
    // The zones the dates were written in, when they name one.
    var writtenZone: Int?
    var updatedZone: Int?
    var otherTags: [String]?
    var otherAliases: [String]?
    // Keys as Hugo reads them, whatever their case (`Title:`, `Tags:`), when the note has no
    // key of that name in the case notes-site knows.
    for entry in entries where !entry.value.isNull {
      let value = entry.value
      var key = entry.key
      if key.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }), !Self.keys.contains(key),
        let known = Self.keysByLowercase[key.lowercased()], !entries.contains(where: { $0.key == known })
      {
        key = known
      }
      // Read under another spelling, or in Pelican's metadata, a value notes-site cannot read
      // is ignored with a warning, as other tools' keys are: a key never written for
      // notes-site must not fail the build.
      let before = diagnostics.count
      defer {
        if key != entry.key || format == .metadata {
          for i in diagnostics.indices.dropFirst(before) where diagnostics[i].severity == .error {
            diagnostics[i].severity = .warning
            diagnostics[i].message += "; ignored"
          }
        }
      }
      switch key {
      // Jekyll's `published: false` keeps a page unpublished, like `draft: true`.
      case "published" where value.bool != nil:
        if value.bool == false { frontMatter.draft = true }
      // Hugo's pages that are never rendered: `headless: true` (a bundle of resources), and
      // `_build` / `build` with `render: never` (or `false`).
      case "headless" where value.bool == true:
        frontMatter.draft = true
      case "_build", "build":
        if let render = value["render"], render.bool == false || render.string?.lowercased() == "never" {
          frontMatter.draft = true
        }
      case "created", "publishDate", "published", "created-at", "created_at", "createdAt", "date-created", "date_created",
        "dateCreated", "creation-date", "creation_date",
        // Obsidian Linter's defaults, Notion's export, Evernote's through yarle, Astro's blog.
        "date created", "created time", "created_time", "creation date", "created at", "pubDate":
        otherCreated = otherCreated ?? otherDate(entry)
        writtenZone = writtenZone ?? entry.value.string.flatMap(YAMLTimestamp.writtenZoneOffset)
      case "lastmod", "modified", "last-modified", "last_modified", "last_modified_at", "updated-at", "updated_at", "updatedAt",
        "date-modified", "date_modified", "dateModified", "last-updated", "last_updated", "lastUpdated",
        "date modified", "last edited time", "last_edited_time", "last modified", "modified time", "last updated at",
        "updated at", "updatedDate":
        otherUpdated = otherUpdated ?? otherDate(entry)
        updatedZone = updatedZone ?? entry.value.string.flatMap(YAMLTimestamp.writtenZoneOffset)
      case "tag": otherTags = tags(entry)
      // Zola: `[taxonomies]` with `tags = [...]`.
      case "taxonomies":
        if let zolaTags = value["tags"], !zolaTags.isNull {
          otherTags = otherTags ?? tags(YAMLNode.Entry(key: "taxonomies.tags", value: zolaTags, line: entry.line, column: entry.column))
        }
      case "alias": otherAliases = list(entry)
      case "title": frontMatter.title = text(entry)
      case "date":
        frontMatter.date = date(entry)
        writtenZone = writtenZone ?? entry.value.string.flatMap(YAMLTimestamp.writtenZoneOffset)
      case "updated":
        frontMatter.updated = date(entry)
        updatedZone = entry.value.string.flatMap(YAMLTimestamp.writtenZoneOffset)
      case "tags": frontMatter.tags = tags(entry)
      case "pinned": frontMatter.pinned = bool(entry)
      case "draft": frontMatter.draft = frontMatter.draft || bool(entry)
      // Obsidian Publish and Quartz: `publish: false` keeps a note private, like a draft.
      case "publish": frontMatter.draft = frontMatter.draft || !bool(entry)
      case "slug":
        if let slug = text(entry) {
          if slug.trimmingCharacters(in: .whitespaces).isEmpty {
            fail("'slug' must not be empty", at: value)
          } else {
            frontMatter.slug = slug
          }
        }
      case "aliases": frontMatter.aliases = list(entry)
      case "collaborators": frontMatter.collaborators = list(entry)
      case "lang":
        // A language tag (`ja`, `pt-BR`, `zh-Hant`): anything else would be an invalid
        // `lang` attribute on the page.
        if let lang = text(entry) {
          if Self.isLanguageTag(lang) {
            frontMatter.lang = lang
          } else {
            diagnostics.append(
              .warning(
                "'lang' is not a language tag (like en, ja or pt-BR): '\(lang)'; ignored",
                at: SourceLocation(path: path, line: entry.value.line, column: entry.value.column)))
          }
        }
      case "permalink", "url":
        // A path on the old site; a web address (`url: https://…`, a bookmark) is not one.
        if let path = text(entry), path.hasPrefix("/"), !path.hasPrefix("//") { frontMatter.permalink = path }
      default:
        // Other tools' keys (Obsidian's `cssclasses`, Hugo's `weight`…) are common and harmless;
        // wiki links in their values are links, as Obsidian's properties read them.
        frontMatter.links += Self.wikiLinks(in: value)
      }
    }
    (frontMatter.dateZone, frontMatter.updatedZone) = (writtenZone, updatedZone)
    if frontMatter.date == nil { frontMatter.date = otherCreated }
    if frontMatter.updated == nil { frontMatter.updated = otherUpdated }
    if frontMatter.tags.isEmpty, let otherTags { frontMatter.tags = otherTags }
    if frontMatter.aliases.isEmpty, let otherAliases { frontMatter.aliases = otherAliases }
    return frontMatter
  }

  /// The keys read above, for reading them in any case.
  private static let keys: Set<String> = [
    "published", "created", "publishDate", "lastmod", "modified", "last-modified", "last_modified", "last_modified_at",
    "created-at", "created_at", "createdAt", "date-created", "date_created", "dateCreated", "creation-date", "creation_date",
    "updated-at", "updated_at", "updatedAt", "date-modified", "date_modified", "dateModified", "last-updated", "last_updated",
    "lastUpdated", "date created", "created time", "created_time", "creation date", "date modified", "last edited time",
    "last_edited_time", "last modified", "modified time", "created at", "pubDate", "last updated at", "updated at",
    "updatedDate", "tag", "taxonomies", "alias", "title", "date", "updated", "tags", "pinned", "draft", "publish", "slug", "aliases",
    "collaborators", "lang", "headless", "_build", "build", "permalink", "url",
  ]
  private static let keysByLowercase = Dictionary(uniqueKeysWithValues: keys.map { ($0.lowercased(), $0) })

  /// The wiki links in a value's text (a scalar or a list of them), at their place in the
  /// file. Mappings and other nesting are not read.
  static func wikiLinks(in value: YAMLNode) -> [LinkReference] {
    switch value {
    case .scalar(let text, let plain, let line, let column):
      guard text.utf8.count > 4, text.contains("[[") else { return [] }
      return Markdown.analyze(text).references.filter { $0.kind == .wikiLink || $0.kind == .wikiEmbed }.map { ref in
        var ref = ref
        // Positions in the one-line text, moved to where the value stands (after its quote).
        ref.line = line + ref.line - 1
        ref.column = column + ref.column - 1 + (plain ? 0 : 1)
        return ref
      }
    case .sequence(let items, _, _):
      return items.flatMap { item in
        if case .scalar = item { return wikiLinks(in: item) }
        return []
      }
    case .mapping:
      return []
    }
  }

  /// A date under another tool's key: nil with a warning when it is not one notes-site reads.
  private mutating func otherDate(_ entry: YAMLNode.Entry) -> Date? {
    if let date = Self.date(of: entry.value) { return date }
    let written = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
    diagnostics.append(
      .warning(
        "'\(entry.key)' is not a date notes-site reads (like 2026-11-29 or 2026-11-29T14:05:00+09:00): \(written); ignored",
        at: SourceLocation(path: path, line: entry.value.line, column: entry.value.column)))
    return nil
  }

  /// A BCP 47 language tag's shape: 2 or 3 letters (or 4 to 8), or `x` / `i` for private
  /// and grandfathered tags (`x-klingon`), then `-` subtags of 1 to 8 letters and digits.
  static func isLanguageTag(_ s: String) -> Bool {
    let parts = s.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, first.allSatisfy({ $0.isASCII && $0.isLetter }),
      (2...8).contains(first.count) || (["x", "i"].contains(first.lowercased()) && parts.count > 1)
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  private mutating func text(_ entry: YAMLNode.Entry) -> String? {
    guard let text = entry.value.string else {
      fail("'\(entry.key)' must be text, not \(entry.value.kindDescription)", at: entry.value)
      return nil
    }
    return text
  }

  private mutating func bool(_ entry: YAMLNode.Entry) -> Bool {
    // `draft: "true"`: quoted, as hand-written YAML often has it and Quartz accepts.
    if case .scalar(let text, plain: false, _, _) = entry.value, ["true", "false"].contains(text.lowercased()) {
      return text.lowercased() == "true"
    }
    guard let bool = entry.value.bool else {
      let written = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
      fail("'\(entry.key)' must be true or false, not \(written)", at: entry.value)
      return false
    }
    return bool
  }

  private mutating func list(_ entry: YAMLNode.Entry) -> [String] {
    guard let list = entry.value.stringList else {
      fail(
        "'\(entry.key)' must be a list of text or a comma-separated text, not \(entry.value.kindDescription)",
        at: entry.value)
      return []
    }
    return list
  }

  /// Tags as a list, or as one text separated by commas, or by spaces when it has no comma
  /// (`tags: recipe, vegan` or `tags: recipe vegan`, as Obsidian reads them), each without a
  /// leading `#`.
  private mutating func tags(_ entry: YAMLNode.Entry) -> [String] {
    // With commas, a tag may hold spaces (`Technology/Software Development, Technology/Security`);
    // without, spaces separate tags.
    let written =
      entry.value.string.map { text in
        text.split(whereSeparator: text.contains(",") ? { $0 == "," } : { $0.isWhitespace })
          .map { $0.trimmingCharacters(in: .whitespaces) }
      } ?? list(entry)
    return written.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
  }

  /// A YAML timestamp, or a Unix time as Dendron writes it: 13 digits of milliseconds
  /// (`1740226287837`) or 10 digits of seconds.
  static func date(of node: YAMLNode) -> Date? {
    if let date = node.date { return date }
    guard let text = node.string else { return nil }
    if text.utf8.count == 10 || text.utf8.count == 13, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let number = Double(text)
    {
      return Date(timeIntervalSince1970: text.utf8.count == 13 ? number / 1000 : number)
    }
    return writtenDate(text)
  }

  /// Dates as other tools write them, read in UTC: `2024/03/28`, `2024-03-28 10:30`, an
  /// org-mode timestamp (`<2022-12-02 Fri 20:40>`, `[2022-12-02 Fri]`), Notion's
  /// `June 18, 2025 12:29 PM`, `18 June 2025`, Astro's `Jul 08 2022`.
  static func writtenDate(_ text: String) -> Date? {
    // Tokens: runs of digits or of letters; everything else separates them.
    var tokens: [Substring] = []
    var start: String.Index?
    var isDigits = false
    for index in text.indices {
      let c = text[index]
      let digit = c.isASCII && c.isNumber
      let letter = c.isLetter
      if let s = start, (digit && isDigits) || (letter && !isDigits && !digit) { _ = s; continue }
      if let s = start { tokens.append(text[s..<index]) }
      start = digit || letter ? index : nil
      isDigits = digit
    }
    if let s = start { tokens.append(text[s...]) }
    // RFC 1123, as Hugo and Hexo take it: `Mon, 02 Jan 2006 15:04:05 -0700` (the weekday
    // goes; the zone is read at the end).
    let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    if let first = tokens.first, first.count >= 3, first.allSatisfy(\.isLetter),
      weekdays.contains(where: { first.lowercased().hasPrefix($0) })
    {
      tokens.removeFirst()
    }
    var zone = 0
    if tokens.count >= 4, let last = tokens.last, last.count == 4, last.allSatisfy({ $0.isASCII && $0.isNumber }),
      let sign = text[..<last.startIndex].last(where: { !$0.isWhitespace }), sign == "+" || sign == "-",
      let value = Int(last)
    {
      zone = (sign == "-" ? -1 : 1) * ((value / 100) * 3600 + (value % 100) * 60)
      tokens.removeLast()
    } else if let last = tokens.last, ["gmt", "utc", "z"].contains(last.lowercased()) {
      tokens.removeLast()
    }
    guard tokens.count >= 3, tokens.count <= 9 else { return nil }
    func number(_ t: Substring) -> Int? { t.allSatisfy { $0.isASCII && $0.isNumber } ? Int(t) : nil }
    let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    func month(_ t: Substring) -> Int? {
      guard t.count >= 3 else { return nil }
      let lower = t.lowercased()
      return months.firstIndex { lower.hasPrefix($0) && $0.hasPrefix(lower.prefix(3)) }.map { $0 + 1 }
    }
    var year: Int?, monthNumber: Int?, day: Int?
    var rest: ArraySlice<Substring>
    if let y = number(tokens[0]), tokens[0].count == 4, let m = number(tokens[1]), let d = number(tokens[2]) {
      (year, monthNumber, day) = (y, m, d)
      rest = tokens.dropFirst(3)
    } else if let m = month(tokens[0]), let d = number(tokens[1]), let y = number(tokens[2]), tokens[2].count == 4 {
      (year, monthNumber, day) = (y, m, d)
      rest = tokens.dropFirst(3)
    } else if let d = number(tokens[0]), let m = month(tokens[1]), let y = number(tokens[2]), tokens[2].count == 4 {
      (year, monthNumber, day) = (y, m, d)
      rest = tokens.dropFirst(3)
    } else {
      return nil
    }
    // A weekday between the date and the time (org-mode).
    if let first = rest.first, number(first) == nil, !["am", "pm"].contains(first.lowercased()) { rest = rest.dropFirst() }
    var hour = 0, minute = 0, second = 0
    if let h = rest.first.flatMap(number) {
      guard let m = rest.dropFirst().first.flatMap(number) else { return nil }
      (hour, minute) = (h, m)
      rest = rest.dropFirst(2)
      if let s = rest.first.flatMap(number) {
        second = s
        rest = rest.dropFirst()
      }
      if let half = rest.first?.lowercased(), half == "am" || half == "pm" {
        guard (1...12).contains(hour) else { return nil }
        hour = hour % 12 + (half == "pm" ? 12 : 0)
        rest = rest.dropFirst()
      }
    }
    guard rest.isEmpty, let year, let monthNumber, let day, (1...12).contains(monthNumber), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
    let date = CivilDate.date(year: year, month: monthNumber, day: day, hour: hour, minute: minute, second: second)
    // No day past the month's end (`2024/02/30`).
    return CivilDate(date).day == day ? date.addingTimeInterval(-TimeInterval(zone)) : nil
  }

  private mutating func date(_ entry: YAMLNode.Entry) -> Date? {
    if let written = entry.value.string?.trimmingCharacters(in: .whitespaces) {
      // Quarto's words for the day it renders or the file's last change: the file's own
      // date (from git, else its modification time) is that.
      if ["today", "now", "last-modified"].contains(written.lowercased()) { return nil }
      // A template's placeholder (Templater's `<% tp.date.now() %>`, `{{date}}`, R Markdown's
      // `` `r Sys.Date()` ``): a template left in the vault, not a broken note.
      if written.contains("<%") || written.contains("{{") || written.hasPrefix("`r ") {
        diagnostics.append(
          .warning(
            "'\(entry.key)' is a template's placeholder, not a date: '\(written)'; ignored",
            at: SourceLocation(path: path, line: entry.value.line, column: entry.value.column)))
        return nil
      }
    }
    guard let date = Self.date(of: entry.value) else {
      let written = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
      fail(
        "'\(entry.key)' must be a date like 2026-11-29, 2026-11-29T14:05:00+09:00 or Nov 29, 2026, not \(written)",
        at: entry.value)
      return nil
    }
    return date
  }

  private mutating func fail(_ message: String, at node: YAMLNode) {
    diagnostics.append(
      .error(message, at: SourceLocation(path: path, line: node.line, column: node.column)))
  }
}
