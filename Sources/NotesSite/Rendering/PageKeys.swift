import Foundation
import NotesCore
import NotesMustache

/// What each page is made from, as one hash, so a rebuild renders only the pages whose inputs
/// changed. A page's key covers everything its template data is built from: the site-wide
/// parts (theme, strings, settings, folder tree, tags, every note's URL), its notes list page,
/// and for note pages the note itself: its HTML, and the title of each note in its backlinks.
///
/// Other notes' titles and headings are not site-wide parts: a note's links depend on them,
/// but its HTML, rendered again whenever they change (`RenderedNoteCache.linkKey`), is in its
/// key. So a new title renders again only the pages that show it or whose links it changed.
/// An old revision's links are rendered with its page, so its key has the link key itself.
struct PageKeys: Sendable {
  var global: UInt64 = 0
  /// What links resolve against (`RenderedNoteCache.linkKey`).
  var links: UInt64 = 0
  var notes: [String: UInt64] = [:]
  /// `folder-id` + page number → key of that list page.
  var folderLists: [String: UInt64] = [:]
  var tagLists: [String: UInt64] = [:]

  init() {}

  init(_ context: PageContext, identity: UInt64, linkKey: UInt64) {
    let site = context.site
    links = linkKey
    var g = StableHasher()
    g.combine(identity)
    for path in context.theme.files.keys.sorted() {
      g.combine(path)
      g.combine(ContentHash.fnv1a(context.theme.files[path]!))
    }
    for key in context.l10n.strings.keys.sorted() {
      g.combine(key)
      g.combine(context.l10n.strings[key]!)
    }
    let c = site.config
    g.combine([c.title, c.description, c.baseURL ?? "", c.language, context.urls.basePath, context.liveReloadURL ?? ""])
    g.combine(c.notesPerPage)
    g.combine(c.historyLimit)
    g.combine(c.restoreLastNote)
    g.combine(c.unsafeHTML)
    for id in site.tagNames.keys.sorted() { g.combine([id, site.tagNames[id]!]) }
    g.combine(site.history == nil)
    g.combine(site.history?.isShallow ?? false)
    for id in site.folders.keys.sorted() {
      let f = site.folders[id]!
      g.combine([id, f.name, f.parentID ?? ""])
      g.combine(f.noteIDs.count)
    }
    for tag in site.tags.keys.sorted() {
      g.combine(tag)
      g.combine(site.tags[tag]!.count)
    }
    for id in site.notes.keys.sorted() {
      g.combine([id, site.notes[id]!.sourcePath])
    }
    for id in site.files.keys.sorted() {
      g.combine([id, site.files[id]!.sourcePath])
      g.combine(site.files[id]!.size)
    }
    global = g.value

    // Each note's hashes on all cores: they cover its whole HTML.
    let noteIDs = Array(site.notes.keys)
    let hashes = concurrentMap(noteIDs) { id -> (item: UInt64, note: UInt64) in
      let note = site.notes[id]!
      var h = StableHasher()
      h.combine([id, note.title, note.analysis.preview, note.folderID, note.frontMatter.lang ?? ""])
      h.combine(note.updated)
      h.combine(note.updatedZone ?? Int.min)
      h.combine(note.createdZone ?? Int.min)
      h.combine(note.pinned)
      h.combine(note.analysis.tasks.done)
      h.combine(note.analysis.tasks.total)

      var n = StableHasher()
      n.combine(h.value)
      n.combine(context.noteHTML[id] ?? "")
      n.combine(note.created)
      // What the header's date says it is (see `updated_is_created`).
      n.combine(note.updatedIsCreated)
      n.combine(note.tags)
      n.combine([note.frontMatter.lang ?? ""])
      n.combine(note.frontMatter.collaborators)
      for (segment, file) in context.attachmentIDs(of: id) {
        n.combine([segment, file.id, file.kind.rawValue])
        n.combine(file.size)
      }
      for other in context.graph.backlinks[id] ?? [] {
        n.combine([other, site.notes[other]?.title ?? ""])
        n.combine(site.notes[other]?.updated ?? Date(timeIntervalSince1970: 0))
      }
      for r in note.revisions {
        n.combine([r.hash, r.shortHash, r.author, r.subject, r.path])
        n.combine(r.date)
      }
      return (h.value, n.value)
    }
    var items: [String: UInt64] = [:]
    for (id, hash) in zip(noteIDs, hashes) {
      items[id] = hash.item
      notes[id] = hash.note
    }

    func listKeys(_ ids: [String], prefix: String, into table: inout [String: UInt64]) {
      let perPage = context.notesPerPage
      let pages = max(1, (ids.count + perPage - 1) / perPage)
      for k in 1...pages {
        var h = StableHasher()
        h.combine(ids.count)
        h.combine(k)
        for id in ids.dropFirst((k - 1) * perPage).prefix(perPage) { h.combine(items[id] ?? 0) }
        table[prefix + "\n\(k)"] = h.value
      }
    }
    for (id, folder) in site.folders { listKeys(folder.noteIDs, prefix: id, into: &folderLists) }
    for (tag, ids) in site.tags { listKeys(ids, prefix: tag, into: &tagLists) }
  }

  /// The key of a page, or nil for pages that are always rendered (home, search, 404,
  /// redirects, previews of text files whose bytes are read at render time).
  func key(for job: PageJob, in context: PageContext) -> UInt64? {
    guard case .route(let route) = job else { return nil }
    var h = StableHasher()
    h.combine(global)
    h.combine(route.path)
    switch route {
    case .home, .search:
      return nil
    case .folder(let id, let page):
      h.combine(folderLists[id + "\n\(page)"] ?? 0)
    case .tag(let tag, let page):
      h.combine(tagLists[tag + "\n\(page)"] ?? 0)
    case .note(let id), .noteDetail(let id, _):
      if case .noteDetail(_, .attachment(let segment)) = route,
        context.attachmentIDs(of: id).first(where: { $0.segment == segment })?.file.kind == .text
      {
        return nil
      }
      guard let note = context.site.notes[id] else { return nil }
      if case .noteDetail(_, .revision) = route { h.combine(links) }
      h.combine(notes[id] ?? 0)
      h.combine(folderLists[note.folderID + "\n\(context.listPage(of: id, in: note.folderID))"] ?? 0)
    }
    return h.value == 0 ? 1 : h.value
  }
}
