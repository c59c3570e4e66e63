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

    // Sitemap: every listable page, absolute when base_url has a host.
    var entries: [TemplateValue] = []
    func add(_ route: Route, _ date: Date?) {
      let path = urls.url(route)
      entries.append(.object([
        "loc": .string(context.absolute(path) ?? path),
        "lastmod": date.map { .string(PageContext.iso($0)) } ?? .null,
      ]))
    }
    add(.home, site.notes.isEmpty ? nil : site.referenceDate)
    for id in site.folders.keys.sorted() { add(.folder(id, page: 1), nil) }
    for id in site.notes.keys.sorted() { add(.note(id), site.notes[id]!.updated) }
    files.append(("sitemap.xml", Array(xmlCharacters(try context.theme.render("sitemap.xml", .object(["urls": .list(entries)]))).utf8)))

    // Atom feed of the most recently updated notes.
    let recent = site.notes.values.sorted { ($0.updated, $1.id) > ($1.updated, $0.id) }
      .prefix(max(0, site.config.feedLimit))
    let feedPath = urls.basePath + "feed.xml"
    let feed: TemplateValue = .object([
      "site": .object(["title": .string(site.config.title), "language": .string(context.l10n.language)]),
      "feed": .object([
        "title": .string(context.l10n.format("feed_title", ["site": site.config.title])),
        "id": .string(context.absolute(urls.basePath) ?? "urn:notes-site:" + urls.basePath),
        "self": .string(context.absolute(feedPath) ?? feedPath),
        "home": .string(context.absolute(urls.basePath) ?? urls.basePath),
        "updated": .string(PageContext.iso(recent.first?.updated ?? Date(timeIntervalSince1970: 0))),
        "entries": .list(recent.map { note in
          let url = urls.url(.note(note.id))
          let authors = Array(Set(note.revisions.map(\.author))).sorted()
          return .object([
            "title": .string(note.title),
            "url": .string(context.absolute(url) ?? "urn:notes-site:" + url),
            "published": .string(PageContext.iso(note.created)),
            "updated": .string(PageContext.iso(note.updated)),
            "authors": .list(authors.map(TemplateValue.string)),
            "summary": .string(note.analysis.preview),
            // A note's whole HTML, unless it is so large that XML parsers refuse the feed
            // (libxml2 stops at 10 MB of text); then readers get the summary.
            "html": (context.noteHTML[note.id]).flatMap { $0.utf8.count <= feedContentLimit ? .string($0) : nil } ?? .null,
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

    let documents = site.notes.keys.sorted().map { id in
      let note = site.notes[id]!
      return SearchDocument(
        url: urls.url(.note(id)), title: note.title,
        folder: site.folders[note.folderID]?.name ?? "", text: note.analysis.plainText,
        updated: note.updated)
    }
    for (path, bytes) in SearchIndex.build(documents).sorted(by: { $0.key < $1.key }) {
      files.append(("_search/" + path, bytes))
    }
    return files
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
