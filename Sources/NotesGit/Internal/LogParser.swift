import Foundation

/// Streams the output of `git log -z --name-status --format=<logFormat>`, newest commit first,
/// into a `HistoryIndex`, following each file back through renames.
struct LogParser {
  /// Each commit starts with a record separator and its fields are NUL-separated, like the
  /// `-z` file list after it, so no byte a path or subject can hold is ever ambiguous.
  static let logFormat = "--format=%x1e%H%x00%aN%x00%at%x00%s"

  private let limit: Int
  private(set) var index = HistoryIndex()
  /// Older names of current files, at the point of history the walk has reached.
  private var owners: [String: String] = [:]
  /// Paths deleted later in history: what came before a deletion belongs to no current file.
  private var deleted: Set<String> = []
  private var lastCommitByFile: [String: Int] = [:]

  init(limit: Int) {
    self.limit = max(0, limit)
  }

  static func parse(_ output: [UInt8], limit: Int) -> HistoryIndex {
    var parser = LogParser(limit: limit)
    output.withUnsafeBufferPointer { parser.consume($0) }
    ShortHashes.assign(to: &parser.index.commits)
    return parser.index
  }

  private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) {
    var tokens = Tokens(bytes: bytes)
    var commit: Int?
    while var token = tokens.next() {
      // git puts a line break between a commit's format and its file list.
      if token.first == UInt8(ascii: "\n") { token = token.dropFirst() }
      guard let first = token.first else { continue }
      if first == 0x1E {
        guard let author = tokens.next(), let time = tokens.next(), let subject = tokens.next()
        else { break }
        commit = index.commits.count
        index.commits.append(
          CommitRecord(
            hash: String(decoding: token.dropFirst(), as: UTF8.self), shortHash: "",
            date: Date(timeIntervalSince1970: TimeInterval(Self.integer(time))),
            author: Self.publicName(String(decoding: author, as: UTF8.self)),
            subject: String(decoding: subject, as: UTF8.self)))
        continue
      }
      guard let commit else { continue }
      // Renames and copies name the old path, then the new one.
      let hasSource = first == UInt8(ascii: "R") || first == UInt8(ascii: "C")
      let source = hasSource ? tokens.next().map { String(decoding: $0, as: UTF8.self) } : nil
      guard let pathBytes = tokens.next() else { break }
      let path = String(decoding: pathBytes, as: UTF8.self)
      switch first {
      case UInt8(ascii: "D"):
        deleted.insert(path)
      case UInt8(ascii: "R"):
        let owner = record(commit: commit, path: path)
        owners[path] = nil
        deleted.remove(path)
        if let source {
          // Older commits knew this file by its old name.
          if let owner { owners[source] = owner; deleted.remove(source) } else { deleted.insert(source) }
        }
      case UInt8(ascii: "A"), UInt8(ascii: "C"):
        record(commit: commit, path: path)
        // Before it was added, the name belonged to nothing or to an older, deleted file.
        owners[path] = nil
        deleted.remove(path)
      default:
        record(commit: commit, path: path)
      }
    }
  }

  /// Adds the commit to the history of the current file that `path` is an older name of;
  /// returns that file's current path, or nil when the file no longer exists.
  @discardableResult
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
    oldest = revision
    total += 1
    collaborators[author, default: Collaborator(
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
