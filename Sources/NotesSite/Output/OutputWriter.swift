import Foundation
import NotesCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a new site next to the old one and swaps it in only when it is complete, so a
/// failed or killed build leaves the previous site as it was (DESIGN §8).
///
/// Files whose bytes did not change are hard-linked from the previous output, keeping their
/// modification times; files the generator did not write (a `CNAME`, say) are carried over;
/// files it wrote before and no longer produces are dropped. The manifest of what it wrote is
/// `.notes-site-manifest` inside the output.
///
/// The site a swap replaces is kept as the spare tree `.<output>.notes-site-back`, and the
/// next build assembles its site in that tree: it already holds every file that has not
/// changed in the last two builds (mostly as hard links to the same files in the output), so
/// a rebuild after a small edit touches only what changed instead of linking every file of
/// the site again and removing the old tree. A build that rewrites more than a quarter of the
/// site's bytes (and more than `spareAllowance`) drops the spare tree, so it never costs more
/// disk space than that.
struct OutputWriter: Sendable {
  static let manifestName = ".notes-site-manifest"

  var output: URL
  var staging: URL
  /// Path → (size, hash) of what the previous build wrote.
  var previous: [String: Record]
  /// What the staging tree already holds when it is the spare tree: the manifest of the build
  /// that wrote it, and the user's files it carried over.
  var staged: [String: Record] = [:]
  var stagedKept: Set<String> = []
  /// Bytes of the files this build wrote rather than linked or found in place.
  let rewritten = Counter()
  /// The staging tree, open: files are made relative to it, so the kernel looks up two or
  /// three names per file rather than every folder above the output too.
  private(set) var stagingDirectory = DirectoryHandle(path: nil)

  final class DirectoryHandle: Sendable {
    /// -1 when the folder could not be opened; then full paths are used.
    let descriptor: Int32

    init(path: String?) {
      descriptor = path.map { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } ?? -1
    }

    deinit {
      if descriptor >= 0 { close(descriptor) }
    }
  }

  final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add(_ n: Int) { count.add(n, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }

  /// The spare tree is kept when the files a build rewrote (the only ones it does not share
  /// with the output) come to at most a quarter of the site, or to this many bytes.
  static let spareAllowance = 16 << 20

  struct Record: Sendable, Hashable {
    var size: Int
    var hash: UInt64
    /// What the file was made from (a page's inputs), 0 when not known; a later build with the
    /// same key reuses the file without rendering it.
    var key: UInt64 = 0

    func sameBytes(as other: Record?) -> Bool {
      guard let other else { return false }
      return size == other.size && hash == other.hash
    }
  }

  /// The whole input the previous build was made from, when it finished.
  var previousInput: UInt64?
  /// When the previous build swapped its tree in, and the user's files it carried into it
  /// (from its fingerprint; nil when unknown). Folders whose change time is older hold
  /// exactly what that build left there.
  var previousCommit: Commit?

  struct Commit: Sendable {
    var at: Date
    var kept: [String]
  }

  /// Warnings of the build that wrote a manifest, replayed when nothing changed since.
  static func encode(_ d: Diagnostic) -> String {
    let l = d.location
    let fields = [l?.path ?? "", l?.line.map(String.init) ?? "", l?.column.map(String.init) ?? "", d.message]
    func flat(_ field: String) -> String {
      guard field.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return field }
      return field.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }
    return "#warning\t" + fields.map(flat).joined(separator: "\t")
  }

  static func decodeWarning(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Diagnostic? {
    let f = line.split(separator: 0x09, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard f.count == 5 else { return nil }
    let location = f[1].isEmpty ? nil : SourceLocation(path: f[1], line: Int(f[2]), column: Int(f[3]))
    return .warning(f[4], at: location)
  }

  /// Beside the output (not in it, so output trees compare equal whatever the files'
  /// modification times): the input fingerprint of the build that made the output, and its
  /// warnings.
  static func fingerprintURL(_ output: URL) -> URL { sibling(output, "input") }

  /// What the fingerprint beside `output` records.
  struct Fingerprint {
    var input: UInt64?
    var scannedAt = Date(timeIntervalSince1970: 0)
    /// Files and bytes of the output that build wrote (the manifest's totals).
    var files = 0
    var bytes = 0
    var warnings: [Diagnostic] = []
    var commit: Commit?
  }

  /// Writes the fingerprint beside `output`, atomically. The commit is not recorded when a
  /// kept file's name would break the line format.
  static func writeFingerprint(_ output: URL, _ f: Fingerprint) {
    var record = "#input \(String(f.input ?? 0, radix: 16))\n"
      + "#scanned \(String(f.scannedAt.timeIntervalSince1970.bitPattern, radix: 16))\n"
      + "#files \(f.files)\n#bytes \(f.bytes)\n"
    if let commit = f.commit, !commit.kept.contains(where: { $0.utf8.contains(0x0A) }) {
      record += "#committed \(String(commit.at.timeIntervalSince1970.bitPattern, radix: 16))\n"
        + commit.kept.map { "#kept\t" + $0 + "\n" }.joined()
    }
    record += f.warnings.map { Self.encode($0) + "\n" }.joined()
    try? Data(record.utf8).write(to: fingerprintURL(output), options: .atomic)
  }

  /// Reads the fingerprint, its warnings only with `warnings` (they follow the other lines,
  /// and a build with thousands of them should not decode them to learn it is up to date).
  /// Bytes, not `String` lines: the file holds every warning of the build.
  static func readFingerprint(_ output: URL, warnings decode: Bool = true) -> Fingerprint {
    var result = Fingerprint()
    guard case .success(let data) = SiteLoader.readFile(fingerprintURL(output).path) else { return result }
    func number(_ line: Slice<UnsafeBufferPointer<UInt8>>, after prefix: String, radix: Int) -> UInt64? {
      guard line.starts(with: prefix.utf8) else { return nil }
      return UInt64(String(decoding: line.dropFirst(prefix.utf8.count), as: UTF8.self), radix: radix)
    }
    data.withUnsafeBytes { raw in
      for line in raw.bindMemory(to: UInt8.self).split(separator: 0x0A) {
        if line.starts(with: "#warning\t".utf8) {
          guard decode else { break }
          if let w = decodeWarning(line) { result.warnings.append(w) }
        } else if let n = number(line, after: "#input ", radix: 16) {
          result.input = n
        } else if let n = number(line, after: "#scanned ", radix: 16) {
          result.scannedAt = Date(timeIntervalSince1970: Double(bitPattern: n))
        } else if let n = number(line, after: "#files ", radix: 10) {
          result.files = Int(n)
        } else if let n = number(line, after: "#bytes ", radix: 10) {
          result.bytes = Int(n)
        } else if let n = number(line, after: "#committed ", radix: 16) {
          result.commit = Commit(at: Date(timeIntervalSince1970: Double(bitPattern: n)), kept: [])
        } else if line.starts(with: "#kept\t".utf8) {
          result.commit?.kept.append(String(decoding: line.dropFirst(6), as: UTF8.self))
        }
      }
    }
    return result
  }

  /// `.<output>.notes-site-<suffix>` beside the output: the generator's staging, spare and
  /// old trees, its caches and the input fingerprint.
  static func sibling(_ output: URL, _ suffix: String) -> URL {
    output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).notes-site-\(suffix)")
  }

  /// `manifest` is the output's manifest when the caller has read it already.
  init(output: URL, manifest: ([String: Record], UInt64?)? = nil) throws(Diagnostic) {
    self.output = output.standardizedFileURL
    let parent = self.output.deletingLastPathComponent()
    staging = Self.sibling(self.output, "new")
    let old = Self.sibling(self.output, "old")
    let back = Self.sibling(self.output, "back")
    let fm = FileManager.default
    // A build killed between the two renames of `commit` leaves the old site in `.old`.
    var restored = false
    if !fm.fileExists(atPath: self.output.path) && fm.fileExists(atPath: old.path) {
      restored = (try? fm.moveItem(at: old, to: self.output)) != nil
    }
    Self.removeTree(old.path)
    (previous, previousInput) = restored ? Self.readManifest(self.output) : manifest ?? Self.readManifest(self.output)
    // A staging tree left behind was being changed by a build that did not finish.
    Self.removeTree(staging.path)
    // The spare tree is usable only with its manifest and the list of the user's files in
    // it, which the build that made it the spare tree wrote last.
    if !previous.isEmpty, rename(back.path, staging.path) == 0 {
      let keptList = staging.path + "/" + Self.keptListName
      let records = Self.readManifest(staging).0
      if !records.isEmpty, let list = try? Data(contentsOf: URL(fileURLWithPath: keptList)) {
        unlink(keptList)
        staged = records
        stagedKept = Set(list.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) })
      } else {
        Self.removeTree(staging.path)
      }
    } else {
      Self.removeTree(back.path)
    }
    do {
      try fm.createDirectory(at: staging, withIntermediateDirectories: true)
    } catch {
      throw .error("cannot create the output directory: \(SiteLoader.describe(error))", at: SourceLocation(path: parent.path))
    }
    stagingDirectory = DirectoryHandle(path: staging.path)
  }

  /// Whether `output` holds a manifest (a build of this generator finished there).
  static func hasManifest(_ output: URL) -> Bool {
    var info = stat()
    return lstat(output.path + "/" + manifestName, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0
  }

  static func readManifest(_ output: URL) -> ([String: Record], UInt64?) {
    guard case .success(let data) = SiteLoader.readFile(output.path + "/" + manifestName) else {
      return ([:], nil)
    }
    // Byte by byte: a large site's manifest has tens of thousands of lines.
    var records: [String: Record] = [:]
    var input: UInt64?
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        start = end + 1
        if line.starts(with: Array("#input ".utf8)) {
          input = UInt64(String(decoding: line.dropFirst(7), as: UTF8.self), radix: 16)
          continue
        }
        // size \t hash \t key \t path
        var fields: [Int] = []
        for (i, byte) in line.enumerated() where byte == 0x09 {
          fields.append(i)
          if fields.count == 3 { break }
        }
        guard fields.count == 3, let size = Self.number(line[..<fields[0]], radix: 10),
          let hash = Self.number(line[(fields[0] + 1)..<fields[1]], radix: 16),
          let key = Self.number(line[(fields[1] + 1)..<fields[2]], radix: 16)
        else { continue }
        let path = String(decoding: line[(fields[2] + 1)...], as: UTF8.self)
        records[path] = Record(size: Int(size), hash: hash, key: key)
      }
    }
    return (records, input)
  }

  /// One manifest line, `size \t hash \t key \t path`; `readManifest` reads them back, a later
  /// line for a path replacing an earlier one.
  static func appendManifestLine(_ path: String, _ r: Record, to manifest: inout [UInt8]) {
    appendDigits(UInt64(max(r.size, 0)), radix: 10, to: &manifest)
    manifest.append(0x09)
    appendDigits(r.hash, radix: 16, to: &manifest)
    manifest.append(0x09)
    appendDigits(r.key, radix: 16, to: &manifest)
    manifest.append(0x09)
    manifest += path.utf8
    manifest.append(0x0A)
  }

  /// In the spare tree: the user's files it holds (carried over from the output it was), one
  /// path per line.
  static let keptListName = ".notes-site-kept"

  /// `value` in `radix` (10 or 16, lower case), as `String(value, radix:)` writes it.
  static func appendDigits(_ value: UInt64, radix: UInt64, to bytes: inout [UInt8]) {
    var count = 1
    var rest = value / radix
    while rest != 0 {
      count += 1
      rest /= radix
    }
    bytes.append(contentsOf: repeatElement(0, count: count))
    var index = bytes.count - 1
    rest = value
    repeat {
      let digit = UInt8(rest % radix)
      bytes[index] = digit < 10 ? 0x30 + digit : 0x61 + digit - 10
      rest /= radix
      index -= 1
    } while rest != 0
  }

  /// A non-empty run of decimal or lower-case hex digits that fits in 64 bits.
  private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: UInt64) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 20 else { return nil }
    var value: UInt64 = 0
    for byte in digits {
      let digit: UInt64
      switch byte {
      case 0x30...0x39: digit = UInt64(byte - 0x30)
      case 0x61...0x66 where radix == 16: digit = UInt64(byte - 0x61 + 10)
      default: return nil
      }
      let (times, overflow1) = value.multipliedReportingOverflow(by: radix)
      let (sum, overflow2) = times.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = sum
    }
    return value
  }

  /// Reuses the previous build's file when it was made from the same inputs (`key`), without
  /// rendering it again: the spare tree's copy when it has one, else a link to the output's.
  func reuse(_ path: String, key: UInt64) -> Record? {
    guard key != 0 else { return nil }
    if let have = staged[path], have.key == key { return have }
    guard let old = previous[path], old.key == key, linkPrevious(path) else { return nil }
    return old
  }

  /// A page is the only file in its folder, which a fresh staging tree does not have yet:
  /// making the folder first saves a failed `open` or `link` per page.
  private func makePageFolder(_ path: String, _ target: String) {
    if staged.isEmpty, path.hasSuffix("/index.html") {
      let folder = stagingDirectory.descriptor
      _ = folder >= 0 ? mkdirat(folder, Self.parentPath(path), 0o755) : mkdir(Self.parentPath(target), 0o755)
    }
  }

  /// Hard-links the output's file at `path` into the staging tree, replacing what is there.
  private func linkPrevious(_ path: String) -> Bool {
    let target = staging.path + "/" + path
    makePageFolder(path, target)
    if staged[path] != nil || stagedKept.contains(path) { unlink(target) }
    if link(output.path + "/" + path, target) == 0 { return true }
    guard errno == ENOENT || errno == ENOTDIR || errno == EEXIST else { return false }
    if errno == EEXIST { unlink(target) } else { Self.makeDirectories(Self.parentPath(target)) }
    return link(output.path + "/" + path, target) == 0
  }

  /// `mkdir -p` with system calls for the staging tree: the common case (parent exists) costs
  /// one `mkdir`. The staging tree is the generator's own, so a file of an older site standing
  /// where a folder now goes is removed (never followed, if it is a symbolic link).
  static func makeDirectories(_ path: String) {
    if mkdir(path, 0o755) == 0 { return }
    switch errno {
    case EEXIST:
      if isDirectory(path) { return }
      unlink(path)
    case ENOENT, ENOTDIR:
      makeDirectories(Self.parentPath(path))
    default:
      return
    }
    _ = mkdir(path, 0o755)
  }

  /// `path` without its last component, as `NSString.deletingLastPathComponent` gives it
  /// for the paths made here (no trailing slash), without bridging: this runs for every
  /// page written.
  static func parentPath(_ path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
    if slash == path.utf8.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// Whether `path` is a folder itself, not a link to one.
  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Writes a page into the staging tree (or links the unchanged previous one).
  func write(_ path: String, _ bytes: [UInt8], key: UInt64 = 0) throws(Diagnostic) -> Record {
    var record = try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(Diagnostic) in try write(path, buffer) }
    }.get()
    record.key = key
    return record
  }

  /// Writes one file into the staging tree, unless the tree already holds those bytes there or
  /// the output does (then it is linked).
  func write(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) throws(Diagnostic) -> Record {
    let record = Record(size: bytes.count, hash: ContentHash.wide(bytes))
    if record.sameBytes(as: staged[path]) { return record }
    if record.sameBytes(as: previous[path]), linkPrevious(path) { return record }
    rewritten.add(bytes.count)
    let target = staging.path + "/" + path
    let location = SourceLocation(path: output.lastPathComponent + "/" + path)
    makePageFolder(path, target)
    // A new file, never one opened in place: the staging tree's files may be links to the
    // output's, which must not change.
    let folder = stagingDirectory.descriptor
    func create() -> Int32 {
      folder >= 0
        ? openat(folder, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        : open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    var fd = create()
    if fd < 0 {
      switch errno {
      case EEXIST:
        if Self.isDirectory(target) { Self.removeTree(target) } else { unlink(target) }
      case ENOENT, ENOTDIR:
        Self.makeDirectories(Self.parentPath(target))
      default:
        break
      }
      fd = create()
    }
    guard fd >= 0 else {
      throw .error("cannot write: \(String(cString: strerror(errno)))", at: location)
    }
    defer { close(fd) }
    guard Self.writeAll(fd, bytes) else {
      throw .error("cannot write: \(String(cString: strerror(errno)))", at: location)
    }
    return record
  }

  /// Writes all of `bytes` to `fd`, retrying short and interrupted writes; false (with
  /// `errno` set) on failure.
  static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += n
    }
    return true
  }

  /// Appends `bytes` to the existing file at `path` (an in-place update adds manifest lines
  /// and edit state records this way); false when it cannot.
  static func append(_ bytes: [UInt8], toFileAt path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_APPEND)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return bytes.withUnsafeBufferPointer { writeAll(fd, $0) }
  }

  /// Copies a file the user wrote (an attachment), linking it when unchanged.
  func copy(from source: URL, to path: String, size: Int) throws(Diagnostic) -> Record {
    do {
      let data = try Data(contentsOf: source)
      return try data.withUnsafeBytes { raw in
        Result { () throws(Diagnostic) in try write(path, raw.bindMemory(to: UInt8.self)) }
      }.get()
    } catch let error as Diagnostic {
      throw error
    } catch {
      throw .error("cannot read: \(SiteLoader.describe(error))", at: SourceLocation(path: "content/" + path))
    }
  }

  /// Carries over files the generator did not write, writes the manifest and swaps the new
  /// tree in. `written` is everything this build produced.
  /// `scannedAt` is when the build looked at its input: the next build trusts the input
  /// fingerprint only for files modified well before it.
  func commit(_ written: [String: Record], input: UInt64, scannedAt: Date, warnings: [Diagnostic] = []) throws(Diagnostic) {
    let fm = FileManager.default
    var clock = PhaseClock()
    // What the spare tree held that this site does not: files of an older build, and files
    // of the user's that are gone from the output since.
    var removed: [String] = []
    for path in staged.keys where written[path] == nil {
      unlink(staging.path + "/" + path)
      removed.append(path)
    }
    var kept: [String] = []
    // Looked for here, just before the swap, not while pages render: a file the user puts in
    // the output during a build must not end up only in the replaced tree.
    if fm.fileExists(atPath: output.path) {
      let present =
        if let previousCommit, Self.keepsChangeTimes(output.path) {
          Self.files(in: output, changedSince: previousCommit, known: previous)
        } else {
          Self.allFiles(output)
        }
      for path in present where written[path] == nil && previous[path] == nil && path != Self.manifestName {
        kept.append(path)
        let target = staging.path + "/" + path
        if stagedKept.contains(path) { unlink(target) }
        Self.makeDirectories(Self.parentPath(target))
        if link(output.path + "/" + path, target) != 0 {
          try? fm.copyItem(atPath: output.path + "/" + path, toPath: target)
        }
      }
    }
    let keptSet = Set(kept)
    for path in stagedKept where written[path] == nil && !keptSet.contains(path) {
      unlink(staging.path + "/" + path)
      removed.append(path)
    }
    Self.removeEmptyFolders(above: removed, in: staging.path)
    clock.mark("  commit: carry over")
    // size \t hash \t key \t path, as bytes: tens of thousands of lines on every build.
    var manifest: [UInt8] = []
    manifest.reserveCapacity(written.count * 100)
    for (path, r) in written.sorted(by: { $0.key < $1.key }) {
      Self.appendManifestLine(path, r, to: &manifest)
    }
    do {
      let manifestURL = staging.appendingPathComponent(Self.manifestName)
      unlink(manifestURL.path)
      try Data(manifest).write(to: manifestURL)
      // No fingerprint while the trees are swapped: a build killed in between is never taken
      // for up to date.
      let fingerprint = Self.fingerprintURL(output)
      try? fm.removeItem(at: fingerprint)
      let old = Self.sibling(output, "old")
      let back = Self.sibling(output, "back")
      Self.removeTree(back.path)
      if fm.fileExists(atPath: output.path) {
        // One atomic exchange where the system has it, so a server reading the output
        // (`serve`, or any web server pointed at it) never finds it missing between two
        // renames; the old site then moves from the staging name to `.old`.
        if Self.exchange(staging.path, output.path) {
          try fm.moveItem(at: staging, to: old)
        } else {
          try fm.moveItem(at: output, to: old)
          try fm.moveItem(at: staging, to: output)
        }
      } else {
        try fm.moveItem(at: staging, to: output)
      }
      let committedAt = Date()
      clock.mark("  commit: manifest, swap")
      // The replaced site becomes the spare tree for the next build, unless this build
      // rewrote so much of it that keeping it would cost real disk space.
      let siteBytes = written.values.reduce(0) { $0 + $1.size }
      let keepSpare = rewritten.value <= max(siteBytes / 4, Self.spareAllowance)
      // A new file, not one of the user's that happens to have the name (and may be linked
      // into the new site).
      let keptList = old.appendingPathComponent(Self.keptListName)
      unlink(keptList.path)
      let keptPaths = Data(kept.map { $0 + "\n" }.joined().utf8)
      if !keepSpare || (try? keptPaths.write(to: keptList)) == nil || rename(old.path, back.path) != 0 {
        Self.removeTree(old.path)
      }
      clock.mark("  commit: remove old")
      // The swap's time and the user's files in the new tree, for the next build's look for
      // the user's files.
      Self.writeFingerprint(
        output, Fingerprint(
          input: input, scannedAt: scannedAt, files: written.count, bytes: siteBytes, warnings: warnings,
          commit: Commit(at: committedAt, kept: kept)))
    } catch {
      throw .error("cannot replace the output directory: \(SiteLoader.describe(error))", at: SourceLocation(path: output.lastPathComponent))
    }
  }

  /// Removes the folders that removing `paths` (relative to `root`) left empty, deepest first;
  /// a folder that still holds anything stays.
  static func removeEmptyFolders(above paths: [String], in root: String) {
    var folders = Set<String>()
    for path in paths {
      var folder = Self.parentPath(path)
      while !folder.isEmpty, folders.insert(folder).inserted {
        folder = Self.parentPath(folder)
      }
    }
    for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
      rmdir(root + "/" + folder)
    }
  }

  /// Abandons the staging tree; the previous output is untouched.
  func discard() {
    Self.removeTree(staging.path)
  }

  /// Removes `path` and everything below it without following symbolic links, like `rm -rf`:
  /// one `unlink` per file, the top-level folders spread over all cores (a site's old tree
  /// has tens of thousands of files, and this runs on every rebuild).
  static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      unlink(path)
      return
    }
    let root = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    guard root >= 0 else { return }
    let folders = removeFiles(in: root)
    DispatchQueue.concurrentPerform(iterations: folders.count) { i in
      removeFolder(folders[i], in: root)
    }
    close(root)
    rmdir(path)
  }

  /// Removes the folder `name` (a C string) inside the open folder `parent`.
  private static func removeFolder(_ name: [CChar], in parent: Int32) {
    let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    if fd >= 0 {
      for folder in removeFiles(in: fd) { removeFolder(folder, in: fd) }
      close(fd)
    }
    unlinkat(parent, name, AT_REMOVEDIR)
  }

  /// Unlinks every entry of the open folder `fd` that is not a folder, and returns the names
  /// of its folders as C strings (names are bytes: no decoding, nothing a name can break).
  private static func removeFiles(in fd: Int32) -> [[CChar]] {
    let own = dup(fd)
    guard own >= 0, let dir = fdopendir(own) else { return [] }
    defer { closedir(dir) }
    var folders: [[CChar]] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix(while: { $0 != 0 }).map { CChar(bitPattern: $0) }) + [0]
      }
      if name == [46, 0] || name == [46, 46, 0] { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var info = stat()
        guard fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
        type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : 0
      }
      if type == Int32(DT_DIR) { folders.append(name) } else { unlinkat(fd, name, 0) }
    }
    return folders
  }

  /// Swaps the directories `a` and `b` in one step (Linux `renameat2` with `RENAME_EXCHANGE`);
  /// false where the system or file system has no such call, and nothing moved.
  static func exchange(_ a: String, _ b: String) -> Bool {
    #if os(Linux)
      // `renameat2` needs _GNU_SOURCE, which Swift's Glibc module does not define.
      guard let symbol = dlsym(nil /* RTLD_DEFAULT */, "renameat2") else { return false }
      typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
      let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
      let atCurrentDirectory: Int32 = -100  // AT_FDCWD
      let renameExchange: UInt32 = 2  // RENAME_EXCHANGE
      return renameat2(atCurrentDirectory, a, atCurrentDirectory, b, renameExchange) == 0
    #else
      return false
    #endif
  }

  /// How much older than the last swap a folder's change time must be to count as unchanged
  /// since: covers the kernel's coarse file-time clock and any rounding.
  static let changeTimeSlack: TimeInterval = 1

  /// Whether the file system of `path` updates a folder's change time whenever an entry is
  /// added, removed or renamed in it, and a renamed folder's own: the local Linux file
  /// systems below. Elsewhere (network and FUSE file systems, other kernels) the output is
  /// read whole.
  static func keepsChangeTimes(_ path: String) -> Bool {
    #if os(Linux)
      // `statfs` is in <sys/vfs.h>, which Swift's Glibc module does not import; its struct
      // starts with `f_type`, a C `long`.
      guard let symbol = dlsym(nil /* RTLD_DEFAULT */, "statfs") else { return false }
      typealias StatFS = @convention(c) (UnsafePointer<CChar>, UnsafeMutableRawPointer) -> Int32
      let statfs = unsafeBitCast(symbol, to: StatFS.self)
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: 512, alignment: 16)
      defer { buffer.deallocate() }
      buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 512)
      guard statfs(path, buffer) == 0 else { return false }
      let type = UInt32(truncatingIfNeeded: buffer.load(as: Int.self))
      let trusted: Set<UInt32> = [
        0xEF53,  // ext2, ext3, ext4
        0x0102_1994,  // tmpfs
        0x5846_5342,  // xfs
        0x9123_683E,  // btrfs
      ]
      return trusted.contains(type)
    #else
      return false
    #endif
  }

  /// The files of `root` that may be the user's, found without reading every folder: a
  /// folder the last build left and that has not changed since (its change time older than
  /// the swap) still holds that build's files and the user's files it carried (`commit.kept`);
  /// a folder changed since is read, and a folder nobody knew is read whole. `known` is what
  /// the last build wrote. The result also holds files of the generator's in changed folders.
  static func files(in root: URL, changedSince commit: Commit, known: [String: Record]) -> [String] {
    var folders: Set<String> = [""]
    var keptIn: [String: [String]] = [:]
    func addFolders(of path: String) {
      var folder = parentPath(path)
      while !folder.isEmpty, folders.insert(folder).inserted { folder = parentPath(folder) }
    }
    for path in known.keys { addFolders(of: path) }
    for path in commit.kept {
      addFolders(of: path)
      keptIn[parentPath(path), default: []].append(path)
    }
    let list = Array(folders)
    let knownFolders = folders
    let keptByFolder = keptIn
    let rootFD = open(root.path, O_RDONLY | O_DIRECTORY)
    guard rootFD >= 0 else { return allFiles(root) }
    defer { close(rootFD) }
    let since = commit.at.timeIntervalSince1970 - changeTimeSlack
    let chunks = min(list.count, 64)
    let found = UnsafeMutableBufferPointer<[String]>.allocate(capacity: chunks)
    found.initialize(repeating: [])
    defer { found.deallocate() }
    nonisolated(unsafe) let output = found
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
      var result: [String] = []
      for i in stride(from: c, to: list.count, by: chunks) {
        let folder = list[i]
        var info = stat()
        // Gone, or no longer a folder: then its parent changed, and is read.
        guard fstatat(rootFD, folder.isEmpty ? "." : folder, &info, AT_SYMLINK_NOFOLLOW) == 0,
          (info.st_mode & S_IFMT) == S_IFDIR
        else { continue }
        let changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
        if changed < since {
          result += keptByFolder[folder] ?? []
          continue
        }
        let absolute = folder.isEmpty ? root.path : root.path + "/" + folder
        let (files, subfolders) = entries(of: absolute, relative: folder)
        result += files
        for sub in subfolders where !knownFolders.contains(sub) { result += Self.files(below: sub, in: root.path) }
      }
      output[c] = result
    }
    return found.flatMap { $0 }
  }

  /// Every regular file below `root` (dot-files included: a `.nojekyll` must survive), by
  /// relative path, with one `readdir` pass and no per-file `stat` where `d_type` answers.
  static func allFiles(_ root: URL) -> [String] {
    let (files, folders) = entries(of: root.path, relative: "")
    // Each top-level folder on its own core.
    let found = UnsafeMutableBufferPointer<[String]>.allocate(capacity: folders.count)
    found.initialize(repeating: [])
    defer { found.deallocate() }
    nonisolated(unsafe) let output = found
    DispatchQueue.concurrentPerform(iterations: folders.count) { i in
      output[i] = Self.files(below: folders[i], in: root.path)
    }
    return files + found.flatMap { $0 }
  }

  /// Every regular file below the folder `relative` of `root` (an absolute path), by path
  /// relative to `root`; a stack, not recursion, however deep the folders go.
  private static func files(below relative: String, in root: String) -> [String] {
    var result: [String] = []
    var pending = [relative]
    while let next = pending.popLast() {
      let (files, folders) = entries(of: root + "/" + next, relative: next)
      result += files
      pending += folders
    }
    return result
  }

  /// The regular files and the folders directly in `absolute`, as paths below the root.
  private static func entries(of absolute: String, relative: String) -> (files: [String], folders: [String]) {
    var files: [String] = []
    var folders: [String] = []
    guard let dir = opendir(absolute) else { return ([], []) }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let path = relative.isEmpty ? name : relative + "/" + name
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var info = stat()
        guard lstat(absolute + "/" + name, &info) == 0 else { continue }
        type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : 0
      }
      if type == Int32(DT_DIR) { folders.append(path) } else if type == Int32(DT_REG) { files.append(path) }
    }
    return (files, folders)
  }

}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif
