import Foundation
import NotesCore
import NotesGit
import NotesMarkdown

/// A folder as the folders column shows it. `id` is its URL path (`work/projects`).
public struct Folder: Sendable, Identifiable {
  public var id: String
  public var name: String
  /// Path relative to `content/` (`Work/Projects`); empty for the top-level "Notes" folder.
  public var sourcePath: String
  public var parentID: String?
  public var childIDs: [String] = []
  /// Published notes directly in this folder, in list order.
  public var noteIDs: [String] = []
  /// Depth in the tree, 0 for top-level folders.
  public var depth: Int
}

/// A published note. `id` is its URL path (`work/projects/alpha`).
public struct Note: Sendable, Identifiable {
  public var id: String
  public var folderID: String
  /// Path relative to `content/` (`Work/Projects/Alpha.md`).
  public var sourcePath: String
  public var title: String
  public var created: Date
  public var updated: Date
  public var frontMatter: FrontMatter
  public var body: String
  public var bodyLineOffset: Int
  public var analysis: NoteAnalysis
  /// Front matter tags and inline tags, normalised, unique, sorted.
  public var tags: [String]
  public var revisions: [Revision] = []
  /// The files mdBook's directives in the note include (`{{#include a.rs:2:10}}`), by the
  /// directive's argument; see `MdBookIncludes`.
  public var includes: [String: IncludedText] = [:]

  public var pinned: Bool { frontMatter.pinned }
  /// Whether the note's only date is a written creation date (`date:`, `created:`), with no
  /// `updated:` and no history: its last-edit date is that date, which says when it was made.
  public var updatedIsCreated: Bool { frontMatter.updated == nil && revisions.isEmpty && frontMatter.date != nil }

  /// The zone the note's creation and last-edit dates were written in, when they come from
  /// its front matter and name one (seconds east of UTC): they show as that day there.
  public var createdZone: Int? { frontMatter.date == nil ? nil : frontMatter.dateZone }
  public var updatedZone: Int? {
    frontMatter.updated != nil ? frontMatter.updatedZone : updatedIsCreated ? frontMatter.dateZone : nil
  }
  public var displayPath: String { "content/" + sourcePath }

  /// Whether the `# Heading` that opens the body is the note's title, so the page shows it
  /// once, as its `h1`: when front matter gives no title, or the same one (any case). A
  /// front matter title of its own makes that heading a section like any other (`title: Tmp`
  /// over `# 生成式AI…` must not lose the heading's text). Without a front matter title, other
  /// level-1 headings in the note make it a section too (see `NoteAnalysis.titleHeading`).
  public var opensWithItsTitle: Bool {
    guard let heading = analysis.firstH1 else { return true }
    guard let title = frontMatter.title, !title.isEmpty else { return analysis.titleHeading(path: sourcePath) != nil }
    // Most notes give their title in both places alike; asked for on every page of a note.
    if title == heading { return true }
    func plain(_ s: String) -> String { s.trimmingCharacters(in: .whitespaces).lowercased() }
    return plain(title) == plain(heading)
  }
}

/// Any non-Markdown file under `content/`; copied to `B{folder-path}/{file-slug}.{ext}`.
public struct FileAsset: Sendable, Identifiable {
  /// URL path (`work/diagram.png`).
  public var id: String
  public var sourcePath: String
  public var size: Int
  public var kind: AttachmentKind

  public var fileName: String { (sourcePath as NSString).lastPathComponent }
}

/// Everything loaded and checked, before any page is rendered.
public struct Site: Sendable {
  public var config: SiteConfig
  public var folders: [String: Folder]
  /// Top-level folders in display order.
  public var rootFolderIDs: [String]
  public var notes: [String: Note]
  public var files: [String: FileAsset]
  /// Tag ID (its URL path, `work/projects`) → note IDs in list order: the notes tagged with it
  /// or with a tag below it. Every tag above a nested tag is here too.
  public var tags: [String: [String]]
  /// Tag ID → the tag as first written (`PokeroleSRD/Abilities`; notes taken by ID), where
  /// that differs from the ID: what pages show. Every tag above a nested one is here too.
  public var tagNames: [String: String] = [:]
  public var history: GitHistory?
  /// The newest `updated` of any note: the home page's date in the sitemap.
  public var referenceDate: Date
  /// Every note, newest `updated` first (ties in title order), pinned or not: the home page's
  /// list of recent notes. Sorted once while loading; the home and 404 pages both show it.
  public var recentNoteIDs: [String] = []
}

extension Site {
  /// Tag `id` as pages show it: as first written, else the ID.
  public func tagName(_ id: String) -> String { tagNames[id] ?? id }

  /// The tag a nested tag sits under (`work` for `work/projects`), nil for a top-level tag.
  public static func parentTag(of id: String) -> String? {
    id.lastIndex(of: "/").map { String(id[..<$0]) }
  }

  /// A tag ID and the IDs of every tag above it, innermost first:
  /// `work/projects/alpha`, `work/projects`, `work`.
  public static func tagAndAncestors(_ id: String) -> [String] {
    var path = [id]
    while let parent = parentTag(of: path.last!) { path.append(parent) }
    return path
  }
}

extension NoteAnalysis {
  /// The `# Heading` that opens the note when it names it. A note of several level-1
  /// headings (`# Step 1` … `# Step 2`) uses them as sections, as Obsidian does: it is named by
  /// its file, unless the opening heading says the same (Notion's exports) or the file's name
  /// says nothing (`README.md`, `index.md`).
  func titleHeading(path: String) -> String? {
    guard let heading = firstH1 else { return nil }
    if !hasSeveralLevelOneHeadings { return heading }
    let stem = PathName.stem(path)
    if ["readme", "index", "_index"].contains(stem.lowercased()) { return heading }
    func plain(_ s: String) -> String { s.trimmingCharacters(in: .whitespaces).lowercased() }
    return plain(PathName.displayName(stem)) == plain(heading) ? heading : nil
  }

  /// Whether the note has more than one level-1 heading: then its opening one may not name it.
  var hasSeveralLevelOneHeadings: Bool { !headings.lazy.filter { $0.level == 1 }.dropFirst().isEmpty }
}
