import Foundation
import NotesSite
import Testing

/// Sites built from hostile input: every user-controlled field carries script-injection payloads,
/// and every produced page, feed, sitemap and index is parsed and audited (SECURITY.md §1).
@Suite struct HostileInputTests {
  /// One site with every payload in every note-level field: file, folder and attachment names,
  /// front matter (title, tags, aliases, collaborators, slug, lang), link texts and URLs, wiki
  /// links, inline tags, raw HTML and plain text.
  @Test func everyNoteFieldIsEscaped() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    var placements = 0
    var aliases = 0
    try site.write("content/Work/Target.md", "# Target\n\n## Section\n")
    for (i, payload) in HostileCorpus.payloads.enumerated() {
      let name = HostileCorpus.fileName(payload)
      let folder = "content/\(name) \(i)"
      var yaml = "title: \(HostileCorpus.yamlQuoted(payload))\n"
      yaml +=
        "tags: [\(HostileCorpus.yamlQuoted(payload)), \(HostileCorpus.yamlQuoted("t\(i)/" + payload))]\n"
      yaml += "collaborators: [\(HostileCorpus.yamlQuoted(payload))]\n"
      yaml += "lang: \(HostileCorpus.yamlQuoted(payload))\n"
      placements += 5
      if HostileCorpus.usableAlias(payload) {
        yaml += "aliases: [\(HostileCorpus.yamlQuoted("old-\(i)/" + payload))]\n"
        aliases += 1
        placements += 1
      }
      try site.write(
        "\(folder)/\(name).md", "---\n\(yaml)---\n" + HostileCorpus.markdown(payload, index: i))
      // Attachments named by the payload, embedded and linked from the note.
      try site.write("\(folder)/\(name).png", Data([0x89, 0x50, 0x4E, 0x47]))
      try site.write("\(folder)/\(name).pdf", "%PDF-1.4\n\(payload)\n")
      try site.write("\(folder)/\(name).txt", payload)
      try site.write(
        "\(folder)/\(name).svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"><script>alert(1)</script></svg>"
      )
      // The same payload as a front matter slug, in a second note that embeds the attachments.
      try site.write(
        "\(folder)/embeds.md",
        "---\nslug: \(HostileCorpus.yamlQuoted(payload))\n---\nSee [[\(name)]].\n\n![[\(name).png]] ![[\(name).pdf]] ![[\(name).txt]] ![[\(name).svg]] [x](\(name.replacingOccurrences(of: " ", with: "%20")).pdf)\n"
      )
      // file name, folder name, slug, 13 Markdown placements, 4 attachments
      placements += 3 + 13 + 4
    }
    for (i, link) in (HostileCorpus.scriptLinks + HostileCorpus.pathologicalMarkdown).enumerated() {
      try site.write("content/Links/link-\(i).md", "# Link \(i)\n\n\(link)\n")
      placements += 1
    }
    #expect(placements >= 200)

    let before = Set(
      try FileManager.default.contentsOfDirectory(
        atPath: site.container.deletingLastPathComponent().path))
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics.filter { $0.severity == .error })")
    #expect(report.notes > HostileCorpus.payloads.count * 2)
    let problems = site.auditOutput(maxRedirects: aliases)
    #expect(problems.isEmpty, "\(problems.prefix(30).joined(separator: "\n"))")
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
    // Nothing appeared beside the container either (a write through `..`).
    let after = Set(
      try FileManager.default.contentsOfDirectory(
        atPath: site.container.deletingLastPathComponent().path))
    #expect(
      after.subtracting(before).filter {
        $0.contains("passwd") || $0.contains("script") || $0.contains("alert")
      }.isEmpty)
  }

  /// `lang: en" onload="x` is no language tag: left out, with a warning, so it never
  /// reaches an attribute.
  @Test func langCannotLeaveItsAttribute() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "---\nlang: 'en\" onload=\"alert(1)'\n---\n# Note\n")
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.contains { $0.message.hasPrefix("'lang' is not a language tag") })
    let html = String(
      decoding: try Data(contentsOf: site.output.appendingPathComponent("work/note/index.html")),
      as: UTF8.self)
    let article = try #require(HostileHTML.tags(html).first { $0.name == "article" })
    #expect(article.value("lang") == nil)
    #expect(article.value("onload") == nil)
    #expect(!html.contains("onload"))
    #expect(site.auditOutput().isEmpty)
  }

  /// Site-wide strings from `notes-site.yml` (title, description, language, base_url) in
  /// every page, the feed, the sitemap and the search index.
  @Test(
    arguments: Array(HostileCorpus.payloads.enumerated()).filter { $0.offset % 4 == 0 }.map(
      \.element) + ["\u{1}\u{2}\u{1F}"])
  func configValuesAreEscaped(_ payload: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    let yamlPayload = HostileCorpus.yamlQuoted(payload)
    // base_url is validated; an injection in its path must be percent-encoded or refused.
    let encodedPath = payload.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "x"
    try site.write(
      "notes-site.yml",
      "title: \(yamlPayload)\ndescription: \(yamlPayload)\nbase_url: \(HostileCorpus.yamlQuoted("https://example.org/" + encodedPath + "/"))\n"
    )
    try site.write(
      "content/Work/Note.md",
      "# Note\n\nText with \(payload.replacingOccurrences(of: "\n", with: " ")).\n")
    let report = await site.build()
    #expect(report.exitCode == 0 || report.exitCode == 1, "\(report.diagnostics)")
    if report.exitCode == 0 {
      let problems = site.auditOutput(base: "/" + encodedPath + "/", origin: "https://example.org")
      #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
    } else {
      #expect(report.diagnostics.contains { $0.description.contains("notes-site.yml") })
      #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }
    #expect(site.strayPaths().isEmpty, "\(site.strayPaths())")
  }

  /// `base_url` values that are not http(s) URLs or paths are refused before anything is
  /// written, so they can never reach a canonical link, feed or redirect.
  @Test(arguments: [
    "javascript:alert(1)//", "javascript://example.org/%0aalert(1)", "data:text/html,x",
    "//evil.example/",
    "vbscript:x", " https://example.org/",
    "https://", "file:///etc/", "http://a b/",
  ])
  func hostileBaseURLIsRefused(_ base: String) async throws {
    let site = try HostileSite()
    defer { site.remove() }
    try site.write("content/Work/Note.md", "# Note\n")
    for viaConfig in [true, false] {
      if viaConfig {
        try site.write("notes-site.yml", "base_url: \(HostileCorpus.yamlQuoted(base))\n")
      }
      let report = await site.build(baseURL: viaConfig ? nil : base)
      #expect(
        report.exitCode != 0, "base_url \(base) accepted (\(viaConfig ? "config" : "--base-url"))")
      #expect(!FileManager.default.fileExists(atPath: site.output.path))
      try? FileManager.default.removeItem(at: site.root.appendingPathComponent("notes-site.yml"))
    }
  }

  /// Raw HTML is dropped by default; with `unsafe_html: true` it is kept but script URLs in URL
  /// attributes are emptied. (Event handlers are the author's own choice then, so only URLs
  /// are audited.)
  @Test func rawHTMLIsDroppedByDefault() async throws {
    let site = try HostileSite()
    defer { site.remove() }
    let raw = HostileCorpus.payloads.filter { $0.contains("<") }.joined(separator: "\n\n")
    try site.write(
      "content/Work/Raw.md", "# Raw\n\n\(raw)\n\nInline <b onclick=\"x()\">bold</b> end.\n")
    #expect(await site.build().exitCode == 0)
    let html = String(
      decoding: try Data(contentsOf: site.output.appendingPathComponent("work/raw/index.html")),
      as: UTF8.self)
    // None of the payloads' elements survive: the theme itself writes none of these.
    let injected = HostileHTML.tags(html).filter {
      ["svg", "math", "img", "iframe", "object", "embed", "base", "b"].contains($0.name)
        || ($0.name == "div" && $0.value("style") != nil)
    }
    #expect(injected.isEmpty, "\(injected)")
    #expect(site.auditOutput().isEmpty, "\(site.auditOutput())")

    try site.write("notes-site.yml", "unsafe_html: true\n")
    #expect(await site.build().exitCode == 0)
    for path in site.outputFiles().keys where path.hasSuffix(".html") {
      let page = String(
        decoding: try Data(contentsOf: site.output.appendingPathComponent(path)), as: UTF8.self)
      for tag in HostileHTML.tags(page) {
        for (name, value) in tag.attributes
        where HostileHTML.urlAttributes.contains(name) || name.hasSuffix(":href") {
          let scheme = HostileHTML.scheme(of: value) ?? ""
          #expect(
            !scheme.hasPrefix("javascript:") && !scheme.hasPrefix("vbscript:")
              && !(scheme.hasPrefix("data:text")), "\(path): \(tag)")
        }
      }
    }
  }
}
