import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesMustache

/// One file of the generated site, described before it is rendered so rendering can be spread
/// over all cores and streamed to disk.
enum PageJob: Sendable {
  case route(Route)
  case notFound
  case redirect(from: String, to: Route)
}

extension PageContext {
  /// Every page of the site, in a stable order.
  func jobs() -> [PageJob] {
    var jobs: [PageJob] = [.route(.home), .route(.search), .notFound]
    for id in site.folders.keys.sorted() {
      let pages = max(1, (site.folders[id]!.noteIDs.count + notesPerPage - 1) / notesPerPage)
      for k in 1...pages { jobs.append(.route(.folder(id, page: k))) }
    }
    for id in site.tags.keys.sorted() {
      let pages = max(1, (site.tags[id]!.count + notesPerPage - 1) / notesPerPage)
      for k in 1...pages { jobs.append(.route(.tag(id, page: k))) }
    }
    for id in site.notes.keys.sorted() {
      let note = site.notes[id]!
      jobs.append(.route(.note(id)))
      jobs.append(.route(.noteDetail(id, .history)))
      jobs.append(.route(.noteDetail(id, .collaborators)))
      let attachments = attachmentIDs(of: id)
      if !attachments.isEmpty {
        jobs.append(.route(.noteDetail(id, .attachments)))
        for a in attachments { jobs.append(.route(.noteDetail(id, .attachment(a.segment)))) }
      }
      for revision in note.revisions {
        jobs.append(.route(.noteDetail(id, .revision(revision.shortHash))))
      }
    }
    return jobs
  }

  /// Where each note's entry in notes lists is shown, as output paths: the list pages (its
  /// folder's first, then its tags', then home and the not-found page when it is among the
  /// recent notes), and its own pages, the note page first.
  func entryPlacements(_ jobs: [PageJob]) -> [String: EditState.Placement] {
    var placements: [String: EditState.Placement] = [:]
    for id in site.folders.keys.sorted() {
      for (i, note) in site.folders[id]!.noteIDs.enumerated() {
        let path = Route.folder(id, page: i / notesPerPage + 1).path + "index.html"
        placements[note, default: .init()].group = path
        placements[note, default: .init()].lists.append(path)
      }
    }
    for tag in site.tags.keys.sorted() {
      for (i, note) in site.tags[tag]!.enumerated() {
        placements[note, default: .init()].lists.append(Route.tag(tag, page: i / notesPerPage + 1).path + "index.html")
      }
    }
    for note in site.recentNoteIDs.prefix(notesPerPage) {
      placements[note, default: .init()].lists += [Route.home.path + "index.html", "404.html"]
    }
    for case .route(let route) in jobs {
      switch route {
      case .note(let id), .noteDetail(let id, _): placements[id, default: .init()].pages.append(route.path + "index.html")
      default: break
      }
    }
    return placements
  }

  /// A note's attachments with the URL segment each gets under `…/attachments/`.
  func attachmentIDs(of noteID: String) -> [(segment: String, file: FileAsset)] {
    if let prepared = noteAttachments[noteID] { return prepared }
    return makeAttachmentIDs(of: noteID)
  }

  func makeAttachmentIDs(of noteID: String) -> [(segment: String, file: FileAsset)] {
    var used = Set<String>()
    var result: [(String, FileAsset)] = []
    for fileID in graph.attachments[noteID] ?? [] {
      guard let file = site.files[fileID] else { continue }
      let base = String(fileID.split(separator: "/").last ?? Substring(fileID))
      var segment = base
      var n = 2
      while used.contains(segment) {
        segment = "\(base)-\(n)"
        n += 1
      }
      used.insert(segment)
      result.append((segment, file))
    }
    return result
  }

  /// Renders one page and hands its output path (relative to the output folder) and bytes to
  /// `body` (the bytes are valid only during the call), so pages go to disk without being
  /// copied.
  func render<R>(
    _ job: PageJob, revisionTexts: [String: Data], scratch: PageScratch,
    _ body: (String, UnsafeBufferPointer<UInt8>) -> R
  ) throws(Diagnostic) -> R {
    let capacity = 64 * 1024
    switch job {
    case .notFound:
      var data = common(route: .home, title: l10n.string("not_found_title"), selectedFolder: nil, selectedNote: nil, scratch: scratch)
      data["route"] = .string("404")
      data["list"] = recentList(selected: nil)
      return try theme.withRendered("404", .object(data), cache: scratch.renderCache, capacity: capacity) { body("404.html", $0) }
    case .redirect(let from, let to):
      let data: TemplateValue = .object([
        "site": .object(["language": .string(l10n.pageLanguage), "dir": .string(Localization.direction(of: l10n.pageLanguage))]),
        "title": .string(site.notes[noteID(of: to) ?? ""]?.title ?? site.config.title),
        "target": .string(absolute(urls.url(to)) ?? urls.url(to)),
      ])
      return try theme.withRendered("redirect", data, cache: nil, capacity: 0) { body(from + "index.html", $0) }
    case .route(let route):
      let data = TemplateValue.object(try data(for: route, revisionTexts: revisionTexts, scratch: scratch))
      return try theme.withRendered(templateName(route), data, cache: scratch.renderCache, capacity: capacity) {
        body(route.path + "index.html", $0)
      }
    }
  }

  func noteID(of route: Route) -> String? {
    switch route {
    case .note(let id), .noteDetail(let id, _): id
    default: nil
    }
  }

  func templateName(_ route: Route) -> String {
    switch route {
    case .home: "home"
    case .folder: "folder"
    case .tag: "tag"
    case .search: "search"
    case .note: "note"
    case .noteDetail(_, let d): d.kind
    }
  }

  func recentList(selected: String?) -> TemplateValue {
    // Newest first; notes updated together in the same title order as the folder lists.
    let recent = site.recentNoteIDs.prefix(notesPerPage)
    return list(title: l10n.string("recent_notes"), noteIDs: Array(recent), page: 1, selected: selected) { _ in "" }
  }

  func data(for route: Route, revisionTexts: [String: Data], scratch: PageScratch) throws(Diagnostic)
    -> [String: TemplateValue]
  {
    switch route {
    case .home:
      var data = common(route: route, title: site.config.title, selectedFolder: nil, selectedNote: nil, scratch: scratch)
      data["list"] = recentList(selected: nil)
      return data
    case .search:
      var data = common(route: route, title: l10n.string("search"), selectedFolder: nil, selectedNote: nil, scratch: scratch)
      data["list"] = list(title: l10n.string("search"), noteIDs: [], page: 1, selected: nil) { _ in "" }
      data["search_script"] = assetURLs["search.js"].map(TemplateValue.string) ?? .null
      // Read by search.js (`data-label-*`): the count forms keep `{n}` for the script to fill.
      data["search_labels"] = .object([
        "results": .string(l10n.countTemplate("results_count", 2)),
        "result": .string(l10n.countTemplate("results_count", 1)),
        "none": .string(l10n.string("search_no_results")),
        "error": .string(l10n.string("search_unavailable")),
        "more": .string(l10n.string("more_results")),
      ])
      // The script shows the number of results; "0 notes" would only mislead.
      if case .object(var list) = data["list"] {
        list["count_label"] = .string("")
        data["list"] = .object(list)
      }
      return data
    case .folder(let id, let page):
      let folder = site.folders[id]!
      var data = common(route: route, title: folder.name, selectedFolder: id, selectedNote: nil, scratch: scratch)
      data["list"] = folderList(id, page: page, selected: nil, scratch: scratch)
      return data
    case .tag(let tag, let page):
      let shown = "#" + site.tagName(tag)
      var data = common(route: route, title: shown, selectedFolder: nil, selectedNote: nil, scratch: scratch)
      data["list"] = list(
        title: shown, label: l10n.format("notes_in_folder", ["folder": shown]),
        noteIDs: site.tags[tag] ?? [], page: page, selected: nil
      ) {
        urls.url(.tag(tag, page: $0))
      }
      return data
    case .note(let id), .noteDetail(let id, _):
      let note = site.notes[id]!
      let folder = site.folders[note.folderID]!
      var detailTitle = note.title
      if case .noteDetail(_, let d) = route { detailTitle = detailRouteTitle(d, note: note) }
      var data = common(
        route: route, title: detailTitle == note.title ? note.title : "\(detailTitle) · \(note.title)",
        selectedFolder: folder.id, selectedNote: id, scratch: scratch)
      data["list"] = folderList(folder.id, page: listPage(of: id, in: folder.id), selected: id, scratch: scratch)
      data["note"] = noteData(note, scratch: scratch)
      data["detail_title"] = .string(detailTitle)
      let parent = route.parent { site.notes[$0]?.folderID ?? "" }
      if let parent {
        let label: String
        switch parent {
        case .folder: label = folder.name
        case .note: label = note.title
        default: label = l10n.string(parent.kind)
        }
        data["detail_back"] = .object(["url": .string(urls.url(parent)), "label": .string(label)])
      }
      if case .noteDetail(_, let detail) = route {
        try addDetail(detail, note: note, to: &data, revisionTexts: revisionTexts)
      }
      return data
    }
  }

  func detailRouteTitle(_ detail: NoteDetailRoute, note: Note) -> String {
    switch detail {
    case .attachments: return l10n.string("attachments")
    case .attachment(let a): return attachmentIDs(of: note.id).first { $0.segment == a }?.file.fileName ?? a
    case .history: return l10n.string("history")
    case .revision(let h): return l10n.string("history") + " · " + h
    case .collaborators: return l10n.string("collaborators")
    }
  }

  /// A note's pages are rendered one after another, so the last note's is enough; keeping
  /// more would hold every note's page data until the build ends.
  func noteData(_ note: Note, scratch: PageScratch) -> TemplateValue {
    if let made = scratch.note, made.id == note.id { return made.data }
    let made = makeNoteData(note)
    scratch.note = (note.id, made)
    return made
  }

  /// Each tag with its page's ID, the first of those that share a page.
  static func uniqueTagIDs(_ tags: [String]) -> [(tag: String, id: String)] {
    var seen = Set<String>()
    return tags.compactMap { tag in
      let id = SiteLoader.tagID(tag)
      return seen.insert(id).inserted ? (tag, id) : nil
    }
  }

  func makeNoteData(_ note: Note) -> TemplateValue {
    let attachments = attachmentIDs(of: note.id)
    // Made once per note (`precompute`): looking each linking note up here copied it.
    let backlinks = (graph.backlinks[note.id] ?? []).compactMap { id -> TemplateValue? in
      backlinkValues[id] ?? (site.notes.index(forKey: id) == nil ? nil : Self.backlink(fromItem: makeNoteItem(id)))
    }
    return .object([
      "id": .string(note.id),
      "title": .string(note.title),
      "url": .string(urls.url(.note(note.id))),
      "lang": note.frontMatter.lang.map(TemplateValue.string) ?? .null,
      "dir": note.frontMatter.lang.map { .string(Localization.direction(of: $0)) } ?? .null,
      "updated_iso": .string(Self.iso(note.updated)),
      "updated_label": .string(l10n.date(note.updated, zone: note.updatedZone)),
      "created_iso": .string(Self.iso(note.created)),
      "created_label": .string(l10n.date(note.created, zone: note.createdZone)),
      "show_created": .bool(l10n.date(note.created, zone: note.createdZone) != l10n.date(note.updated, zone: note.updatedZone)),
      "updated_is_created": .bool(note.updatedIsCreated),
      // Tags that share a page (`#to_do`, `#to-do`) are one chip.
      "tags": .list(Self.uniqueTagIDs(note.tags).map { (tag, id) in
        .object(["name": .string(site.tagNames[id] ?? tag), "url": .string(urls.url(.tag(id, page: 1)))])
      }),
      "has_tags": .bool(!note.tags.isEmpty),
      "html": .string(noteHTML[note.id] ?? ""),
      "has_attachments": .bool(!attachments.isEmpty),
      "attachments_url": .string(urls.url(.noteDetail(note.id, .attachments))),
      "attachments_label": .string(l10n.count("attachments_count", attachments.count)),
      "history_url": .string(urls.url(.noteDetail(note.id, .history))),
      "collaborators_url": .string(urls.url(.noteDetail(note.id, .collaborators))),
      "has_backlinks": .bool(!backlinks.isEmpty),
      "backlinks": .list(backlinks),
    ])
  }
}
