import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesSearch

/// What a build remembers of every note so that the next one, when only the text of a few
/// notes changed in ways no other page shows, can update those notes' pages in place instead
/// of building the site again (`SiteBuilder.updateInPlace`). Kept beside the output as
/// `.<output>.notes-site-edits`: a header, then one record per note file; a record appended
/// later replaces an earlier one for the same file, which is how an in-place update records
/// what it did. A file that cannot be read, or a record cut short, is ignored.
struct EditState {
  static let magic = Array("notes-site-edits-2\n".utf8)

  static func url(for output: URL) -> URL { OutputWriter.sibling(output, "edits") }

  /// The build the records belong to.
  struct Header: Equatable {
    /// `InputFingerprint.binaryIdentity`.
    var identity: UInt64
    /// `InputFingerprint.compute(…).base`: everything but the notes' texts.
    var base: UInt64
    var notes: Int
    var folders: Int
    var pages: Int
  }

  /// One note file.
  struct Record {
    var path: String
    /// `ContentTree.Entry.stamp` of the text this record describes, and when that was scanned
    /// (an edit within the file system's timestamp granularity after it may not show).
    var stamp: String
    var scannedAt: Date
    /// The folder list page that shows the note's entry (its output path), so the notes that
    /// share it can be found without reading every record; empty when none does.
    var group = ""
    /// Empty for a draft (not published).
    var id = ""
    /// Whether an edit to this note alone can be made in place: it is published, embeds no
    /// note and no note embeds it, its dates do not come from the file's time, and its HTML
    /// is small enough for the feed when the feed shows it.
    var inPlace = false
    /// `EditState.shape` of its front matter and analysis.
    var shape: UInt64 = 0
    /// `EditState.entry` of its analysis: what its entry in notes lists shows of its text.
    var entry: UInt64 = 0
    /// `EditState.anchors` of its analysis, and whether any note (itself included) links to
    /// one of its headings or blocks: then a change of them may change what those links do.
    var anchors: UInt64 = 0
    var linkedInto = false
    /// Output paths of the list pages that show its entry (`group` first), and of its own
    /// pages (its note page first), which show its entry marked as the one open.
    var listPages: [String] = []
    var pages: [String] = []
    /// Line and column of each of its references, in order (two numbers each).
    var positions: [Int] = []
    /// How its references resolved, and the kinds of the files among them.
    var resolved: [SiteGraph.ResolvedKey: LinkTarget] = [:]
    var fileKinds: [String: AttachmentKind] = [:]
    /// The build's warnings about this note that do not come from rendering its text
    /// (resolving links, aliases, and so on), which an edit of its text keeps.
    var warnings: [Diagnostic] = []
    /// Byte length and `ContentHash.wide` of its HTML, as the note page holds it.
    var htmlLength = 0
    var htmlHash: UInt64 = 0
    /// Its search document: number in the index, and what the index shows besides the text.
    var search: Search?
    /// Its HTML and preview when the feed carries it.
    var feedHTML: String?
    var feedPreview: String?
  }

  struct Search {
    var number: Int
    var title: String
    var folder: String
    var url: String
    var updated: Date
  }

  /// A record's place in the file, found without decoding the rest of it.
  struct Slot {
    var stamp: String
    var scannedAt: Date
    var group: String
    var range: Range<Int>
  }

  var header: Header
  var slots: [String: Slot]
  private var bytes: [UInt8]

  /// The state beside an output, if it is readable and was written by this binary.
  static func read(from url: URL, identity: UInt64) -> EditState? {
    guard case .success(let bytes) = SiteLoader.readFile(url.path) else { return nil }
    var reader = CacheDecoder(bytes: bytes)
    guard reader.take(magic.count).map(Array.init) == magic, reader.u64() == identity, let base = reader.u64(),
      let notes = reader.int(), let folders = reader.int(), let pages = reader.int()
    else { return nil }
    var slots: [String: Slot] = [:]
    while reader.offset < bytes.count {
      guard let length = reader.int(), length > 0, reader.offset + length <= bytes.count else { break }
      let start = reader.offset
      guard let path = reader.string(), let stamp = reader.string(), let scanned = reader.u64(), let group = reader.string()
      else { break }
      slots[path] = Slot(
        stamp: stamp, scannedAt: Date(timeIntervalSince1970: Double(bitPattern: scanned)), group: group,
        range: start..<(start + length))
      reader.offset = start + length
    }
    let header = Header(identity: identity, base: base, notes: notes, folders: folders, pages: pages)
    return EditState(header: header, slots: slots, bytes: bytes)
  }

  /// The whole record of `path`.
  func record(_ path: String) -> Record? {
    guard let slot = slots[path] else { return nil }
    var reader = CacheDecoder(bytes: Array(bytes[slot.range]))
    return reader.editRecord()
  }

  /// Writes a new state: `header`, then `records`.
  static func write(_ header: Header, _ records: [Record], to url: URL) {
    var file = CacheFileWriter(url)
    var w = CacheEncoder()
    w.bytes += magic
    w.u64(header.identity)
    w.u64(header.base)
    w.int(header.notes)
    w.int(header.folders)
    w.int(header.pages)
    for record in records {
      w.editRecord(record)
      file.drain(&w)
    }
    file.finish(&w)
  }

  /// Appends `records`, which replace the earlier records of the same files.
  static func append(_ records: [Record], to url: URL) -> Bool {
    var w = CacheEncoder()
    for record in records { w.editRecord(record) }
    return OutputWriter.append(w.bytes, toFileAt: url.path)
  }

  /// A hash of what other pages show of a note, or what decides it (its front matter, title
  /// heading, tags, references), and one of where its references are; its entry in lists
  /// (`entry`) and its headings and block ids (`anchors`) aside. An edit that keeps the first
  /// changes only the note's own text, perhaps its entry, and its anchors, which only links
  /// into it show.
  static func shape(_ frontMatter: FrontMatter, _ analysis: NoteAnalysis) -> (shape: UInt64, positions: [Int]) {
    var h = StableHasher()
    func optional(_ s: String?) {
      h.combine(s != nil)
      h.combine(s ?? "")
    }
    func date(_ d: Date?) {
      h.combine(d != nil)
      h.combine(d ?? Date(timeIntervalSince1970: 0))
    }
    let f = frontMatter
    optional(f.title)
    date(f.date)
    date(f.updated)
    h.combine(f.dateZone ?? Int.min)
    h.combine(f.updatedZone ?? Int.min)
    h.combine(f.tags)
    h.combine(f.pinned)
    h.combine(f.draft)
    optional(f.slug)
    h.combine(f.aliases)
    h.combine(f.collaborators)
    optional(f.lang)
    optional(f.permalink)
    let a = analysis
    optional(a.firstH1)
    // Whether the opening heading is one of several level-1 headings: then the note may be
    // named by its file instead (`NoteAnalysis.titleHeading`), which lists show.
    h.combine(a.hasSeveralLevelOneHeadings)
    h.combine(a.tags)
    h.combine(a.references.count)
    var positions: [Int] = []
    positions.reserveCapacity(2 * a.references.count)
    for r in a.references {
      h.combine(CacheEncoder.code(r.kind))
      h.combine(r.target)
      optional(r.fragment)
      positions += [r.line, r.column]
    }
    return (h.value, positions)
  }

  /// A hash of a note's headings and block ids: what a link to `Note#heading` or
  /// `Note#^block` resolves against.
  static func anchors(_ analysis: NoteAnalysis) -> UInt64 {
    var h = StableHasher()
    h.combine(analysis.headings.count)
    for heading in analysis.headings {
      h.combine(heading.level)
      h.combine([heading.text, heading.id])
    }
    h.combine(analysis.blockIDs)
    h.combine(analysis.anchors)
    return h.value
  }

  /// A hash of what a note's entry in notes lists shows of its text: its preview and task
  /// counts.
  static func entry(_ analysis: NoteAnalysis) -> UInt64 {
    var h = StableHasher()
    h.combine(analysis.preview)
    h.combine(analysis.tasks.done)
    h.combine(analysis.tasks.total)
    return h.value
  }

  /// Where a note's entry in notes lists is shown: `group` and `lists` as in `Record`.
  struct Placement {
    var group = ""
    var lists: [String] = []
    var pages: [String] = []
  }

  /// The records of a finished build: `parsed` holds every note file read (drafts too), `notes`
  /// every note file there is, `site` the published notes, `placements` where each note's
  /// entry in lists is shown, `documents` the search index's (`SiteBuilder.searchDocuments`, in
  /// the order of the notes' IDs), `links`, `html` and
  /// `renderWarnings` each note's resolved links, HTML and warnings of rendering, `warnings`
  /// every warning of the build.
  static func records(
    parsed: [(ContentTree.Entry, NoteCache.Entry)], site: Site, documents: [SearchDocument],
    links: [String: SiteGraph.Links], renderWarnings: [String: [Diagnostic]], html: [String: String],
    placements: [String: Placement], warnings: [Diagnostic], notes: [ContentTree.Entry], scannedAt: Date
  ) -> [Record] {
    // What is needed of each note, read once: a lookup in `site.notes` copies a whole note.
    let facts = site.notes.mapValues { note in
      (displayPath: note.displayPath, sourcePath: note.sourcePath, date: note.frontMatter.date,
       updated: note.frontMatter.updated)
    }
    var idByPath: [String: String] = [:]
    for (id, note) in facts { idByPath[note.sourcePath] = id }
    // Notes shown inside other notes: their text is on those notes' pages too. And notes
    // whose headings or blocks a link points at.
    var embedded = Set<String>()
    var embeds = Set<String>()
    var linkedInto = Set<String>()
    for (id, found) in links {
      for (key, target) in found.resolved {
        guard case .note(let other, _) = target else { continue }
        if key.kind.embedsNotes {
          embedded.insert(other)
          embeds.insert(id)
        }
        if key.fragment != nil { linkedInto.insert(other) }
      }
    }
    // The search index numbers documents newest first, as `SearchIndex.build` orders them.
    let ids = site.notes.keys.sorted()
    var number: [String: Int] = [:]
    var documentIndex: [String: Int] = [:]
    for (i, id) in ids.enumerated() { documentIndex[id] = i }
    for (n, i) in documents.indices.sorted(by: { SearchIndex.isListedBefore(documents[$0], documents[$1]) }).enumerated() {
      number[ids[i]] = n
    }
    let inFeed = Set(SiteBuilder.feedNoteIDs(site))
    let hasRevisions = site.notes.values.contains { !$0.revisions.isEmpty }
    var warningsByPath: [String: [Diagnostic]] = [:]
    for w in warnings { if let path = w.location?.path { warningsByPath[path, default: []].append(w) } }

    // A record that says only where the note's entry is shown: enough for an edit of a note
    // beside it in a list.
    func placed(_ entry: ContentTree.Entry) -> Record {
      var record = Record(path: entry.path, stamp: entry.stamp, scannedAt: scannedAt)
      if let id = idByPath[entry.path], let placement = placements[id] {
        (record.group, record.listPages, record.pages) = (placement.group, placement.lists, placement.pages)
      }
      return record
    }
    // By index: a note's parse results are large values, and each copy retains all of them.
    var records = parsed.indices.map { i in
      let entry = parsed[i].0
      var record = placed(entry)
      guard let id = idByPath[entry.path], let note = facts[id], !embedded.contains(id), !embeds.contains(id) else {
        return record
      }
      // Dates that come from the file's time change with every edit.
      let history = site.history
      guard note.date != nil || history?.firstRevision(ofContentPath: note.sourcePath) != nil,
        note.updated != nil || note.date != nil || history?.lastRevision(ofContentPath: note.sourcePath) != nil
      else { return record }
      let text = html[id] ?? ""
      if inFeed.contains(id) {
        guard text.utf8.count <= SiteBuilder.feedContentLimit else { return record }
        record.feedHTML = text
        record.feedPreview = parsed[i].1.analysis.preview
      }
      guard let found = links[id] else { return record }
      record.id = id
      record.inPlace = true
      (record.shape, record.positions) = Self.shape(parsed[i].1.frontMatter, parsed[i].1.analysis)
      record.entry = Self.entry(parsed[i].1.analysis)
      record.anchors = Self.anchors(parsed[i].1.analysis)
      // Old revisions' links, which their pages resolve against today's headings, are not
      // known here: where there are any, every note's headings count as linked into.
      record.linkedInto = linkedInto.contains(id) || hasRevisions
      record.resolved = found.resolved
      for case .file(let file) in found.resolved.values { record.fileKinds[file] = site.files[file]?.kind ?? .other }
      // The build's warnings about the note less those of rendering it, which an edit redoes.
      var rest = warningsByPath[note.displayPath] ?? []
      for w in renderWarnings[id] ?? [] {
        if let i = rest.firstIndex(of: w) { rest.remove(at: i) }
      }
      record.warnings = rest
      record.htmlLength = text.utf8.count
      record.htmlHash = hashHTML(text)
      if let n = number[id], let i = documentIndex[id] {
        let d = documents[i]
        record.search = Search(number: n, title: d.title, folder: d.folder, url: d.url, updated: d.updated)
      }
      return record
    }
    // Notes read with a warning are not in the parse cache; an edit of one takes a whole
    // build, but an edit of a note beside one in a list changes its pages.
    let recorded = Set(records.map(\.path))
    for entry in notes where !recorded.contains(entry.path) { records.append(placed(entry)) }
    return records
  }

  static func hashHTML(_ html: String) -> UInt64 {
    var html = html
    return html.withUTF8 { ContentHash.wide($0) }
  }
}

extension CacheEncoder {
  /// A record, with its length first so a reader can step over it.
  mutating func editRecord(_ r: EditState.Record) {
    var w = CacheEncoder()
    w.string(r.path)
    w.string(r.stamp)
    w.u64(r.scannedAt.timeIntervalSince1970.bitPattern)
    w.string(r.group)
    w.string(r.id)
    w.bool(r.inPlace)
    w.u64(r.shape)
    w.u64(r.entry)
    w.u64(r.anchors)
    w.bool(r.linkedInto)
    w.strings(r.listPages)
    w.strings(r.pages)
    w.int(r.positions.count)
    for n in r.positions { w.int(n) }
    w.links(SiteGraph.Links(files: [], notes: [], diagnostics: r.warnings, resolved: r.resolved))
    w.int(r.fileKinds.count)
    for (id, kind) in r.fileKinds.sorted(by: { $0.key < $1.key }) {
      w.string(id)
      w.string(kind.rawValue)
    }
    w.int(r.htmlLength)
    w.u64(r.htmlHash)
    w.bool(r.search != nil)
    if let s = r.search {
      w.int(s.number)
      w.string(s.title)
      w.string(s.folder)
      w.string(s.url)
      w.u64(s.updated.timeIntervalSince1970.bitPattern)
    }
    w.optional(r.feedHTML)
    w.optional(r.feedPreview)
    int(w.bytes.count)
    bytes += w.bytes
  }
}

extension CacheDecoder {
  mutating func editRecord() -> EditState.Record? {
    guard let path = string(), let stamp = string(), let scanned = u64(), let group = string(), let id = string(),
      let inPlace = bool(), let shape = u64(), let entry = u64(), let anchors = u64(), let linkedInto = bool(),
      let listPages = strings(), let pages = strings(),
      let positionCount = int(), positionCount >= 0, positionCount < 10_000_000
    else { return nil }
    var positions: [Int] = []
    for _ in 0..<positionCount {
      guard let n = int() else { return nil }
      positions.append(n)
    }
    guard let links = links(), let kindCount = int(), kindCount >= 0 else { return nil }
    var r = EditState.Record(path: path, stamp: stamp, scannedAt: Date(timeIntervalSince1970: Double(bitPattern: scanned)))
    (r.id, r.inPlace, r.shape, r.positions) = (id, inPlace, shape, positions)
    (r.group, r.entry, r.listPages, r.pages) = (group, entry, listPages, pages)
    (r.anchors, r.linkedInto) = (anchors, linkedInto)
    (r.resolved, r.warnings) = (links.resolved, links.diagnostics)
    for _ in 0..<kindCount {
      guard let file = string(), let raw = string(), let kind = AttachmentKind(rawValue: raw) else { return nil }
      r.fileKinds[file] = kind
    }
    guard let length = int(), let hash = u64(), let hasSearch = bool() else { return nil }
    (r.htmlLength, r.htmlHash) = (length, hash)
    if hasSearch {
      guard let number = int(), let title = string(), let folder = string(), let url = string(), let updated = u64()
      else { return nil }
      r.search = EditState.Search(
        number: number, title: title, folder: folder, url: url, updated: Date(timeIntervalSince1970: Double(bitPattern: updated)))
    }
    guard let feed = optional(), let feedPreview = optional() else { return nil }
    (r.feedHTML, r.feedPreview) = (feed, feedPreview)
    return r
  }
}
