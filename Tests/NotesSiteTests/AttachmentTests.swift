import Foundation
import NotesCore
import NotesSite
import Testing

/// Files a note references: copied, listed on `…/attachments/`, each with its own page.
@Suite struct AttachmentTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
  static let pdf = Data("%PDF-1.4\n%%EOF\n".utf8)
  static let text = "line <one> & two\n"
  static let binary = Data([0, 1, 2, 255, 254])

  static let note = """
    # Plan

    ![Diagram](diagram.png)

    See [the spec](files/spec.pdf) and [notes](./notes.txt).

    ![[blob.bin]]
    """

  static func site() throws -> SiteFixture {
    let site = try SiteFixture(["content/Work/Plan.md": note + "\n"])
    try site.write("content/Work/diagram.png", png)
    try site.write("content/Work/files/spec.pdf", pdf)
    try site.write("content/Work/notes.txt", text)
    try site.write("content/Work/blob.bin", binary)
    try site.write("content/Work/unused.csv", "a,b\n")
    return site
  }

  @Test func everyReferencedFileIsListedWithNameTypeAndSize() async throws {
    let site = try Self.site()
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    let list = detailColumn(try site.page("work/plan/attachments"))
    let items: [String] = Array(list.components(separatedBy: "<li>").dropFirst())
    #expect(items.count == 4)
    let expected = [
      ("diagram.png", "PNG", "12 B"), ("spec.pdf", "PDF", "15 B"), ("notes.txt", "TXT", "17 B"),
      ("blob.bin", "BIN", "5 B"),
    ]
    for (item, (name, type, size)) in zip(items, expected) {
      #expect(item.contains(">\(name)<") && item.contains("\(type) · \(size)"), "\(item)")
      #expect(hrefs(item) == ["/work/plan/attachments/\(name)/"])
    }
    #expect(!list.contains("unused.csv"), "only files the note references are its attachments")
    #expect(hrefs(list).contains("/work/plan/"), "back link to the note")
    // The note links to the list, with the count.
    let note = try site.page("work/plan")
    #expect(note.contains("href=\"/work/plan/attachments/\""))
    #expect(note.contains("4 attachments"))
  }

  @Test func eachAttachmentPageHasAPreviewOrADownloadAndABackLink() async throws {
    let site = try Self.site()
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let image = detailColumn(try site.page("work/plan/attachments/diagram.png"))
    #expect(image.contains("<img src=\"/work/diagram.png\" alt=\"diagram.png\">"))
    let pdf = detailColumn(try site.page("work/plan/attachments/spec.pdf"))
    #expect(pdf.contains("<object data=\"/work/files/spec.pdf\" type=\"application/pdf\""))
    let text = detailColumn(try site.page("work/plan/attachments/notes.txt"))
    #expect(text.contains("<pre class=\"text-preview\">line &lt;one&gt; &amp; two\n</pre>"))
    let other = detailColumn(try site.page("work/plan/attachments/blob.bin"))
    #expect(!other.contains("attachment-preview"), "no preview for an unknown type")
    for (page, file) in [
      (image, "/work/diagram.png"), (pdf, "/work/files/spec.pdf"), (text, "/work/notes.txt"),
      (other, "/work/blob.bin"),
    ] {
      #expect(page.contains("href=\"\(file)\" download"), "download link to \(file)")
      #expect(hrefs(page).contains("/work/plan/"), "link back to the note")
      #expect(hrefs(page).contains("/work/plan/attachments/"), "back link to the list")
    }
    // The page each links to serves the file's exact bytes.
    let files = site.snapshot()
    #expect(files["work/diagram.png"] == Self.png)
    #expect(files["work/files/spec.pdf"] == Self.pdf)
    #expect(files["work/notes.txt"] == Data(Self.text.utf8))
    #expect(files["work/blob.bin"] == Self.binary)
    // The note body links to the same files.
    let body = try site.page("work/plan")
    for url in ["/work/diagram.png", "/work/files/spec.pdf", "/work/notes.txt", "/work/blob.bin"] {
      #expect(body.contains("\"\(url)\""), "note links \(url)")
    }
  }

  @Test func everyFileUnderContentIsCopiedEvenWhenUnreferenced() async throws {
    let site = try Self.site()
    defer { site.remove() }
    try site.write("content/Elsewhere/deep/data.json", "{}")
    #expect(await site.build().exitCode == 0)
    let files = site.snapshot()
    #expect(files["work/unused.csv"] == Data("a,b\n".utf8))
    #expect(files["elsewhere/deep/data.json"] == Data("{}".utf8))
  }

  @Test func aMissingReferencedFileIsAWarningNamingNoteAndLine() async throws {
    let site = try SiteFixture([
      "content/Work/Plan.md": "# Plan\n\nText.\n\n![gone](gone.png)\n\n![[lost.pdf]]\n"
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    let warnings = report.diagnostics.filter { $0.severity == .warning }
    #expect(warnings.count == 2, "\(report.diagnostics)")
    let lines = warnings.compactMap { $0.location?.line }.sorted()
    #expect(lines == [5, 7])
    for warning in warnings {
      #expect(warning.location?.path == "content/Work/Plan.md")
    }
    #expect(warnings.contains { $0.message.contains("gone.png") })
    #expect(warnings.contains { $0.message.contains("lost.pdf") })
    #expect(!site.exists("work/plan/attachments"), "no attachments, no list page")
    // --strict makes it an error and the build fails.
    #expect(await site.build(strict: true).exitCode == 1)
  }

  @Test func traversalIsADiagnosticAndNothingOutsideContentIsCopied() async throws {
    let site = try SiteFixture([
      "content/Work/Plan.md":
        "# Plan\n\n[up](../../etc/passwd)\n\n[abs](/etc/passwd)\n\n![[../../secret.txt]]\n\n"
        + "[link](outside.txt)\n",
      "secret.txt": "top secret\n",
    ])
    defer { site.remove() }
    let outsideFile = site.root.appendingPathComponent("secret.txt")
    try FileManager.default.createSymbolicLink(
      at: site.root.appendingPathComponent("content/Work/outside.txt"),
      withDestinationURL: outsideFile)
    try FileManager.default.createSymbolicLink(
      at: site.root.appendingPathComponent("content/Work/etc"),
      withDestinationURL: URL(fileURLWithPath: "/etc"))
    let report = await site.build()
    #expect(report.exitCode == 0)
    let messages = report.diagnostics.map(\.description)
    #expect(messages.contains { $0.contains("Plan.md:3:") && $0.contains("../../etc/passwd") })
    #expect(messages.contains { $0.contains("Plan.md:5:") && $0.contains("/etc/passwd") })
    #expect(messages.contains { $0.contains("Plan.md:7:") && $0.contains("secret.txt") })
    #expect(messages.contains { $0.contains("Plan.md:9:") && $0.contains("outside.txt") })
    #expect(
      messages.contains {
        $0.contains("content/Work/outside.txt") && $0.contains("symbolic link points outside")
      })
    #expect(messages.contains { $0.contains("content/Work/etc") })
    // Nothing from outside content/ reached the output.
    for (path, data) in site.snapshot() {
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains("top secret"), "\(path)")
      #expect(!text.contains("root:x:0:0"), "\(path)")
      #expect(!path.contains("passwd") && !path.contains("outside") && !path.contains("secret"))
    }
    #expect(!site.exists("work/plan/attachments"))
  }

  @Test func aSymlinkInsideContentIsAnOrdinaryAttachment() async throws {
    let site = try SiteFixture(["content/Work/Plan.md": "# Plan\n\n![alias](alias.png)\n"])
    defer { site.remove() }
    try site.write("content/Work/diagram.png", Self.png)
    try FileManager.default.createSymbolicLink(
      atPath: site.root.appendingPathComponent("content/Work/alias.png").path,
      withDestinationPath: "diagram.png")
    let report = await site.build()
    #expect(report.exitCode == 0 && report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(site.snapshot()["work/alias.png"] == Self.png)
    #expect(site.exists("work/plan/attachments/alias.png/index.html"))
  }

  @Test func attachmentsOfTwoNotesAreSeparateAndSharedFilesAppearInBoth() async throws {
    let site = try SiteFixture([
      "content/Work/Plan.md": "# Plan\n\n![[diagram.png]]\n",
      "content/Home/Ideas.md": "# Ideas\n\n![d](../Work/diagram.png) [[notes.txt]]\n",
      "content/Home/notes.txt": "home notes\n",
    ])
    defer { site.remove() }
    try site.write("content/Work/diagram.png", Self.png)
    #expect(await site.build().exitCode == 0)
    #expect(site.exists("work/plan/attachments/diagram.png/index.html"))
    #expect(!site.exists("work/plan/attachments/notes.txt"))
    #expect(site.exists("home/ideas/attachments/diagram.png/index.html"))
    #expect(site.exists("home/ideas/attachments/notes.txt/index.html"))
    let page = detailColumn(try site.page("home/ideas/attachments/diagram.png"))
    #expect(hrefs(page).contains("/home/ideas/"), "back to the note it was opened from")
  }
}
