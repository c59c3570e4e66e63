import Foundation
import NotesCore
import NotesMarkdown

/// What a reference in a note points to, decided once from the loaded site and used for both
/// the link graph (attachments, backlinks) and rendering.
enum LinkTarget: Sendable, Hashable {
  case external
  /// A page of the site; `fragment` is already a heading id.
  case note(String, fragment: String?)
  case folder(String)
  case file(String)
  /// The site's home page: `[Home](/)`, the root of `content/`.
  case home
  case missing(String)

  var isMissing: Bool {
    if case .missing = self { return true }
    return false
  }
}

/// Lookup tables from what people write in notes (paths, file names, titles) to site IDs.
struct LinkIndex: Sendable {
  private var notesByPath: [String: String] = [:]
  /// Notes by their path key without number prefixes (see `unprefixed`), for the paths that
  /// have one; a key two notes share maps to nothing.
  private var notesByUnprefixedPath: [String: String?] = [:]
  /// Notes by the path of their page on the site they came from (`permalinkKey`).
  private var notesByPermalink: [String: String] = [:]
  /// The note of each Logseq block id (`^` and a UUID), for block references.
  private var blockOwners: [String: String] = [:]
  /// File names (without extension) and aliases.
  private var notesByName: [String: [String]] = [:]
  /// Titles that differ from the file name: a name only when no file name or alias has it,
  /// as `[[Sistemas operacionais]]` means that file even where another note's heading says
  /// "Sistemas Operacionais".
  private var notesByTitle: [String: [String]] = [:]
  private var filesByPath: [String: String] = [:]
  /// Zettelkasten IDs: the digits that start a file name (`202001011200 Title.md`), as
  /// Zettlr and other Zettelkasten tools link notes by them (`[[202001011200]]`).
  private var notesByZettelID: [String: [String]] = [:]
  private var filesByName: [String: [String]] = [:]
  /// Files named by a Joplin resource id (`_resources/1464bd4c….png`), by that id: Joplin's
  /// notes link them `:/1464bd4c…`.
  private var filesByJoplinID: [String: String] = [:]
  private var foldersByPath: [String: String] = [:]
  private var headingIDs: [String: [String: String]] = [:]  // note → key → id
  private var noteDirectory: [String: String] = [:]
  /// Path keys that several notes (or files) answer to, their paths differing only in case
  /// (`README.md`, `readme.md`): their IDs, sorted. The tables above hold the first; a link
  /// that spells one of them exactly gets that one.
  private var notePathVariants: [String: [String]] = [:]
  private var filePathVariants: [String: [String]] = [:]

  /// One note's lookup keys, made on all cores before the tables are filled in on one.
  private struct NoteKeys {
    var path: String
    var pathWithoutExtension: String
    /// File name without extension, then aliases.
    var names: [String]
    /// The title, when it differs from the file name.
    var title: String?
    var headingIDs: [String: String]
    var directory: String
    var zettelID: String?
  }

  init(site: Site) {
    let ids = Array(site.notes.keys)
    let keys = concurrentMap(ids) { id -> NoteKeys in
      let note = site.notes[id]!
      let name = Self.key(Self.stripExtension(String(PathName.last(note.sourcePath))))
      var names = [name]
      // A Logseq namespace by the name it shows (`a___b.md` is `[[a/b]]`), also when a heading
      // gave the note another title.
      let shown = Self.key(PathName.displayName(Self.stripExtension(String(PathName.last(note.sourcePath)))))
      if shown != name { names.append(shown) }
      // A folder's `index.md` or `README.md` also answers to the folder's name (a Hugo leaf
      // bundle's `my-trip/index.md` is `[[my-trip]]`).
      if SiteLoader.isFolderIndex(note.sourcePath), note.sourcePath.contains("/") {
        names.append(Self.key(String(PathName.last(String(PathName.folder(note.sourcePath))))))
      }
      let title = Self.key(note.title)
      // `/old/url/` is a path (a redirect), `CI/CD` a name.
      for alias in note.frontMatter.aliases where !alias.hasPrefix("/") { names.append(Self.key(alias)) }
      var headings: [String: String] = [:]
      for heading in note.analysis.headings {
        headings[heading.id] = heading.id
        let text = Self.key(heading.text)
        headings[text] = headings[text] ?? heading.id
      }
      for block in note.analysis.blockIDs + note.analysis.anchors { headings[block] = headings[block] ?? block }
      return NoteKeys(
        path: Self.key(note.sourcePath), pathWithoutExtension: Self.key(Self.stripExtension(note.sourcePath)),
        names: names, title: title != name ? title : nil, headingIDs: headings, directory: PathName.folder(note.sourcePath),
        zettelID: Self.zettelID(of: name))
    }
    notesByPath.reserveCapacity(ids.count * 2)
    headingIDs.reserveCapacity(ids.count)
    noteDirectory.reserveCapacity(ids.count)
    /// Sets `table[key]`, keeping every ID when a second claims the key.
    func claim(_ key: String, _ id: String, _ table: inout [String: String], _ variants: inout [String: [String]]) {
      if let existing = table[key], existing != id {
        variants[key, default: [existing]].append(id)
      } else {
        table[key] = id
      }
    }
    for (id, k) in zip(ids, keys) {
      claim(k.path, id, &notesByPath, &notePathVariants)
      claim(k.pathWithoutExtension, id, &notesByPath, &notePathVariants)
      for name in k.names { notesByName[name, default: []].append(id) }
      if let title = k.title { notesByTitle[title, default: []].append(id) }
      if let zettel = k.zettelID { notesByZettelID[zettel, default: []].append(id) }
      headingIDs[id] = k.headingIDs
      noteDirectory[id] = k.directory
    }
    for id in ids.sorted() {
      if let permalink = site.notes[id]!.frontMatter.permalink {
        let key = Self.permalinkKey(permalink)
        if notesByPermalink[key] == nil { notesByPermalink[key] = id }
      }
    }
    // A Jekyll post's address by default, `/2018/05/09/gibbs-sampling.html` for
    // `_posts/2018-05-09-gibbs-sampling.md` (after its categories, if any, which the lookup
    // drops), where no `permalink` claims it.
    for id in ids.sorted() {
      let path = site.notes[id]!.sourcePath
      guard path.contains("_posts/"), let key = Self.jekyllPostKey(PathName.stem(path)), notesByPermalink[key] == nil else { continue }
      notesByPermalink[key] = id
    }
    for id in ids.sorted() {
      for block in site.notes[id]!.analysis.blockIDs where block.utf8.count == 37 && blockOwners[block] == nil {
        blockOwners[block] = id
      }
    }
    for (id, k) in zip(ids, keys) {
      let unprefixed = Self.unprefixed(k.pathWithoutExtension)
      guard unprefixed != k.pathWithoutExtension else { continue }
      if let existing = notesByUnprefixedPath[unprefixed], existing != id {
        notesByUnprefixedPath[unprefixed] = .some(nil)
      } else {
        notesByUnprefixedPath[unprefixed] = id
      }
    }
    for key in notesByName.keys { notesByName[key] = Array(Set(notesByName[key]!)).sorted() }
    for key in notesByTitle.keys { notesByTitle[key]!.sort() }
    for key in notesByZettelID.keys { notesByZettelID[key]!.sort() }
    for file in site.files.values {
      claim(Self.key(file.sourcePath), file.id, &filesByPath, &filePathVariants)
      filesByName[Self.key(String(PathName.last(file.sourcePath))), default: []].append(file.id)
      let stem = PathName.stem(file.sourcePath)
      if Self.isJoplinID(stem) { filesByJoplinID[stem.lowercased()] = file.id }
    }
    for key in filesByName.keys { filesByName[key]!.sort() }
    for folder in site.folders.values where !folder.sourcePath.isEmpty {
      foldersByPath[Self.key(folder.sourcePath)] = folder.id
    }
    // Whatever order the notes came in, the same one is first.
    for (key, ids) in notePathVariants {
      notePathVariants[key] = Array(Set(ids)).sorted()
      notesByPath[key] = notePathVariants[key]![0]
    }
    for (key, ids) in filePathVariants {
      filePathVariants[key] = Array(Set(ids)).sorted()
      filesByPath[key] = filePathVariants[key]![0]
    }
    fileSourcePath = site.files.mapValues(\.sourcePath)
    noteSourcePath = site.notes.mapValues(\.sourcePath)
    unsafeHTML = site.config.unsafeHTML
    gitHubWiki = site.config.labelFirstLinks
  }

  private var fileSourcePath: [String: String] = [:]
  private var noteSourcePath: [String: String] = [:]
  /// Config `unsafe_html`: notes may hold their own anchors.
  private var unsafeHTML = false
  /// The content is a GitHub wiki, whose pages are named site-wide: `[x](Page-Name)` in any
  /// folder names `Page-Name.md` wherever it is.
  private var gitHubWiki = false

  /// A site path as a key: no slashes around it, no `index.html` or `.html` (Jekyll serves
  /// `/docs/setup.html` and `/docs/setup/` alike), any case.
  /// `2018/05/09/gibbs-sampling` for a post named `2018-05-09-gibbs-sampling`, as a
  /// permalink key; nil for other names.
  static func jekyllPostKey(_ stem: String) -> String? {
    let u = Array(stem.utf8)
    func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { u[$0] >= 0x30 && u[$0] <= 0x39 } }
    guard u.count > 11, digits(0..<4), u[4] == 0x2D, digits(5..<7), u[7] == 0x2D, digits(8..<10), u[10] == 0x2D else { return nil }
    let s = Substring(stem)
    return key("\(s.prefix(4))/\(s.dropFirst(5).prefix(2))/\(s.dropFirst(8).prefix(2))/\(s.dropFirst(11))")
  }

  static func permalinkKey(_ path: String) -> String {
    var p = Substring(path)
    while p.hasPrefix("/") { p = p.dropFirst() }
    if p.hasSuffix("index.html") { p = p.dropLast(10) } else if p.hasSuffix(".html") { p = p.dropLast(5) }
    while p.hasSuffix("/") { p = p.dropLast() }
    return key(String(p))
  }

  /// `path` without the number prefix Docusaurus reads off each part (`01-intro/2. setup`
  /// is `intro/setup`): digits, then `-`, `_` or `.` (spaces around them allowed), then the
  /// rest, which must not be empty.
  static func unprefixed(_ path: String) -> String {
    guard path.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return path }
    return path.split(separator: "/", omittingEmptySubsequences: false).map { part -> Substring in
      let digits = part.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty else { return part }
      var rest = part.dropFirst(digits.count).drop { $0 == " " }
      let separators = rest.prefix { $0 == "-" || $0 == "_" || $0 == "." }
      guard !separators.isEmpty else { return part }
      rest = rest.dropFirst(separators.count).drop { $0 == " " }
      return rest.isEmpty ? part : rest
    }.joined(separator: "/")
  }

  /// Case- and normalisation-insensitive key.
  static func key(_ s: String) -> String {
    // Most names are ASCII, where normalisation changes nothing.
    if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
    return s.precomposedStringWithCanonicalMapping.lowercased()
  }

  /// A heading's anchor as GitHub (github-slugger), mdBook and MkDocs make it: lower case,
  /// letters, digits, `-` and `_` kept, each space a `-`, everything else dropped.
  static func githubSlug(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      let p = scalar.properties
      if p.isAlphabetic || p.numericType != nil || p.generalCategory == .nonspacingMark || scalar == "-" || scalar == "_" {
        out.append(scalar)
      } else if p.isWhitespace {
        out.append("-")
      }
    }
    return String(out)
  }

  static func stripExtension(_ p: String) -> String {
    let ext = PathName.extension(p)
    // Note extensions are ASCII: dropping their bytes drops their characters.
    guard ext.utf8.count <= 8, SiteLoader.noteExtensions.contains(ext.lowercased()) else { return p }
    return String(p.dropLast(ext.count + 1))
  }

  /// Resolves `../x/y` against `directory`; nil when it leaves `content/`.
  static func normalise(_ path: String, from directory: String) -> String? {
    var parts: [Substring] = path.hasPrefix("/") ? [] : directory.split(separator: "/")
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if parts.isEmpty { return nil }
        parts.removeLast()
      default: parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  static func hasScheme(_ s: String) -> Bool {
    if s.hasPrefix("//") { return true }
    guard let colon = s.firstIndex(of: ":") else { return false }
    let scheme = s[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
    return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// The id of the heading `fragment` names in note `noteID`: by id, by text (any case), or
  /// by the id its text would get; an Obsidian heading path (`Parent#Child`) names its last
  /// heading. Nil when `fragment` is nil or empty, or when the note has no such heading: the
  /// link then goes to the note itself, never to an anchor the page does not have.
  func headingID(_ fragment: String?, in noteID: String) -> String? {
    guard let fragment, !fragment.isEmpty else { return nil }
    let ids = headingIDs[noteID] ?? [:]
    if let id = ids[fragment] ?? ids[Self.key(fragment)] ?? ids[Slug.make(fragment)] { return id }
    // Obsidian's Markdown links percent-encode the heading (`#Lab%20DOM%20XSS`).
    if fragment.contains("%"), let decoded = fragment.removingPercentEncoding, decoded != fragment {
      return headingID(decoded, in: noteID)
    }
    // A footnote's id or its reference's (`#fn:1`, `#fnref:1`), as the page numbers them.
    if Self.isFootnoteID(fragment) { return fragment }
    // An anchor as GitHub, mdBook and MkDocs write it (`#whats-new` for "What's new?"); only
    // looked for when nothing else matched, so it costs nothing on the common path.
    let wanted = fragment.lowercased()
    if let id = ids.filter({ Self.githubSlug($0.key) == wanted }).map(\.value).min() { return id }
    if let last = fragment.split(separator: "#").last, last.count < fragment.count {
      return headingID(String(last), in: noteID)
    }
    return nil
  }

  /// `fn:3` or `fnref:3`: the ids footnotes and their references get (no heading id has a
  /// colon).
  static func isFootnoteID(_ fragment: String) -> Bool {
    let digits = fragment.hasPrefix("fn:") ? fragment.dropFirst(3) : fragment.hasPrefix("fnref:") ? fragment.dropFirst(6) : ""
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// What is wrong with `fragment` as a heading of note `noteID`, if anything.
  func headingProblem(_ fragment: String?, in noteID: String) -> String? {
    guard let fragment, !fragment.isEmpty, headingID(fragment, in: noteID) == nil else { return nil }
    if fragment.hasPrefix("^") {
      return "no block '\(fragment)' in '\(noteSourcePath[noteID].map { "content/" + $0 } ?? noteID)'; linking to the note"
    }
    return "no heading '\(fragment)' in '\(noteSourcePath[noteID].map { "content/" + $0 } ?? noteID)'; linking to the note"
  }

  /// Resolves a reference written in note `from`. `ambiguity` receives the candidates when a
  /// bare name matched more than one note.
  func resolve(_ ref: LinkReference, from noteID: String) -> (LinkTarget, ambiguous: [String]) {
    let directory = noteDirectory[noteID] ?? ""
    /// Note `id`, at the heading the reference names, if it has it.
    func note(_ id: String) -> LinkTarget { .note(id, fragment: headingID(ref.fragment, in: id)) }
    /// The nearest of the notes `ids`, or of the files.
    func nearestNote(_ ids: [String]) -> (LinkTarget, ambiguous: [String]) {
      let (id, ambiguous) = nearest(ids, to: directory, path: { noteSourcePath[$0]! })
      return (note(id), ambiguous)
    }
    func nearestFile(_ ids: [String]) -> (LinkTarget, ambiguous: [String]) {
      let (id, ambiguous) = nearest(ids, to: directory, path: { fileSourcePath[$0]! })
      return (.file(id), ambiguous)
    }
    /// The note, else the folder, at path key `key`.
    func page(_ key: String, written: String) -> LinkTarget? {
      if let id = notePath(key, written: written) { return note(id) }
      if !key.isEmpty, let id = foldersByPath[key] {
        // A folder that opens with its `README.md` or `index.md` is that note, as GitHub
        // shows it.
        if let index = notesByPath[key + "/readme"] ?? notesByPath[key + "/index"] { return note(index) }
        return .folder(id)
      }
      // A Hugo leaf bundle's folder, whose `index.md` is its note (the folder has no page).
      if !key.isEmpty, let index = notesByPath[key + "/index"] { return note(index) }
      return nil
    }
    switch ref.kind {
    case .link, .image:
      // Zola's internal links, `@/posts/a.md`, start from `content/`.
      let target = ref.target.hasPrefix("@/") ? String(ref.target.dropFirst()) : ref.target
      if target.isEmpty {
        // `[see](#setup)`: a heading of this note, linked by its id so that it also works
        // where the note is embedded in another; `#top` and `#` mean the top of the page.
        guard let fragment = ref.fragment else { return (.missing("empty link"), []) }
        if fragment.isEmpty || fragment.lowercased() == "top" { return (.external, []) }
        if let id = headingID(fragment, in: noteID) { return (.note(noteID, fragment: id), []) }
        // Raw HTML, when the site allows it, can hold the anchor.
        return (unsafeHTML ? .external : .note(noteID, fragment: nil), [])
      }
      // A path on the author's Windows computer (`C:\Users\…\typora-user-images\a.png`, as
      // Typora writes pasted images): the file of that name if the vault has one, else a
      // warning, never an address.
      if let drive = target.first, drive.isASCII, drive.isLetter, target.dropFirst().hasPrefix(":\\") || target.dropFirst().hasPrefix(":/") {
        let name = target.split(whereSeparator: { $0 == "\\" || $0 == "/" }).last.map(String.init) ?? ""
        if let named = filesByName[Self.key(name)], !named.isEmpty { return nearestFile(named) }
        return (.missing("'\(ref.target)' is a path on the computer the note was written on; no file '\(name)' in content/"), [])
      }
      // Denote's link to a note by its identifier, `denote:20240329T093529`.
      if target.hasPrefix("denote:"), let byID = notesByZettelID[Self.key(String(target.dropFirst(7)))] {
        return nearestNote(byID)
      }
      if Self.hasScheme(target) { return (.external, []) }
      // Joplin links a resource or a note by its id, `:/1464bd4c…`: the file or note of that
      // name.
      if target.hasPrefix(":/"), Self.isJoplinID(target.dropFirst(2)) {
        let id = target.dropFirst(2).lowercased()
        if let file = filesByJoplinID[id] { return (.file(file), []) }
        if let named = notesByName[id], !named.isEmpty { return nearestNote(named) }
        return (.missing("no note or resource with Joplin id '\(id)'"), [])
      }
      let path = Self.normalise(target, from: directory)
      // `../` from a folder's README up to `content/`: the README there, as GitHub shows the
      // repository's, else the home page (not the page-URL reading below, which would find
      // the README's own folder). From other notes `../` is read as Hugo writes it, below.
      if let path, path.isEmpty || path == ".", !target.hasPrefix("/"), !directory.isEmpty,
        let source = noteSourcePath[noteID], ["readme", "index"].contains(Self.key(Self.stripExtension(String(PathName.last(source)))))
      {
        if let readme = notesByPath["readme"] ?? notesByPath["index"] { return (note(readme), []) }
        return (.home, [])
      }
      if let path {
        let k = Self.key(path)
        if let found = page(k, written: path) { return (found, []) }
        if let file = filePath(k, written: path) { return (.file(file), []) }
        // A chapter linked by the page mdBook makes of it: `x.html` is `x.md`, a folder's
        // `index.html` its `README.md` (or `index.md`, or the folder).
        // Hugo's and Zola's section file (`@/blog/_index.md`, which holds the folder's front
        // matter) is the folder's own page.
        if PathName.last(Self.stripExtension(k)) == "_index" {
          let folder = String(PathName.folder(k))
          if folder.isEmpty { return (.home, []) }
          if let found = page(folder, written: folder) { return (found, []) }
        }
        if k.hasSuffix(".html") {
          let stem = String(k.dropLast(5))
          if let id = notesByPath[stem] { return (note(id), []) }
          if PathName.last(stem) == "index" {
            let folder = String(PathName.folder(stem))
            let prefix = folder.isEmpty ? "" : folder + "/"
            if let id = notesByPath[prefix + "readme"] ?? notesByPath[prefix + "index"] { return (note(id), []) }
            if !folder.isEmpty, let id = foldersByPath[folder] { return (.folder(id), []) }
          }
        }
      }
      // A link written for the page's URL, as Hugo and Zola notes write them: from `d/a.md`
      // (page `/d/a/`), `../b/` means the page `/d/b/` and `../../img/x.png` the file
      // `/img/x.png`. Tried only for links that name nothing relative to the file.
      if !target.hasPrefix("/"), let source = noteSourcePath[noteID],
        let pagePath = Self.normalise(target, from: Self.stripExtension(source))
      {
        let k = Self.key(pagePath)
        if let found = page(k, written: pagePath) { return (found, []) }
        if let file = filePath(k, written: pagePath) { return (.file(file), []) }
      }
      // A path from the top of the vault, as Obsidian's "absolute path in vault" link format
      // writes it (`[x](Work/Roadmap.md)` from any folder) and Hugo's `ref` finds it.
      if !target.hasPrefix("/"), !target.hasPrefix("./"), !target.hasPrefix("../"), target.contains("/"),
        let rootPath = Self.normalise(target, from: ""), rootPath != path
      {
        let k = Self.key(rootPath)
        if let found = page(k, written: rootPath) { return (found, []) }
        if let file = filePath(k, written: rootPath) { return (.file(file), []) }
      }
      // A Jekyll or Hugo page linked by its `permalink` or `url`.
      if target.hasPrefix("/"), !notesByPermalink.isEmpty {
        let key = Self.permalinkKey(target)
        if let id = notesByPermalink[key] { return (note(id), []) }
        // A post's date path after its categories (`/blog/2018/05/09/gibbs-sampling.html`).
        let parts = key.split(separator: "/")
        if parts.count > 4, let id = notesByPermalink[parts.suffix(4).joined(separator: "/")], Self.jekyllPostKey(
          parts.suffix(4).joined(separator: "-")) != nil
        {
          return (note(id), [])
        }
      }
      // A note linked by the URL the site gives it (`/d/create-doc` for a note whose
      // front matter says `slug: create-doc`), as a Docusaurus page links itself.
      if target.hasPrefix("/") {
        var id = Substring(target.lowercased()).dropFirst()
        while id.hasSuffix("/") { id = id.dropLast() }
        if !id.isEmpty, noteDirectory[String(id)] != nil { return (note(String(id)), []) }
      }
      // Docusaurus drops number prefixes from doc paths: `../build/after-a-build` is
      // `build/12-after-a-build.mdx`.
      if !notesByUnprefixedPath.isEmpty {
        let pagePath = noteSourcePath[noteID].flatMap { Self.normalise(target, from: Self.stripExtension($0)) }
        for candidate in [path, pagePath].compactMap({ $0 }) {
          var k = Self.key(Self.stripExtension(candidate))
          while k.hasSuffix("/") { k.removeLast() }
          if let found = notesByUnprefixedPath[Self.unprefixed(k)], let id = found { return (note(id), []) }
        }
      }
      if gitHubWiki, !target.contains("/"), let named = notesByName[Self.key(Self.stripExtension(target))], !named.isEmpty {
        return nearestNote(named)
      }
      // Obsidian's "shortest path" Markdown links, `[x](Component.md)`, `![](pic.png)`: a name
      // alone, found wherever the vault has it, as Obsidian and Quartz find it.
      if !target.contains("/"), !target.isEmpty {
        let ext = PathName.extension(target).lowercased()
        if SiteLoader.noteExtensions.contains(ext), let named = notesByName[Self.key(Self.stripExtension(target))], !named.isEmpty {
          return nearestNote(named)
        }
        if !ext.isEmpty, !SiteLoader.noteExtensions.contains(ext), let named = filesByName[Self.key(target)], !named.isEmpty {
          return nearestFile(named)
        }
        // A Zettelkasten note linked by its ID alone, `[this](20240101T010203Z)`.
        let k = Self.key(target)
        if Self.zettelID(of: k) == k, let byID = notesByZettelID[k], !byID.isEmpty { return nearestNote(byID) }
      }
      guard let path else { return (.missing("link '\(ref.target)' points outside content/"), []) }
      // `[Home](/)`, `[up](../..)` to the top: `content/` is the site, whose page is home.
      if path.isEmpty || path == "." { return (.home, []) }
      return (.missing("no note or file at '\(ref.target)'"), [])
    case .wikiLink, .wikiEmbed:
      var target = ref.target
      if target.first?.isWhitespace == true || target.last?.isWhitespace == true {
        target = target.trimmingCharacters(in: .whitespaces)
      }
      if target.isEmpty {
        // A Logseq block reference, `((uuid))`: the note that has the block.
        if let fragment = ref.fragment, fragment.utf8.count == 37, fragment.hasPrefix("^"), headingID(fragment, in: noteID) == nil {
          guard let owner = blockOwners[fragment] else { return (.missing("no block '\(fragment.dropFirst())'"), []) }
          return (note(owner), [])
        }
        return (note(noteID), [])
      }
      if target.hasPrefix("/") { target.removeFirst() }
      let k = Self.key(Self.stripExtension(target))
      let ext = PathName.extension(target).lowercased()
      let isFile = !ext.isEmpty && !SiteLoader.noteExtensions.contains(ext)
      /// The file `target` names: relative to the note, from `content/`, else by its name.
      func file(_ target: String) -> (LinkTarget, ambiguous: [String])? {
        if let exact = Self.normalise(target, from: directory).flatMap({ filePath(Self.key($0), written: $0) }) {
          return (.file(exact), [])
        }
        if let exact = filePath(Self.key(target), written: target) { return (.file(exact), []) }
        let name = Self.key(String(PathName.last(target)))
        let candidates = (filesByName[name] ?? []).filter {
          !target.contains("/") || Self.key(fileSourcePath[$0]!).hasSuffix("/" + Self.key(target))
        }
        guard !candidates.isEmpty else { return nil }
        if let exact = Self.onlyExactCase(candidates, written: target, path: { fileSourcePath[$0]! }) {
          return (.file(exact), [])
        }
        return nearestFile(candidates)
      }
      if isFile {
        if let found = file(target) { return found }
        // An Excalidraw drawing embeds as the image the plugin exports beside it
        // (`Drawing.excalidraw.svg` or `.png`), not as its Markdown source.
        if ext == "excalidraw", ref.kind == .wikiEmbed {
          for image in [".svg", ".png"] { if let found = file(target + image) { return found } }
        }
        // No such file: a note whose name has a dot (`[[templates.daily]]` in Dendron,
        // `[[Learn Next.js]]`, `![[Drawing 22.43.28.excalidraw]]`), as Obsidian reads it.
      } else if ref.kind == .wikiEmbed, target.lowercased().hasSuffix(".excalidraw.md") {
        // The drawing named with its `.md`: its export too.
        let drawing = String(target.dropLast(3))
        for image in [".svg", ".png"] { if let found = file(drawing + image) { return found } }
      }
      func notFound(_ message: String) -> (LinkTarget, ambiguous: [String]) {
        guard isFile else { return (.missing(message), []) }
        // `[[Functional Dependencies. Normal Forms]]` reads as a note's name, not a file's.
        let looksLikeFile = AttachmentKind(fileExtension: ext) != .other
        return (.missing("no \(looksLikeFile ? "file" : "note or file") named '\(target)'"), [])
      }
      if target.contains("/") {
        if let exact = notePath(k, written: target) { return (note(exact), []) }
        // Obsidian's "relative path" link format: `[[./Note]]`, `[[../b/Note]]`.
        if target.hasPrefix("./") || target.hasPrefix("../") {
          guard let path = Self.normalise(Self.stripExtension(target), from: directory) else {
            return notFound("wiki link '\(target)' points outside content/")
          }
          if let found = page(Self.key(path), written: path) { return (found, []) }
          return notFound("no note '\(target)'")
        }
        let suffixMatches = noteSourcePath.filter {
          Self.key(Self.stripExtension($0.value)).hasSuffix("/" + k)
        }.map(\.key).sorted()
        if !suffixMatches.isEmpty { return nearestNote(suffixMatches) }
        // An alias or a title with a slash in it (`[[CI/CD]]`, a Logseq namespace page
        // `[[Article/Guide]]` in `Article%2FGuide.md`).
        if let named = notesByName[k] ?? notesByTitle[k], !named.isEmpty {
          return nearestNote(named)
        }
        return notFound("no note '\(target)'")
      }
      // A GitHub wiki names the file of `[[Object Mapping]]` `Object-Mapping.md`.
      let candidates =
        notesByName[k] ?? notesByTitle[k]
        ?? (k.contains(" ") ? notesByName[k.replacingOccurrences(of: " ", with: "-")] : nil) ?? []
      // A note named by its Zettelkasten ID, or Denote's `[[denote:20240329T093529]]`.
      let idKey = k.hasPrefix("denote:") ? String(k.dropFirst(7)) : k
      let byID = candidates.isEmpty ? Self.zettelID(of: idKey).flatMap { $0 == idKey ? notesByZettelID[idKey] : nil } ?? [] : []
      if !byID.isEmpty {
        return nearestNote(byID)
      }
      guard !candidates.isEmpty else { return notFound("no note named '\(target)'") }
      if let exact = Self.onlyExactCase(candidates, written: target, path: { Self.stripExtension(noteSourcePath[$0]!) }) {
        return (note(exact), [])
      }
      return nearestNote(candidates)
    }
  }

  /// The Zettelkasten ID a file name starts with: 8 to 20 digits (`202001011200`, Zettlr's
  /// default has 14), or Denote's date and time (`20240329T093529`, with a `Z` when in UTC),
  /// then the end of the name or a space, `-` or `_`.
  static func zettelID(of name: String) -> String? {
    let utf8 = name.utf8
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    var length = utf8.prefix(while: isDigit).count
    guard (8...20).contains(length) else { return nil }
    var rest = utf8.dropFirst(length)
    if length == 8, let t = rest.first, t | 0x20 == UInt8(ascii: "t") {
      let time = rest.dropFirst().prefix(while: isDigit).count
      if (4...6).contains(time) {
        length += 1 + time
        rest = utf8.dropFirst(length)
        if let z = rest.first, z | 0x20 == UInt8(ascii: "z") {
          length += 1
          rest = rest.dropFirst()
        }
      }
    }
    guard rest.isEmpty || [0x20, 0x2D, 0x5F].contains(rest.first!) else { return nil }
    return String(decoding: utf8.prefix(length), as: UTF8.self)
  }

  /// A Joplin note or resource id: 32 hexadecimal digits.
  static func isJoplinID<S: StringProtocol>(_ s: S) -> Bool {
    s.utf8.count == 32 && s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
  }

  /// The note at path key `key`; of notes whose paths differ only in case, the one whose path
  /// (with or without its extension) is `written` exactly, else the first.
  private func notePath(_ key: String, written: String) -> String? {
    guard let variants = notePathVariants[key] else { return notesByPath[key] }
    return variants.first { id in
      let path = noteSourcePath[id]!
      return path == written || Self.stripExtension(path) == written
    } ?? variants[0]
  }

  /// The file at path key `key`, chosen as `notePath` chooses.
  private func filePath(_ key: String, written: String) -> String? {
    guard let variants = filePathVariants[key] else { return filesByPath[key] }
    return variants.first { fileSourcePath[$0] == written } ?? variants[0]
  }

  /// Of several candidates for a name written `written` (its last path segment compared), the
  /// only one that spells it in the same case (`[[readme]]` beside `README.md` and
  /// `readme.md`), if exactly one does.
  private static func onlyExactCase(_ ids: [String], written: String, path: (String) -> String) -> String? {
    guard ids.count > 1 else { return nil }
    let name = PathName.last(written)
    let exact = ids.filter { PathName.last(path($0)) == name }
    return exact.count == 1 ? exact[0] : nil
  }

  /// The candidate whose directory shares the most leading folders with `directory`, and the
  /// candidates to warn about: those just as near as it when there are several (the first by
  /// ID is taken), none when it is the only one that near. Obsidian and Quartz take the
  /// nearest without a word; a vault with a `Meeting Notes` in every folder links to its own
  /// folder's one, and only a link that could mean two notes equally is worth a warning.
  private func nearest(_ ids: [String], to directory: String, path: (String) -> String) -> (String, ambiguous: [String]) {
    let depth = Self.folderCount(directory.utf8[...])
    func score(_ id: String) -> Int {
      let path = path(id)
      let there = path.utf8[..<(path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.utf8.startIndex)]
      let thereDepth = Self.folderCount(there)
      let n = Self.sharedFolders(directory.utf8[...], there)
      // Same folder beats everything; then shared depth; then shallower.
      return (thereDepth == depth && n == depth ? 10_000 : 0) + n * 100 - thereDepth
    }
    var nearest: [String] = []
    var bestScore = Int.min
    for id in ids {
      let s = score(id)
      if s > bestScore {
        (nearest, bestScore) = ([id], s)
      } else if s == bestScore {
        nearest.append(id)
      }
    }
    nearest.sort()
    return (nearest[0], nearest.count > 1 ? nearest : [])
  }

  /// How many folders a directory path (`a/b`, or empty) has, as `split(separator: "/")`
  /// counts them. Bytes, not `split`: this runs for every candidate of every ambiguous link.
  static func folderCount(_ path: Substring.UTF8View) -> Int {
    var count = 0
    var inName = false
    for byte in path {
      if byte == UInt8(ascii: "/") {
        inName = false
      } else if !inName {
        inName = true
        count += 1
      }
    }
    return count
  }

  /// How many leading folders two directory paths share.
  static func sharedFolders(_ a: Substring.UTF8View, _ b: Substring.UTF8View) -> Int {
    let slash = UInt8(ascii: "/")
    var (i, j) = (a.startIndex, b.startIndex)
    var shared = 0
    while true {
      while i != a.endIndex, a[i] == slash { i = a.index(after: i) }
      while j != b.endIndex, b[j] == slash { j = b.index(after: j) }
      guard i != a.endIndex, j != b.endIndex else { return shared }
      // One folder name each: equal when their bytes match up to the next slash or the end.
      while i != a.endIndex, j != b.endIndex, a[i] != slash, a[i] == b[j] {
        i = a.index(after: i)
        j = b.index(after: j)
      }
      let aEnded = i == a.endIndex || a[i] == slash
      let bEnded = j == b.endIndex || b[j] == slash
      guard aEnded, bEnded else { return shared }
      shared += 1
    }
  }
}
