import Foundation
import NotesSite
import Testing

/// No input makes the generator read outside `content/` and `Templates/` or write outside the
/// output (SECURITY.md §2).
@Suite struct HostilePathTests {
  static let marker = "SECRET-\(UUID().uuidString)"

  /// A site with a secret beside it, and every way we know to reach for it.
  @Test func linksAndSymlinksNeverReachOutside() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    let fm = FileManager.default
    let secretDir = site.container.appendingPathComponent("secret")
    try fm.createDirectory(at: secretDir, withIntermediateDirectories: true)
    try Data("# Secret\n\n\(Self.marker)\n".utf8).write(
      to: secretDir.appendingPathComponent("secret.md"))
    try Data(Self.marker.utf8).write(to: secretDir.appendingPathComponent("secret.png"))
    try site.write("Templates/partials/secret.mustache", "x")

    let links = [
      "[a](../../secret/secret.md)", "[a](../../../secret/secret.md)", "[a](/../secret/secret.md)",
      "[a](\(secretDir.path)/secret.md)", "![a](../../secret/secret.png)",
      "![a](\(secretDir.path)/secret.png)",
      "[[../../secret/secret]]", "![[../../secret/secret.png]]",
      "![[\(secretDir.path)/secret.png]]",
      "[a](..%2f..%2fsecret%2fsecret.md)", "[a](%2e%2e/%2e%2e/secret/secret.md)",
      "[a](secret.md%00.png)",
      "[[secret%00]]", "[a](..\\..\\secret\\secret.md)", "[[..\\..\\secret\\secret]]",
      "[a](file://\(secretDir.path)/secret.md)",
    ]
    try site.write("content/Work/Links.md", "# Links\n\n" + links.joined(separator: "\n\n") + "\n")
    try site.write("content/Work/back\\slash.md", "# Backslash\n")
    try site.write("content/Work/Inside.md", "# Inside\n\ninside text\n")
    // Symbolic links: to a file and a folder outside, to a file and a folder inside, a cycle,
    // a self-loop and a dangling one.
    let content = site.root.appendingPathComponent("content")
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("Work/out-file.md").path,
      withDestinationPath: secretDir.appendingPathComponent("secret.md").path)
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("Work/out-rel.png").path,
      withDestinationPath: "../../../secret/secret.png")
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("OutFolder").path, withDestinationPath: secretDir.path)
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("Work/in-file.md").path,
      withDestinationPath: "Inside.md")
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("InFolder").path, withDestinationPath: "Work")
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("Work/cycle").path, withDestinationPath: "..")
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("Work/self.md").path, withDestinationPath: "self.md")
    try fm.createSymbolicLink(
      atPath: content.appendingPathComponent("Work/dangling.md").path,
      withDestinationPath: "nowhere.md")
    // A theme override that reaches outside through a link.
    try fm.createSymbolicLink(
      atPath: site.root.appendingPathComponent("Templates/partials/out.mustache").path,
      withDestinationPath: secretDir.appendingPathComponent("secret.md").path)

    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let files = site.outputFiles()
    for (path, data) in files {
      #expect(
        !String(decoding: data, as: UTF8.self).contains(Self.marker), "secret leaked into \(path)")
    }
    // The inside link is followed; the outside ones and the folder links are reported.
    #expect(files.keys.contains("work/in-file/index.html"))
    #expect(
      !files.keys.contains {
        $0.hasPrefix("outfolder") || $0.hasPrefix("infolder") || $0.contains("cycle")
      })
    let warnings = report.diagnostics.map(\.description)
    for name in [
      "Work/out-file.md", "Work/out-rel.png", "OutFolder", "InFolder", "Work/cycle", "Work/self.md",
      "Work/dangling.md", "Templates/partials/out.mustache",
    ] {
      #expect(warnings.contains { $0.contains(name) }, "no diagnostic names \(name): \(warnings)")
    }
    #expect(site.strayPaths().filter { !$0.hasPrefix("secret") }.isEmpty, "\(site.strayPaths())")
    #expect(site.auditOutput().isEmpty)
  }

  /// Aliases and slugs that try to leave the output or claim generator paths are errors (or
  /// are made harmless); nothing is written anywhere.
  @Test(arguments: [
    "../../escaped", "/../../escaped", "a/../../escaped", "..", ".", "./x/../..",
    "a\\..\\..\\escaped", "..%2fescaped", "/.hidden/", "/a/x\u{0}y",
  ])
  func aliasesCannotLeaveTheOutput(_ alias: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write(
      "content/Work/Note.md", "---\naliases: [\(HostileCorpus.yamlQuoted(alias))]\n---\n# Note\n")
    let report = await site.build()
    #expect(report.exitCode == 1, "\(report.diagnostics)")
    #expect(
      report.diagnostics.contains {
        $0.description.hasPrefix("content/Work/Note.md") && $0.description.contains("alias")
      })
    #expect(!FileManager.default.fileExists(atPath: site.output.path))
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
  }


  /// A name with a slash (`a/.hidden/x`, as `CI/CD` is a name) that is no usable path is a
  /// warning, and nothing is written for it.
  @Test func aliasNamesThatWouldHideAreWarningsThatWriteNothing() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "---\naliases: [\"a/.hidden/x\"]\n---\n# Note\n")
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.diagnostics.contains { $0.severity == .warning && $0.message.hasPrefix("alias 'a/.hidden/x'") })
    #expect(!FileManager.default.fileExists(atPath: site.output.appending(path: "a").path))
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
  }

  /// A bare name (Obsidian's aliases are other names of a note, like `.config`) that is no
  /// usable path gets no redirect page and a warning, never an error: it stays a link name.
  @Test(arguments: [".hidden", ".config", "x\u{0}y", "C#", "What?", "2021-08-24 14:00", "To do*", "Say \"hi\"", "a<b>"])
  func bareNamesThatAreNoPathStayLinkNames(_ alias: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write(
      "content/Work/Note.md", "---\naliases: [\(HostileCorpus.yamlQuoted(alias))]\n---\n# Note\n")
    try site.write("content/Work/Other.md", "See [[\(alias.replacingOccurrences(of: "\u{0}", with: ""))|the note]].\n")
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(
      report.diagnostics.contains {
        $0.severity == .warning && $0.description.hasPrefix("content/Work/Note.md") && $0.description.contains("alias")
      })
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
    #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent(".hidden").path))
  }
  @Test(arguments: ["../../escaped", "/etc/passwd", "..", "_assets", "a/b", "\\..\\x", "%2e%2e"])
  func frontMatterSlugsStayInTheirFolder(_ slug: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write(
      "content/Work/Note.md", "---\nslug: \(HostileCorpus.yamlQuoted(slug))\n---\n# Note\n")
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let pages = site.outputFiles().keys.filter { $0.hasSuffix("index.html") && $0.contains("/") }
    let notePage = pages.filter { $0.hasPrefix("work/") && $0.split(separator: "/").count == 3 }
    #expect(notePage.count == 1, "\(pages.sorted())")
    #expect(
      notePage.allSatisfy {
        !$0.contains("..") && !$0.contains("\\") && !$0.dropFirst(5).hasPrefix("_")
      })
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
  }

  /// Two files whose names differ only by Unicode normalisation (or case) are two notes with
  /// two pages and a collision warning, never one page overwriting the other.
  @Test(arguments: [("Caf\u{E9}", "Cafe\u{301}"), ("Note", "note"), ("clang", "clang++")])
  func namesThatLookTheSameAreTwoPages(_ a: String, _ b: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    #expect(Array(a.utf8) != Array(b.utf8))
    try site.write("content/Work/\(a).md", "---\ntitle: First\n---\nfirst body\n")
    try site.write("content/Work/\(b).md", "---\ntitle: Second\n---\nsecond body\n")
    try site.write("content/\(a)/One.md", "# One\n")
    try site.write("content/\(b)/Two.md", "# Two\n")
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.notes == 4)
    let pages = site.outputFiles().filter {
      $0.key.hasPrefix("work/") && $0.key.split(separator: "/").count == 3
        && $0.key.hasSuffix("/index.html")
    }
    let bodies = pages.values.map { String(decoding: $0, as: UTF8.self) }
    #expect(
      bodies.contains { $0.contains("first body") }
        && bodies.contains { $0.contains("second body") }, "\(pages.keys.sorted())")
    #expect(
      report.diagnostics.filter {
        $0.severity == .warning && $0.description.contains("would both be published")
      }.count >= 2, "\(report.diagnostics)")
    #expect(await site.build(strict: true).exitCode == 1)
  }
}
