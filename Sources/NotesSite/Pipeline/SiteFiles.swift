import Foundation
import NotesCore
import NotesMustache
import NotesSearch

extension SiteBuilder {
  /// The files beside the pages: sitemap, Atom feed, robots.txt, the search index and the
  /// note manifest the restore script checks remembered notes against.
  static func siteFiles(_ context: PageContext) throws(Diagnostic) -> [(String, [UInt8])] {
    let site = context.site
    let urls = context.urls
    var files: [(String, [UInt8])] = []

    // Sitemap: every listable page, absolute when base_url has a host, percent-encoded as
    // the sitemap protocol asks (RFC 3986: `/個人/` → `/%E5%80%8B%E4%BA%BA/`).
    var entries: [TemplateValue] = []
    func add(_ route: Route, _ date: Date?) {
      let path = uriEncoded(urls.url(route))
      entries.append(.object([
        "loc": .string(context.absolute(path) ?? path),
        "lastmod": date.map { .string(PageContext.iso($0)) } ?? .null,
      ]))
    }
    add(.home, site.notes.isEmpty ? nil : site.referenceDate)
    for id in site.folders.keys.sorted() { add(.folder(id, page: 1), nil) }
    for id in site.notes.keys.sorted() { add(.note(id), site.notes[id]!.updated) }
    files.append(("sitemap.xml", Array(xmlCharacters(try context.theme.render("sitemap.xml", .object(["urls": .list(entries)]))).utf8)))

    // Atom feed of the most recently updated notes. Entry ids are absolute URLs when
    // base_url has a host, else stable `urn:` ids; links are always usable URLs. Text is
    // stripped of characters XML 1.0 cannot carry (a form feed in a note would otherwise
    // make the whole feed unreadable).
    let recent: [Note] = feedNoteIDs(site).map { site.notes[$0]! }
    let feedPath = urls.basePath + "feed.xml"
    let home = uriEncoded(urls.basePath)
    let feed: TemplateValue = .object([
      "site": .object(["title": .string(xmlText(site.config.title)), "language": .string(context.l10n.pageLanguage)]),
      "feed": .object([
        "title": .string(xmlText(context.l10n.format("feed_title", ["site": site.config.title]))),
        "id": .string(context.absolute(home) ?? "urn:notes-site:" + home),
        "self": .string(context.absolute(feedPath) ?? feedPath),
        "home": .string(context.absolute(home) ?? home),
        "updated": .string(PageContext.iso(recent.first?.updated ?? Date(timeIntervalSince1970: 0))),
        "entries": .list(recent.map { note in
          let url = uriEncoded(urls.url(.note(note.id)))
          let authors = Array(Set(note.revisions.map(\.author))).sorted()
          return .object([
            "title": .string(xmlText(note.title)),
            "id": .string(context.absolute(url) ?? "urn:notes-site:" + url),
            "url": .string(context.absolute(url) ?? url),
            "published": .string(PageContext.iso(note.created)),
            "updated": .string(PageContext.iso(note.updated)),
            "authors": .list(authors.map { .string(xmlText($0)) }),
            "summary": .string(xmlText(note.analysis.preview)),
            // A note's whole HTML, unless it is so large that XML parsers refuse the feed
            // (libxml2 stops at 10 MB of text); then readers get the summary.
            "html": (context.noteHTML[note.id]).flatMap {
              $0.utf8.count <= feedContentLimit ? .string(xmlText($0)) : nil
            } ?? .null,
          ])
        }),
      ]),
    ])
    files.append(("feed.xml", Array(xmlCharacters(try context.theme.render("feed.xml", feed)).utf8)))

    var robots = "User-agent: *\nAllow: /\n"
    robots += "Sitemap: \(context.absolute(urls.basePath + "sitemap.xml") ?? urls.basePath + "sitemap.xml")\n"
    files.append(("robots.txt", Array(robots.utf8)))

    // Which note lives in which folder, so a remembered note is checked before it is opened.
    var manifest = "{"
    for (i, id) in site.notes.keys.sorted().enumerated() {
      if i > 0 { manifest += "," }
      manifest += jsonString(id) + ":" + jsonString(site.notes[id]!.folderID)
    }
    manifest += "}"
    files.append(("_assets/notes.json", Array(manifest.utf8)))

    return files
  }

  /// The notes the feed carries: the `feed_limit` most recently updated.
  static func feedNoteIDs(_ site: Site) -> [String] {
    // Sorted as (date, ID) pairs: a comparison that looked notes up copied two whole notes.
    let dates: [(id: String, updated: Date)] = site.notes.mapValues(\.updated).map { ($0.key, $0.value) }
    let newest = dates.sorted { a, b in a.updated != b.updated ? a.updated > b.updated : a.id < b.id }
    return newest.prefix(max(0, site.config.feedLimit)).map(\.id)
  }

  /// `s` without the characters XML 1.0 does not allow (C0 controls other than tab, line feed
  /// and carriage return; U+FFFE and U+FFFF), which no escaping can carry.
  static func xmlText(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: { !isXMLCharacter($0) }) else { return s }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: s.unicodeScalars.filter(isXMLCharacter))
    return String(out)
  }

  static func isXMLCharacter(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// A site path as an RFC 3986 URI path: bytes outside ASCII percent-encoded, the rest (slugs
  /// and the already encoded base path) left as is.
  static func uriEncoded(_ path: String) -> String {
    guard !path.utf8.allSatisfy({ $0 < 0x80 }) else { return path }
    var out = ""
    for byte in path.utf8 {
      if byte < 0x80 { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out += String(format: "%%%02X", byte) }
    }
    return out
  }

  /// The search documents of every published note, in a stable order.
  static func searchDocuments(_ site: Site, urls: URLFormatter) -> [SearchDocument] {
    site.notes.keys.sorted().map { id in
      let note = site.notes[id]!
      return SearchDocument(
        url: urls.url(.note(id)), title: note.title,
        folder: site.folders[note.folderID]?.name ?? "", text: note.analysis.plainText,
        updated: note.updated)
    }
  }

  /// The search index of a build: what it is made from (`key`) and, unless the output already
  /// has the index for that key, its files.
  struct SearchFiles: Sendable {
    var key: UInt64
    var documents: [SearchDocument]
    var files: [String: [UInt8]]?
  }

  /// Made as soon as the notes are loaded, beside the link graph and rendering, since it
  /// depends on nothing else. `shown` is the site with folder names as pages show them;
  /// `previous` is what the last build wrote (its manifest).
  static func searchFiles(_ shown: Site, urls: URLFormatter, previous: [String: OutputWriter.Record]) -> SearchFiles {
    let documents = searchDocuments(shown, urls: urls)
    var h = StableHasher()
    h.combine(SearchIndex.formatVersion)
    for d in documents {
      h.combine([d.url, d.title, d.folder, d.text])
      h.combine(d.updated)
    }
    let key = max(1, h.value)
    if hasIndex(for: key, in: previous) { return SearchFiles(key: key, documents: documents, files: nil) }
    return SearchFiles(key: key, documents: documents, files: SearchIndex.build(documents))
  }

  static func isSearchIndexFile(_ path: String) -> Bool {
    path.hasPrefix("_search/") && path != "_search/index.html"
  }

  /// Whether the files `written` by a build include a search index made from `key`.
  static func hasIndex(for key: UInt64, in written: [String: OutputWriter.Record]) -> Bool {
    let index = written.filter { isSearchIndexFile($0.key) }
    return !index.isEmpty && index.values.allSatisfy { $0.key == key }
  }

  /// Writes the search index, or reuses the previous one when no document changed.
  static func writeSearchIndex(
    _ index: SearchFiles, writer: OutputWriter, into written: inout [String: OutputWriter.Record]
  ) throws(Diagnostic) {
    if index.files == nil, hasIndex(for: index.key, in: writer.previous) {
      let previous = writer.previous.keys.filter(isSearchIndexFile)
      var reused: [String: OutputWriter.Record] = [:]
      for path in previous {
        guard let record = writer.reuse(path, key: index.key) else { break }
        reused[path] = record
      }
      if reused.count == previous.count {
        written.merge(reused) { $1 }
        return
      }
    }
    let files = index.files ?? SearchIndex.build(index.documents)
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      written["_search/" + path] = try writer.write("_search/" + path, bytes, key: index.key)
    }
  }

  /// The most HTML bytes of one note the feed carries (escaped, up to five times as many).
  static let feedContentLimit = 1_000_000

  /// `xml` without the characters XML 1.0 forbids (C0 controls other than tab and line ends,
  /// U+FFFE, U+FFFF), which a title or file name can hold but no feed reader would parse.
  static func xmlCharacters(_ xml: String) -> String {
    func allowed(_ c: Unicode.Scalar) -> Bool {
      c.value >= 0x20 ? c.value != 0xFFFE && c.value != 0xFFFF : c == "\t" || c == "\n" || c == "\r"
    }
    guard !xml.unicodeScalars.allSatisfy(allowed) else { return xml }
    var out = String.UnicodeScalarView()
    out.append(contentsOf: xml.unicodeScalars.lazy.filter(allowed))
    return String(out)
  }

  /// A JSON string literal; also safe inside a `<script>` (no `<`, `>` or `&` unescaped).
  static func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        out += String(format: "\\u%04x", scalar.value)
      default:
        if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
      }
    }
    return out + "\""
  }
}
