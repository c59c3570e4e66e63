import Foundation
import NotesCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One hash of everything a build reads — the notes-site binary, options, config, theme
/// overrides, string tables, every file under `content/` (path, size, modification time) and
/// the git commit checked out — so a rebuild with nothing changed can stop after a scan.
enum InputFingerprint {
  /// The fingerprint; `base`, the same hash without the notes' sizes and times (their paths
  /// are in it), so a build can tell that only the text of some notes changed (see
  /// `SiteBuilder.updateInPlace`); and the newest modification time among the files it covers.
  static func compute(source: URL, options: BuildOptions, tree: ContentTree) -> (input: UInt64, base: UInt64, newest: Date) {
    var newest = Date(timeIntervalSince1970: 0)
    var h = StableHasher()
    h.combine(binaryIdentity)
    h.combine([options.baseURL ?? "", options.liveReloadURL ?? ""])
    h.combine(options.drafts)
    h.combine(options.strict)
    var b = h
    for entry in tree.files {
      h.combine(entry.path)
      h.combine(entry.stamp)
      b.combine(entry.path)
      if !SiteLoader.isNote(entry.path) { b.combine(entry.stamp) }
      newest = max(newest, entry.modified)
    }
    var rest = StableHasher()
    rest.combine(tree.directories)
    for name in ["notes-site.yml", "Templates", "i18n"] {
      let url = source.appendingPathComponent(name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        rest.combine("absent " + name)
        continue
      }
      if isDirectory.boolValue {
        let (sub, _) = ContentTree.scan(url, displayRoot: name)
        for entry in sub.files {
          rest.combine(entry.path)
          rest.combine(entry.stamp)
          newest = max(newest, entry.modified)
        }
      } else {
        rest.combine((try? Data(contentsOf: url)).map { ContentHash.fnv1a([UInt8]($0)) } ?? 0)
      }
    }
    rest.combine(gitState(from: source.appendingPathComponent("content")))
    h.combine(rest.value)
    b.combine(rest.value)
    return (h.value, b.value, newest)
  }

  /// The executable's size and modification time: a rebuilt or upgraded notes-site renders
  /// everything again.
  static let binaryIdentity: UInt64 = {
    var h = StableHasher()
    h.combine(CommandLineTool.version)
    let path = ContentTree.realPath("/proc/self/exe") ?? CommandLine.arguments.first ?? ""
    var info = stat()
    if stat(path, &info) == 0 {
      h.combine(Int(info.st_size))
      #if canImport(Darwin)
        h.combine(Int(info.st_mtimespec.tv_sec))
        h.combine(Int(info.st_mtimespec.tv_nsec))
      #else
        h.combine(Int(info.st_mtim.tv_sec))
        h.combine(Int(info.st_mtim.tv_nsec))
      #endif
    }
    return h.value
  }()

  /// HEAD and the branch it points at, read from `.git` without starting git; history-derived
  /// dates change when a commit is made even if no file under content/ changed.
  static func gitState(from directory: URL) -> String {
    var dir = directory.standardizedFileURL
    while true {
      let dotGit = dir.appendingPathComponent(".git")
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isDirectory) {
        var gitDir = dotGit
        if !isDirectory.boolValue,
          let text = try? String(contentsOf: dotGit, encoding: .utf8),
          let line = text.split(separator: "\n").first, line.hasPrefix("gitdir: ")
        {
          let path = String(line.dropFirst("gitdir: ".count))
          gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : dir.appendingPathComponent(path)
        }
        let head = (try? String(contentsOf: gitDir.appendingPathComponent("HEAD"), encoding: .utf8)) ?? ""
        // A linked work tree (`git worktree add`) keeps its HEAD in its own folder and the
        // branches in the repository's, which its `commondir` names.
        var commonDir = gitDir
        if let common = try? String(contentsOf: gitDir.appendingPathComponent("commondir"), encoding: .utf8) {
          let path = common.trimmingCharacters(in: .whitespacesAndNewlines)
          commonDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appendingPathComponent(path)
        }
        var state = head
        if head.hasPrefix("ref: ") {
          let ref = head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
          state += (try? String(contentsOf: gitDir.appendingPathComponent(ref), encoding: .utf8))
            ?? (try? String(contentsOf: commonDir.appendingPathComponent(ref), encoding: .utf8)) ?? ""
          for folder in [gitDir, commonDir] {
            let packed = folder.appendingPathComponent("packed-refs")
            if let attributes = try? FileManager.default.attributesOfItem(atPath: packed.path) {
              state += "\(attributes[.modificationDate] ?? "")\(attributes[.size] ?? "")"
            }
          }
        }
        state += (try? String(contentsOf: gitDir.appendingPathComponent("shallow"), encoding: .utf8)) ?? ""
        // `git log --use-mailmap` reads the work tree's `.mailmap`, committed or not.
        state += (try? String(contentsOf: dir.appendingPathComponent(".mailmap"), encoding: .utf8)) ?? ""
        return state
      }
      let parent = dir.deletingLastPathComponent()
      if parent.path == dir.path { return "" }
      dir = parent
    }
  }
}
