import Foundation
import NotesCore
import Testing

@testable import NotesSite

#if canImport(Glibc)
  import Glibc
#endif

/// File-system faults: a clear diagnostic and exit code, the previous site untouched, nothing
/// left behind (SECURITY.md §4). Tests run as root in CI, so no fault relies on permissions.
@Suite struct FaultTests {
  /// The output's parent is a regular file: nothing can be created there, not even by root.
  @Test func outputParentIsAFile() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    let blocker = site.container.appendingPathComponent("blocker")
    try Data("keep me\n".utf8).write(to: blocker)
    let report = await SiteBuilder.build(
      BuildOptions(source: site.root, output: blocker.appendingPathComponent("out")))
    #expect(report.exitCode == 1)
    #expect(
      report.diagnostics.contains {
        $0.severity == .error && $0.description.contains("cannot create the output directory")
      }, "\(report.diagnostics)")
    #expect(try Data(contentsOf: blocker) == Data("keep me\n".utf8))
    #expect(site.strayPaths() == ["blocker"])
  }

  /// The output itself is a file: a usage error, the file kept.
  @Test func outputIsAFile() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    try site.write("_site", "not a directory\n")
    let report = await site.build()
    #expect(report.exitCode == 2)
    #expect(
      report.diagnostics.contains { $0.description.contains("exists and is not a directory") })
    #expect(try String(contentsOf: site.output, encoding: .utf8) == "not a directory\n")
    #expect(site.strayPaths().isEmpty)
  }

  /// A failed build after a good one leaves the good site byte for byte, and no staging tree.
  @Test func failedRebuildKeepsThePreviousSite() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    #expect(await site.build().exitCode == 0)
    let before = site.outputFiles()
    // A template error is only found while rendering, after the staging tree exists.
    try site.write("Templates/partials/note-routes.mustache", "{{> partials/note-routes}}")
    #expect(await site.build().exitCode == 1)
    #expect(site.outputFiles() == before)
    #expect(site.strayPaths().allSatisfy { $0.hasPrefix("site/Templates") }, "\(site.strayPaths())")
  }

  /// FIFOs, sockets' stand-ins and dangling links named like notes are skipped without ever
  /// being opened (opening a FIFO would block the build forever).
  @Test func specialFilesAreNeverRead() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n\n![[pipe.png]]\n")
    let work = site.root.appendingPathComponent("content/Work")
    #expect(mkfifo(work.appendingPathComponent("Pipe.md").path, 0o644) == 0)
    #expect(mkfifo(work.appendingPathComponent("pipe.png").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: work.appendingPathComponent("to-pipe.md").path, withDestinationPath: "Pipe.md")
    try FileManager.default.createSymbolicLink(
      atPath: work.appendingPathComponent("Gone.md").path, withDestinationPath: "Removed.md")
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.notes == 1)
    #expect(report.diagnostics.contains { $0.description.contains("content/Work/Gone.md") })
    #expect(report.diagnostics.contains { $0.description.contains("content/Work/to-pipe.md") })
  }

  /// The diagnostics of reading content/Work/Note.md after the scan saw it as a note and
  /// `replace` did something to the file at that path.
  func readAfterTheScan(_ replace: (String) throws -> Void) throws -> [String] {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    let content = site.root.appendingPathComponent("content")
    let (tree, _) = ContentTree.scan(content, displayRoot: "content")
    let entry = try #require(tree.files.first)
    try replace(content.appendingPathComponent(entry.path).path)
    return SiteLoader.read(entry, in: content.path + "/").diagnostics.map(\.description)
  }

  /// A note that disappears between the scan and the read is an error naming it, not a crash.
  @Test func noteRemovedAfterTheScan() async throws {
    let diagnostics = try readAfterTheScan { try FileManager.default.removeItem(atPath: $0) }
    #expect(diagnostics.contains { $0.hasPrefix("content/Work/Note.md: error: cannot read file") }, "\(diagnostics)")
  }

  /// A note replaced by a FIFO between the scan and the read is refused at once: opening a
  /// FIFO for reading would wait forever for a writer.
  @Test func noteReplacedByAFIFOAfterTheScanIsRefused() async throws {
    let diagnostics = try readAfterTheScan { path in
      try FileManager.default.removeItem(atPath: path)
      #expect(mkfifo(path, 0o644) == 0)
    }
    #expect(diagnostics.contains { $0 == "content/Work/Note.md: error: cannot read file: not a regular file" }, "\(diagnostics)")
  }

  /// An attachment that disappears before it is copied fails the build cleanly: the previous
  /// site is kept and the staging tree is removed.
  @Test func attachmentRemovedBeforeTheCopy() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    #expect(await site.build().exitCode == 0)
    let before = site.outputFiles()
    let writer = try OutputWriter(output: site.output)
    #expect(throws: Diagnostic.self) {
      try writer.copy(
        from: site.root.appendingPathComponent("content/Work/missing.png"), to: "work/missing.png",
        size: 3)
    }
    writer.discard()
    #expect(site.outputFiles() == before)
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
  }
}
