import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesMustache
import NotesSearch

/// `notes-site build` options.
public struct BuildOptions: Sendable {
  public var source: URL
  /// Defaults to `_site` inside the source.
  public var output: URL?
  public var baseURL: String?
  public var drafts = false
  public var strict = false
  /// `serve` injects a live-reload script into every page.
  public var liveReloadURL: String?

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

  public var exitCode: Int32 {
    switch outcome {
    case .success: 0
    case .contentError: 1
    case .usageError: 2
    }
  }

  /// `Built 21 notes in 6 folders: 130 pages, 24 files, 1.2 MB in 0.41 s`
  public var summary: String {
    "Built \(notes) notes in \(folders) folders: \(pages) pages, \(files) files, "
      + PageContext.byteCount(bytes) + " in " + String(format: "%.2f", seconds) + " s"
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

    let loader = SiteLoader(contentDirectory: content, config: config, includeDrafts: options.drafts, strict: options.strict)
    let (loaded, loadDiagnostics) = await loader.load()
    diagnostics += loadDiagnostics
    guard let site = loaded, !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }

    let settings = config
    let urls = URLFormatter(basePath: config.basePath)
    let index = LinkIndex(site: site)
    let graph = SiteGraph(site: site, index: index)
    diagnostics += graph.diagnostics
    let noteIDs = site.notes.keys.sorted()
    let rendered = await parallelMap(noteIDs) { id -> RenderedNote in
      let note = site.notes[id]!
      return Markdown.render(
        note.body,
        options: RenderOptions(unsafeHTML: settings.unsafeHTML, lineOffset: note.bodyLineOffset, sourcePath: note.displayPath),
        resolver: NoteResolver(site: site, index: index, urls: urls, noteID: id))
    }
    var noteHTML: [String: String] = [:]
    for (id, note) in zip(noteIDs, rendered) {
      noteHTML[id] = BodyHeadings.fitted(note.html)
      diagnostics += note.diagnostics
    }
    if options.strict {
      diagnostics = diagnostics.map { $0.location?.path.hasPrefix("content/") == true ? $0.escalated : $0 }
    }
    guard !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }

    let assets = theme.assets
    let context = PageContext(
      site: site, graph: graph, index: index, urls: urls, theme: theme, l10n: l10n, noteHTML: noteHTML,
      assetURLs: Dictionary(uniqueKeysWithValues: assets.map { ($0.logical, urls.basePath + $0.path) }),
      liveReloadURL: options.liveReloadURL, contentDirectory: content)

    var jobs = context.jobs()
    let (redirects, redirectDiagnostics) = aliasRedirects(site, jobs: jobs)
    diagnostics += redirectDiagnostics
    guard !diagnostics.hasErrors else {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics)
    }
    jobs += redirects

    // One `git cat-file --batch` for every revision shown.
    let revisionTexts = site.history?.contents(of: site.notes.values.flatMap(\.revisions)) ?? [:]

    let writer: OutputWriter
    do {
      writer = try OutputWriter(output: output)
    } catch {
      return BuildReport(outcome: .contentError, diagnostics: diagnostics + [error])
    }
    let pageResults = await parallelMap(jobs) { job -> Result<(String, OutputWriter.Record), Diagnostic> in
      do throws(Diagnostic) {
        let (path, html) = try context.render(job, revisionTexts: revisionTexts)
        return .success((path, try writer.write(path, Array(html.utf8))))
      } catch {
        return .failure(error)
      }
    }
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
    do {
      for (id, file) in site.files.sorted(by: { $0.key < $1.key }) {
        written[id] = try writer.copy(from: content.appendingPathComponent(file.sourcePath), to: id, size: file.size)
      }
      for asset in assets {
        written[asset.path] = try writer.write(asset.path, asset.bytes)
      }
      for (path, bytes) in try siteFiles(context) {
        written[path] = try writer.write(path, bytes)
      }
    } catch {
      failures.append(error)
    }
    guard failures.isEmpty else {
      writer.discard()
      return BuildReport(outcome: .contentError, diagnostics: diagnostics + failures)
    }
    do {
      try writer.commit(written)
    } catch {
      writer.discard()
      return BuildReport(outcome: .contentError, diagnostics: diagnostics + [error])
    }
    report.diagnostics = diagnostics
    report.notes = site.notes.count
    report.folders = site.folders.count
    report.files = written.count - report.pages
    report.bytes = written.values.reduce(0) { $0 + $1.size }
    report.output = output
    return report
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

  /// `aliases` in front matter become redirect pages at the old URLs.
  static func aliasRedirects(_ site: Site, jobs: [PageJob]) -> ([PageJob], [Diagnostic]) {
    var taken = Set<String>()
    for job in jobs {
      if case .route(let r) = job { taken.insert(r.path) }
    }
    var redirects: [PageJob] = []
    var diagnostics: [Diagnostic] = []
    let base = site.config.basePath
    for note in site.notes.values.sorted(by: { $0.id < $1.id }) {
      for alias in note.frontMatter.aliases {
        var path = alias
        if path.hasPrefix(base) { path = String(path.dropFirst(base.count)) }
        let segments = path.split(separator: "/")
        let location = SourceLocation(path: note.displayPath)
        guard !segments.isEmpty,
          segments.allSatisfy({ $0 != "." && $0 != ".." && !$0.contains("\\") && !$0.contains("\0") && !$0.hasPrefix(".") })
        else {
          diagnostics.append(.error("alias '\(alias)' is not a usable URL path", at: location))
          continue
        }
        let normalised = segments.joined(separator: "/") + "/"
        if taken.contains(normalised) {
          diagnostics.append(.error("alias '\(alias)' collides with an existing page at \(base)\(normalised)", at: location))
          continue
        }
        taken.insert(normalised)
        redirects.append(.redirect(from: normalised, to: .note(note.id)))
      }
    }
    return (redirects, diagnostics)
  }
}
