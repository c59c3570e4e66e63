import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesMustache
import NotesSearch

/// Everything a page needs, shared read-only by all render tasks.
struct PageContext: Sendable {
  var site: Site
  var graph: SiteGraph
  var index: LinkIndex
  var urls: URLFormatter
  var theme: Theme
  var l10n: Localization
  /// Rendered HTML of every note's current text.
  var noteHTML: [String: String]
  /// Logical asset name (`site.css`) → URL.
  var assetURLs: [String: String]
  /// `serve` injects its live-reload script here.
  var liveReloadURL: String?
  var contentDirectory: URL

  var notesPerPage: Int { max(1, site.config.notesPerPage) }

  /// Absolute URL for feeds, sitemaps and canonical links, when `base_url` has a host.
  func absolute(_ path: String) -> String? {
    guard let base = site.config.baseURL, let r = base.range(of: "://") else { return nil }
    let afterScheme = base[r.upperBound...]
    let origin = afterScheme.firstIndex(of: "/").map { String(base[..<$0]) } ?? base
    return origin + path
  }

  /// `2024-05-01T09:30:00Z`. Computed without a formatter: creating an
  /// `ISO8601DateFormatter` for every date was over half of a large build's time.
  static func iso(_ date: Date) -> String {
    ISODate.string(date)
  }
}

/// Builds template data. Every object sets every key its templates test, because a Mustache
/// lookup that misses falls back to enclosing objects (a child folder would inherit its
/// parent's `current`).
extension PageContext {
  func common(route: Route, title: String, selectedFolder: String?, selectedNote: String?)
    -> [String: TemplateValue]
  {
    var data: [String: TemplateValue] = [:]
    let config = site.config
    data["site"] = .object([
      "title": .string(config.title),
      "description": .string(config.description),
      "base": .string(urls.basePath),
      "language": .string(l10n.language),
      "feed_url": .string(urls.basePath + "feed.xml"),
      "restore_last_note": .bool(config.restoreLastNote),
    ])
    data["i18n"] = .object(l10n.strings.mapValues { .string($0) })
    data["assets"] = .object([
      "css": .string(assetURLs["site.css"] ?? ""),
      "js": .string(assetURLs["site.js"] ?? ""),
      "search_js": .string(assetURLs["search.js"] ?? ""),
    ])
    data["route"] = .string(route.kind)
    data["compact_column"] = .string(route.compactColumn.rawValue)
    data["page_title"] = .string(title == config.title ? title : "\(title) — \(config.title)")
    data["canonical"] = absolute(urls.url(route)).map(TemplateValue.string) ?? .null
    data["live_reload"] = liveReloadURL.map(TemplateValue.string) ?? .null
    data["selected_folder"] = selectedFolder.map(TemplateValue.string) ?? .null
    data["selected_note"] = selectedNote.map(TemplateValue.string) ?? .null
    data["is_home"] = .bool(route == .home)
    data["home_heading"] = .bool(route == .home)
    data["list_heading"] = .bool(route.compactColumn == .notes)
    data["folders"] = .list(site.rootFolderIDs.map { folderItem($0, selected: selectedFolder) })
    let currentTag: String? = if case .tag(let t, _) = route { t } else { nil }
    let tagItems = site.tags.keys.sorted().map { id -> TemplateValue in
      .object([
        "name": .string(id), "url": .string(urls.url(.tag(id, page: 1))),
        "count": .int(site.tags[id]!.count), "current": .bool(id == currentTag),
      ])
    }
    data["tags"] = .list(tagItems)
    data["has_tags"] = .bool(!tagItems.isEmpty)
    if route != .home {
      data["list_back"] = .object([
        "url": .string(urls.url(.home)), "label": .string(l10n.string("folders")),
      ])
    }
    data["detail_back"] = .null
    return data
  }

  func folderItem(_ id: String, selected: String?) -> TemplateValue {
    let folder = site.folders[id]!
    let children = folder.childIDs.map { folderItem($0, selected: selected) }
    return .object([
      "name": .string(folder.name),
      "url": .string(urls.url(.folder(id, page: 1))),
      "count": .int(folder.noteIDs.count),
      "count_label": .string(l10n.count("notes_count", folder.noteIDs.count)),
      "current": .bool(id == selected),
      "has_children": .bool(!children.isEmpty),
      "children": .list(children),
    ])
  }

  func noteItem(_ id: String, selected: String?) -> TemplateValue {
    let note = site.notes[id]!
    let tasks = note.analysis.tasks
    return .object([
      "title": .string(note.title),
      "url": .string(urls.url(.note(id))),
      "date_iso": .string(Self.iso(note.updated)),
      "date_label": .string(l10n.listDate(note.updated, reference: site.referenceDate)),
      "preview": .string(note.analysis.preview),
      "pinned": .bool(note.pinned),
      "current": .bool(id == selected),
      "tasks": .string(
        tasks.total > 0
          ? l10n.format("tasks_progress", ["done": "\(tasks.done)", "total": "\(tasks.total)"])
          : ""),
      "folder": .string(site.folders[note.folderID]?.name ?? ""),
    ])
  }

  /// One page of a notes list. `pageURL` gives the URL of list page k.
  func list(
    title: String, noteIDs: [String], page: Int, selected: String?, pageURL: (Int) -> String
  ) -> TemplateValue {
    let pages = max(1, (noteIDs.count + notesPerPage - 1) / notesPerPage)
    let k = min(max(1, page), pages)
    let slice = noteIDs.dropFirst((k - 1) * notesPerPage).prefix(notesPerPage)
    var pagination: TemplateValue = .null
    if pages > 1 {
      pagination = .object([
        "prev": k > 1 ? .string(pageURL(k - 1)) : .null,
        "next": k < pages ? .string(pageURL(k + 1)) : .null,
        "label": .string(l10n.format("page_n_of_m", ["n": "\(k)", "m": "\(pages)"])),
      ])
    }
    return .object([
      "title": .string(title),
      "count_label": .string(l10n.count("notes_count", noteIDs.count)),
      "notes": .list(slice.map { noteItem($0, selected: selected) }),
      "pagination": pagination,
    ])
  }

  /// The list page of `folderID` that contains `noteID`.
  func listPage(of noteID: String, in folderID: String) -> Int {
    let ids = site.folders[folderID]?.noteIDs ?? []
    let index = ids.firstIndex(of: noteID) ?? 0
    return index / notesPerPage + 1
  }
}
