import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Modification time, size and inode of every input of a build — `content/`, `Templates/`,
/// `i18n/` and `notes-site.yml` — so polling can tell when to rebuild. Polling is portable
/// and, at a few hundred milliseconds, quick enough for a preview.
struct SourceFingerprint: Sendable, Equatable {
  struct Stamp: Sendable, Equatable {
    var modified: Int64
    var size: Int64
    var inode: UInt64
  }

  static let watchedDirectories = ["content", "Templates", "i18n"]
  static let watchedFiles = ["notes-site.yml"]

  /// Relative path → stamp.
  var stamps: [String: Stamp]

  init(source: String) {
    var stamps: [String: Stamp] = [:]
    for name in Self.watchedFiles {
      if let stamp = Self.stamp(source + "/" + name) { stamps[name] = stamp }
    }
    for name in Self.watchedDirectories {
      Self.walk(source, name, into: &stamps)
    }
    self.stamps = stamps
  }

  /// Records `relative` and, for a real directory (not a link to one), everything inside.
  private static func walk(_ root: String, _ relative: String, into stamps: inout [String: Stamp]) {
    let path = root + "/" + relative
    guard let stamp = stamp(path) else { return }
    stamps[relative] = stamp
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
      let names = try? FileManager.default.contentsOfDirectory(atPath: path)
    else { return }
    // Hidden files are editor swap files and the like, which the loader ignores too.
    for name in names where !name.hasPrefix(".") && !name.hasSuffix("~") {
      walk(root, relative + "/" + name, into: &stamps)
    }
  }

  private static func stamp(_ path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return Stamp(
      modified: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec), size: Int64(info.st_size),
      inode: UInt64(info.st_ino))
  }
}
