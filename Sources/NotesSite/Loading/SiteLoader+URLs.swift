import Foundation
import NotesCore
import NotesGit
import NotesMarkdown

extension SiteLoader {
  /// The top-level "Notes" folder holds notes and files written directly in `content/`.
  static let topLevelFolderID = "notes"

  /// Gives every folder, note and file its URL (DESIGN §3) and builds the folder tree.
  func assignURLs(
    _ site: inout Site, directories: [String], notes: [NoteSource], assets: [ContentTree.Entry]
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var childDirectories = PathMap<[String]>()
    for directory in directories where !directory.isEmpty {
      childDirectories[PathName.folder(directory), default: []].append(directory)
    }
    var assetsIn = PathMap<[ContentTree.Entry]>()
    for asset in assets { assetsIn[PathName.folder(asset.path), default: []].append(asset) }

    // A Hugo leaf bundle, `posts/my-trip/index.md` with the trip's images beside it and no
    // other note in or below its folder, is the note `my-trip` of `posts`, its files beside its
    // page, as Hugo publishes it.
    var notesBelow = PathMap<Int>()
    for note in notes {
      var dir = PathName.folder(note.path)
      while !dir.isEmpty {
        notesBelow[dir, default: 0] += 1
        dir = PathName.folder(dir)
      }
    }
    var bundleName = PathMap<String>()
    var placedIn = PathMap<String>()
    for note in notes where PathName.stem(note.path) == "index" {
      let dir = String(PathName.folder(note.path))
      guard !dir.isEmpty, notesBelow[dir] == 1 else { continue }
      bundleName[note.path] = String(PathName.last(dir))
      placedIn[note.path] = String(PathName.folder(dir))
    }
    // Folders with a note in them or below: the others have no page.
    var directoriesWithNotes = PathMap<Bool>()
    for note in notes {
      var dir = placedIn[note.path] ?? String(PathName.folder(note.path))
      while !dir.isEmpty, directoriesWithNotes[dir] == nil {
        directoriesWithNotes[dir] = true
        dir = PathName.folder(dir)
      }
    }
    // A folder note: `Recipes.md` beside a `Recipes/` folder of notes, as Notion exports every
    // parent page (`Page 2e36….md` beside `Page 2e36…/`) and Obsidian's folder notes keep them,
    // is that folder's note, listed in it; beside it, the two would want one URL.
    for note in notes where placedIn[note.path] == nil {
      let dir = PathName.folder(note.path)
      let own = (dir.isEmpty ? "" : dir + "/") + PathName.stem(note.path)
      if directoriesWithNotes[own] == true { placedIn[note.path] = own }
    }
    /// The folder a note is listed in: its own, or the folder it is the note of.
    func home(_ path: String) -> String { placedIn[path] ?? String(PathName.folder(path)) }
    // Notes by index: a note source is large, and copying ten thousand of them into folder
    // lists showed in profiles.
    var notesIn = PathMap<[Int]>()
    for i in notes.indices { notesIn[home(notes[i].path), default: []].append(i) }
    /// A folder with no notes below it, none of whose files or folders would be named like
    /// a note page's own files (`index.html`, `history/`…): a note of its name may sit
    /// beside its files.
    func mayShareWithANote(_ directory: String) -> Bool {
      guard directoriesWithNotes[directory] == nil else { return false }
      let reserved: Set<String> = ["index.html", "attachments", "history", "collaborators"]
      let names =
        (childDirectories[directory] ?? []).map { Slug.make(String(PathName.last($0))) }
        + (assetsIn[directory] ?? []).map { asset in
          let ext = String(PathName.extension(asset.path))
          let slug = Slug.make(PathName.stem(asset.path))
          return ext.isEmpty ? slug : slug + "." + Slug.make(ext)
        }
      return names.allSatisfy { !reserved.contains($0) }
    }
    var folderIDOf = PathMap<String>()
    folderIDOf[""] = ""
    var noteIDOf = PathMap<String>()

    func report(_ collisions: [SlugAssignment.Collision], folderID: String) {
      for c in collisions {
        let url = site.config.basePath + (folderID.isEmpty ? "" : folderID + "/") + c.slug
        // Names that look the same: one written in composed, one in decomposed Unicode (a
        // file copied from a Mac).
        let lookAlike =
          // (Swift's `==` already holds such names equal; their bytes differ.)
          c.loser == c.winner && !c.loser.utf8.elementsEqual(c.winner.utf8)
          ? " (their names differ only in Unicode normalisation, NFC and NFD)" : ""
        var d = Diagnostic.warning(
          "'content/\(c.loser)' and 'content/\(c.winner)' would both be published at \(url)\(lookAlike); "
            + "'\((c.loser as NSString).lastPathComponent)' gets a different URL",
          at: SourceLocation(path: "content/" + c.loser))
        if strict { d = d.escalated }
        diagnostics.append(d)
      }
    }

    /// Assigns one namespace: the URL folder `folderID` holding these children.
    func assignNamespace(
      folderID: String, directories dirs: [String], notes noteIndices: [Int],
      assets: [ContentTree.Entry]
    ) {
      var candidates: [SlugAssignment.Candidate] = []
      // A Notion export's page id (`Plan 2e36…eb1b.md`) stays out of the URL, as it does out of
      // the title, and so do the `%3A`-style escapes of Logseq's older graphs, unless two notes
      // (or two folders) here would then share one.
      func bare(_ name: String) -> String {
        (name.utf8.contains(UInt8(ascii: "%")) ? PathName.decodingReserved(name) : name).withoutNotionPageID
      }
      var notesNamed: [String: Int] = [:]
      var foldersNamed: [String: Int] = [:]
      for d in dirs { foldersNamed[Slug.make(bare(String(PathName.last(d)))), default: 0] += 1 }
      for i in noteIndices { notesNamed[Slug.make(bare(bundleName[notes[i].path] ?? PathName.stem(notes[i].path))), default: 0] += 1 }
      func slug(_ name: String) -> String {
        let short = bare(name)
        guard short != name else { return Slug.make(name) }
        let made = Slug.make(short)
        return (notesNamed[made] ?? 0) <= 1 && (foldersNamed[made] ?? 0) <= 1 ? made : Slug.make(name)
      }
      for d in dirs {
        let name = String(PathName.last(d))
        candidates.append(
          .init(key: d, name: name, slug: slug(name), rank: 0, sharesWithANote: mayShareWithANote(d)))
      }
      for i in noteIndices {
        let name = bundleName[notes[i].path] ?? PathName.stem(notes[i].path)
        let preferred = notes[i].frontMatter.slug.map(Slug.make) ?? slug(name)
        candidates.append(.init(key: notes[i].path, name: name, slug: preferred, rank: 1))
      }
      for a in assets {
        let ext = String(PathName.extension(a.path))
        let name = PathName.stem(a.path)
        let suffix = ext.isEmpty ? "" : "." + Slug.make(ext)
        candidates.append(
          .init(key: a.path, name: name, slug: Slug.make(name), rank: 2, suffix: suffix))
      }
      let (slugs, collisions) = SlugAssignment.assign(candidates)
      report(collisions, folderID: folderID)
      let prefix = folderID.isEmpty ? "" : folderID + "/"
      for d in dirs { folderIDOf[d] = prefix + slugs[d]! }
      for i in noteIndices { noteIDOf[notes[i].path] = prefix + slugs[notes[i].path]! }
      for a in assets {
        let ext = String(PathName.extension(a.path))
        let id = prefix + slugs[a.path]! + (ext.isEmpty ? "" : "." + Slug.make(ext))
        site.files[id] = FileAsset(
          id: id, sourcePath: a.path, size: a.size,
          kind: AttachmentKind(fileExtension: ext))
      }
    }

    // The root namespace holds only folders; top-level notes and files join "Notes".
    assignNamespace(
      folderID: "", directories: childDirectories[""] ?? [], notes: [], assets: [])
    let notesDirectory = (childDirectories[""] ?? []).first {
      folderIDOf[$0] == Self.topLevelFolderID
    }
    for directory in directories where !directory.isEmpty {
      let isNotesFolder = notesDirectory.map { directory.utf8.elementsEqual($0.utf8) } ?? false
      assignNamespace(
        folderID: folderIDOf[directory]!, directories: childDirectories[directory] ?? [],
        notes: (notesIn[directory] ?? []) + (isNotesFolder ? notesIn[""] ?? [] : []),
        assets: (assetsIn[directory] ?? []) + (isNotesFolder ? assetsIn[""] ?? [] : []))
    }
    if notesDirectory == nil {
      assignNamespace(
        folderID: Self.topLevelFolderID, directories: [], notes: notesIn[""] ?? [],
        assets: assetsIn[""] ?? [])
    }

    // Folders that hold a published note, directly or below.
    func folderIDForNote(_ path: String) -> String {
      let dir = home(path)
      return dir.isEmpty ? Self.topLevelFolderID : folderIDOf[dir]!
    }
    func ensureFolder(directory: String?) {
      let id = directory.map { folderIDOf[$0]! } ?? Self.topLevelFolderID
      if site.folders[id] != nil { return }
      guard let directory else {
        site.folders[id] = Folder(id: id, name: "Notes", sourcePath: "", parentID: nil, depth: 0)
        return
      }
      let up = PathName.folder(directory)
      let depth = directory.split(separator: "/").count - 1
      site.folders[id] = Folder(
        id: id, name: sectionTitles[directory] ?? PathName.displayName(PathName.last(directory)), sourcePath: directory,
        parentID: up.isEmpty ? nil : folderIDOf[up]!, depth: depth)
      if !up.isEmpty { ensureFolder(directory: up) }
    }

    site.notes.reserveCapacity(notes.count)
    for i in notes.indices {
      let dir = home(notes[i].path)
      ensureFolder(directory: dir.isEmpty ? notesDirectory : dir)
      let id = noteIDOf[notes[i].path]!
      site.notes[id] = makeNote(notes[i], id: id, folderID: folderIDForNote(notes[i].path), history: site.history)
    }
    return diagnostics
  }

  func makeNote(_ source: NoteSource, id: String, folderID: String, history: GitHistory?) -> Note {
    let fm = source.frontMatter
    let revisions = history?.revisions(ofContentPath: source.path) ?? []
    var title =
      fm.title.flatMap { $0.isEmpty ? nil : $0 } ?? source.analysis.titleHeading(path: source.path)
      ?? Self.jekyllPostTitle(source.path) ?? Self.logseqJournalTitle(source.path) ?? Self.denoteName(source.path)?.title
      // A section's `_index.md`, a folder's `README.md` or `index.md` without a title reads
      // as its folder, as GitHub and Hugo show them.
      ?? ((Self.isSectionFile(source.path) || Self.isFolderIndex(source.path)) && source.path.contains("/")
        ? PathName.displayName(PathName.last(String(PathName.folder(source.path)))) : nil)
      ?? PathName.displayName(
        // A GitHub wiki shows the page `Talk-to-us.md` as "Talk to us".
        config.labelFirstLinks ? PathName.stem(source.path).replacingOccurrences(of: "-", with: " ") : PathName.stem(source.path))
    // A drawing is called by its name, `Plan` for `Plan.excalidraw.md`.
    if Self.isDrawing(source.path), title.lowercased().hasSuffix(".excalidraw") { title.removeLast(".excalidraw".count) }
    // Git dates cover the whole history, following renames: the created date comes from the
    // first commit even when `history_limit` keeps it out of `revisions`.
    let firstCommit = history?.firstRevision(ofContentPath: source.path)
    let created = fm.date ?? firstCommit?.date ?? source.modified
    let lastCommit = revisions.first ?? history?.lastRevision(ofContentPath: source.path)
    // A rebased or cherry-picked commit keeps its old author date: the newest commit may be
    // dated before the first, and the note was still edited last at the later of the two.
    let gitUpdated = [lastCommit?.date, firstCommit?.date].compactMap { $0 }.max()
    let updated = fm.updated ?? gitUpdated ?? fm.date ?? source.modified
    var tags = Set<String>()
    for tag in fm.tags + source.analysis.tags + (Self.denoteName(source.path)?.tags ?? []) {
      let normalised = Self.normaliseTag(tag)
      if !normalised.isEmpty { tags.insert(normalised) }
    }
    return Note(
      // A created date that falls back to the file's time may be later than a front matter
      // `updated`; the note cannot be created after its last edit.
      id: id, folderID: folderID, sourcePath: source.path, title: title,
      created: min(created, updated), updated: updated, frontMatter: fm, body: source.body,
      bodyLineOffset: source.bodyLineOffset, analysis: source.analysis, tags: tags.sorted(),
      revisions: revisions, includes: includes(of: source))
  }

  /// The text each of mdBook's file directives in the note includes (`{{#include a.rs:2:10}}`
  /// is lines 2 to 10 of `a.rs` beside the note), or why it includes nothing: only files
  /// under `content/` that the scan found, as UTF-8 text of at most 1 MB. A `.md` file is
  /// another note, embedded instead (`MdBookIncludes.embeddingChapters`).
  func includes(of source: NoteSource) -> [String: IncludedText] {
    let arguments = MdBookIncludes.arguments(in: source.body)
    guard !arguments.isEmpty else { return [:] }
    var found: [String: IncludedText] = [:]
    let folder = String(PathName.folder(source.path))
    for argument in arguments {
      let (written, part) = MdBookIncludes.target(of: argument)
      let path = written.removingPercentEncoding ?? written
      guard !path.lowercased().hasSuffix(".md") else { continue }
      // `@/` (VitePress, Zola) starts from `content/`.
      let from = path.hasPrefix("@/") ? "" : folder
      guard let resolved = LinkIndex.normalise(path.hasPrefix("@/") ? String(path.dropFirst(2)) : path, from: from),
        contentPaths.contains(resolved)
      else {
        found[argument] = .missing("cannot include '\(written)': no such file under content/")
        continue
      }
      guard case .success(let bytes) = Self.readFile(contentDirectory.appendingPathComponent(resolved).path),
        bytes.count <= 1 << 20, let text = String(validating: bytes, as: UTF8.self)
      else {
        found[argument] = .missing("cannot include '\(written)': not a UTF-8 text file of at most 1 MB")
        continue
      }
      guard let excerpt = MdBookIncludes.excerpt(text, part) else {
        found[argument] = .missing("cannot include '\(argument)': '\(written)' has no anchor named so")
        continue
      }
      found[argument] = .text(excerpt)
    }
    return found
  }

  /// Tags compare case-insensitively (`#Work` = `#work`); `/` nests.
  static func normaliseTag(_ tag: String) -> String {
    // Most tags are short ASCII words: nothing to trim or compose.
    if tag.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "/") }) {
      return tag.lowercased()
    }
    var t = Substring(tag.trimmingCharacters(in: .whitespaces))
    while t.hasPrefix("#") { t = t.dropFirst() }
    return t.split(separator: "/").map { $0.lowercased() }.joined(separator: "/")
      .precomposedStringWithCanonicalMapping
  }

  /// A tag's URL segment(s): each level slugged, `/` kept for nesting.
  static func tagID(_ tag: String) -> String {
    tag.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/")
  }

  /// Sorts every list: folders by name; notes pinned first, then newest `updated` first, then
  /// title; tags collected from notes, each a smart folder with the same order (a parent tag
  /// holding the notes of the tags below it).
  /// Each tag as first written, by note ID, where that differs from its ID; the tags above
  /// a nested one as written there (`PokeroleSRD` from `PokeroleSRD/Abilities`).
  static func tagNames(_ notes: [String: Note]) -> [String: String] {
    var names: [String: String] = [:]
    var seen = Set<String>()
    var named = Set<String>()
    for id in notes.keys.sorted() {
      let note = notes[id]!
      for raw in note.frontMatter.tags + note.analysis.tags {
        var written = Substring(raw.trimmingCharacters(in: .whitespaces))
        while written.hasPrefix("#") { written = written.dropFirst() }
        guard !written.isEmpty, seen.insert(String(written)).inserted else { continue }
        let parts = written.split(separator: "/", omittingEmptySubsequences: true)
        var parentID = ""
        for count in 1...max(parts.count, 1) where count <= parts.count {
          let tagID = Self.tagID(normaliseTag(parts.prefix(count).joined(separator: "/")))
          guard !tagID.isEmpty else { break }
          if named.insert(tagID).inserted {
            // Each level as first written, below its parent as that was.
            let shown = count == 1 ? String(parts[0]) : (names[parentID] ?? parentID) + "/" + parts[count - 1]
            if shown != tagID { names[tagID] = shown }
          }
          parentID = tagID
        }
      }
    }
    return names
  }

  func finishLists(_ site: inout Site) {
    // Equal `updated` falls back to the title as a reader of the site's language orders it;
    // keys are computed once per note, not per comparison.
    let language = config.language
    // Sorted as indices into one array of sort keys: no note is copied, nothing is looked up
    // by name while sorting.
    // Collation keys are the costly part: made on all cores.
    let keys = site.notes.values.map { note in
      (id: note.id, folderID: note.folderID, pinned: note.pinned, updated: note.updated, tags: note.tags)
    }
    let titles = concurrentMap(site.notes.values.map(\.title)) { TitleCollation.key($0, language: language) }
    // Dates in an array of their own: comparing them must not copy a key's strings.
    let updated = keys.map(\.updated)
    func newerOrTitleFirst(_ i: Int, _ j: Int) -> Bool {
      if updated[i] != updated[j] { return updated[i] > updated[j] }
      if titles[i].primary != titles[j].primary { return titles[i].primary < titles[j].primary }
      if titles[i].secondary != titles[j].secondary { return titles[i].secondary < titles[j].secondary }
      return keys[i].id < keys[j].id
    }
    let recent = keys.indices.sorted(by: newerOrTitleFirst)
    site.recentNoteIDs = recent.map { keys[$0].id }
    // Pinned notes first, each group in recent order (a stable partition of `recent`).
    let ordered = recent.filter { keys[$0].pinned } + recent.filter { !keys[$0].pinned }
    var tags: [String: [String]] = [:]
    // A note is listed under each of its tags and every tag above them (`#work/meetings` under
    // `#work` too, as Obsidian's `tag:#work` finds it), once per tag however many lead there.
    var tagPaths: [String: [String]] = [:]
    var listed = Set<String>()
    for index in ordered {
      let note = keys[index]
      site.folders[note.folderID]?.noteIDs.append(note.id)
      listed.removeAll(keepingCapacity: true)
      for tag in note.tags {
        let path = tagPaths[tag] ?? Site.tagAndAncestors(Self.tagID(tag))
        tagPaths[tag] = path
        for id in path where listed.insert(id).inserted {
          tags[id, default: []].append(note.id)
        }
      }
      site.referenceDate = max(site.referenceDate, note.updated)
    }
    site.tags = tags
    site.tagNames = Self.tagNames(site.notes)
    let names = site.folders.mapValues { $0.name.lowercased() }
    func folderOrder(_ a: String, _ b: String) -> Bool {
      return (names[a]!, a) < (names[b]!, b)
    }
    for folder in site.folders.values {
      if let p = folder.parentID { site.folders[p]?.childIDs.append(folder.id) }
    }
    for id in site.folders.keys { site.folders[id]!.childIDs.sort(by: folderOrder) }
    site.rootFolderIDs = site.folders.values.filter { $0.parentID == nil }.map(\.id).sorted(
      by: folderOrder)
  }
}
