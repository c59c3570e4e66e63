import Foundation
import NotesCore
import NotesMarkdown

/// What a note's parse produced (front matter and Markdown analysis), kept between builds
/// beside the output (`.<output>.notes-site-cache`), so a rebuild reads an unchanged note's
/// text but does not parse its YAML or Markdown again. A note is unchanged when its size and
/// modification time (nanoseconds) are; the cache is dropped whole when the notes-site binary
/// changes. A cache that cannot be read is ignored, never an error.
struct NoteCache: Sendable {
  struct Entry: Sendable {
    /// `ContentTree.Entry.stamp` of the file that was parsed.
    var stamp: String
    var size: Int
    var modified: Date
    var frontMatter: FrontMatter
    var bodyLineOffset: Int
    var analysis: NoteAnalysis
  }

  var entries: [String: Entry] = [:]
  /// When the files of the cache were scanned. A file modified less than `racyWindow` before
  /// that may have changed again within the file system's timestamp granularity after it was
  /// read, so its entry is not trusted (git calls such entries "racily clean").
  var scannedAt = Date(timeIntervalSince1970: 0)
  static let racyWindow: TimeInterval = 2

  /// The window for files whose times have sub-second parts: their file system keeps fine
  /// timestamps (ext4, tmpfs, APFS, btrfs). Linux stamps files from its coarse clock, which
  /// moves once per tick, so two ticks after an edit any further edit changes the time; macOS
  /// stamps them finer still. `racyWindow` stays for file systems that keep whole seconds.
  static let fineRacyWindow: TimeInterval = {
    #if os(Linux)
      var resolution = timespec()
      if clock_getres(CLOCK_REALTIME_COARSE, &resolution) == 0 {
        let tick = Double(resolution.tv_sec) + Double(resolution.tv_nsec) / 1e9
        return min(racyWindow, max(0.002, 2 * tick))
      }
      return 0.03
    #else
      return 0.01
    #endif
  }()

  /// `fineRacyWindow` when some file's time has a fraction of a second, else `racyWindow`.
  static func racyWindow(for times: some Sequence<Date>) -> TimeInterval {
    let fine = times.contains { $0.timeIntervalSince1970.truncatingRemainder(dividingBy: 1) != 0 }
    return fine ? fineRacyWindow : racyWindow
  }

  static let magic = Array("notes-site-cache-9\n".utf8)

  static func url(for output: URL) -> URL { OutputWriter.sibling(output, "cache") }

  func lookup(_ entry: ContentTree.Entry) -> Entry? {
    guard let cached = entries[entry.path], cached.stamp == entry.stamp,
      entry.modified.timeIntervalSince1970
        < scannedAt.timeIntervalSince1970 - Self.racyWindow(for: CollectionOfOne(entry.modified))
    else { return nil }
    return cached
  }

  // MARK: Reading

  static func read(from url: URL, identity: UInt64) -> NoteCache {
    // Straight into the decoder's array: `Data(contentsOf:)` and a copy to `[UInt8]` cost
    // more than decoding the cache.
    guard case .success(let bytes) = SiteLoader.readFile(url.path) else { return NoteCache() }
    var reader = CacheDecoder(bytes: bytes)
    guard reader.take(magic.count).map(Array.init) == magic, reader.u64() == identity,
      let written = reader.u64(), let count = reader.int()
    else { return NoteCache() }
    var cache = NoteCache()
    cache.scannedAt = Date(timeIntervalSince1970: Double(bitPattern: written))
    for _ in 0..<count {
      guard let path = reader.string(), let entry = reader.entry() else { return NoteCache() }
      cache.entries[path] = entry
    }
    return cache
  }

  // MARK: Writing

  /// Writes the cache for `sources` (only notes read without diagnostics) atomically.
  /// `scannedAt` is when the files were looked at: entries of files modified shortly before
  /// are not trusted by the next build.
  static func write(_ sources: [(ContentTree.Entry, Entry)], to url: URL, identity: UInt64, scannedAt: Date) {
    var file = CacheFileWriter(url)
    var w = CacheEncoder()
    w.bytes += magic
    w.u64(identity)
    w.u64(scannedAt.timeIntervalSince1970.bitPattern)
    w.int(sources.count)
    for (entry, cached) in sources {
      w.string(entry.path)
      w.entry(cached)
      file.drain(&w)
    }
    file.finish(&w)
  }
}

/// A cache file written in pieces to a temporary file beside it, then renamed over it, so a
/// large cache is never held whole in memory and a reader never sees half of one. On any
/// failure the previous file is left as it was.
struct CacheFileWriter {
  private let url: URL
  private let temporary: String
  private let fd: Int32
  private var ok: Bool

  init(_ url: URL) {
    self.url = url
    temporary = url.path + ".tmp"
    fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    ok = fd >= 0
  }

  /// Writes out what `w` holds once it has grown past a megabyte (or always, with `force`).
  mutating func drain(_ w: inout CacheEncoder, force: Bool = false) {
    guard force || w.bytes.count >= 1 << 20 else { return }
    if ok {
      ok = w.bytes.withUnsafeBufferPointer { OutputWriter.writeAll(fd, $0) }
    }
    w.bytes.removeAll(keepingCapacity: true)
  }

  mutating func finish(_ w: inout CacheEncoder) {
    drain(&w, force: true)
    guard fd >= 0 else { return }
    if close(fd) != 0 { ok = false }
    if !ok || rename(temporary, url.path) != 0 { unlink(temporary) }
  }
}

/// Length-prefixed little-endian fields; every read checks bounds and gives nil on damage.
struct CacheEncoder {
  var bytes: [UInt8] = []
  mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  mutating func int(_ v: Int) { u64(UInt64(bitPattern: Int64(v))) }
  mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }
  mutating func string(_ s: String) {
    int(s.utf8.count)
    bytes += s.utf8
  }
  mutating func optional(_ s: String?) {
    bool(s != nil)
    if let s { string(s) }
  }
  mutating func date(_ d: Date?) {
    bool(d != nil)
    if let d { u64(d.timeIntervalSince1970.bitPattern) }
  }
  mutating func strings(_ list: [String]) {
    int(list.count)
    for s in list { string(s) }
  }
  mutating func diagnostics(_ list: [Diagnostic]) {
    int(list.count)
    for d in list {
      bool(d.severity == .error)
      string(d.message)
      optional(d.location?.path)
      int(d.location?.line ?? -1)
      int(d.location?.column ?? -1)
    }
  }
  mutating func entry(_ e: NoteCache.Entry) {
    string(e.stamp)
    int(e.size)
    u64(e.modified.timeIntervalSince1970.bitPattern)
    let f = e.frontMatter
    optional(f.title)
    date(f.date)
    date(f.updated)
    strings(f.tags)
    bool(f.pinned)
    bool(f.draft)
    optional(f.slug)
    strings(f.aliases)
    strings(f.collaborators)
    optional(f.lang)
    optional(f.permalink)
    int(f.dateZone ?? Int.min)
    int(f.updatedZone ?? Int.min)
    int(e.bodyLineOffset)
    let a = e.analysis
    optional(a.firstH1)
    string(a.preview)
    strings(a.tags)
    int(a.references.count)
    for r in a.references {
      int(Self.code(r.kind))
      string(r.target)
      optional(r.fragment)
      optional(r.label)
      int(r.line)
      int(r.column)
    }
    int(a.headings.count)
    for h in a.headings {
      int(h.level)
      string(h.text)
      string(h.id)
    }
    strings(a.blockIDs)
    strings(a.anchors)
    int(a.tasks.done)
    int(a.tasks.total)
    string(a.plainText)
  }

  static func code(_ kind: LinkReference.Kind) -> Int {
    switch kind {
    case .link: 0
    case .image: 1
    case .wikiLink: 2
    case .wikiEmbed: 3
    }
  }
}

struct CacheDecoder {
  var bytes: [UInt8]
  var offset = 0

  mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
    guard n >= 0, offset + n <= bytes.count else { return nil }
    defer { offset += n }
    return bytes[offset..<(offset + n)]
  }
  mutating func u64() -> UInt64? {
    guard offset + 8 <= bytes.count else { return nil }
    defer { offset += 8 }
    return bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
  }
  mutating func int() -> Int? { u64().map { Int(Int64(bitPattern: $0)) } }
  mutating func bool() -> Bool? { take(1).map { $0.first == 1 } }
  mutating func string() -> String? {
    guard let n = int(), let raw = take(n) else { return nil }
    return String(decoding: raw, as: UTF8.self)
  }
  mutating func optional() -> String?? {
    guard let present = bool() else { return nil }
    return present ? string().map { $0 } : .some(nil)
  }
  mutating func date() -> Date?? {
    guard let present = bool() else { return nil }
    guard present else { return .some(nil) }
    return u64().map { Date(timeIntervalSince1970: Double(bitPattern: $0)) }
  }
  mutating func strings() -> [String]? {
    guard let n = int(), n >= 0, n < 1_000_000 else { return nil }
    var list: [String] = []
    for _ in 0..<n {
      guard let s = string() else { return nil }
      list.append(s)
    }
    return list
  }
  static func linkKind(_ code: Int) -> LinkReference.Kind? {
    switch code {
    case 0: .link
    case 1: .image
    case 2: .wikiLink
    case 3: .wikiEmbed
    default: nil
    }
  }
  mutating func linkKind() -> LinkReference.Kind? { int().flatMap(Self.linkKind) }
  mutating func diagnostics() -> [Diagnostic]? {
    guard let n = int(), n >= 0, n < 10_000_000 else { return nil }
    var list: [Diagnostic] = []
    for _ in 0..<n {
      guard let isError = bool(), let message = string(), let path = optional(), let line = int(),
        let column = int()
      else { return nil }
      let location = path.map { SourceLocation(path: $0, line: line < 0 ? nil : line, column: column < 0 ? nil : column) }
      list.append(isError ? .error(message, at: location) : .warning(message, at: location))
    }
    return list
  }
  mutating func entry() -> NoteCache.Entry? {
    guard let stamp = string(), let size = int(), let modified = u64() else { return nil }
    var f = FrontMatter()
    guard let title = optional(), let created = date(), let updated = date(), let tags = strings(),
      let pinned = bool(), let draft = bool(), let slug = optional(), let aliases = strings(),
      let collaborators = strings(), let lang = optional(), let permalink = optional(), let zone = int(), let updatedZone = int(),
      let offset = int()
    else { return nil }
    f.dateZone = zone == Int.min ? nil : zone
    f.updatedZone = updatedZone == Int.min ? nil : updatedZone
    (f.title, f.date, f.updated, f.tags, f.pinned, f.draft) = (title, created, updated, tags, pinned, draft)
    (f.slug, f.aliases, f.collaborators, f.lang, f.permalink) = (slug, aliases, collaborators, lang, permalink)
    var a = NoteAnalysis()
    guard let h1 = optional(), let preview = string(), let atags = strings(), let refCount = int(),
      refCount >= 0, refCount < 10_000_000
    else { return nil }
    (a.firstH1, a.preview, a.tags) = (h1, preview, atags)
    for _ in 0..<refCount {
      guard let code = int(), let target = string(), let fragment = optional(), let label = optional(),
        let line = int(), let column = int()
      else { return nil }
      guard let kind = Self.linkKind(code) else { return nil }
      a.references.append(
        LinkReference(kind: kind, target: target, fragment: fragment, label: label, line: line, column: column))
    }
    guard let headingCount = int(), headingCount >= 0, headingCount < 10_000_000 else { return nil }
    for _ in 0..<headingCount {
      guard let level = int(), let text = string(), let id = string() else { return nil }
      a.headings.append(Heading(level: level, text: text, id: id))
    }
    guard let blockIDs = strings(), let anchors = strings(), let done = int(), let total = int(), let plain = string()
    else { return nil }
    a.blockIDs = blockIDs
    a.anchors = anchors
    a.tasks = TaskCount(done: done, total: total)
    a.plainText = plain
    return NoteCache.Entry(
      stamp: stamp, size: size, modified: Date(timeIntervalSince1970: Double(bitPattern: modified)),
      frontMatter: f, bodyLineOffset: offset, analysis: a)
  }
}

/// Each note's resolved links and rendered HTML (as pages show it, see `BodyHeadings`) with
/// their warnings, kept between builds beside the output (`.<output>.notes-site-html`), so a
/// rebuild resolves the links of, and renders, only the notes where either could have
/// changed. An entry's key covers the note's text and path and everything links resolve
/// against (every note's path, title, aliases and headings, every file and folder, the base
/// path and settings); the HTML of notes that embed other notes is never kept, as it holds
/// other notes' text. Dropped whole when the binary changes; unreadable means empty.
struct RenderedNoteCache: Sendable {
  struct Entry: Sendable {
    var key: UInt64
    /// What the link graph made of the note's references.
    var links: SiteGraph.Links
    /// Nil for a note that embeds another note.
    var html: String?
    /// Warnings of rendering (those of resolving are in `links`).
    var diagnostics: [Diagnostic]
  }

  var entries: [String: Entry] = [:]

  static let magic = Array("notes-site-html-3\n".utf8)

  static func url(for output: URL) -> URL { OutputWriter.sibling(output, "html") }

  /// What every note's links resolve against.
  /// `labels`: the interface strings notes' HTML holds (heading and footnote link labels).
  static func linkKey(site: Site, basePath: String, labels: [String]) -> UInt64 {
    var h = StableHasher()
    h.combine([basePath] + labels)
    h.combine(site.config.unsafeHTML)
    h.combine(site.config.hardLineBreaks)
    h.combine(site.config.labelFirstLinks)
    h.combine(site.config.dendron)
    for id in site.notes.keys.sorted() {
      let n = site.notes[id]!
      h.combine([id, n.sourcePath, n.title, n.folderID])
      h.combine(n.frontMatter.aliases)
      h.combine(n.frontMatter.permalink ?? "")
      for heading in n.analysis.headings { h.combine([heading.id, heading.text]) }
      h.combine(n.analysis.blockIDs)
      h.combine(n.analysis.anchors)
    }
    for id in site.files.keys.sorted() {
      h.combine([id, site.files[id]!.sourcePath, site.files[id]!.kind.rawValue])
    }
    for id in site.folders.keys.sorted() { h.combine([id, site.folders[id]!.sourcePath]) }
    return h.value
  }

  /// The key of one note's links and HTML.
  static func key(of note: Note, linkKey: UInt64) -> UInt64 {
    var h = StableHasher()
    h.combine(linkKey)
    h.combine([note.id, note.displayPath, note.body])
    h.combine(note.bodyLineOffset)
    h.combine(note.opensWithItsTitle)
    // Wiki links in front matter (`related: "[[B]]"`) are the note's links too, and its
    // entry keeps its links: a change of them alone must not reuse it.
    h.combine(note.frontMatter.links.count)
    for ref in note.frontMatter.links {
      h.combine([ref.target, ref.fragment ?? "", ref.label ?? ""])
      h.combine(ref.line)
      h.combine(ref.column)
    }
    // What mdBook's includes read from other files.
    for (argument, included) in note.includes.sorted(by: { $0.key < $1.key }) {
      switch included {
      case .text(let text): h.combine([argument, "text", text])
      case .missing(let why): h.combine([argument, "missing", why])
      }
    }
    return h.value
  }

  /// True when the note embeds another note, so its HTML holds that note's text. `resolved`
  /// is what the link graph made of the note's references.
  static func embedsNote(_ note: Note, resolved: [SiteGraph.ResolvedKey: LinkTarget]) -> Bool {
    note.analysis.references.contains { ref in
      guard ref.kind.embedsNotes else { return false }
      // The graph resolved every reference; one it did not have is treated as an embed.
      guard let target = resolved[SiteGraph.ResolvedKey(ref)] else { return true }
      if case .note = target { return true }
      return false
    }
  }

  static func read(from url: URL, identity: UInt64) -> RenderedNoteCache {
    guard case .success(let bytes) = SiteLoader.readFile(url.path) else { return RenderedNoteCache() }
    var reader = CacheDecoder(bytes: bytes)
    guard reader.take(magic.count).map(Array.init) == magic, reader.u64() == identity,
      let count = reader.int(), count >= 0
    else { return RenderedNoteCache() }
    var cache = RenderedNoteCache()
    cache.entries.reserveCapacity(min(count, 1_000_000))
    for _ in 0..<count {
      guard let id = reader.string(), let key = reader.u64(), let links = reader.links(),
        let html = reader.optional(), let diagnostics = reader.diagnostics()
      else { return RenderedNoteCache() }
      cache.entries[id] = Entry(key: key, links: links, html: html, diagnostics: diagnostics)
    }
    return cache
  }

  static func write(_ entries: [String: Entry], to url: URL, identity: UInt64) {
    var file = CacheFileWriter(url)
    var w = CacheEncoder()
    w.bytes += magic
    w.u64(identity)
    w.int(entries.count)
    for id in entries.keys.sorted() {
      let e = entries[id]!
      w.string(id)
      w.u64(e.key)
      w.links(e.links)
      w.optional(e.html)
      w.diagnostics(e.diagnostics)
      file.drain(&w)
    }
    file.finish(&w)
  }
}

extension CacheEncoder {
  mutating func links(_ links: SiteGraph.Links) {
    strings(links.files)
    strings(links.notes)
    diagnostics(links.diagnostics)
    int(links.resolved.count)
    for (ref, target) in links.resolved {
      int(Self.code(ref.kind))
      string(ref.target)
      optional(ref.fragment)
      switch target {
      case .external: int(0)
      case .note(let id, let fragment):
        int(1)
        string(id)
        optional(fragment)
      case .folder(let id):
        int(2)
        string(id)
      case .file(let id):
        int(3)
        string(id)
      case .missing(let reason):
        int(4)
        string(reason)
      case .home:
        int(5)
      }
    }
  }
}

extension CacheDecoder {
  mutating func links() -> SiteGraph.Links? {
    guard let files = strings(), let notes = strings(), let diagnostics = diagnostics(), let count = int(),
      count >= 0, count < 10_000_000
    else { return nil }
    var resolved: [SiteGraph.ResolvedKey: LinkTarget] = [:]
    resolved.reserveCapacity(count)
    for _ in 0..<count {
      guard let kind = linkKind(), let target = string(), let fragment = optional(), let code = int() else { return nil }
      let value: LinkTarget
      switch code {
      case 0: value = .external
      case 1:
        guard let id = string(), let fragment = optional() else { return nil }
        value = .note(id, fragment: fragment)
      case 2:
        guard let id = string() else { return nil }
        value = .folder(id)
      case 3:
        guard let id = string() else { return nil }
        value = .file(id)
      case 4:
        guard let reason = string() else { return nil }
        value = .missing(reason)
      case 5: value = .home
      default: return nil
      }
      resolved[SiteGraph.ResolvedKey(kind: kind, target: target, fragment: fragment)] = value
    }
    return SiteGraph.Links(files: files, notes: notes, diagnostics: diagnostics, resolved: resolved)
  }
}
