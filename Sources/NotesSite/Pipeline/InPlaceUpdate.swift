import Foundation
import NotesCore
import NotesMarkdown
import NotesMustache
import NotesSearch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The rebuild after an edit to the text of a few notes, done in place.
///
/// Most edits change a note's text and nothing any other page shows of it but perhaps its
/// entry in notes lists: its title, dates, tags and links stay as they were, and its headings
/// too when a link points at one of them. Then the only files of the site that change are the
/// note's page (its HTML), the search index (its text), the feed when it carries the note and,
/// when the preview or the task counts changed, the pages that show its entry: its own, those
/// of the notes in the same page of its folder's list, its folder's and tags' list pages, and
/// home when it is recent. This path reads the edit state of the last build (`EditState`),
/// renders the changed notes with the links that build resolved, splices the new HTML into the
/// pages where the old HTML stands (checked by length and hash), puts the new list entry where
/// the old one stands (found once on each page, or nothing is done), updates the search index
/// with `SearchIndex.replacing`, and writes those files over the old ones, each atomically.
/// Anything it cannot prove unchanged sends the build down the whole path, which gives the
/// same bytes: the tests compare the two on every kind of edit.
extension SiteBuilder {
  /// The most changed notes an update in place takes on; more go through a whole build.
  static let inPlaceLimit = 16

  /// Where the built-in note template puts a note's HTML; a site with templates of its own
  /// always gets a whole build.
  static let noteBodyOpening = Array("<div class=\"note-body\">\n".utf8)
  static let noteBodyClosing = Array("\n</div>".utf8)

  struct InPlaceInputs {
    var options: BuildOptions
    var content: URL
    var output: URL
    var config: SiteConfig
    var theme: Theme
    var l10n: Localization
    var tree: ContentTree
    var scanDiagnostics: [Diagnostic]
    var base: UInt64
    var input: UInt64
    var scannedAt: Date
  }

  /// The build's report when the changes since the last build could be made in place (and
  /// were); nil when the build must take the whole path. Nothing is written before every
  /// changed file is known.
  static func updateInPlace(_ x: InPlaceInputs) -> BuildReport? {
    var clock = PhaseClock()
    let previous = OutputWriter.readFingerprint(x.output)
    guard !x.options.strict, x.scanDiagnostics.isEmpty, !x.theme.overridden.contains(where: { $0.hasSuffix(".mustache") })
    else { return clock.refuse() }
    guard previous.files > 0, previous.input != nil, OutputWriter.hasManifest(x.output) else { return clock.refuse() }
    guard let state = EditState.read(from: EditState.url(for: x.output), identity: InputFingerprint.binaryIdentity),
      state.header.base == x.base
    else { return clock.refuse() }

    // The notes whose files changed since their records were written, or may have changed
    // within the file system's timestamp granularity after they were read.
    var changed: [ContentTree.Entry] = []
    var notes = 0
    for entry in x.tree.files where SiteLoader.isNote(entry.path) {
      notes += 1
      guard let slot = state.slots[entry.path] else { return clock.refuse() }
      let window = NoteCache.racyWindow(for: CollectionOfOne(entry.modified))
      if slot.stamp != entry.stamp || entry.modified.timeIntervalSince1970 >= slot.scannedAt.timeIntervalSince1970 - window {
        changed.append(entry)
        if changed.count > inPlaceLimit { return clock.refuse() }
      }
    }
    guard !changed.isEmpty, notes == state.slots.count else { return clock.refuse() }
    clock.mark("in place: edit state")

    let urls = URLFormatter(basePath: x.config.basePath)
    let loader = SiteLoader(contentDirectory: x.content, config: x.config, includeDrafts: x.options.drafts, strict: false)
    let directory = x.content.path.hasSuffix("/") ? x.content.path : x.content.path + "/"
    let labels = (x.l10n.string("link_to_section"), x.l10n.string("footnote_back"), x.l10n.string("contents"))
    // New contents of the files to replace, by path in the output.
    var files: [String: [UInt8]] = [:]
    var updated: [EditState.Record] = []
    var warningsAt: [String: [Diagnostic]] = [:]
    var search = SearchEdit(output: x.output)
    // What the output holds, read once per file.
    var before: [String: [UInt8]] = [:]
    func current(_ path: String) -> [UInt8]? {
      if let edited = files[path] ?? before[path] { return edited }
      before[path] = read(x.output, path)
      return before[path]
    }
    for entry in changed {
      guard var record = state.record(entry.path), record.inPlace else { return clock.refuse() }
      let source = SiteLoader.read(entry, in: directory)
      guard source.diagnostics.isEmpty else { return clock.refuse() }
      // mdBook's includes read other files, which a whole build reads.
      guard MdBookIncludes.arguments(in: source.body).isEmpty else { return clock.refuse() }
      let (shape, positions) = EditState.shape(source.frontMatter, source.analysis)
      guard shape == record.shape, let kept = Self.moving(record.warnings, from: record.positions, to: positions)
      else { return clock.refuse() }
      // New or changed headings show only on the note's page, unless a link points into it.
      let anchors = EditState.anchors(source.analysis)
      guard anchors == record.anchors || !record.linkedInto else { return clock.refuse() }
      record.anchors = anchors

      let note = loader.makeNote(source, id: record.id, folderID: "", history: nil)
      var replay = ReplayResolver(urls: urls)
      for (key, target) in record.resolved {
        replay.resolutions[key] = NoteResolver.resolution(of: target, urls: urls) { record.fileKinds[$0] ?? .other }
      }
      let (html, renderWarnings) = renderBody(note, x.config, labels: labels, resolver: replay)
      guard !replay.missed.value, !renderWarnings.hasErrors else { return clock.refuse() }

      // The note's page, with the new HTML where the old one stands.
      let pagePath = Route.note(record.id).path + "index.html"
      guard let page = current(pagePath),
        let spliced = Self.splice(html, into: page, replacing: record)
      else { return clock.refuse() }
      files[pagePath] = spliced

      // A new preview or new task counts: the note's entry in notes lists changes, on every
      // page that shows it. Its own pages show it marked as open; the list pages that show it
      // and the pages of the notes its folder's list page shows, as it stands in that list.
      let entryHash = EditState.entry(source.analysis)
      if entryHash != record.entry {
        let group = record.group
        guard !group.isEmpty, record.listPages.first == group, let own = record.pages.first,
          (record.listPages + record.pages).allSatisfy(Self.isOutputPath),
          let listPage = current(group), let ownPage = current(own)
        else { return clock.refuse() }
        let url = Mustache.escapeHTML(urls.url(.note(record.id)))
        let tasks = source.analysis.tasks
        let label =
          tasks.total > 0 ? x.l10n.format("tasks_progress", ["done": "\(tasks.done)", "total": "\(tasks.total)"]) : ""
        let preview = source.analysis.preview
        guard let plain = Self.entryLine(in: listPage, opening: "<a href=\"\(url)\">"),
          let marked = Self.entryLine(in: ownPage, opening: "<a href=\"\(url)\" aria-current=\"page\">"),
          let newPlain = Self.entry(plain, tasks: label, preview: preview),
          let newMarked = Self.entry(marked, tasks: label, preview: preview)
        else { return clock.refuse() }
        var plainPages = record.listPages
        for (path, slot) in state.slots where slot.group == group && path != entry.path {
          guard let other = state.record(path), !other.pages.isEmpty, other.pages.allSatisfy(Self.isOutputPath)
          else { return clock.refuse() }
          plainPages += other.pages
        }
        for (paths, old, new) in [(record.pages, marked, newMarked), (plainPages, plain, newPlain)] {
          for path in paths {
            guard let bytes = current(path), let edited = Self.replacingOnly(old, with: new, in: bytes) else {
              return clock.refuse()
            }
            files[path] = edited
          }
        }
        // The feed shows the preview as the summary of the note's entry, on the line before its
        // HTML (which tells the entry from others with the same summary).
        if let old = record.feedPreview, old != preview {
          func summary(_ text: String) -> [UInt8] {
            Array(("<summary>" + Mustache.escapeHTML(xmlText(text)) + "</summary>\n").utf8)
          }
          let (before, content) = (summary(old), Self.feedContent(record.feedHTML ?? ""))
          guard record.feedHTML?.isEmpty == false, let bytes = current("feed.xml"), let at = bytes.byteRange(of: content),
            bytes[at.upperBound...].byteRange(of: content) == nil, at.lowerBound >= before.count,
            bytes[(at.lowerBound - before.count)..<at.lowerBound].elementsEqual(before)
          else { return clock.refuse() }
          files["feed.xml"] = Array(bytes[..<(at.lowerBound - before.count)]) + summary(preview) + bytes[at.lowerBound...]
          record.feedPreview = preview
        }
        record.entry = entryHash
      }

      if let old = record.feedHTML {
        guard !old.isEmpty, !html.isEmpty, html.utf8.count <= feedContentLimit, let bytes = current("feed.xml")
        else { return clock.refuse() }
        guard let edited = Self.replacingOnly(Self.feedContent(old), with: Self.feedContent(html), in: bytes)
        else { return clock.refuse() }
        files["feed.xml"] = edited
        record.feedHTML = html
      }

      if let s = record.search {
        let document = SearchDocument(url: s.url, title: s.title, folder: s.folder, text: source.analysis.plainText, updated: s.updated)
        guard search.replace(s.number, with: document) else { return clock.refuse() }
      }

      warningsAt[note.displayPath] = kept + renderWarnings.filter { $0.severity == .warning }
      record.warnings = kept
      (record.stamp, record.scannedAt, record.positions) = (entry.stamp, x.scannedAt, positions)
      (record.htmlLength, record.htmlHash) = (html.utf8.count, EditState.hashHTML(html))
      updated.append(record)
    }
    // A note saved with the same text (or an edit undone) leaves its files as they are; the
    // search index's changed files are only those that differ already.
    files = files.filter { path, bytes in before[path] != bytes }
    for (path, bytes) in search.changed { files["_search/" + path] = bytes }
    clock.mark("in place: render, splice")

    // What the output holds now, for the report and the fingerprint.
    var sizeChange = 0
    for (path, bytes) in files { sizeChange += bytes.count - (before[path]?.count ?? fileSize(x.output, path) ?? 0) }
    let warnings =
      previous.warnings.filter { w in w.location.map { warningsAt[$0.path] == nil } ?? true }
      + changed.compactMap { warningsAt["content/" + $0.path] }.joined()

    // Written so that a build stopped at any point leaves an output the next build can trust:
    // the manifest forgets the files first, the fingerprint that says "up to date" comes last.
    let manifest = x.output.path + "/" + OutputWriter.manifestName
    let paths = files.keys.sorted()
    guard !paths.contains(where: { $0.utf8.contains(0x0A) }) else { return clock.refuse() }
    var forgotten: [UInt8] = []
    for path in paths { OutputWriter.appendManifestLine(path, OutputWriter.Record(size: 0, hash: 0), to: &forgotten) }
    guard OutputWriter.append(forgotten, toFileAt: manifest) else { return clock.refuse() }
    let temporary = OutputWriter.sibling(x.output, "tmp").path
    var records: [UInt8] = []
    for path in paths {
      let bytes = files[path]!
      unlink(temporary)
      let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
      guard fd >= 0 else { return clock.refuse() }
      let ok = bytes.withUnsafeBufferPointer { OutputWriter.writeAll(fd, $0) }
      guard close(fd) == 0, ok, rename(temporary, x.output.path + "/" + path) == 0 else {
        unlink(temporary)
        return clock.refuse()
      }
      let hash = bytes.withUnsafeBufferPointer { ContentHash.wide($0) }
      OutputWriter.appendManifestLine(path, OutputWriter.Record(size: bytes.count, hash: hash), to: &records)
    }
    guard OutputWriter.append(records, toFileAt: manifest), EditState.append(updated, to: EditState.url(for: x.output)) else { return clock.refuse() }
    var fingerprint = previous
    fingerprint.input = x.input
    fingerprint.scannedAt = x.scannedAt
    fingerprint.files += search.added
    fingerprint.bytes += sizeChange
    fingerprint.warnings = warnings
    OutputWriter.writeFingerprint(x.output, fingerprint)
    clock.mark("in place: write")

    var report = BuildReport(outcome: .success, diagnostics: warnings)
    report.notes = state.header.notes
    report.folders = state.header.folders
    report.pages = state.header.pages
    report.files = fingerprint.files - state.header.pages
    report.bytes = fingerprint.bytes
    report.output = x.output
    report.notesParsed = changed.count
    report.notesRendered = changed.count
    report.updatedInPlace = changed.count
    return report
  }

  /// The warnings about a note's references (`old` and `new` hold each reference's line and
  /// column, in order) at the references' new places; nil when a warning points at text that
  /// is not one of the references.
  static func moving(_ warnings: [Diagnostic], from old: [Int], to new: [Int]) -> [Diagnostic]? {
    guard old != new else { return warnings }
    var moved: [Diagnostic] = []
    for w in warnings {
      guard let location = w.location, let line = location.line else {
        moved.append(w)
        continue
      }
      guard let i = stride(from: 0, to: old.count - 1, by: 2).first(where: { old[$0] == line && old[$0 + 1] == location.column })
      else { return nil }
      var m = w
      m.location = SourceLocation(path: location.path, line: new[i], column: new[i + 1])
      moved.append(m)
    }
    return moved
  }

  /// `page` with `html` in place of the note HTML `record` describes, or nil when the page does
  /// not hold that HTML where the note template puts it.
  static func splice(_ html: String, into page: [UInt8], replacing record: EditState.Record) -> [UInt8]? {
    guard let opening = page.byteRange(of: noteBodyOpening) else { return nil }
    let start = opening.upperBound
    let end = start + record.htmlLength
    guard end + noteBodyClosing.count <= page.count,
      page[end..<(end + noteBodyClosing.count)].elementsEqual(noteBodyClosing),
      page.withUnsafeBufferPointer({ ContentHash.wide(UnsafeBufferPointer(rebasing: $0[start..<end])) }) == record.htmlHash
    else { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(page.count - record.htmlLength + html.utf8.count)
    out += page[..<start]
    out += html.utf8
    out += page[end...]
    return out
  }

  /// Whether `path`, read from the edit state, names a file inside the output: relative, with
  /// no empty, `.` or `..` parts.
  static func isOutputPath(_ path: String) -> Bool {
    !path.hasPrefix("/") && !path.utf8.contains(0)
      && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
  }

  /// A note's HTML as the feed's `content` element holds it.
  static func feedContent(_ html: String) -> [UInt8] {
    Array(("<content type=\"html\">" + Mustache.escapeHTML(xmlText(html)) + "</content>").utf8)
  }

  /// The line of `page` that holds a notes-list entry opening with `opening` (its link,
  /// `<a href="…">`), newline included; nil unless `opening` is in the page once, right after
  /// an entry's `<li…>` at the start of a line that ends the entry.
  static func entryLine(in page: [UInt8], opening: String) -> [UInt8]? {
    let needle = Array(opening.utf8)
    guard let hit = page.byteRange(of: needle), page[hit.upperBound...].byteRange(of: needle) == nil,
      let newline = page[hit.upperBound...].firstIndex(of: 0x0A)
    else { return nil }
    let start = page[..<hit.lowerBound].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    let item = page[start..<hit.lowerBound]
    guard item.starts(with: "<li".utf8), item.last == UInt8(ascii: ">"), item.dropFirst().firstIndex(of: UInt8(ascii: "<")) == nil
    else { return nil }
    let line = Array(page[start...newline])
    guard line.suffix(6).elementsEqual("</li>\n".utf8) else { return nil }
    return line
  }

  /// `line`, a notes-list entry as the built-in note-list template writes it, with `tasks`
  /// (the task counts' label, empty for none) and `preview` in place of its own; nil when the
  /// line is not laid out as that template lays it out. What it shows is escaped, so a `<`
  /// in it is always markup.
  static func entry(_ line: [UInt8], tasks: String, preview: String) -> [UInt8]? {
    let spanEnd = Array("</span>".utf8)
    guard let time = line.byteRange(of: Array("</time>".utf8)) else { return nil }
    var out = Array(line[..<time.upperBound])
    var rest = line[time.upperBound...]
    // The pinned badge stays; the task counts and the preview give way to the new ones.
    for (opening, kept) in [(" <span class=\"badge\">", true), (" <span class=\"tasks\">", false)] {
      guard rest.starts(with: opening.utf8) else { continue }
      guard let close = rest.byteRange(of: spanEnd) else { return nil }
      if kept { out += rest[..<close.upperBound] }
      rest = rest[close.upperBound...]
    }
    guard rest.starts(with: spanEnd) else { return nil }
    rest = rest.dropFirst(spanEnd.count)
    if rest.starts(with: "<span class=\"preview\">".utf8) {
      guard let close = rest.byteRange(of: spanEnd) else { return nil }
      rest = rest[close.upperBound...]
    }
    guard rest.elementsEqual("</a></li>\n".utf8) else { return nil }
    if !tasks.isEmpty { out += (" <span class=\"tasks\">☑ " + Mustache.escapeHTML(tasks) + "</span>").utf8 }
    out += spanEnd
    if !preview.isEmpty { out += ("<span class=\"preview\">" + Mustache.escapeHTML(preview) + "</span>").utf8 }
    out += "</a></li>\n".utf8
    return out
  }

  /// `bytes` with the one occurrence of `old` replaced by `new`; nil when `old` is not there
  /// exactly once.
  static func replacingOnly(_ old: [UInt8], with new: [UInt8], in bytes: [UInt8]) -> [UInt8]? {
    guard let first = bytes.byteRange(of: old), bytes[first.upperBound...].byteRange(of: old) == nil else { return nil }
    return Array(bytes[..<first.lowerBound]) + new + bytes[first.upperBound...]
  }

  static func read(_ output: URL, _ path: String) -> [UInt8]? {
    guard case .success(let bytes) = SiteLoader.readFile(output.path + "/" + path) else { return nil }
    return bytes
  }

  static func fileSize(_ output: URL, _ path: String) -> Int? {
    var info = stat()
    return lstat(output.path + "/" + path, &info) == 0 ? Int(info.st_size) : nil
  }

  /// The search index under `_search/` as changed notes replace their documents one by one.
  struct SearchEdit {
    let output: URL
    /// Files changed so far, by path under `_search/`.
    var changed: [String: [UInt8]] = [:]
    /// Files the index has now that it did not have before.
    var added = 0

    init(output: URL) { self.output = output }

    mutating func replace(_ number: Int, with document: SearchDocument) -> Bool {
      let root = output.appendingPathComponent("_search")
      let pending = changed
      guard
        let replacement = SearchIndex.replacing(
          document: number, with: document,
          read: { pending[$0] ?? SiteBuilder.read(root, $0) },
          size: { pending[$0]?.count ?? SiteBuilder.fileSize(root, $0) })
      else { return false }
      // An index that drops a file would need the file removed and forgotten; a whole build
      // does that.
      guard replacement.previousPaths.isSubset(of: replacement.paths) else { return false }
      added += replacement.paths.count - replacement.previousPaths.count
      changed.merge(replacement.changed) { $1 }
      return true
    }
  }

}

/// Answers a note's references from what the last build resolved them to; a reference it has
/// no answer for marks the update in place as impossible.
struct ReplayResolver: LinkResolver {
  var resolutions: [SiteGraph.ResolvedKey: LinkResolution] = [:]
  var urls: URLFormatter
  let missed = Flag()

  init(urls: URLFormatter) { self.urls = urls }

  final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    var value: Bool { raised.load(ordering: .relaxed) }
  }

  func resolve(_ reference: LinkReference) -> LinkResolution {
    guard let known = resolutions[SiteGraph.ResolvedKey(reference)] else {
      missed.raise()
      return .keep
    }
    return known
  }

  func tagURL(_ tag: String) -> String { NoteResolver.tagURL(tag, urls: urls) }
}
