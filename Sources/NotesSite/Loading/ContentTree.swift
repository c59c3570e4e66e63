import Foundation
import NotesCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One pass over `content/`: every directory and file, dot-files left out, symbolic links
/// followed only when they stay inside `content/` and never into directories (no cycles).
struct ContentTree: Sendable {
  struct Entry: Sendable {
    /// Path relative to `content/`, `/`-separated.
    var path: String
    var size: Int
    var modified: Date
    /// Inode number and status-change time: with size and modification time, what tells a
    /// rebuild that a file is unchanged (as git's index does). A file replaced by another with
    /// the same size and a copied modification time still has a new inode or ctime.
    var inode: UInt64 = 0
    var statusChanged: Double = 0

    /// One value for all four, for caches to compare.
    var stamp: String { "\(size):\(modified.timeIntervalSince1970.bitPattern):\(inode):\(statusChanged.bitPattern)" }
  }

  /// Directories relative to `content/`, parents before children; "" is `content/` itself.
  var directories: [String] = [""]
  var files: [Entry] = []

  /// `content/`: dot-files and dot-folders are ignored, except the folder where GitBook keeps
  /// a book's images (`.gitbook/assets/`), whose files notes show; its Markdown is not read
  /// (GitBook's reusable blocks are not pages).
  /// The notes and files under `content/`, without those `ignore` names and without the
  /// folders an Obsidian vault keeps its templates in (see `obsidianTemplateFolders`).
  static func scanContent(_ root: URL, ignore: [String]) -> (ContentTree, [Diagnostic]) {
    var (tree, diagnostics) = scan(
      root, displayRoot: "content", ignore: ignore + obsidianTemplateFolders(root),
      assetDotFolders: [".gitbook", ".attachments"])
    // Docsify's navigation, in any folder: the site's frame, not notes (GitHub wikis'
    // `_Sidebar.md`, capitalised, is read by `SiteLoader.readingGitHubWiki`).
    tree.files.removeAll { docsifyFrame.contains(PathName.last($0.path)) }
    return (tree, diagnostics)
  }

  static let docsifyFrame: Set<Substring> = ["_sidebar.md", "_navbar.md", "_coverpage.md"]

  /// The folders an Obsidian vault at `root` keeps templates in, as patterns from the top of
  /// `content/` (`/Templates`): the core Templates plugin's (`.obsidian/templates.json`) and
  /// Templater's (`.obsidian/plugins/templater-obsidian/data.json`). A template is not a note:
  /// its `date: <% tp.date.now() %>` or `{{date}}` is filled in when a note is made from it,
  /// and Quartz and Obsidian Publish leave templates out too.
  static func obsidianTemplateFolders(_ root: URL) -> [String] {
    let settings = root.appendingPathComponent(".obsidian")
    var folders: [String] = []
    for (file, key) in [("templates.json", "folder"), ("plugins/templater-obsidian/data.json", "templates_folder")] {
      guard let data = FileManager.default.contents(atPath: settings.appendingPathComponent(file).path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let folder = object[key] as? String
      else { continue }
      let trimmed = folder.split(separator: "/").joined(separator: "/")
      guard !trimmed.isEmpty, !trimmed.split(separator: "/").contains(where: { $0 == ".." || $0 == "." }) else { continue }
      folders.append("/" + trimmed)
    }
    return folders
  }

  /// The files under `root` but dot-files and dot-folders, except the top-level
  /// `assetDotFolders`, of which only files that are not notes are kept.
  static func scan(
    _ root: URL, displayRoot: String, ignore: [String] = [], assetDotFolders: Set<String> = []
  ) -> (ContentTree, [Diagnostic]) {
    var tree = ContentTree()
    let ignore = IgnorePatterns(ignore)
    var diagnostics: [Diagnostic] = []
    let rootPath = root.path
    let realRoot = realPath(rootPath) ?? rootPath
    var pending = [""]
    while let relative = pending.popLast() {
      let absolute = relative.isEmpty ? rootPath : rootPath + "/" + relative
      guard let names = listDirectory(absolute) else {
        diagnostics.append(
          .error(
            "cannot read directory: \(String(cString: strerror(errno)))",
            at: SourceLocation(path: join(displayRoot, relative))))
        continue
      }
      var subdirectories: [String] = []
      for raw in names {
        guard let name = String(validating: raw, as: UTF8.self) else {
          // The bytes that are not UTF-8 as `\xE9`, so the name can be found (a replacement
          // character would hide which byte it was).
          var shown = ""
          var i = raw.startIndex
          while i < raw.endIndex {
            var end = raw.index(after: i)
            while raw[i] >= 0xC0, end < raw.endIndex, raw[end] & 0xC0 == 0x80, raw.distance(from: i, to: end) < 4 {
              end = raw.index(after: end)
            }
            if let piece = String(validating: raw[i..<end], as: UTF8.self) {
              shown += piece
            } else {
              for byte in raw[i..<end] { shown += "\\x" + String(byte, radix: 16, uppercase: true) }
            }
            i = end
          }
          diagnostics.append(
            .warning(
              "file name is not valid UTF-8 (rename it to UTF-8); skipped",
              at: SourceLocation(path: join(displayRoot, join(relative, shown)))))
          continue
        }
        if name.hasPrefix("."), !(relative.isEmpty && assetDotFolders.contains(name)) { continue }
        // A Docusaurus partial, `_note-about-hosts.mdx`, is imported by pages, never one itself.
        if name.hasPrefix("_"), name.utf8.count > 4, name.lowercased().hasSuffix(".mdx") { continue }
        // Only those folders' paths start with a dot: every other name starting with one is gone.
        if relative.hasPrefix("."), SiteLoader.isNote(name) { continue }
        let childRelative = join(relative, name)
        if !ignore.isEmpty, ignore.matches(childRelative, name: name) { continue }
        let childAbsolute = absolute + "/" + name
        let location = SourceLocation(path: join(displayRoot, childRelative))
        var info = stat()
        guard lstat(childAbsolute, &info) == 0 else {
          diagnostics.append(
            .error("cannot read: \(String(cString: strerror(errno)))", at: location))
          continue
        }
        if (info.st_mode & S_IFMT) == S_IFLNK {
          guard let target = realPath(childAbsolute), target.hasPrefix(realRoot + "/") else {
            diagnostics.append(
              .warning("symbolic link points outside content/; skipped", at: location))
            continue
          }
          guard stat(childAbsolute, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            diagnostics.append(
              .warning("symbolic link to a directory is not followed; skipped", at: location))
            continue
          }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          subdirectories.append(childRelative)
        case S_IFREG:
          tree.files.append(
            Entry(
              path: childRelative, size: Int(info.st_size),
              modified: Date(timeIntervalSince1970: modificationTime(info)),
              inode: UInt64(info.st_ino), statusChanged: statusChangeTime(info)))
        default:
          continue  // sockets, fifos, devices: never read
        }
      }
      tree.directories.append(contentsOf: subdirectories)
      pending.append(contentsOf: subdirectories.reversed())
    }
    tree.directories.sort()
    tree.files.sort { $0.path < $1.path }
    return (tree, diagnostics)
  }

  private static func join(_ a: String, _ b: String) -> String {
    a.isEmpty ? b : b.isEmpty ? a : a + "/" + b
  }

  private static func modificationTime(_ info: stat) -> Double {
    #if canImport(Darwin)
      return Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
    #else
      return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
    #endif
  }

  private static func statusChangeTime(_ info: stat) -> Double {
    #if canImport(Darwin)
      return Double(info.st_ctimespec.tv_sec) + Double(info.st_ctimespec.tv_nsec) / 1e9
    #else
      return Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
    #endif
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Raw entry names (bytes), so names that are not UTF-8 can be reported instead of mangled.
  private static func listDirectory(_ path: String) -> [[UInt8]]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [[UInt8]] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> [UInt8] in
        Array(raw.prefix(while: { $0 != 0 }))
      }
      if name == [46] || name == [46, 46] { continue }
      names.append(name)
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }
}

/// Config `ignore`: which paths under `content/` are left out, as `.gitignore` reads a pattern.
struct IgnorePatterns {
  private var anywhere: [String] = []
  private var fromRoot: [String] = []

  init(_ patterns: [String]) {
    for pattern in patterns {
      var p = pattern.lowercased()
      while p.hasSuffix("/") { p.removeLast() }
      // A leading `/` anchors a name to the top, as in `.gitignore` (`/Templates`).
      let anchored = p.hasPrefix("/")
      if anchored { p.removeFirst() }
      guard !p.isEmpty else { continue }
      if anchored || p.contains("/") { fromRoot.append(p) } else { anywhere.append(p) }
    }
  }

  var isEmpty: Bool { anywhere.isEmpty && fromRoot.isEmpty }

  /// Whether the file or folder at `path` (from `content/`), whose last part is `name`, is left out.
  func matches(_ path: String, name: String) -> Bool {
    let (path, name) = (path.lowercased(), name.lowercased())
    return anywhere.contains { fnmatch($0, name, 0) == 0 }
      || fromRoot.contains { fnmatch($0, path, FNM_PATHNAME) == 0 }
  }
}
