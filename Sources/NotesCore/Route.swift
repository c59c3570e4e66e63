/// What a page stands for: the selection (folder, note) and the detail path inside a note.
/// Folder and note IDs are their URL paths without the base and trailing slash
/// (`work/projects`, `work/projects/alpha`).
public enum Route: Hashable, Sendable {
  case home
  /// A folder's notes list; `page` is 1-based.
  case folder(String, page: Int)
  case note(String)
  case noteDetail(String, NoteDetailRoute)
  /// A tag as a smart folder; `page` is 1-based.
  case tag(String, page: Int)
  case search

  /// The column a phone shows for this route.
  public var compactColumn: Column {
    switch self {
    case .home: .folders
    case .folder, .tag, .search: .notes
    case .note, .noteDetail: .detail
    }
  }

  /// The route one step back, as a phone's back button: detail route → note → folder →
  /// parent folder (a folder's ID is its URL path, so its parent's is that path less its
  /// last segment) → home.
  public func parent(folderOfNote: (String) -> String) -> Route? {
    switch self {
    case .home: nil
    case .folder(let id, _):
      if let slash = id.lastIndex(of: "/") { .folder(String(id[..<slash]), page: 1) } else { .home }
    case .tag, .search: .home
    case .note(let id): .folder(folderOfNote(id), page: 1)
    case .noteDetail(let id, .revision): .noteDetail(id, .history)
    case .noteDetail(let id, .attachment): .noteDetail(id, .attachments)
    case .noteDetail(let id, _): .note(id)
    }
  }

  /// Stable name for `data-route` and template selection.
  public var kind: String {
    switch self {
    case .home: "home"
    case .folder: "folder"
    case .note: "note"
    case .noteDetail(_, let d): d.kind
    case .tag: "tag"
    case .search: "search"
    }
  }
}

/// How deep the reader went inside a note.
public enum NoteDetailRoute: Hashable, Sendable {
  case attachments
  case attachment(String)
  case history
  case revision(String)
  case collaborators

  public var kind: String {
    switch self {
    case .attachments: "attachments"
    case .attachment: "attachment"
    case .history: "history"
    case .revision: "revision"
    case .collaborators: "collaborators"
    }
  }
}

public enum Column: String, Sendable, Hashable {
  case folders, notes, detail
}

extension Route {
  /// The one function from route to URL path (relative to the base, no leading slash, ending
  /// in `/` except for home, which is the empty string).
  public var path: String {
    switch self {
    case .home: return ""
    case .folder(let id, let page): return id + "/" + Route.pageSuffix(page)
    case .note(let id): return id + "/"
    case .noteDetail(let id, let detail):
      switch detail {
      case .attachments: return id + "/attachments/"
      case .attachment(let a): return id + "/attachments/" + a + "/"
      case .history: return id + "/history/"
      case .revision(let h): return id + "/history/" + h + "/"
      case .collaborators: return id + "/collaborators/"
      }
    case .tag(let tag, let page): return "_tags/" + tag + "/" + Route.pageSuffix(page)
    case .search: return "_search/"
    }
  }

  static func pageSuffix(_ page: Int) -> String { page > 1 ? "_page/\(page)/" : "" }

  /// The one function from URL path back to route. `isFolder` and `isNote` check IDs against
  /// the current site, so a stale or mistyped URL gives `nil`, never a wrong page.
  public init?(path raw: String, isFolder: (String) -> Bool, isNote: (String) -> Bool) {
    var p = Substring(raw)
    while p.hasPrefix("/") { p = p.dropFirst() }
    if p.isEmpty {
      self = .home
      return
    }
    guard p.hasSuffix("/") else { return nil }
    let segments = p.dropLast().split(separator: "/", omittingEmptySubsequences: false).map(
      String.init)
    guard !segments.contains(where: \.isEmpty) else { return nil }

    func page(_ rest: ArraySlice<String>) -> Int? {
      if rest.isEmpty { return 1 }
      guard rest.count == 2, rest.first == "_page", let k = Int(rest.last!), k >= 2,
        String(k) == rest.last!
      else { return nil }
      return k
    }

    if segments == ["_search"] {
      self = .search
      return
    }
    if segments.first == "_tags" {
      // Nested tags (`#project/alpha`) keep their `/`.
      let end = segments.firstIndex(of: "_page") ?? segments.count
      guard end >= 2, let k = page(segments[end...]) else { return nil }
      self = .tag(segments[1..<end].joined(separator: "/"), page: k)
      return
    }
    // Folder, possibly paged.
    if let i = segments.firstIndex(of: "_page") {
      let id = segments[..<i].joined(separator: "/")
      guard isFolder(id), let k = page(segments[i...]) else { return nil }
      self = .folder(id, page: k)
      return
    }
    let whole = segments.joined(separator: "/")
    if isFolder(whole) {
      self = .folder(whole, page: 1)
      return
    }
    if isNote(whole) {
      self = .note(whole)
      return
    }
    // Detail routes: the longest note prefix followed by a detail path.
    for cut in stride(from: segments.count - 1, through: 1, by: -1) {
      let id = segments[..<cut].joined(separator: "/")
      guard isNote(id) else { continue }
      let rest = Array(segments[cut...])
      switch (rest.count, rest[0]) {
      case (1, "attachments"): self = .noteDetail(id, .attachments)
      case (2, "attachments"): self = .noteDetail(id, .attachment(rest[1]))
      case (1, "history"): self = .noteDetail(id, .history)
      case (2, "history"): self = .noteDetail(id, .revision(rest[1]))
      case (1, "collaborators"): self = .noteDetail(id, .collaborators)
      default: return nil
      }
      return
    }
    return nil
  }
}
