import Foundation
import NotesCore
import NotesGit
import NotesMarkdown

/// Loads and checks a site: one pass over `content/`, notes read and analysed on all cores,
/// URLs assigned, drafts dropped, dates from front matter, git or the file system.
struct SiteLoader {
  var contentDirectory: URL
  var config: SiteConfig
  var includeDrafts: Bool
  var strict: Bool
  /// Parse results of the previous build, for notes whose file did not change.
  var cache = NoteCache()

  /// Extensions that make a file a note.
  /// Markdown, MDX (Docusaurus, Starlight), Quarto's `.qmd` and R Markdown's `.Rmd`.
  static let noteExtensions: Set<String> = ["md", "markdown", "mdx", "qmd", "rmd"]

  /// A note file as read, before it has a URL.
  struct NoteSource: Sendable {
    var path: String
    var modified: Date
    var size = 0
    var frontMatter = FrontMatter()
    var body = ""
    var bodyLineOffset = 0
    var analysis = NoteAnalysis()
    var diagnostics: [Diagnostic] = []
  }

  /// Every note read cleanly by the last `load`, for the next build's `NoteCache`.
  var parsed: [(ContentTree.Entry, NoteCache.Entry)] = []
  /// How many notes the last `load` parsed (the rest came from the cache).
  var notesParsed = 0
  /// Folder path → the title its section file (`_index.md`) gives it.
  var sectionTitles: [String: String] = [:]
  /// Every file under `content/` the last load scanned: what mdBook's includes may read.
  var contentPaths: Set<String> = []

  mutating func load() async -> (Site?, [Diagnostic]) {
    let (tree, scanDiagnostics) = ContentTree.scanContent(contentDirectory, ignore: config.ignore)
    config.dendron = Self.isDendron(tree, siteRoot: contentDirectory.deletingLastPathComponent())
    return await load(tree, scanDiagnostics: scanDiagnostics)
  }

  /// Loads from a scan of `content/` made by the caller.
  mutating func load(_ tree: ContentTree, scanDiagnostics: [Diagnostic]) async -> (Site?, [Diagnostic]) {
    var diagnostics = scanDiagnostics
    var clock = PhaseClock()

    let noteEntries = tree.files.filter { Self.isNote($0.path) }
    let assetEntries = tree.files.filter { !Self.isNote($0.path) }
    contentPaths = Set(tree.files.lazy.map(\.path))
    // Paths as strings: `URL.appendingPathComponent` per note was half the cost of reading it.
    let directory = contentDirectory.path.hasSuffix("/") ? contentDirectory.path : contentDirectory.path + "/"
    let cache = self.cache
    var sources = await parallelMap(noteEntries) { entry in
      Self.read(entry, in: directory, cached: cache.lookup(entry))
    }
    clock.mark("  load: read and parse")
    // By index, not `for source in sources`: each iteration would copy a whole note source.
    for i in sources.indices where !sources[i].diagnostics.isEmpty { diagnostics += sources[i].diagnostics }
    notesParsed = noteEntries.count { cache.lookup($0) == nil }
    // What the next build may reuse: every note read cleanly, drafts included.
    parsed = []
    parsed.reserveCapacity(sources.count)
    for i in sources.indices where sources[i].diagnostics.isEmpty {
      let entry = noteEntries[i]
      parsed.append(
        (entry, NoteCache.Entry(
          stamp: entry.stamp, size: entry.size, modified: entry.modified, frontMatter: sources[i].frontMatter,
          bodyLineOffset: sources[i].bodyLineOffset, analysis: sources[i].analysis)))
    }
    if !includeDrafts { sources.removeAll { $0.frontMatter.draft } }
    // Hugo's and Zola's section files, `_index.md`: the title names the folder, as those tools
    // name the section, and one with nothing to show (front matter only) is not a note.
    sectionTitles = [:]
    sources.removeAll { source in
      guard Self.isSectionFile(source.path) else { return false }
      let folder = String(PathName.folder(source.path))
      if !folder.isEmpty, let title = source.frontMatter.title, !title.allSatisfy(\.isWhitespace) {
        sectionTitles[folder] = title
      }
      return source.analysis.plainText.allSatisfy(\.isWhitespace) && source.analysis.references.isEmpty
    }

    clock.mark("  load: cache entries")
    let (history, historyDiagnostics) = GitHistory.load(
      contentDirectory: contentDirectory, limit: config.historyLimit)
    diagnostics += historyDiagnostics

    var site = Site(
      config: config, folders: [:], rootFolderIDs: [], notes: [:], files: [:], tags: [:],
      history: history, referenceDate: Date(timeIntervalSince1970: 0))
    clock.mark("  load: history")
    diagnostics += assignURLs(
      &site, directories: tree.directories, notes: sources, assets: assetEntries)
    clock.mark("  load: URLs")
    finishLists(&site)
    clock.mark("  load: lists")
    return (site, diagnostics)
  }

  static func isNote(_ path: String) -> Bool {
    noteExtensions.contains(PathName.extension(path).lowercased())
  }

  /// A section's own file as Hugo and Zola keep it, `_index.md` in the section's folder, or
  /// one of its translations, `_index.en.md`.
  /// `README.md` or `index.md` (any case): the page a folder opens with on GitHub, in mdBook
  /// and in a Hugo page bundle.
  static func isFolderIndex(_ path: String) -> Bool {
    let stem = PathName.stem(path).lowercased()
    return (stem == "readme" || stem == "index") && isNote(path)
  }

  static func isSectionFile(_ path: String) -> Bool {
    let stem = PathName.stem(path)
    guard stem.hasPrefix("_index"), isNote(path) else { return false }
    let language = stem.dropFirst(6)
    return language.isEmpty
      || (language.first == "." && (3...6).contains(language.count)
        && language.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") })
  }

  /// The decimal number `bytes` spell, if they are all digits.
  private static func decimal(_ bytes: some Collection<UInt8>) -> Int? {
    guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  /// The UTC midnight of the date that `bytes` spell as `yyyy?mm?dd` (any separator), if it is one.
  private static func day(_ bytes: [UInt8]) -> Date? {
    guard bytes.count == 10, let year = decimal(bytes[0..<4]), let month = decimal(bytes[5..<7]),
      let day = decimal(bytes[8..<10]), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let date = CivilDate.date(year: year, month: month, day: day)
    // No day past the month's end (`2024-02-30`).
    return CivilDate(date).day == day ? date : nil
  }

  /// The day a note's file name starts with, as Eleventy's, Pelican's and Hugo's posts and
  /// Obsidian's daily notes are named (`2020-07-11-eleventy-post.md`, `2024-07-09_api-legacy.md`,
  /// `2024-01-01.md`), or, for a page bundle's `index.md` (`blog/2021-08-26-welcome/index.md`,
  /// as Docusaurus and Hugo keep a post beside its images), its folder's name: `YYYY-MM-DD`,
  /// then `-`, `_`, a space or the end of the name. Nil for other names.
  static func fileNameDate(_ path: String) -> Date? {
    var name = Substring(PathName.stem(path))
    if name.lowercased() == "index" {
      let folder = PathName.folder(path)
      guard !folder.isEmpty else { return nil }
      name = Substring(PathName.last(folder))
    }
    let bytes = Array(name.utf8.prefix(11))
    guard bytes.count >= 10, bytes[4] == 0x2D, bytes[7] == 0x2D,
      bytes.count == 10 || bytes[10] == 0x2D || bytes[10] == 0x5F || bytes[10] == 0x20
    else { return nil }
    return day(Array(bytes.prefix(10)))
  }

  /// A Jekyll post's date, which its file name gives: `_posts/2015-07-19-first.md` was posted
  /// on 2015-07-19 (midnight UTC). Nil for any other file.
  static func jekyllPostDate(_ path: String) -> Date? {
    guard path.utf8.contains(UInt8(ascii: "_")), path.hasPrefix("_posts/") || path.contains("/_posts/") else { return nil }
    let name = PathName.last(path).utf8
    guard name.count > 11 else { return nil }
    let bytes = Array(name.prefix(11))
    guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x2D else { return nil }
    return day(Array(bytes.prefix(10)))
  }

  /// What a Denote file name says (Emacs' Denote, `20240329T093529--kubernetes-nodes__devops_tech.md`):
  /// the note's creation time, its title ("kubernetes nodes") and its tags. Nil for other names.
  static func denoteName(_ path: String) -> (date: Date, title: String, tags: [String])? {
    let stem = PathName.stem(path)
    let bytes = Array(stem.utf8)
    guard bytes.count > 17, bytes[8] == UInt8(ascii: "T"), let year = decimal(bytes[0..<4]),
      let month = decimal(bytes[4..<6]), let day = decimal(bytes[6..<8]), let hour = decimal(bytes[9..<11]),
      let minute = decimal(bytes[11..<13]), let second = decimal(bytes[13..<15]),
      (1...12).contains(month), (1...31).contains(day), let dashes = stem.range(of: "--")
    else { return nil }
    // An optional signature, `==1a`, between the time and the title.
    let between = stem[stem.index(stem.startIndex, offsetBy: 15)..<dashes.lowerBound]
    guard between.isEmpty || between.hasPrefix("==") else { return nil }
    let afterTitle = stem[dashes.upperBound...]
    let tagStart = afterTitle.range(of: "__")
    let title = (tagStart.map { afterTitle[..<$0.lowerBound] } ?? afterTitle).replacingOccurrences(of: "-", with: " ")
    guard !title.isEmpty else { return nil }
    let tags = tagStart.map { afterTitle[$0.upperBound...].split(separator: "_").map(String.init) } ?? []
    let date = CivilDate.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return (date, title, tags)
  }

  /// A Logseq journal's day, which its file name gives: `journals/2022_12_15.md` is the
  /// journal of 2022-12-15 (midnight UTC). Nil for any other file.
  static func logseqJournalDate(_ path: String) -> Date? {
    guard path.hasPrefix("journals/") || path.contains("/journals/"), PathName.last(PathName.folder(path)) == "journals"
    else { return nil }
    let stem = Array(PathName.stem(path).utf8)
    guard stem.count == 10, stem[4] == UInt8(ascii: "_"), stem[7] == UInt8(ascii: "_") else { return nil }
    return day(stem)
  }

  /// A Logseq journal's title as Logseq names its page by default, `Dec 15th, 2022`, which
  /// `[[Dec 15th, 2022]]` links to.
  static func logseqJournalTitle(_ path: String) -> String? {
    guard let date = logseqJournalDate(path) else { return nil }
    let civil = CivilDate(date)
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let suffix = (11...13).contains(civil.day % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][civil.day % 10] ?? "th"
    return "\(months[civil.month - 1]) \(civil.day)\(suffix), \(civil.year)"
  }

  /// A Jekyll post's title when it gives none, from its file name as Jekyll makes it:
  /// `2009-09-05-edge-case-title.md` is "Edge Case Title".
  static func jekyllPostTitle(_ path: String) -> String? {
    guard jekyllPostDate(path) != nil else { return nil }
    let slug = PathName.stem(path).dropFirst(11)
    let words = slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }

  /// Whether `content/` is a GitHub wiki: `Home.md` with the wiki's `_Sidebar.md` or
  /// `_Footer.md` beside it. Its links are written label first (`[[Click here|Home]]`).
  /// Whether `content/` is a Dendron vault, or one of the vaults of a Dendron workspace: it or
  /// the site root holds `dendron.yml`, or it holds a schema (`root.schema.yml`).
  static func isDendron(_ tree: ContentTree, siteRoot: URL) -> Bool {
    if FileManager.default.fileExists(atPath: siteRoot.appendingPathComponent("dendron.yml").path) { return true }
    return tree.files.contains { entry in
      guard entry.path.hasSuffix(".yml") else { return false }
      let name = PathName.last(entry.path)
      return entry.path.split(separator: "/").count <= 2 && (name == "dendron.yml" || name.hasSuffix(".schema.yml"))
    }
  }

  static func isGitHubWiki(_ tree: ContentTree) -> Bool {
    var home = false
    var frame = false
    for entry in tree.files where !entry.path.contains("/") {
      switch entry.path {
      case "Home.md": home = true
      case "_Sidebar.md", "_Footer.md": frame = true
      default: break
      }
    }
    return home && frame
  }

  /// The files a GitHub wiki shows around every page rather than as pages of their own.
  static let gitHubWikiFrame: Set<String> = ["_Sidebar.md", "_Footer.md", "_Header.md"]

  /// `tree` read as a GitHub wiki if it is one (`isGitHubWiki`): its sidebar, header and
  /// footer at the top are not notes, as GitHub shows no page for them. Returns whether it is.
  static func readingGitHubWiki(_ tree: inout ContentTree) -> Bool {
    guard isGitHubWiki(tree) else { return false }
    tree.files.removeAll { gitHubWikiFrame.contains($0.path) }
    return true
  }

  /// Reads one note: UTF-8 check, front matter, Markdown analysis.
  /// `directory` is the content folder's path with a trailing `/`.
  static func read(
    _ entry: ContentTree.Entry, in directory: String, cached: NoteCache.Entry? = nil
  ) -> NoteSource {
    var source = NoteSource(path: entry.path, modified: entry.modified, size: entry.size)
    let display = "content/" + entry.path
    let bytes: [UInt8]
    switch readFile(directory + entry.path) {
    case .success(let read): bytes = read
    case .failure(let problem):
      source.diagnostics.append(.error("cannot read file: \(problem.reason)", at: SourceLocation(path: display)))
      return source
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      source.diagnostics.append(invalidUTF8(Data(bytes), path: display))
      return source
    }
    let split = FrontMatter.split(text)
    if let cached, cached.bodyLineOffset == split.bodyLineOffset {
      // Unchanged since the last build: its YAML and Markdown were parsed then.
      source.frontMatter = cached.frontMatter
      source.body = drawingText(String(split.body), path: entry.path)
      source.bodyLineOffset = split.bodyLineOffset
      source.analysis = cached.analysis
      return source
    }
    if let header = split.header {
      let (frontMatter, fmDiagnostics) = FrontMatter.parse(header, format: split.format, path: display)
      source.frontMatter = frontMatter
      source.diagnostics += fmDiagnostics
    } else if FrontMatter.opensUnclosed(text) {
      source.diagnostics.append(
        .warning(
          "front matter opened with '---' is never closed by a '---' line; the note is read as Markdown",
          at: SourceLocation(path: display, line: 1, column: 1)))
    }
    if source.frontMatter.date == nil, let posted = jekyllPostDate(entry.path) { source.frontMatter.date = posted }
    if source.frontMatter.date == nil, let denote = denoteName(entry.path) { source.frontMatter.date = denote.date }
    if source.frontMatter.date == nil, let named = fileNameDate(entry.path) { source.frontMatter.date = named }
    // A journal is that day's page: listed by its day, whenever it was last edited.
    if let day = logseqJournalDate(entry.path) {
      if source.frontMatter.date == nil { source.frontMatter.date = day }
      if source.frontMatter.updated == nil { source.frontMatter.updated = source.frontMatter.date }
    }
    source.body = drawingText(String(split.body), path: entry.path)
    source.bodyLineOffset = split.bodyLineOffset
    source.analysis = Markdown.analyze(source.body, lineOffset: split.bodyLineOffset)
    // Wiki links in properties are the note's links too; the cache keeps them with the rest.
    if !source.frontMatter.links.isEmpty {
      source.analysis.references = source.frontMatter.links + source.analysis.references
    }
    return source
  }

  struct ReadProblem: Error {
    var reason: String
  }

  /// A whole file with plain system calls (ten thousand notes are read per build; Foundation's
  /// `Data(contentsOf:)` costs several times more per file). Never blocks on a FIFO that
  /// replaced a note after the scan: it is opened non-blocking and refused.
  /// Whether the note at `path` is an Excalidraw drawing (`Plan.excalidraw.md`).
  static func isDrawing(_ path: String) -> Bool { path.lowercased().hasSuffix(".excalidraw.md") }

  /// An Excalidraw drawing's text as a page shows it: the words in the drawing (its "Text
  /// Elements"), without the plugin's banner (`==⚠ Switch to EXCALIDRAW VIEW…==`), its
  /// `# Excalidraw Data` heading, and the lists of element links and embedded files it keeps
  /// for itself. Lines stay (blank), so positions stay the file's. Other notes: `body`.
  static func drawingText(_ body: String, path: String) -> String {
    guard isDrawing(path) else { return body }
    var lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    var skipping = false
    for i in lines.indices {
      let line = lines[i].trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#") || line.hasPrefix("%%") { skipping = false }
      if line == "## Element Links" || line == "## Embedded Files" || line == "## Embeddable Files" { skipping = true }
      if skipping || line.hasPrefix("==⚠") || line == "# Excalidraw Data" { lines[i] = "" }
    }
    return lines.joined(separator: "\n")
  }

  static func readFile(_ path: String) -> Result<[UInt8], ReadProblem> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return .failure(ReadProblem(reason: String(cString: strerror(errno)))) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(ReadProblem(reason: String(cString: strerror(errno)))) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(ReadProblem(reason: "not a regular file")) }
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let n = bytes.withUnsafeMutableBufferPointer { buffer in
        systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return .failure(ReadProblem(reason: String(cString: strerror(errno))))
      }
      if n == 0 { break }
      count += n
    }
    bytes.removeLast(bytes.count - count)
    return .success(bytes)
  }

  static func describe(_ error: Error) -> String {
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoPermissionError {
      return "permission denied"
    }
    return ns.localizedDescription
  }

  /// Points at the first byte that is not UTF-8, by line and column.
  static func invalidUTF8(_ data: Data, path: String) -> Diagnostic {
    let bytes = [UInt8](data)
    var lineStart = 0
    var line = 1
    var offset = 0
    // Find the longest valid prefix by decoding scalar by scalar.
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var consumed = 0
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        let width = UTF8.width(scalar)
        if scalar == "\n" {
          line += 1
          lineStart = consumed + width
        }
        consumed += width
      case .emptyInput: break loop
      case .error:
        offset = consumed
        break loop
      }
    }
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    return .error(
      "file is not valid UTF-8 (byte offset \(offset)); save it as UTF-8",
      at: SourceLocation(path: path, line: line, column: column))
  }
}

#if canImport(Glibc)
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  private let systemRead = Darwin.read
#endif
