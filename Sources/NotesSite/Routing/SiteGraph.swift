import NotesCore
import NotesMarkdown

/// Who links to whom, and which files each note uses: computed once from every note's
/// references before any page is rendered, so every page can show counts and backlinks.
struct SiteGraph: Sendable {
  /// Note → attached file IDs, in first-reference order.
  var attachments: [String: [String]] = [:]
  /// Note → notes linking to it, in list order of the linking notes.
  var backlinks: [String: [String]] = [:]
  var diagnostics: [Diagnostic] = []

  /// What a resolution depends on besides the note it is written in.
  struct ResolvedKey: Hashable, Sendable {
    var kind: LinkReference.Kind
    var target: String
    var fragment: String?

    init(_ ref: LinkReference) {
      (kind, target, fragment) = (ref.kind, ref.target, ref.fragment)
    }

    init(kind: LinkReference.Kind, target: String, fragment: String?) {
      (self.kind, self.target, self.fragment) = (kind, target, fragment)
    }
  }

  /// Resolves every note's references on all cores, then merges in note order, so warnings
  /// and lists come out the same as one pass would give. A note whose key (`RenderedNoteCache`)
  /// matches its entry in `cache` takes its resolutions from there. `keys` and the `links`
  /// returned are in the order of `ids`, every note's ID sorted.
  static func build(
    site: Site, index: LinkIndex, ids: [String], keys: [UInt64], cache: RenderedNoteCache
  ) async -> (graph: SiteGraph, links: [Links], resolvedNotes: Int) {
    // By ID: a note is a large value, and copying ten thousand of them showed in profiles.
    let perNote = await parallelMap(Array(ids.indices)) { i -> (Links, fresh: Bool) in
      if let hit = cache.entries[ids[i]], hit.key == keys[i], hit.links.pointsInto(site) {
        return (hit.links, false)
      }
      return (links(of: site.notes[ids[i]]!, site: site, index: index), true)
    }
    let found = perNote.map { $0.0 }
    return (SiteGraph(site: site, ids: ids, links: found), found, perNote.count { $0.fresh })
  }

  /// What one note references: attached files, linked notes, ambiguity warnings.
  private static func links(of note: Note, site: Site, index: LinkIndex)
    -> Links
  {
    var files: [String] = []
    var linked: [String] = []
    var diagnostics: [Diagnostic] = []
    var resolved: [ResolvedKey: LinkTarget] = [:]
    for written in note.analysis.references {
      var ref = written
      var (target, ambiguous) = index.resolve(ref, from: note.id)
      resolved[ResolvedKey(ref)] = target
      // A link that names nothing as written may name a page label first, as GitHub wikis
      // write them; the renderer reads it so too (`LinkReference.labelFirst`).
      // A Dendron vault writes every labelled link label first, so there the label is read
      // as the target first.
      if site.config.dendron || (site.config.labelFirstLinks && target.isMissing), let swapped = ref.labelFirst {
        let other = index.resolve(swapped, from: note.id)
        switch other.0 {
        // Names nothing either way in a Dendron vault: the warning names the target as
        // Dendron reads it.
        case .note, .file, .folder, .missing where site.config.dendron && target.isMissing:
          (ref, target, ambiguous) = (swapped, other.0, other.ambiguous)
          resolved[ResolvedKey(ref)] = target
        default:
          break
        }
      }
      if !ambiguous.isEmpty {
        func name(_ id: String) -> String {
          site.notes[id]?.displayPath ?? site.files[id].map { "content/" + $0.sourcePath } ?? id
        }
        let chosen: String
        switch target {
        case .note(let id, _), .file(let id): chosen = name(id)
        default: chosen = name(ambiguous[0])
        }
        diagnostics.append(
          .warning(
            "'\(ref.target)' matches \(ambiguous.count) files equally near (\(ambiguous.map(name).joined(separator: ", "))); using \(chosen)",
            at: SourceLocation(path: note.displayPath, line: ref.line, column: ref.column)))
      }
      if case .note(let id, nil) = target, let problem = index.headingProblem(ref.fragment, in: id)
      {
        diagnostics.append(.warning(problem, at: SourceLocation(path: note.displayPath, line: ref.line, column: ref.column)))
      }
      switch target {
      case .file(let id) where !files.contains(id): files.append(id)
      case .note(let id, _) where id != note.id: linked.append(id)
      default: break
      }
    }
    return Links(files: files, notes: linked, diagnostics: diagnostics, resolved: resolved)
  }

  struct Links: Sendable {
    var files: [String]
    var notes: [String]
    var diagnostics: [Diagnostic]
    var resolved: [ResolvedKey: LinkTarget]

    /// True when every note, file and folder these links name is in `site`: links read from
    /// a cache someone changed by hand must not name things that are not there.
    func pointsInto(_ site: Site) -> Bool {
      // `index(forKey:)`, not `site.notes[id] != nil`, which copies the note out.
      files.allSatisfy { site.files.index(forKey: $0) != nil } && notes.allSatisfy { site.notes.index(forKey: $0) != nil }
        && resolved.values.allSatisfy {
          switch $0 {
          case .note(let id, _): site.notes.index(forKey: id) != nil
          case .file(let id): site.files.index(forKey: id) != nil
          case .folder(let id): site.folders.index(forKey: id) != nil
          case .external, .missing, .home: true
          }
        }
    }
  }

  private init(site: Site, ids: [String], links: [Links]) {
    // By index into `ids`: a note's linkers arrive in note order, so a repeat is the last one.
    var position: [String: Int] = [:]
    position.reserveCapacity(ids.count)
    for (i, id) in ids.enumerated() { position[id] = i }
    var linkers = [[Int32]](repeating: [], count: ids.count)
    for (i, found) in links.enumerated() {
      diagnostics += found.diagnostics
      for id in found.notes {
        guard let j = position[id], linkers[j].last != Int32(i) else { continue }
        linkers[j].append(Int32(i))
      }
      if !found.files.isEmpty { attachments[ids[i]] = found.files }
    }
    // Backlinks newest first, like the notes list (ties by ID, so the order never depends on
    // dictionary order). Dates read once (`mapValues` borrows each note; a lookup copies it).
    let updatedByID = site.notes.mapValues(\.updated)
    let updated = ids.map { updatedByID[$0]! }
    for (j, list) in linkers.enumerated() where !list.isEmpty {
      backlinks[ids[j]] = list.sorted {
        let (a, b) = (Int($0), Int($1))
        return updated[a] != updated[b] ? updated[a] > updated[b] : a < b
      }.map { ids[Int($0)] }
    }
  }
}
