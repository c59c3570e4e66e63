import Foundation
import NotesMustache

/// A realistic note page for measuring rendering: the built-in theme's templates, read from
/// the repository, and data shaped like `PageContext` builds for a note page (site, ~120
/// strings, assets, a 50-folder tree, 30 tags, a list of 100 entries, a note with 5 KB of HTML).
///
/// Only public API is used, so this file also compiles into a stand-alone harness.
enum BenchmarkPage {
  /// The repository's `Templates/` folder, found from this file's location.
  static var templatesDirectory: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // Performance
      .deletingLastPathComponent()  // NotesMustacheTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // repository
      .appendingPathComponent("Templates")
  }

  /// Every `*.mustache` under `Templates/`, keyed like the theme does (`layout`,
  /// `partials/folder-item`).
  static func templateSources() throws -> [String: String] {
    let root = templatesDirectory
    let names = try FileManager.default.subpathsOfDirectory(atPath: root.path)
    var sources: [String: String] = [:]
    for subpath in names where subpath.hasSuffix(".mustache") {
      let text = try String(contentsOf: root.appendingPathComponent(subpath), encoding: .utf8)
      sources[String(subpath.dropLast(".mustache".count))] = text
    }
    return sources
  }

  static func library() throws -> TemplateLibrary {
    try TemplateLibrary(sources: templateSources())
  }

  /// Strings the templates use, plus filler to make a table the size of the real one.
  static let i18nKeys: [String] = {
    let used = [
      "folders", "notes", "tags", "select_note", "no_notes", "skip_to_note", "search",
      "search_placeholder", "pinned", "pages", "previous_page", "next_page", "updated",
      "created", "linked_from", "about_this_note", "history", "collaborators", "attachments",
    ]
    return used + (used.count..<120).map { "string_\($0)" }
  }()

  /// Data for the note page of note 42 in folder 7 (a child folder), like `PageContext`.
  static func noteData() -> TemplateValue {
    var i18n: [String: TemplateValue] = [:]
    for (i, key) in i18nKeys.enumerated() { i18n[key] = .string("Text number \(i) for \(key)") }

    // 10 top-level folders, each with 4 children; folder 7 (child of 1) is selected.
    func folder(_ id: Int, children: [TemplateValue], current: Bool) -> TemplateValue {
      .object([
        "name": .string("Folder \(id) & more"),
        "url": .string("/folders/folder-\(id)/"),
        "count": .int(id * 13 % 200),
        "count_label": .string("\(id * 13 % 200) notes"),
        "current": .bool(current),
        "has_children": .bool(!children.isEmpty),
        "children": .list(children),
      ])
    }
    var roots: [TemplateValue] = []
    var next = 10
    for root in 0..<10 {
      var children: [TemplateValue] = []
      for _ in 0..<4 {
        children.append(folder(next, children: [], current: next == 17))
        next += 1
      }
      roots.append(folder(root, children: children, current: false))
    }

    let tags: [TemplateValue] = (0..<30).map { i in
      .object([
        "name": .string("tag-\(i)"), "url": .string("/tags/tag-\(i)/"), "count": .int(i * 7 + 1),
        "current": .bool(false),
      ])
    }

    let entries: [TemplateValue] = (0..<100).map { i in
      .object([
        "title": .string("Meeting notes \(i): \"planning\" <draft>"),
        "url": .string("/notes/folder-17/meeting-notes-\(i)/"),
        "date_iso": .string("2026-11-\(10 + i % 18)T14:05:09Z"),
        "date_label": .string("Nov \(10 + i % 18)"),
        "preview": .string(
          "We talked about the roadmap for next quarter, the budget, and who's doing what; "
            + "follow-ups are in the tasks below."),
        "pinned": .bool(i % 17 == 0),
        "current": .bool(i == 42),
        "tasks": .string(i % 3 == 0 ? "\(i % 5)/5" : ""),
        "folder": .string("Folder 17 & more"),
      ])
    }

    var html = ""
    while html.utf8.count < 5_000 {
      html +=
        "<p>Paragraph with <strong>bold</strong>, <a href=\"/notes/x/\">a link</a> and some "
        + "ordinary text that goes on for a while, as notes do.</p>\n"
    }

    let note: TemplateValue = .object([
      "id": "folder-17/meeting-notes-42",
      "title": "Meeting notes 42: \"planning\" <draft>",
      "url": "/notes/folder-17/meeting-notes-42/",
      "lang": nil,
      "updated_iso": "2026-11-29T14:05:09Z",
      "updated_label": "29 November 2026",
      "created_iso": "2026-11-01T09:00:00Z",
      "created_label": "1 November 2026",
      "show_created": true,
      "tags": .list(
        (0..<3).map { .object(["name": .string("tag-\($0)"), "url": .string("/tags/tag-\($0)/")]) }),
      "has_tags": true,
      "html": .string(html),
      "has_attachments": true,
      "attachments_url": "/notes/folder-17/meeting-notes-42/attachments/",
      "attachments_label": "2 attachments",
      "history_url": "/notes/folder-17/meeting-notes-42/history/",
      "collaborators_url": "/notes/folder-17/meeting-notes-42/collaborators/",
      "has_backlinks": true,
      "backlinks": .list(
        (0..<5).map {
          .object([
            "title": .string("Other note \($0)"), "url": .string("/notes/other-\($0)/"),
            "folder": "Folder 3 & more",
          ])
        }),
    ])

    return .object([
      "site": [
        "title": "Team Notes", "description": "Everything we write down", "base": "/",
        "language": "en", "feed_url": "/feed.xml", "restore_last_note": true,
      ],
      "i18n": .object(i18n),
      "assets": [
        "css": "/assets/site.0123abcd.css", "js": "/assets/site.4567ef01.js",
        "search_js": "/assets/search.89abcdef.js",
      ],
      "tags": .list(tags),
      "route": "note",
      "compact_column": "detail",
      "page_title": "Meeting notes 42 — Team Notes",
      "canonical": "https://notes.example.com/notes/folder-17/meeting-notes-42/",
      "live_reload": nil,
      "selected_folder": "folder-17",
      "selected_note": "folder-17/meeting-notes-42",
      "is_home": false,
      "home_heading": false,
      "list_heading": false,
      "folders": .list(roots),
      "has_tags": true,
      "list_back": ["url": "/", "label": "Folders"],
      "detail_back": ["url": "/folders/folder-17/", "label": "Folder 17 & more"],
      "list": .object([
        "title": "Folder 17 & more",
        "count_label": "250 notes",
        "notes": .list(entries),
        "pagination": [
          "prev": "/folders/folder-17/", "next": "/folders/folder-17/page/3/",
          "label": "Page 2 of 3",
        ],
      ]),
      "note": note,
      "detail_title": "Meeting notes 42",
    ])
  }

  /// Renders the note page `count` times and returns the total output size, so the work
  /// cannot be optimised away. A distinct name for `valgrind --toggle-collect='*renderNotePages*'`.
  @inline(never)
  static func renderNotePages(
    _ library: TemplateLibrary, _ data: TemplateValue, count: Int
  ) throws -> Int {
    var bytes = 0
    for _ in 0..<count { bytes += try library.render("note", data).utf8.count }
    return bytes
  }

  /// The same through `render(_:_:into:)` with bytes, as a site writing files would.
  @inline(never)
  static func renderNotePagesAsBytes(
    _ library: TemplateLibrary, _ data: TemplateValue, count: Int
  ) throws -> Int {
    var bytes = 0
    var page: [UInt8] = []
    for _ in 0..<count {
      page.removeAll(keepingCapacity: true)
      try library.render("note", data, into: &page)
      bytes += page.count
    }
    return bytes
  }

  /// Entry point of the stand-alone harness described in `MustachePerformanceTests`:
  /// renders `MUSTACHE_BENCH_PAGES` pages (default 50), into bytes if `MUSTACHE_BENCH_BYTES`
  /// is set, and prints the number of bytes rendered.
  static func runStandalone() throws {
    let environment = ProcessInfo.processInfo.environment
    let pages = environment["MUSTACHE_BENCH_PAGES"].flatMap { Int($0) } ?? 50
    let library = try library()
    let data = noteData()
    let bytes =
      environment["MUSTACHE_BENCH_BYTES"] != nil
      ? try renderNotePagesAsBytes(library, data, count: pages)
      : try renderNotePages(library, data, count: pages)
    print("rendered \(bytes) bytes")
  }
}
