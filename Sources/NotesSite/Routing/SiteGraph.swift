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

  init(site: Site, index: LinkIndex) {
    var backlinkSets: [String: Set<String>] = [:]
    for note in site.notes.values.sorted(by: { $0.id < $1.id }) {
      var files: [String] = []
      for ref in note.analysis.references {
        let (target, ambiguous) = index.resolve(ref, from: note.id)
        if !ambiguous.isEmpty {
          let names = ambiguous.map { site.notes[$0]?.displayPath ?? site.files[$0].map { "content/" + $0.sourcePath } ?? $0 }
          diagnostics.append(
            .warning(
              "'\(ref.target)' matches \(ambiguous.count) files (\(names.joined(separator: ", "))); using the nearest",
              at: SourceLocation(path: note.displayPath, line: ref.line, column: ref.column)))
        }
        switch target {
        case .file(let id) where !files.contains(id): files.append(id)
        case .note(let id, _) where id != note.id: backlinkSets[id, default: []].insert(note.id)
        default: break
        }
      }
      if !files.isEmpty { attachments[note.id] = files }
    }
    // Backlinks listed like the notes list: pinned, newest first.
    let order = Dictionary(
      uniqueKeysWithValues: site.folders.keys.sorted().flatMap { site.folders[$0]!.noteIDs }
        .enumerated().map { ($1, $0) })
    for (id, set) in backlinkSets {
      backlinks[id] = set.sorted { (order[$0] ?? 0, $0) < (order[$1] ?? 0, $1) }
    }
  }
}
