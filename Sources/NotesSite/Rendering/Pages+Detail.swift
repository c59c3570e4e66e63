import Foundation
import NotesCore
import NotesGit
import NotesMarkdown
import NotesMustache

/// Data for the detail routes inside a note: attachments, history, revisions, collaborators.
extension PageContext {
  func addDetail(
    _ detail: NoteDetailRoute, note: Note, to data: inout [String: TemplateValue],
    revisionTexts: [String: Data]
  ) throws(Diagnostic) {
    switch detail {
    case .attachments:
      data["attachments"] = .list(
        attachmentIDs(of: note.id).map { entry in
          .object([
            "name": .string(entry.file.fileName),
            "url": .string(urls.url(.noteDetail(note.id, .attachment(entry.segment)))),
            "type": .string(typeLabel(entry.file)),
            "size": .string(Self.byteCount(entry.file.size)),
          ])
        })
    case .attachment(let segment):
      guard let file = attachmentIDs(of: note.id).first(where: { $0.segment == segment })?.file
      else { return }
      var text = ""
      if file.kind == .text {
        let url = contentDirectory.appendingPathComponent(file.sourcePath)
        let handle = try? FileHandle(forReadingFrom: url)
        let bytes = (try? handle?.read(upToCount: 65_536)) ?? nil
        try? handle?.close()
        text = bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
      }
      data["attachment"] = .object([
        "name": .string(file.fileName),
        "file_url": .string(urls.fileURL(file.id)),
        "type": .string(typeLabel(file)),
        "size": .string(Self.byteCount(file.size)),
        "is_image": .bool(file.kind == .image),
        "is_pdf": .bool(file.kind == .pdf),
        "is_audio": .bool(file.kind == .audio),
        "is_video": .bool(file.kind == .video),
        "is_text": .bool(file.kind == .text),
        "has_preview": .bool(file.kind != .other),
        "text": .string(text),
      ])
    case .history:
      data["history_notice"] = historyNotice(note)
      data["revisions"] = .list(
        note.revisions.map { r in
          .object([
            "url": .string(urls.url(.noteDetail(note.id, .revision(r.shortHash)))),
            "subject": .string(r.label), "author": .string(r.author),
            "date_iso": .string(Self.iso(r.date)), "date_label": .string(l10n.dateTime(r.date)),
            "short_hash": .string(r.shortHash),
          ])
        })
    case .revision(let hash):
      guard let position = note.revisions.firstIndex(where: { $0.shortHash == hash }) else {
        return
      }
      let r = note.revisions[position]
      var html = ""
      if let blob = revisionTexts[r.hash + ":" + r.path] {
        let text = String(decoding: blob, as: UTF8.self)
        let split = FrontMatter.split(text)
        var resolver = NoteResolver(
          site: site, index: index, urls: urls, noteID: note.id)
        resolver.embedsAsLinks = true
        resolver.headingAnchorLabel = l10n.string("link_to_section")
        html = Markdown.render(
          String(split.body),
          options: RenderOptions(
            unsafeHTML: site.config.unsafeHTML, lineOffset: split.bodyLineOffset,
            sourcePath: note.displayPath, headingAnchorLabel: l10n.string("link_to_section"),
            footnoteBackLabel: l10n.string("footnote_back"), contentsLabel: l10n.string("contents"),
            // The note as it was, its title heading too (`# Apple` before it was `# Banana`):
            // the page's own heading names the revision.
            titleHeading: false,
            hardLineBreaks: site.config.hardLineBreaks, labelFirstLinks: site.config.labelFirstLinks,
            labelFirstPreferred: site.config.dendron),
          resolver: resolver
        ).html
        html = BodyHeadings.fitted(html)
      }
      let newer = position > 0 ? note.revisions[position - 1] : nil
      let older = position + 1 < note.revisions.count ? note.revisions[position + 1] : nil
      data["revision"] = .object([
        "notice": .string(l10n.format("old_revision_notice", ["date": l10n.dateTime(r.date)])),
        "newer_url": newer.map { .string(urls.url(.noteDetail(note.id, .revision($0.shortHash)))) }
          ?? .null,
        "older_url": older.map { .string(urls.url(.noteDetail(note.id, .revision($0.shortHash)))) }
          ?? .null,
        "date_iso": .string(Self.iso(r.date)), "date_label": .string(l10n.dateTime(r.date)),
        "author": .string(r.author), "subject": .string(r.label),
        "short_hash": .string(r.shortHash), "html": .string(html),
      ])
    case .collaborators:
      data["history_notice"] = historyNotice(note)
      data["collaborators"] = .list(collaborators(of: note))
    }
  }

  func historyNotice(_ note: Note) -> TemplateValue {
    guard let history = site.history else { return .string(l10n.string("no_history")) }
    if history.isShallow { return .string(l10n.string("history_incomplete")) }
    if note.revisions.isEmpty { return .string(l10n.string("no_history")) }
    return .null
  }

  /// Authors by name over the note's whole history (not only the `history_limit` newest
  /// revisions), with their edits, then front matter `collaborators` not already listed.
  func collaborators(of note: Note) -> [TemplateValue] {
    let authors =
      site.history?.collaborators(ofContentPath: note.sourcePath)
      ?? GitHistory.collaborators(of: note.revisions)
    var listed = Set(authors.map(\.name))
    var items: [TemplateValue] = authors.map { author in
      .object([
        "name": .string(author.name),
        "edits_label": .string(l10n.count("edits_count", author.edits)),
        "first_label": .string(l10n.date(author.firstEdit)),
        "first_iso": .string(Self.iso(author.firstEdit)),
        "last_label": .string(l10n.date(author.lastEdit)),
        "last_iso": .string(Self.iso(author.lastEdit)),
      ])
    }
    for entry in note.frontMatter.collaborators {
      guard let name = Self.publicName(entry), listed.insert(name).inserted else { continue }
      items.append(
        .object([
          "name": .string(name), "edits_label": .string(""), "first_label": .string(""),
          "first_iso": .string(""), "last_label": .string(""), "last_iso": .string(""),
        ]))
    }
    return items
  }

  /// A front matter collaborator as published: `Name <email>` keeps the name, a bare address
  /// keeps the part before the `@` (as git authors do); emails are never published.
  static func publicName(_ entry: String) -> String? {
    var name = entry
    if let open = name.firstIndex(of: "<") {
      let close = name[open...].firstIndex(of: ">").map { name.index(after: $0) } ?? name.endIndex
      name.removeSubrange(open..<close)
    }
    name = name.trimmingCharacters(in: .whitespaces)
    if let at = name.firstIndex(of: "@") {
      name = String(name[..<at]).trimmingCharacters(in: .whitespaces)
    }
    return name.isEmpty ? nil : name
  }

  func typeLabel(_ file: FileAsset) -> String {
    let ext = (file.fileName as NSString).pathExtension.uppercased()
    return ext.isEmpty ? file.kind.rawValue : ext
  }

  static func byteCount(_ n: Int) -> String {
    if n < 1024 { return "\(n) B" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(n) / 1024
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return value < 10
      ? String(format: "%.1f", value) + " " + units[unit] : "\(Int(value.rounded())) \(units[unit])"
  }
}
