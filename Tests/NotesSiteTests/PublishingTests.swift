import Foundation
import NotesCore
import NotesSite
import Testing

/// The "Publishing" must-shows without a browser: a site hosted under a sub-path keeps every
/// URL under it, the sitemap and the Atom feed are well-formed XML with absolute URLs, alias
/// redirects work and cannot escape the output, and theme assets and robots.txt are right.
@Suite struct PublishingTests {
  static let origin = "http://127.0.0.1:8123"
  static let base = origin + "/sub/"

  static func front(_ fields: String) -> String { "---\n" + fields + "\n---\n" }

  static let vault: [String: String] = [
    "content/Work/Roadmap.md": front(
      "title: Roadmap\ndate: 2024-01-10\nupdated: 2024-03-01\ntags: [planning]\naliases: [/old/roadmap/, /sub/older/roadmap/, legacy]"
    )
      + "# Roadmap\n\n## Goals\n\nSee [[Meeting notes]] and [Alpha](Projects/Alpha.md#alpha).\n\n![diagram](diagram.png)\n",
    "content/Work/Meeting notes.md": front("date: 2024-01-02\nupdated: 2024-02-01")
      + "# Meeting notes\n\nBack to the [[Roadmap#Goals|roadmap goals]].\n",
    "content/Work/diagram.png": "PNG",
    "content/Work/Projects/Alpha.md": front("date: 2024-01-05\nupdated: 2024-01-05")
      + "# Alpha\n\nA project. #planning\n",
    "content/Personal/Running.md": front("date: 2023-11-01\nupdated: 2023-11-01")
      + "# Running\n\nTen kilometres.\n",
    "content/個人/レシピ.md": front("date: 2023-10-01\nupdated: 2023-10-01") + "# レシピ\n\n湯豆腐の作り方。\n",
    // Characters XML 1.0 does not allow (form feed, escape) and markup in the title.
    "content/Inbox.md": front(
      "title: Fish & Chips <b>\"now\"</b>\ndate: 2023-12-01\nupdated: 2023-12-01")
      + "Page one\u{0C}page two, \u{1B}[1mbold\u{1B}[0m & <more>.\n",
  ]

  /// Whether an element's text is there and not empty.
  func filled(_ text: String?) -> Bool { !(text ?? "").isEmpty }

  // MARK: Sub-path hosting

  @Test func everyInternalURLStartsWithTheBasePath() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    let report = await site.build(baseURL: Self.base)
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let files = site.snapshot()
    #expect(files.count > 20)
    var checked = 0
    for (path, data) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".html") {
      for value in urlAttributes(String(decoding: data, as: UTF8.self)) {
        if value.hasPrefix("#") || value.hasPrefix("mailto:") || value.hasPrefix("data:") {
          continue
        }
        var local = value
        if value.hasPrefix("http://") || value.hasPrefix("https://") {
          // Absolute URLs (canonical, redirect targets) are on the site's origin, under /sub/.
          guard value.hasPrefix(Self.origin + "/") else { continue }
          local = String(value.dropFirst(Self.origin.count))
        }
        #expect(local.hasPrefix("/sub/"), "\(path): '\(value)' is not under the base path /sub/")
        guard local.hasPrefix("/sub/") else { continue }
        // …and it names a file of the site.
        var target = String(local.dropFirst("/sub/".count))
        target = String(
          target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
        target = String(
          target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        target = target.removingPercentEncoding ?? target
        if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
        #expect(files[target] != nil, "\(path) links to missing \(value)")
        checked += 1
      }
    }
    #expect(checked > 100)
    // Nothing in the theme's CSS and scripts points at the server root.
    for (path, data) in files
    where path.hasPrefix("_assets/") && (path.hasSuffix(".css") || path.hasSuffix(".js")) {
      let text = String(decoding: data, as: UTF8.self)
      #expect(
        !text.contains("url(/") && !text.contains("url(\"/") && !text.contains("url('/"),
        "\(path) has a root-relative url()")
    }
  }

  @Test func sitemapIsValidXMLWithAbsoluteURLsUnderTheBase() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build(baseURL: Self.base).exitCode == 0)
    let (parsed, error) = XMLNode.parse(
      try Data(contentsOf: site.output.appendingPathComponent("sitemap.xml")))
    let root = try #require(parsed, "sitemap.xml is not well-formed: \(error ?? "")")
    #expect(root.name == "urlset")
    #expect(root.namespace == "http://www.sitemaps.org/schemas/sitemap/0.9")
    let locs = root.all("url").map { $0.first("loc")?.text ?? "" }
    // Home, 5 folders (Notes, Work, Projects, Personal, 個人), 6 notes.
    #expect(locs.count == 12, "\(locs)")
    #expect(Set(locs).count == locs.count)
    #expect(locs.contains(Self.base))
    #expect(locs.contains(Self.base + "work/roadmap/"))
    // Non-ASCII path segments are percent-encoded, as the sitemap protocol asks (RFC 3986).
    #expect(locs.contains(Self.base + "%E5%80%8B%E4%BA%BA/%E3%83%AC%E3%82%B7%E3%83%94/"), "\(locs)")
    for loc in locs {
      #expect(loc.hasPrefix(Self.base), "\(loc)")
      #expect(loc.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 }, "\(loc)")
      let page = String(loc.dropFirst(Self.base.count)).removingPercentEncoding! + "index.html"
      #expect(site.exists(page), "sitemap lists \(loc), which is not a page")
    }
    for url in root.all("url") {
      if let lastmod = url.first("lastmod")?.text {
        #expect(ISO8601DateFormatter().date(from: lastmod) != nil, "lastmod \(lastmod)")
      }
    }
    // Alias redirects are not pages to index.
    #expect(!locs.contains { $0.contains("old/roadmap") || $0.contains("legacy") })
  }

  @Test func atomFeedHasTheRequiredElementsAndAbsoluteURLs() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build(baseURL: Self.base).exitCode == 0)
    let data = try Data(contentsOf: site.output.appendingPathComponent("feed.xml"))
    let (parsed, error) = XMLNode.parse(data)
    let feed = try #require(parsed, "feed.xml is not well-formed: \(error ?? "")")
    let atom = "http://www.w3.org/2005/Atom"
    #expect(feed.name == "feed" && feed.namespace == atom)
    #expect(feed.first("id")?.text == Self.base)
    #expect(filled(feed.first("title")?.text))
    #expect(feed.first("updated").flatMap { ISO8601DateFormatter().date(from: $0.text) } != nil)
    #expect(filled(feed.first("author")?.first("name")?.text))
    let links = feed.all("link")
    #expect(
      links.contains {
        $0.attributes["rel"] == "self" && $0.attributes["href"] == Self.base + "feed.xml"
      })
    #expect(
      links.contains { $0.attributes["rel"] == "alternate" && $0.attributes["href"] == Self.base })

    let entries = feed.all("entry")
    #expect(entries.count == 6)
    // Newest first; the feed's updated is the newest entry's.
    #expect(entries.first?.first("title")?.text == "Roadmap")
    #expect(feed.first("updated")?.text == entries.first?.first("updated")?.text)
    #expect(feed.first("updated")?.text == "2024-03-01T00:00:00Z")
    for entry in entries {
      let id = entry.first("id")?.text ?? ""
      #expect(id.hasPrefix(Self.base), "entry id \(id)")
      #expect(filled(entry.first("title")?.text))
      #expect(entry.first("updated").flatMap { ISO8601DateFormatter().date(from: $0.text) } != nil)
      let href =
        entry.all("link").first { $0.attributes["rel"] == "alternate" }?.attributes["href"] ?? ""
      #expect(href.hasPrefix(Self.base), "entry link \(href)")
      let page = String(href.dropFirst(Self.base.count)).removingPercentEncoding! + "index.html"
      #expect(site.exists(page), "feed links to \(href), which is not a page")
    }
    // Markup in a title is text, and characters XML cannot carry are dropped, not emitted.
    let inbox = try #require(entries.first { $0.first("id")?.text == Self.base + "notes/inbox/" })
    #expect(inbox.first("title")?.text == "Fish & Chips <b>\"now\"</b>")
    #expect(inbox.first("content")?.text.contains("page two") == true)
    // Root-relative links inside entry content resolve against the site, not the feed reader.
    #expect(
      feed.attributes["base"] == Self.base || feed.attributes["xml:base"] == Self.base,
      "\(feed.attributes)")
  }

  @Test func feedWithoutAHostStillParsesAndLinksUnderTheBase() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build(baseURL: "/sub/").exitCode == 0)
    let (parsed, error) = XMLNode.parse(
      try Data(contentsOf: site.output.appendingPathComponent("feed.xml")))
    let feed = try #require(parsed, "feed.xml is not well-formed: \(error ?? "")")
    #expect(filled(feed.first("id")?.text))
    for entry in feed.all("entry") {
      let href =
        entry.all("link").first { $0.attributes["rel"] == "alternate" }?.attributes["href"] ?? ""
      #expect(href.hasPrefix("/sub/"), "entry link \(href) is not a usable URL")
      #expect(filled(entry.first("id")?.text))
    }
    let (sitemap, sitemapError) = XMLNode.parse(
      try Data(contentsOf: site.output.appendingPathComponent("sitemap.xml")))
    #expect(sitemap != nil, "\(sitemapError ?? "")")
    #expect(
      sitemap?.all("url").allSatisfy { $0.first("loc")?.text.hasPrefix("/sub/") == true } == true)
  }

  // MARK: Alias redirects

  @Test func aliasesRedirectToTheNoteUnderTheBase() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    let report = await site.build(baseURL: Self.base)
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let target = Self.base + "work/roadmap/"
    // `/old/roadmap/` and `/sub/older/roadmap/` (already under the base) and `legacy`.
    for alias in ["old/roadmap", "older/roadmap", "legacy"] {
      let html = try site.page(alias)
      #expect(
        html.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">"),
        "\(alias): \(html)")
      #expect(html.contains("<link rel=\"canonical\" href=\"\(target)\">"), "\(alias)")
      #expect(html.contains("<a href=\"\(target)\">Roadmap</a>"), "\(alias)")
      #expect(html.contains("noindex"))
    }
    #expect(!site.exists("sub"), "an alias already under the base is not nested under it twice")
  }

  @Test func aliasCollidingWithAPageIsAnErrorNamingTheFile() async throws {
    var files = Self.vault
    files["content/Personal/Running.md"] = Self.front("aliases: [/work/roadmap/]") + "# Running\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build(baseURL: Self.base)
    #expect(report.exitCode == 1)
    let error = try #require(report.diagnostics.first { $0.severity == .error })
    #expect(error.location?.path == "content/Personal/Running.md")
    #expect(error.message.contains("/work/roadmap/"))
    #expect(!site.exists("index.html"), "a failed build writes nothing")
  }

  @Test(arguments: [
    ["/work/roadmap/"],  // a note page
    ["/work/"],  // a folder page
    ["/_tags/planning/"],  // a generated page
    ["/_assets/x/"],  // the generator's namespace
    ["/work/diagram.png/"],  // a note's file
    ["/sitemap.xml"],  // a generated file
    ["/a/", "/a"],  // the same alias twice
    // Differing only in case: one file on macOS's and Windows's file systems.
    ["/Work/Roadmap/"],  // a note page
    ["/WORK/"],  // a folder page
    ["/Work/Diagram.PNG/"],  // a note's file
    ["/A/", "/a"],  // the same alias twice
  ])
  func aliasCollisionsAreErrors(_ aliases: [String]) async throws {
    var files = Self.vault
    let list = aliases.map { "\"\($0)\"" }.joined(separator: ", ")
    files["content/Personal/Running.md"] = Self.front("aliases: [\(list)]") + "# Running\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 1, "\(aliases): \(report.diagnostics)")
    #expect(
      report.diagnostics.contains {
        $0.severity == .error && $0.location?.path == "content/Personal/Running.md"
      })
  }

  /// An Obsidian name alias that is a folder's name in another case (`aliases: [Books]` beside
  /// `books/`) keeps the folder page and stays a name for links.
  @Test func aNameAliasSpellingAFolderInAnotherCaseKeepsTheFolderPage() async throws {
    var files = Self.vault
    files["content/Work MOC.md"] = Self.front("aliases: [Work]") + "# Work MOC\n\nSee [[Roadmap]].\n"
    files["content/Personal/Running.md"] = "# Running\n\nBack to [[Work]].\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.diagnostics.contains { $0.severity == .warning && $0.message.contains("alias 'Work' collides") })
    #expect(try site.page("work").contains("data-route=\"folder\""))
    #expect(!site.exists("Work"))
    #expect(try noteBodyLinks(site.page("personal/running")).contains("/notes/work-moc/"))
  }

  @Test func twoNotesClaimingOneAliasIsAnError() async throws {
    var files = Self.vault
    files["content/Personal/Running.md"] = Self.front("aliases: [/old/roadmap/]") + "# Running\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 1)
    #expect(
      report.diagnostics.contains { $0.severity == .error && $0.message.contains("/old/roadmap/") })
  }

  @Test(arguments: [
    "../x", "/../x", "/a/../../x", "..", "./../x", "%2e%2e/x", "/a/%2E%2E/%2e%2E/x", "..%2fx",
    "a/..%2F..%2Fx",
    "a\\..\\..\\x", "/a/\u{0}/x", "https://elsewhere.example/x/", "/", "/a?b=1", "/.hidden/",
  ])
  func aliasesCannotEscapeTheOutput(_ alias: String) async throws {
    var files = Self.vault
    let escaped = alias.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\u{0}", with: "\\0")
    files["content/Personal/Running.md"] = Self.front("aliases: [\"\(escaped)\"]") + "# Running\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    // The output is two levels down, so `../../x` would still land inside the fixture.
    let output = site.root.appendingPathComponent("deep/out")
    let report = await site.build(into: output)
    #expect(report.exitCode == 1, "alias '\(alias)' was accepted")
    let error = report.diagnostics.first { $0.severity == .error }
    #expect(error?.location?.path == "content/Personal/Running.md", "\(report.diagnostics)")
    for outside in ["x", "deep/x", "deep/out/x", "deep/a"] {
      #expect(
        !FileManager.default.fileExists(atPath: site.root.appendingPathComponent(outside).path),
        "\(alias) wrote \(outside)")
    }
  }

  @Test func percentEncodedAliasesAreDecodedToTheFileAServerLooksUp() async throws {
    var files = Self.vault
    files["content/Personal/Running.md"] =
      Self.front("aliases: [\"/caf%C3%A9/\", \"/ランニング/\"]") + "# Running\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(site.exists("café/index.html"))
    #expect(site.exists("ランニング/index.html"))
  }

  // MARK: Theme assets, robots.txt, 404

  @Test func assetsAreContentHashedAndRobotsPointsAtTheSitemap() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build(baseURL: Self.base).exitCode == 0)
    let files = site.snapshot()
    let css = files.keys.filter { $0.hasPrefix("_assets/site.") && $0.hasSuffix(".css") }
    #expect(css.count == 1)
    let name = try #require(css.first)
    let hash = name.dropFirst("_assets/site.".count).dropLast(".css".count)
    #expect((1...8).contains(hash.count) && hash.allSatisfy(\.isHexDigit), "\(name)")
    #expect(try site.page("").contains("href=\"/sub/\(name)\""))
    for script in ["site", "search"] {
      #expect(
        files.keys.contains {
          $0.range(of: "^_assets/\(script)\\.[0-9a-f]{1,8}\\.js$", options: .regularExpression)
            != nil
        })
    }
    let robots = String(decoding: try #require(files["robots.txt"]), as: UTF8.self)
    #expect(robots.contains("User-agent: *"))
    #expect(robots.split(separator: "\n").contains("Sitemap: \(Self.base)sitemap.xml"), "\(robots)")

    let notFound = String(decoding: try #require(files["404.html"]), as: UTF8.self)
    #expect(notFound.contains("href=\"/sub/\(name)\""), "404.html uses the theme's stylesheet")
    #expect(
      notFound.contains("data-column=\"folders\"") && notFound.contains("data-column=\"detail\""))
    #expect(notFound.contains("data-route=\"404\""))
    #expect(notFound.components(separatedBy: "<h1").count == 2)
  }

  @Test func changedThemeCSSGetsANewName() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let before = Set(
      site.snapshot().keys.filter { $0.hasPrefix("_assets/site.") && $0.hasSuffix(".css") })
    try site.write("Templates/assets/site.css", "body { color: red }\n")
    #expect(await site.build().exitCode == 0)
    let after = Set(
      site.snapshot().keys.filter { $0.hasPrefix("_assets/site.") && $0.hasSuffix(".css") })
    #expect(after.count == 1 && before.count == 1 && after != before)
    #expect(try site.page("work/roadmap").contains("href=\"/\(after.first!)\""))
  }
}

extension PublishingTests {
  /// Obsidian names with a slash are names, not paths: one that cannot be a redirect path
  /// is a warning, as any bare name, and never stops the build.
  @Test func aliasNamesWithASlashAreNamesNotPaths() async throws {
    var files = Self.vault
    files["content/Personal/Running.md"] =
      Self.front("aliases: [\"#computer/cpp\", \"C#/.NET\", \"CI/CD\"]") + "# Running\n"
    files["content/Personal/Links.md"] = "# Links\n\n[[CI/CD|pipelines]]\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    #expect(report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("alias '") }.count == 2)
    #expect(site.exists("CI/CD/index.html"))
    let links = try site.page("personal/links")
    #expect(links.contains(#"<a class="wiki-link" href="/personal/running/">pipelines</a>"#))
  }
}

extension PublishingTests {
  /// An Obsidian daily note's alias holding its time (`Alias: 2021-08-24 14:00`) would be a
  /// folder that Windows cannot check out and some hosts refuse: it stays a name for links,
  /// with a warning, as `C#` does.
  @Test func aliasNamesWindowsCannotHoldStayNames() async throws {
    var files = Self.vault
    files["content/Daily/2021-08-24.md"] = Self.front("Alias: 2021-08-24 14:00\ntags: daily") + "# Tuesday\n\nStand-up at ten.\n"
    files["content/Daily/2021-08-25.md"] = "Yesterday: [[2021-08-24 14:00|the stand-up]].\n"
    files["content/Personal/Running.md"] = Self.front("aliases: [\"Run*\", \"Pace <5:00>\"]") + "# Running\n"
    let site = try SiteFixture(files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0, "\(report.diagnostics)")
    let warnings = report.diagnostics.filter { $0.severity == .warning && $0.message.hasPrefix("alias '") }
    #expect(warnings.map(\.message).allSatisfy { $0.contains("Windows file names cannot hold") && $0.hasSuffix("without a redirect page") }, "\(warnings)")
    #expect(warnings.map { $0.location?.path } == ["content/Daily/2021-08-24.md", "content/Personal/Running.md", "content/Personal/Running.md"])
    #expect(site.snapshot().keys.allSatisfy { !$0.contains(":") && !$0.contains("*") && !$0.contains("<") }, "\(site.snapshot().keys.sorted())")
    let next = try site.page("daily/2021-08-25")
    #expect(next.contains(#"<a class="wiki-link" href="/daily/2021-08-24/">the stand-up</a>"#), "\(next)")
  }
}
