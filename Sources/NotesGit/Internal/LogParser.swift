import Foundation

/// Parses the output of `git log -z --name-status --format=<logFormat>`, newest commit first,
/// into a `HistoryIndex` in one pass over the bytes, following each file back through renames.
struct LogParser {
  /// Each commit starts with a record separator and its fields are NUL-separated, like the
  /// `-z` file list after it, so no byte a path or subject can hold is ever ambiguous.
  static let logFormat = "--format=%x1e%H%x00%aN%x00%at%x00%s"

  /// One line of `--name-status`: `A`, `M`, `D`, `T`, or `R<score>` with the old name.
  private struct Change {
    var status: UInt8
    var source: String?
    var path: String
  }

  private let limit: Int
  /// A shallow clone's boundary commits (`.git/shallow`): git lists every file as added by
  /// them, as their parents are missing, so what they changed is unknown and credited to
  /// no file.
  private let boundary: Set<String>
  private(set) var index = HistoryIndex()
  /// Older names of current files, at the point of history the walk has reached.
  private var owners: [String: String] = [:]
  /// Paths deleted later in history: what came before a deletion belongs to no current file.
  private var deleted: Set<String> = []
  private var lastCommitByFile: [String: Int] = [:]

  init(limit: Int, boundary: Set<String> = []) {
    self.limit = max(0, limit)
    self.boundary = boundary
  }

  static func parse(_ output: [UInt8], limit: Int, boundary: Set<String> = []) -> HistoryIndex {
    var parser = LogParser(limit: limit, boundary: boundary)
    output.withUnsafeBufferPointer { parser.consume($0) }
    ShortHashes.assign(to: &parser.index.commits)
    return parser.index
  }

  private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
    var tokens = Tokens(bytes: bytes)
    var changes: [Change] = []
    while var token = tokens.next() {
      // git puts a line break between a commit's format and its file list.
      if token.first == UInt8(ascii: "\n") { token = token.dropFirst() }
      guard let first = token.first else { continue }
      if first == 0x1E {
        apply(changes)
        changes.removeAll(keepingCapacity: true)
        guard let author = tokens.next(), let time = tokens.next(), let subject = tokens.next()
        else { return }
        index.commits.append(
          CommitRecord(
            hash: String(decoding: token.dropFirst(), as: UTF8.self), shortHash: "",
            date: Date(timeIntervalSince1970: TimeInterval(Self.integer(time))),
            author: Self.publicName(String(decoding: author, as: UTF8.self)),
            subject: String(decoding: subject, as: UTF8.self)))
        continue
      }
      // Renames and copies name the old path, then the new one.
      let hasSource = first == UInt8(ascii: "R") || first == UInt8(ascii: "C")
      let source = hasSource ? tokens.next().map { String(decoding: $0, as: UTF8.self) } : nil
      guard let path = tokens.next() else { break }
      changes.append(
        Change(status: first, source: source, path: String(decoding: path, as: UTF8.self)))
    }
    apply(changes)
  }

  /// Applies one commit's changes. Every path is looked up before any name moves, so the
  /// result does not depend on the order git lists a commit's changes in.
  private mutating func apply(_ changes: [Change]) {
    guard let commit = index.commits.indices.last, !changes.isEmpty else { return }
    if !boundary.isEmpty, boundary.contains(index.commits[commit].hash) { return }
    let files = changes.map {
      $0.status == UInt8(ascii: "D") ? nil : record(commit: commit, path: $0.path)
    }
    for change in changes {
      switch change.status {
      case UInt8(ascii: "D"):
        deleted.insert(change.path)
      case UInt8(ascii: "A"), UInt8(ascii: "C"), UInt8(ascii: "R"):
        // Before this commit the name belonged to nothing, or to an older, deleted file.
        owners[change.path] = nil
        deleted.remove(change.path)
      default:
        break
      }
    }
    for (change, file) in zip(changes, files) where change.status == UInt8(ascii: "R") {
      guard let source = change.source else { continue }
      // Older commits knew this file by its old name.
      if let file {
        owners[source] = file
        deleted.remove(source)
      } else {
        deleted.insert(source)
      }
    }
  }

  /// Adds the commit to the history of the current file that `path` is an older name of;
  /// returns that file's current path, or nil when the file no longer exists.
  private mutating func record(commit: Int, path: String) -> String? {
    let current: String
    if let owner = owners[path] {
      current = owner
    } else if deleted.contains(path) {
      return nil
    } else {
      // The newest mention of a path that was never deleted: the file as it is now.
      current = path
      owners[path] = path
    }
    guard lastCommitByFile[current] != commit else { return current }
    lastCommitByFile[current] = commit
    let record = index.commits[commit]
    index.files[current, default: FileRecord()].add(
      (commit, path), date: record.date, author: record.author, limit: limit)
    return current
  }

  private static func integer(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Int {
    var value = 0
    for byte in bytes where (0x30...0x39).contains(byte) { value = value * 10 + Int(byte - 0x30) }
    return bytes.first == UInt8(ascii: "-") ? -value : value
  }

  /// Some people set `user.name` to their email address; emails are never published, so only
  /// the part before the `@` is kept.
  static func publicName(_ name: String) -> String {
    guard let at = name.firstIndex(of: "@") else { return name }
    let local = name[..<at].trimmingCharacters(in: .whitespaces)
    return local.isEmpty ? "unknown" : local
  }
}

extension FileRecord {
  fileprivate mutating func add(
    _ revision: (commit: Int, path: String), date: Date, author: String, limit: Int
  ) {
    if recent.count < limit { recent.append(revision) }
    if newest == nil { newest = revision }
    oldest = revision
    total += 1
    collaborators[
      author,
      default: Collaborator(
        name: author, edits: 0, firstEdit: date, lastEdit: date)
    ].record(date)
  }
}

/// NUL-terminated tokens of a byte buffer, as slices (no copies).
private struct Tokens {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  mutating func next() -> UnsafeBufferPointer<UInt8>.SubSequence? {
    guard position < bytes.count else { return nil }
    let start = position
    while position < bytes.count && bytes[position] != 0 { position += 1 }
    let token = bytes[start..<position]
    position += 1
    return token
  }
}
