import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesMustache
import NotesSearch
import Synchronization

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

  /// Built once per build rather than once per page: list entries (without `current`), the
  /// folder and tag trees, the string table and the site object.
  var noteItemValues: [String: TemplateValue] = [:]
  /// Each note as a backlink on the pages of the notes it links to: title, URL and folder.
  var backlinkValues: [String: TemplateValue] = [:]
  var folderTree = LinkTree()
  var tagTree = LinkTree()
  var sharedValues: [String: TemplateValue] = [:]
  /// Holds `sharedValues` as every page's root context and the renderings of list entries,
  /// folders and tags, which look the same on every page that is not about them.
  var renderCache: RenderCache?
  /// Copies of `renderCache`, each used by one render task at a time (`PageScratch`), so no
  /// core waits on another's lock or pulls the other's cache lines for every list entry.
  let renderCaches = RenderCachePool()
  /// Each note's index in its folder's list, so a note page finds its list page directly.
  var listPosition: [String: Int] = [:]
  /// Each note's attachments with their URL segments; every page of a note asks for them.
  var noteAttachments: [String: [(segment: String, file: FileAsset)]] = [:]

  var notesPerPage: Int { max(1, site.config.notesPerPage) }

  mutating func precompute() {
    var nextID = 0
    func reusable(_ value: TemplateValue) -> TemplateValue {
      nextID += 1
      return .reusable(id: nextID, value)
    }
    let noteIDs = site.notes.keys.sorted()
    let items = concurrentMap(noteIDs) { makeNoteItem($0) }
    for (id, item) in zip(noteIDs, items) {
      noteItemValues[id] = reusable(.object(item))
      backlinkValues[id] = Self.backlink(fromItem: item)
    }
    folderTree = LinkTree(
      rootIDs: site.rootFolderIDs, childIDs: site.folders.mapValues(\.childIDs), nextID: &nextID,
      item: folderItem)
    var rootTags: [String] = []
    var childTags: [String: [String]] = [:]
    for id in site.tags.keys.sorted() {
      if let parent = Site.parentTag(of: id), site.tags[parent] != nil {
        childTags[parent, default: []].append(id)
      } else {
        rootTags.append(id)
      }
    }
    tagTree = LinkTree(rootIDs: rootTags, childIDs: childTags, nextID: &nextID, item: tagItem)
    for id in graph.attachments.keys { noteAttachments[id] = makeAttachmentIDs(of: id) }
    for folder in site.folders.values {
      for (i, id) in folder.noteIDs.enumerated() { listPosition[id] = i }
    }
    let config = site.config
    sharedValues["site"] = .object([
      "title": .string(config.title),
      "description": .string(config.description),
      "base": .string(urls.basePath),
      "language": .string(l10n.pageLanguage),
      "dir": .string(Localization.direction(of: l10n.pageLanguage)),
      "feed_url": .string(urls.basePath + "feed.xml"),
      "restore_last_note": .bool(config.restoreLastNote),
    ])
    sharedValues["i18n"] = .object(l10n.strings.mapValues { .string($0) })
    sharedValues["relative_dates"] = .string(l10n.relativeDateStrings)
    sharedValues["assets"] = .object([
      "css": .string(assetURLs["site.css"] ?? ""),
      "js": .string(assetURLs["site.js"] ?? ""),
      "search_js": .string(assetURLs["search.js"] ?? ""),
    ])
    var trees: [String: TemplateValue] = [:]
    sharedValues["tags"] = tagTree.tree(selected: nil, memo: &trees)
    renderCache = RenderCache(shared: .object(sharedValues))
  }

  func folderItem(_ id: String) -> [String: TemplateValue] {
    let folder = site.folders[id]!
    return [
      "name": .string(folder.name),
      "url": .string(urls.url(.folder(id, page: 1))),
      "count": .int(folder.noteIDs.count),
      "count_label": .string(l10n.count("notes_count", folder.noteIDs.count)),
    ]
  }

  /// A tag in the tag tree: `name` is the whole tag (`work/projects`), `label` what the tree
  /// shows, `#work` at the top and the last part (`projects`) below its parent.
  func tagItem(_ id: String) -> [String: TemplateValue] {
    let count = site.tags[id]!.count
    let parent = Site.parentTag(of: id).flatMap { site.tags[$0] == nil ? nil : $0 }
    return [
      "name": .string(id),
      "label": .string(parent.map { _ in String(PathName.last(site.tagName(id))) } ?? "#" + site.tagName(id)),
      "url": .string(urls.url(.tag(id, page: 1))),
      "count": .int(count),
      "count_label": .string(l10n.count("notes_count", count)),
    ]
  }

  /// Absolute URL for feeds, sitemaps and canonical links, when `base_url` has a host.
  func absolute(_ path: String) -> String? {
    guard let base = site.config.baseURL, let r = base.range(of: "://") else { return nil }
    let afterScheme = base[r.upperBound...]
    let origin = afterScheme.firstIndex(of: "/").map { String(base[..<$0]) } ?? base
    return origin + path
  }

  /// `2026-11-29T14:05:09Z`, without a formatter object (this runs for every list entry).
  static func iso(_ date: Date) -> String { CivilDate(date).iso8601 }
}

/// Template data that one render task makes and uses for the pages it renders one after
/// another: the folder and tag trees with an entry selected, folder list pages, and the
/// `note` object of the last note (a note's note, history and collaborators pages come one
/// after another). One per task, so nothing is locked and nothing shared is written while
/// pages render; the values are the same whichever task makes them.
final class PageScratch {
  /// A `RenderCache` no other task uses while this one lives.
  let renderCache: RenderCache?
  private let pool: RenderCachePool
  var folderTrees: [String: TemplateValue] = [:]
  var tagTrees: [String: TemplateValue] = [:]
  var lists: [String: TemplateValue] = [:]
  /// The last list page made with a note selected, by list page and note.
  var selectedList: (key: String, value: TemplateValue)?
  var note: (id: String, data: TemplateValue)?

  init(for context: PageContext) {
    let pool = context.renderCaches
    self.pool = pool
    renderCache = context.renderCache.map { pool.take(like: $0) }
  }

  deinit {
    if let renderCache { pool.give(renderCache) }
  }
}

/// Render caches not in use by a task; a task takes one (or a new copy when none is free)
/// and gives it back when done, so each stays warm without being shared.
final class RenderCachePool: Sendable {
  private let free = Mutex<[RenderCache]>([])

  func take(like model: RenderCache) -> RenderCache {
    free.withLock { $0.popLast() } ?? model.exclusiveCopy()
  }

  func give(_ cache: RenderCache) {
    free.withLock { $0.append(cache) }
  }
}

/// Builds template data. Every object sets every key its templates test, because a Mustache
/// lookup that misses falls back to enclosing objects (a child folder would inherit its
/// parent's `current`).
extension PageContext {
  func common(
    route: Route, title: String, selectedFolder: String?, selectedNote: String?, scratch: PageScratch
  ) -> [String: TemplateValue] {
    // With the cache, the shared values are the root context under the page's own data.
    // Sized for the keys below and those `data(for:)` adds, so it is not grown as they come.
    var data = renderCache == nil ? sharedValues : Dictionary(minimumCapacity: 24)
    // The title only: the whole configuration would be copied for every page.
    let siteTitle = site.config.title
    data["route"] = .string(route.kind)
    data["compact_column"] = .string(route.compactColumn.rawValue)
    data["page_title"] = .string(title == siteTitle ? title : "\(title) — \(siteTitle)")
    data["canonical"] = absolute(urls.url(route)).map(TemplateValue.string) ?? .null
    data["live_reload"] = liveReloadURL.map(TemplateValue.string) ?? .null
    data["selected_folder"] = selectedFolder.map(TemplateValue.string) ?? .null
    data["selected_note"] = selectedNote.map(TemplateValue.string) ?? .null
    data["is_home"] = .bool(route == .home)
    data["home_heading"] = .bool(route == .home)
    data["list_heading"] = .bool(route.compactColumn == .notes)
    data["folders"] = folderTree.tree(selected: selectedFolder, memo: &scratch.folderTrees)
    if case .tag(let t, _) = route { data["tags"] = tagTree.tree(selected: t, memo: &scratch.tagTrees) }
    data["has_tags"] = .bool(!site.tags.isEmpty)
    if route != .home {
      // A nested folder's list goes back to its parent folder's list; any other to the
      // folders (home).
      if case .folder = route, case .folder(let parentID, _)? = route.parent(folderOfNote: { $0 }),
        let parent = site.folders[parentID]
      {
        data["list_back"] = .object(["url": .string(urls.url(.folder(parentID, page: 1))), "label": .string(parent.name)])
      } else {
        data["list_back"] = .object([
          "url": .string(urls.url(.home)), "label": .string(l10n.string("folders")),
        ])
      }
    }
    data["detail_back"] = .null
    return data
  }

  func noteItem(_ id: String, selected: String?) -> TemplateValue {
    if id != selected, let value = noteItemValues[id] { return value }
    if case .reusable(_, .object(var item)) = noteItemValues[id] {
      item["current"] = .bool(id == selected)
      return .object(item)
    }
    var item = makeNoteItem(id)
    item["current"] = .bool(id == selected)
    return .object(item)
  }

  /// A note as a backlink (title, URL, folder), taken from its list entry.
  static func backlink(fromItem item: [String: TemplateValue]) -> TemplateValue {
    .object(["title": item["title"] ?? .null, "url": item["url"] ?? .null, "folder": item["folder"] ?? .null])
  }

  func makeNoteItem(_ id: String) -> [String: TemplateValue] {
    let note = site.notes[id]!
    let tasks = note.analysis.tasks
    return [
      "title": .string(note.title),
      "url": .string(urls.url(.note(id))),
      "date_iso": .string(Self.iso(note.updated)),
      // The date: the page cannot know the reader's day; `site.js` relabels it as a time,
      // `Yesterday` or a weekday when the note is that recent.
      "date_label": .string(l10n.date(note.updated, zone: note.updatedZone)),
      "preview": .string(note.analysis.preview),
      "pinned": .bool(note.pinned),
      "current": .bool(false),
      "tasks": .string(
        tasks.total > 0
          ? l10n.format("tasks_progress", ["done": "\(tasks.done)", "total": "\(tasks.total)"])
          : ""),
      "folder": .string(site.folders[note.folderID]?.name ?? ""),
      "lang": note.frontMatter.lang.map(TemplateValue.string) ?? .null,
      "dir": note.frontMatter.lang.map { .string(Localization.direction(of: $0)) } ?? .null,
    ]
  }

  /// One page of a notes list. `pageURL` gives the URL of list page k; `label` names the
  /// notes column for assistive technology (`Notes in Work`), the title when nil.
  func list(
    title: String, label: String? = nil, noteIDs: [String], page: Int, selected: String?,
    pageURL: (Int) -> String
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
      "label": .string(label ?? title),
      "count_label": .string(l10n.count("notes_count", noteIDs.count)),
      "notes": .list(slice.map { noteItem($0, selected: selected) }),
      "pagination": pagination,
    ])
  }

  /// List page `page` of a folder with `selected` marked; the page itself is made once.
  func folderList(_ folderID: String, page: Int, selected: String?, scratch: PageScratch) -> TemplateValue {
    let key = folderID + "\n\(page)"
    let base = scratch.lists[key] ?? {
      let folder = site.folders[folderID]!
      let made = list(
        title: folder.name, label: l10n.format("notes_in_folder", ["folder": folder.name]),
        noteIDs: folder.noteIDs, page: page, selected: nil
      ) {
        urls.url(.folder(folderID, page: $0))
      }
      scratch.lists[key] = made
      return made
    }()
    guard let selected, let position = listPosition[selected] else { return base }
    // A note's pages come one after another: its list is made once for all of them.
    let selectedKey = key + "\n" + selected
    if let made = scratch.selectedList, made.key == selectedKey { return made.value }
    guard case .object(var members) = base, case .list(var items) = members["notes"] else { return base }
    let index = position - (page - 1) * notesPerPage
    guard items.indices.contains(index) else { return base }
    items[index] = noteItem(selected, selected: selected)
    // Rendered once for all of the note's pages, which come one after another; kept only
    // until the next note's (a negative id), or every note's list would stay in memory.
    if case .reusable(let itemID, _) = noteItemValues[selected] {
      members["notes"] = .reusable(id: -itemID, .list(items))
    } else {
      members["notes"] = .list(items)
    }
    scratch.selectedList = (selectedKey, .object(members))
    return .object(members)
  }

  /// The list page of `folderID` that contains `noteID`.
  func listPage(of noteID: String, in folderID: String) -> Int {
    let index = listPosition[noteID] ?? site.folders[folderID]?.noteIDs.firstIndex(of: noteID) ?? 0
    return index / notesPerPage + 1
  }
}
