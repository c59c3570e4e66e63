import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesMustache
import NotesSearch
import Synchronization

/// `notes-site build` options.
public struct BuildOptions: Sendable {
  public var source: URL
  /// Defaults to `_site` inside the source.
  public var output: URL?
  /// True when nothing had changed since the previous build, which was kept as it was.
  public var upToDate = false
  /// Notes whose YAML and Markdown were parsed; the others came from the previous build's cache.
  public var notesParsed = 0
  public var baseURL: String?
  public var drafts = false
  public var strict = false
  /// `serve` injects a live-reload script into every page.
  public var liveReloadURL: String?
  /// Called as pages are written: (pages done, pages in all). The CLI draws a progress bar.
  public var progress: (@Sendable (Int, Int) -> Void)?

  public init(source: URL, output: URL? = nil, baseURL: String? = nil) {
    self.source = source
    self.output = output
    self.baseURL = baseURL
  }
}

/// What a build did, for the summary line and the exit code.
public struct BuildReport: Sendable {
  public enum Outcome: Sendable { case success, contentError, usageError }
  public var outcome: Outcome
  public var diagnostics: [Diagnostic]
  public var notes = 0
  public var folders = 0
  public var pages = 0
  public var files = 0
  public var bytes = 0
  public var seconds = 0.0
  public var output: URL?
  /// True when nothing had changed since the previous build, which was kept as it was.
  public var upToDate = false
  /// Notes whose YAML and Markdown were parsed; the others came from the previous build's cache.
  public var notesParsed = 0
  /// Notes whose Markdown was rendered to HTML; the others came from the previous build's cache.
  public var notesRendered = 0
  /// Notes whose links were resolved; the others' came from the previous build's cache.
  public var notesLinked = 0
  /// Pages rendered; the others were unchanged and kept from the previous build.
  public var pagesRendered = 0
  /// Notes whose changes were made in place, in the pages that show them, without building
  /// the rest of the site again (`SiteBuilder.updateInPlace`); 0 for a whole build.
  public var updatedInPlace = 0
  /// The git subcommand of every process the build launched for history, in launch order
  /// (`["rev-parse", "log", "cat-file"]` at most); empty when the site is not in git.
  public var gitCommands: [String] = []
  /// Everything the build made in memory (the site, its link graph, page data, rendered
  /// notes). Freeing it takes a large site's build about 0.1 s, which a process that exits
  /// right after the build can skip by keeping the report until it exits.
  public var model: Model?

  /// What `model` holds; opaque.
  public struct Model: @unchecked Sendable {
    // Immutable values of Sendable types, kept only to be freed late.
    let parts: [Any]
  }

  public var exitCode: Int32 {
    switch outcome {
    case .success: 0
    case .contentError: 1
    case .usageError: 2
    }
  }

  /// `Built 21 notes in 6 folders: 130 pages, 24 files, 1.2 MB in 0.41 s` (`1 note`, `1 folder`…),
  /// or `Updated 1 note in place: 21 notes in 6 folders, …` after an edit made in place.
  public var summary: String {
    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    if upToDate {
      return "Nothing changed since the last build: \(count(files, "file")), "
        + PageContext.byteCount(bytes) + " in " + String(format: "%.2f", seconds) + " s"
    }
    if updatedInPlace > 0 {
      return "Updated \(count(updatedInPlace, "note")) in place: \(count(notes, "note")) in \(count(folders, "folder")), "
        + "\(count(pages, "page")), \(count(files, "file")), " + PageContext.byteCount(bytes) + " in "
        + String(format: "%.2f", seconds) + " s"
    }
    return "Built \(count(notes, "note")) in \(count(folders, "folder")): \(count(pages, "page")), "
      + "\(count(files, "file")), " + PageContext.byteCount(bytes) + " in " + String(format: "%.2f", seconds) + " s"
  }
}

public enum SiteBuilder {
  public static func build(_ options: BuildOptions) async -> BuildReport {
    let start = Date()
    var report = await run(options)
    report.seconds = Date().timeIntervalSince(start)
    return report
  }

  static func usage(_ message: String) -> BuildReport {
    BuildReport(outcome: .usageError, diagnostics: [.error(message)])
  }

  static func run(_ options: BuildOptions) async -> BuildReport {
    var clock = PhaseClock()
    defer { clock.mark("done") }
    let fm = FileManager.default
    let source = URL(fileURLWithPath: ContentTree.realPath(options.source.path) ?? options.source.path)
    let content = source.appendingPathComponent("content")
    var isDirectory: ObjCBool = false
    guard fm.fileExists(atPath: content.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      return usage("no content/ folder in '\(options.source.path)' (notes go in content/; `notes-site init` makes a new site)")
    }
    let outputURL = (options.output ?? source.appendingPathComponent("_site")).standardizedFileURL
    let output = URL(fileURLWithPath: resolveExistingPrefix(outputURL.path))
    if output.path == source.path || source.path.hasPrefix(output.path + "/") || output.path == "/" {
      return usage("output directory '\(output.path)' is or contains the source; choose another --output")
    }
    if output.path == content.path || output.path.hasPrefix(content.path + "/") {
      return usage("output directory '\(output.path)' is inside content/; choose another --output")
    }
    if fm.fileExists(atPath: output.path, isDirectory: &isDirectory), !isDirectory.boolValue {
      return usage("output '\(output.path)' exists and is not a directory")
    }

    var diagnostics: [Diagnostic] = []
    var (config, configDiagnostics) = SiteConfig.load(
      from: source.appendingPathComponent("notes-site.yml"), displayPath: "notes-site.yml")
    diagnostics += configDiagnostics
    if let base = options.baseURL {
      // `--base-url` gets the same check as `base_url`: it reaches canonical links and the feed.
      if let problem = SiteConfig.baseURLProblem(base) { return usage(problem) }
      config.baseURL = base
    }
    let (loadedTheme, themeDiagnostics) = Theme.load(siteTemplates: source.appendingPathComponent("Templates"))
    diagnostics += themeDiagnostics
    let (l10n, l10nDiagnostics) = Localization.load(
      language: config.language, siteRoot: source, builtinTables: loadedTheme?.files ?? Theme.builtinFiles)
    diagnostics += l10nDiagnostics
    guard let theme = loadedTheme, !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }

    let cacheURL = NoteCache.url(for: output)
    let htmlCacheURL = RenderedNoteCache.url(for: output)
    let scannedAt = Date()
    var (tree, scanDiagnostics) = ContentTree.scanContent(content, ignore: config.ignore)
    config.labelFirstLinks = SiteLoader.readingGitHubWiki(&tree)
    config.dendron = SiteLoader.isDendron(tree, siteRoot: source)
    clock.mark("scan")
    let (input, base, newestInput) = InputFingerprint.compute(source: source, options: options, tree: tree)
    let previous = OutputWriter.readFingerprint(output, warnings: false)
    // A file modified just before the last build finished may have changed again within the
    // file system's timestamp granularity; then the fingerprint proves nothing. How long
    // "just before" is depends on whether the file system keeps fractions of a second.
    let window = NoteCache.racyWindow(for: tree.files.lazy.map(\.modified))
    let settled = newestInput.timeIntervalSince1970 < previous.scannedAt.timeIntervalSince1970 - window
    // The output must still be there, with the manifest of what that build wrote.
    if previous.input == input, input != 0, settled, previous.files > 0,
      OutputWriter.hasManifest(output), !diagnostics.hasErrors
    {
      // The warnings are those of the build that made this output, shown again.
      var report = BuildReport(outcome: .success, diagnostics: OutputWriter.readFingerprint(output).warnings)
      report.upToDate = true
      report.files = previous.files
      report.bytes = previous.bytes
      report.output = output
      return report
    }

    clock.mark("fingerprint")
    if !diagnostics.hasErrors,
      let report = updateInPlace(
        InPlaceInputs(
          options: options, content: content, output: output, config: config, theme: theme, l10n: l10n, tree: tree,
          scanDiagnostics: scanDiagnostics, base: base, input: input, scannedAt: scannedAt))
    {
      return report
    }
    clock.mark("in place: not possible")
    // The previous build's caches, read while the link index is made; a build that finds
    // nothing changed, or makes its changes in place, does not read them.
    let noteCacheRead = Task { NoteCache.read(from: cacheURL, identity: InputFingerprint.binaryIdentity) }
    let htmlCacheRead = Task { RenderedNoteCache.read(from: htmlCacheURL, identity: InputFingerprint.binaryIdentity) }

    var loader = SiteLoader(contentDirectory: content, config: config, includeDrafts: options.drafts, strict: options.strict)
    loader.cache = await noteCacheRead.value
    clock.mark("parse cache")
    let (loaded, loadDiagnostics) = await loader.load(tree, scanDiagnostics: scanDiagnostics)
    diagnostics += loadDiagnostics
    clock.mark("load")
    guard let site = loaded, !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }

    let settings = config
    let urls = URLFormatter(basePath: config.basePath)
    // The folder of top-level notes is named by the theme, in the site's language; links are
    // resolved against its fixed English name, so renaming it changes only what pages show.
    var shownSite = site
    if shownSite.folders[SiteLoader.topLevelFolderID]?.sourcePath == "" {
      shownSite.folders[SiteLoader.topLevelFolderID]?.name = l10n.string("notes")
    }
    let shown = shownSite
    // What the last build wrote, read once for the search index and the writer.
    let previousManifest = Task { OutputWriter.readManifest(output) }
    let searchIndex = Task { searchFiles(shown, urls: urls, previous: await previousManifest.value.0) }
    let index = LinkIndex(site: site)
    clock.mark("link index")
    let anchorLabel = l10n.string("link_to_section")
    let footnoteBackLabel = l10n.string("footnote_back")
    let contentsLabel = l10n.string("contents")
    // A note's links and HTML are taken from the previous build when nothing they are made of
    // changed: the note's text and path, and everything links resolve against.
    let noteIDs = site.notes.keys.sorted()
    let linkKey = RenderedNoteCache.linkKey(site: site, basePath: urls.basePath, labels: [anchorLabel, footnoteBackLabel, contentsLabel])
    let noteKeys = concurrentMap(noteIDs) { RenderedNoteCache.key(of: site.notes[$0]!, linkKey: linkKey) }
    let htmlCache = await htmlCacheRead.value
    clock.mark("note keys, HTML cache")
    let (graph, noteLinks, linksResolved) = await SiteGraph.build(
      site: site, index: index, ids: noteIDs, keys: noteKeys, cache: htmlCache)
    diagnostics += graph.diagnostics
    clock.mark("link graph")
    let rendered = await parallelMap(Array(noteIDs.indices)) { i -> (entry: RenderedNoteCache.Entry, fromCache: Bool, embeds: Bool) in
      let id = noteIDs[i]
      let note = site.notes[id]!
      let links = noteLinks[i]
      let embeds = RenderedNoteCache.embedsNote(note, resolved: links.resolved)
      if !embeds, let hit = htmlCache.entries[id], hit.key == noteKeys[i], hit.html != nil { return (hit, true, false) }
      var resolver = NoteResolver(site: site, index: index, urls: urls, noteID: id)
      resolver.headingAnchorLabel = anchorLabel
      resolver.resolved = links.resolved
      let (html, warnings) = renderBody(note, settings, labels: (anchorLabel, footnoteBackLabel, contentsLabel), resolver: resolver)
      return (RenderedNoteCache.Entry(key: noteKeys[i], links: links, html: html, diagnostics: warnings), false, embeds)
    }
    var noteHTML: [String: String] = [:]
    noteHTML.reserveCapacity(noteIDs.count)
    var htmlEntries: [String: RenderedNoteCache.Entry] = [:]
    htmlEntries.reserveCapacity(noteIDs.count)
    let notesRendered = rendered.count { !$0.fromCache }
    for (id, (entry, _, embeds)) in zip(noteIDs, rendered) {
      noteHTML[id] = entry.html
      diagnostics += entry.diagnostics
      // Every note's links are kept; the HTML only of notes that embed no other note.
      var kept = entry
      if embeds { kept.html = nil }
      htmlEntries[id] = kept
    }
    clock.mark("markdown")
    if options.strict {
      diagnostics = diagnostics.map { $0.location?.path.hasPrefix("content/") == true ? $0.escalated : $0 }
    }
    guard !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }

    let assets = theme.assets
    var context = PageContext(
      site: shown, graph: graph, index: index, urls: urls, theme: theme, l10n: l10n, noteHTML: noteHTML,
      assetURLs: Dictionary(uniqueKeysWithValues: assets.map { ($0.logical, urls.basePath + $0.path) }),
      liveReloadURL: options.liveReloadURL, contentDirectory: content)
    context.precompute()
    clock.mark("page data")
    let keys = PageKeys(context, identity: InputFingerprint.binaryIdentity, linkKey: linkKey)
    clock.mark("page keys")

    let pages = context
    var jobs = context.jobs()
    let (redirects, redirectDiagnostics) = aliasRedirects(site, jobs: jobs)
    diagnostics += redirectDiagnostics
    guard !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }
    jobs += redirects
    clock.mark("jobs")

    // One `git cat-file --batch` for every revision shown.
    let revisionTexts = site.history?.contents(of: site.notes.values.flatMap(\.revisions)) ?? [:]

    let writer: OutputWriter
    do {
      var made = try OutputWriter(output: output, manifest: await previousManifest.value)
      made.previousCommit = previous.commit
      writer = made
    } catch {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics + [error])
    }
    // The files beside the pages and the parse cache are made while pages render, so the
    // cores never wait on these single-threaded jobs.
    let files = site.files
    let extras = Task { () -> Result<[String: OutputWriter.Record], Diagnostic> in
      do throws(Diagnostic) {
        var written: [String: OutputWriter.Record] = [:]
        for (id, file) in files.sorted(by: { $0.key < $1.key }) {
          written[id] = try writer.copy(from: content.appendingPathComponent(file.sourcePath), to: id, size: file.size)
        }
        for asset in assets {
          written[asset.path] = try writer.write(asset.path, asset.bytes)
        }
        for (path, bytes) in try siteFiles(pages) {
          written[path] = try writer.write(path, bytes)
        }
        try writeSearchIndex(await searchIndex.value, writer: writer, into: &written)
        return .success(written)
      } catch {
        return .failure(error)
      }
    }
    // Started only here, where nothing returns before they are awaited: a build that stops
    // early must not leave a cache half written.
    let htmlCacheWritten = Task {
      RenderedNoteCache.write(htmlEntries, to: htmlCacheURL, identity: InputFingerprint.binaryIdentity)
    }
    let parsedNotes = loader.parsed
    // What the next build needs to make an edit of a note's text in place.
    let noteEntries = tree.files.filter { SiteLoader.isNote($0.path) }
    let buildWarnings = diagnostics.filter { $0.severity == .warning }
    // Written beside its place while pages render, and moved there once the new site is in.
    let editStateURL = EditState.url(for: output)
    let pendingEditState = URL(fileURLWithPath: editStateURL.path + ".new")
    let editHeader = EditState.Header(
      identity: InputFingerprint.binaryIdentity, base: base, notes: site.notes.count, folders: site.folders.count,
      pages: jobs.count)
    let pageJobs = jobs
    let editStateWritten = Task {
      var links: [String: SiteGraph.Links] = [:]
      var renderWarnings: [String: [Diagnostic]] = [:]
      for (id, entry) in htmlEntries {
        links[id] = entry.links
        renderWarnings[id] = entry.diagnostics
      }
      let records = EditState.records(
        parsed: parsedNotes, site: site, documents: await searchIndex.value.documents, links: links,
        renderWarnings: renderWarnings, html: noteHTML, placements: pages.entryPlacements(pageJobs),
        warnings: buildWarnings, notes: noteEntries, scannedAt: scannedAt)
      EditState.write(editHeader, records, to: pendingEditState)
    }
    let cacheWritten = Task { NoteCache.write(parsedNotes, to: cacheURL, identity: InputFingerprint.binaryIdentity, scannedAt: scannedAt) }
    let pagesRendered = Atomic<Int>(0)
    let pageResults = await parallelMap(jobs, progress: options.progress, state: { PageScratch(for: pages) }) {
      scratch, job -> Result<(String, OutputWriter.Record), Diagnostic> in
      do throws(Diagnostic) {
        let key = keys.key(for: job, in: pages)
        if let key, case .route(let route) = job,
          let record = writer.reuse(route.path + "index.html", key: key)
        {
          return .success((route.path + "index.html", record))
        }
        pagesRendered.add(1, ordering: .relaxed)
        return try pages.render(job, revisionTexts: revisionTexts, scratch: scratch) { path, html in
          Result { () throws(Diagnostic) in
            var record = try writer.write(path, html)
            record.key = key ?? 0
            return (path, record)
          }
        }
      } catch {
        return .failure(error)
      }
    }
    clock.mark("pages")
    var written: [String: OutputWriter.Record] = [:]
    var failures: [Diagnostic] = []
    for result in pageResults {
      switch result {
      case .success(let (path, record)): written[path] = record
      case .failure(let d): if !failures.contains(d) { failures.append(d) }
      }
    }
    var report = BuildReport(outcome: .success, diagnostics: [])
    report.pages = written.count
    // Awaited before anything is decided, so nothing writes into a discarded staging tree.
    switch await extras.value {
    case .success(let files): written.merge(files) { $1 }
    case .failure(let error): failures.append(error)
    }
    await cacheWritten.value
    await htmlCacheWritten.value
    clock.mark("files, sitemap, feed, search index")
    await editStateWritten.value
    guard failures.isEmpty else {
      writer.discard()
      unlink(pendingEditState.path)
      return BuildReport(outcome: .contentError, diagnostics: diagnostics + failures)
    }
    // The edit state describes the output it was written with: gone while the trees swap.
    unlink(editStateURL.path)
    do {
      try writer.commit(written, input: input, scannedAt: scannedAt, warnings: diagnostics.filter { $0.severity == .warning })
      clock.mark("commit")
    } catch {
      writer.discard()
      unlink(pendingEditState.path)
      return BuildReport(outcome: .contentError, diagnostics: diagnostics + [error])
    }
    rename(pendingEditState.path, editStateURL.path)
    report.diagnostics = diagnostics
    report.notes = site.notes.count
    report.notesParsed = loader.notesParsed
    report.notesRendered = notesRendered
    report.notesLinked = linksResolved
    report.pagesRendered = pagesRendered.load(ordering: .relaxed)
    report.folders = site.folders.count
    report.files = written.count - report.pages
    report.bytes = written.values.reduce(0) { $0 + $1.size }
    report.output = output
    report.gitCommands = site.history?.processCommands ?? []
    report.model = BuildReport.Model(parts: [site, graph, pages, noteHTML, htmlEntries, rendered, written, jobs, keys, loader])
    return report
  }

  /// A note's HTML as its page shows it, and the diagnostics of rendering it: the one place a
  /// note's text is rendered, for builds and for updates in place.
  static func renderBody(
    _ note: Note, _ settings: SiteConfig, labels: (anchor: String, footnoteBack: String, contents: String), resolver: some LinkResolver
  ) -> (html: String, diagnostics: [Diagnostic]) {
    let result = Markdown.render(
      note.body,
      options: RenderOptions(
        unsafeHTML: settings.unsafeHTML, lineOffset: note.bodyLineOffset, sourcePath: note.displayPath,
        headingAnchorLabel: labels.anchor, footnoteBackLabel: labels.footnoteBack, contentsLabel: labels.contents,
        titleHeading: note.opensWithItsTitle, hardLineBreaks: settings.hardLineBreaks,
        labelFirstLinks: settings.labelFirstLinks, labelFirstPreferred: settings.dendron, includes: note.includes),
      resolver: resolver)
    return (BodyHeadings.fitted(result.html), result.diagnostics)
  }

  /// The longest existing prefix of `path` with symlinks resolved, plus the rest as written,
  /// so `_site` and a symlink to it compare equal even before `_site` exists.
  static func resolveExistingPrefix(_ path: String) -> String {
    var head = path
    var tail: [String] = []
    while !head.isEmpty && head != "/" {
      if let real = ContentTree.realPath(head) {
        return ([real] + tail.reversed()).joined(separator: "/")
      }
      tail.append((head as NSString).lastPathComponent)
      head = (head as NSString).deletingLastPathComponent
    }
    return path
  }

  /// `aliases` in front matter become redirect pages at the old URLs. An alias is a URL path
  /// (`/old/path/`, with or without the base path, percent-encoded or not); it may not leave the
  /// output folder, enter the generator's `_` namespace, or take the place of a page, a file or
  /// another note's alias.
  static func aliasRedirects(_ site: Site, jobs: [PageJob]) -> ([PageJob], [Diagnostic]) {
    // Most sites have none; then there is nothing to check the pages' paths against.
    guard site.notes.values.contains(where: { !$0.frontMatter.aliases.isEmpty }) else { return ([], []) }
    // Paths compared without case: an alias keeps the case it is written in (`Books/`), and
    // on macOS's and Windows's file systems `Books/index.html` is `books/index.html`.
    var pages = Set<String>()
    for job in jobs {
      if case .route(let r) = job { pages.insert(r.path.lowercased()) }
    }
    // Files the build writes besides pages: a redirect's folder may not be one of them.
    let files = Set(site.files.keys.map { $0.lowercased() }).union(["404.html", "sitemap.xml", "feed.xml", "robots.txt"])
    var claimed: [String: String] = [:]
    var redirects: [PageJob] = []
    var diagnostics: [Diagnostic] = []
    let base = site.config.basePath
    for id in site.notes.keys.sorted() where !site.notes[id]!.frontMatter.aliases.isEmpty {
      let note = site.notes[id]!
      let location = SourceLocation(path: note.displayPath)
      for alias in note.frontMatter.aliases {
        // An alias written as a path (Hugo's `/old/url/`) that cannot be a path on this site,
        // or that would overwrite a page, a file or another alias, is an error naming the note.
        // A bare name (Obsidian's `aliases: [Config folders]`) is first another name for wiki
        // links; it also gets a redirect at `B{name}/` when that is a free, usable path, and
        // otherwise stays a link name with a warning: a vault's names must not fail its build.
        // A path starts with `/` or climbs (`../x`, `a/../../x`); a name may hold a `/`
        // (`CI/CD`, `#computer/cpp`, `C#/.NET`: names real vaults give).
        let spelled = alias.removingPercentEncoding ?? alias
        let isPath =
          spelled.hasPrefix("/") || spelled.hasPrefix("\\") || spelled.contains("://")
          || spelled.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "\\" })
            .contains { $0 == "." || $0 == ".." }
        func reject(_ why: String) {
          if isPath {
            diagnostics.append(.error("alias '\(alias)' \(why)", at: location))
          } else {
            diagnostics.append(
              .warning("alias '\(alias)' \(why); it stays a name for links, without a redirect page", at: location))
          }
        }
        guard !alias.contains("://"), !alias.hasPrefix("//") else {
          reject("must be a path on this site like /old/path/, not a full URL")
          continue
        }
        var path = alias
        if path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
        // A server percent-decodes the request path once before looking for the file.
        let decoded = path.split(separator: "/").map { $0.removingPercentEncoding?.precomposedStringWithCanonicalMapping }
        guard !decoded.isEmpty, decoded.allSatisfy({ $0 != nil }) else {
          reject("is not a usable URL path")
          continue
        }
        let segments = decoded.map { $0! }
        // Climbing out of the output is never a harmless typo.
        if segments.contains(where: { $0 == "." || $0 == ".." || $0.hasPrefix(".") }) {
          reject("would leave or hide in the output directory ('.' and '..' segments are not allowed)")
          continue
        }
        // Nor characters a Windows file name cannot hold (`2021-08-24 14:00`, an Obsidian daily
        // note's alias): such a folder cannot be checked out there, and some hosts refuse it.
        guard
          segments.allSatisfy({ segment in
            !segment.unicodeScalars.contains { "/\\?#:*\"<>|".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F }
          })
        else {
          reject("is not a usable URL path (no '.', '..', '#', control characters, or ':', '*', '?', '\"', '<', '>', '|', '\\', which Windows file names cannot hold)")
          continue
        }
        let normalised = segments.joined(separator: "/") + "/"
        let folded = normalised.lowercased()
        let foldedSegments = segments.map { $0.lowercased() }
        if segments[0].hasPrefix("_") {
          reject("is in \(base)\(segments[0])/, which belongs to the generator")
        } else if pages.contains(folded) {
          reject("collides with an existing page at \(base)\(folded)")
        } else if let file = foldedSegments.indices.map({ foldedSegments[...$0].joined(separator: "/") }).first(where: files.contains) {
          reject("collides with the file \(base)\(file)")
        } else if let owner = claimed[folded] {
          reject("is already an alias of \(owner) (\(base)\(normalised))")
        } else {
          claimed[folded] = note.displayPath
          redirects.append(.redirect(from: normalised, to: .note(note.id)))
        }
      }
    }
    return (redirects, diagnostics)
  }
}

/// With `NOTES_SITE_TIMINGS` set, how long each phase of a build took, the CPU time it used (on
/// all cores) and the peak memory so far, on standard error.
struct PhaseClock {
  private let enabled = ProcessInfo.processInfo.environment["NOTES_SITE_TIMINGS"] != nil
  private var last = Date()
  private var lastCPU = PhaseClock.cpuSeconds(PhaseClock.usage())

  /// Marks why a build could not be made in place (the line of the check), and gives nil.
  mutating func refuse(line: Int = #line) -> BuildReport? {
    mark("in place: refused at InPlaceUpdate.swift:\(line)")
    return nil
  }

  private static func usage() -> rusage {
    var usage = rusage()
    #if canImport(Darwin)
      getrusage(RUSAGE_SELF, &usage)
    #else
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #endif
    return usage
  }

  /// User and system time of the whole process up to `usage`.
  private static func cpuSeconds(_ usage: rusage) -> Double {
    [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
  }

  mutating func mark(_ phase: String) {
    guard enabled else { return }
    let now = Date()
    let usage = Self.usage()
    // ru_maxrss is in kilobytes on Linux and bytes on macOS.
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss) / 1_048_576
    #else
      let peak = Int(usage.ru_maxrss) / 1024
    #endif
    // CPU time over wall time shows how many cores a phase kept busy.
    let cpu = Self.cpuSeconds(usage)
    let line =
      String(format: "%8.3f s  %6.3f s cpu  %5d MB peak  ", now.timeIntervalSince(last), cpu - lastCPU, peak) + phase + "\n"
    FileHandle.standardError.write(Data(line.utf8))
    last = now
    lastCPU = cpu
  }
}
