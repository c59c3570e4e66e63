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

  static let magic = Array("notes-site-cache-3\n".utf8)

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
    guard let data = try? Data(contentsOf: url) else { return NoteCache() }
    var reader = Reader(bytes: [UInt8](data))
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
    var w = Writer()
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
  fileprivate mutating func drain(_ w: inout Writer, force: Bool = false) {
    guard force || w.bytes.count >= 1 << 20 else { return }
    if ok {
      ok = w.bytes.withUnsafeBufferPointer { OutputWriter.writeAll(fd, $0) }
    }
    w.bytes.removeAll(keepingCapacity: true)
  }

  fileprivate mutating func finish(_ w: inout Writer) {
    drain(&w, force: true)
    guard fd >= 0 else { return }
    if close(fd) != 0 { ok = false }
    if !ok || rename(temporary, url.path) != 0 { unlink(temporary) }
  }
}

/// Length-prefixed little-endian fields; every read checks bounds and gives nil on damage.
private struct Writer {
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

private struct Reader {
  var bytes: [UInt8]
  var offset = 0

  mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
    guard n >= 0, offset + n <= bytes.count else { return nil }
    defer { offset += n }
    return bytes[offset..<(offset + n)]
  }
  mutating func u64() -> UInt64? {
    guard let raw = take(8) else { return nil }
    return raw.reversed().reduce(0) { $0 << 8 | UInt64($1) }
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
  mutating func entry() -> NoteCache.Entry? {
    guard let stamp = string(), let size = int(), let modified = u64() else { return nil }
    var f = FrontMatter()
    guard let title = optional(), let created = date(), let updated = date(), let tags = strings(),
      let pinned = bool(), let draft = bool(), let slug = optional(), let aliases = strings(),
      let collaborators = strings(), let lang = optional(), let offset = int()
    else { return nil }
    (f.title, f.date, f.updated, f.tags, f.pinned, f.draft) = (title, created, updated, tags, pinned, draft)
    (f.slug, f.aliases, f.collaborators, f.lang) = (slug, aliases, collaborators, lang)
    var a = NoteAnalysis()
    guard let h1 = optional(), let preview = string(), let atags = strings(), let refCount = int(),
      refCount >= 0, refCount < 10_000_000
    else { return nil }
    (a.firstH1, a.preview, a.tags) = (h1, preview, atags)
    for _ in 0..<refCount {
      guard let code = int(), let target = string(), let fragment = optional(), let label = optional(),
        let line = int(), let column = int()
      else { return nil }
      let kinds: [LinkReference.Kind] = [.link, .image, .wikiLink, .wikiEmbed]
      guard (0..<4).contains(code) else { return nil }
      a.references.append(
        LinkReference(kind: kinds[code], target: target, fragment: fragment, label: label, line: line, column: column))
    }
    guard let headingCount = int(), headingCount >= 0, headingCount < 10_000_000 else { return nil }
    for _ in 0..<headingCount {
      guard let level = int(), let text = string(), let id = string() else { return nil }
      a.headings.append(Heading(level: level, text: text, id: id))
    }
    guard let done = int(), let total = int(), let plain = string() else { return nil }
    a.tasks = TaskCount(done: done, total: total)
    a.plainText = plain
    return NoteCache.Entry(
      stamp: stamp, size: size, modified: Date(timeIntervalSince1970: Double(bitPattern: modified)),
      frontMatter: f, bodyLineOffset: offset, analysis: a)
  }
}

/// Each note's rendered HTML (as pages show it, see `BodyHeadings`) and render warnings, kept
/// between builds beside the output
/// (`.<output>.notes-site-html`), so a rebuild renders only the notes whose HTML could have
/// changed. An entry's key covers the note's text and path and everything links resolve
/// against (every note's path, title, aliases and headings, every file and folder, the base
/// path and settings); notes that embed other notes are never cached, as their HTML holds
/// other notes' text. Dropped whole when the binary changes; unreadable means empty.
struct RenderedNoteCache: Sendable {
  struct Entry: Sendable {
    var key: UInt64
    var html: String
    var diagnostics: [Diagnostic]
  }

  var entries: [String: Entry] = [:]

  static let magic = Array("notes-site-html-2\n".utf8)

  static func url(for output: URL) -> URL { OutputWriter.sibling(output, "html") }

  /// What every note's links resolve against.
  static func linkKey(site: Site, basePath: String, anchorLabel: String) -> UInt64 {
    var h = StableHasher()
    h.combine([basePath, anchorLabel])
    h.combine(site.config.unsafeHTML)
    for id in site.notes.keys.sorted() {
      let n = site.notes[id]!
      h.combine([id, n.sourcePath, n.title, n.folderID])
      h.combine(n.frontMatter.aliases)
      for heading in n.analysis.headings { h.combine([heading.id, heading.text]) }
    }
    for id in site.files.keys.sorted() {
      h.combine([id, site.files[id]!.sourcePath, site.files[id]!.kind.rawValue])
    }
    for id in site.folders.keys.sorted() { h.combine([id, site.folders[id]!.sourcePath]) }
    return h.value
  }

  /// The key of one note's HTML, or nil when it embeds another note. `resolved` is what the
  /// link graph made of the note's references.
  static func key(of note: Note, linkKey: UInt64, resolved: [SiteGraph.ResolvedKey: LinkTarget]) -> UInt64? {
    for ref in note.analysis.references where ref.kind == .wikiEmbed {
      // The graph resolved every reference; one it did not have is treated as an embed.
      guard let target = resolved[SiteGraph.ResolvedKey(ref)] else { return nil }
      if case .note = target { return nil }
    }
    var h = StableHasher()
    h.combine(linkKey)
    h.combine([note.id, note.displayPath, note.body])
    h.combine(note.bodyLineOffset)
    return h.value == 0 ? 1 : h.value
  }

  static func read(from url: URL, identity: UInt64) -> RenderedNoteCache {
    guard let data = try? Data(contentsOf: url) else { return RenderedNoteCache() }
    var reader = Reader(bytes: [UInt8](data))
    guard reader.take(magic.count).map(Array.init) == magic, reader.u64() == identity,
      let count = reader.int(), count >= 0
    else { return RenderedNoteCache() }
    var cache = RenderedNoteCache()
    for _ in 0..<count {
      guard let id = reader.string(), let key = reader.u64(), let html = reader.string(),
        let diagnosticCount = reader.int(), diagnosticCount >= 0, diagnosticCount < 10_000_000
      else { return RenderedNoteCache() }
      var diagnostics: [Diagnostic] = []
      for _ in 0..<diagnosticCount {
        guard let isError = reader.bool(), let message = reader.string(), let path = reader.optional(),
          let line = reader.int(), let column = reader.int()
        else { return RenderedNoteCache() }
        let location = path.map { SourceLocation(path: $0, line: line < 0 ? nil : line, column: column < 0 ? nil : column) }
        diagnostics.append(isError ? .error(message, at: location) : .warning(message, at: location))
      }
      cache.entries[id] = Entry(key: key, html: html, diagnostics: diagnostics)
    }
    return cache
  }

  static func write(_ entries: [String: Entry], to url: URL, identity: UInt64) {
    var file = CacheFileWriter(url)
    var w = Writer()
    w.bytes += magic
    w.u64(identity)
    w.int(entries.count)
    for id in entries.keys.sorted() {
      let e = entries[id]!
      w.string(id)
      w.u64(e.key)
      w.string(e.html)
      w.int(e.diagnostics.count)
      for d in e.diagnostics {
        w.bool(d.severity == .error)
        w.string(d.message)
        w.optional(d.location?.path)
        w.int(d.location?.line ?? -1)
        w.int(d.location?.column ?? -1)
      }
      file.drain(&w)
    }
    file.finish(&w)
  }
}
