import Foundation
import NotesCore
import NotesSite
import Testing

/// Backlinks, tag pages and unresolved links on a generated vault, checked against what the
/// generator of the vault knows it wrote — an independent count, not the site's own graph.
@Suite struct LinkGraphTests {
  struct Vault {
    var files: [String: String] = [:]
    /// Note URL path → URL paths of notes that link to it.
    var backlinks: [String: Set<String>] = [:]
    /// Tag → URL paths of notes carrying it.
    var tags: [String: Set<String>] = [:]
    /// (file, line) of every link that cannot resolve.
    var unresolved: Set<String> = []
  }

  /// A deterministic vault: 4 folders × 12 notes, each linking to a few others by wiki link
  /// (bare name, path, label, heading) or relative Markdown link, with tags in front matter
  /// and inline, plus code spans and fences that must stay literal.
  static func makeVault() -> Vault {
    var vault = Vault()
    var rng = SplitMix(seed: 42)
    let folders = ["Work", "Home", "Garden", "Études"]
    let tagNames = ["alpha", "beta", "project/x", "日本語"]
    func slug(_ s: String) -> String { Slug.make(s) }
    var notes: [(folder: String, name: String)] = []
    for folder in folders {
      for i in 1...12 { notes.append((folder, "\(folder) note \(i)")) }
    }
    for (index, note) in notes.enumerated() {
      let url = slug(note.folder) + "/" + slug(note.name)
      var lines: [String] = []
      var fmTags: [String] = []
      for tag in tagNames where rng.next() % 3 == 0 {
        fmTags.append(tag)
        vault.tags[tag, default: []].insert(url)
      }
      lines.append("---\ntags: [\(fmTags.map { "\"\($0)\"" }.joined(separator: ", "))]\n---")
      lines.append("# \(note.name)\n\n## Details\n")
      for _ in 0..<(rng.next() % 4) {
        let target = notes[Int(rng.next() % UInt64(notes.count))]
        let targetURL = slug(target.folder) + "/" + slug(target.name)
        let link: String
        switch rng.next() % 4 {
        case 0: link = "[[\(target.folder)/\(target.name)]]"
        case 1: link = "[[\(target.folder)/\(target.name)|see this]]"
        case 2: link = "[[\(target.folder)/\(target.name)#Details]]"
        default:
          let relative = target.folder == note.folder ? "" : "../\(target.folder)/"
          link = "[md link](\(relative)\(target.name.replacingOccurrences(of: " ", with: "%20")).md)"
        }
        lines.append("Related: \(link).")
        if targetURL != url { vault.backlinks[targetURL, default: []].insert(url) }
      }
      let inline = tagNames[index % tagNames.count]
      lines.append("Inline #\(inline) tag.")
      vault.tags[inline, default: []].insert(url)
      // Literal syntax in code never links, tags or checks anything.
      lines.append("Code: `[[\(notes[0].name)]] #notatag - [ ]`\n\n```\n[[\(notes[1].folder)/\(notes[1].name)]] #alsonot\n```\n")
      if index % 10 == 3 {
        lines.append("Broken: [[Missing note \(index)]].")
        let lineNumber = lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false).count
        vault.unresolved.insert("content/\(note.folder)/\(note.name).md:\(lineNumber)")
      }
      vault.files["content/\(note.folder)/\(note.name).md"] = lines.joined(separator: "\n") + "\n"
    }
    return vault
  }

  /// Hrefs of the links in the first element with `class="marker"` after `start`.
  static func links(in html: String, section start: String, until end: String) -> Set<String> {
    guard let from = html.range(of: start) else { return [] }
    let rest = html[from.upperBound...]
    let block = rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)]
    var found: Set<String> = []
    var scan = block[...]
    while let r = scan.range(of: "<a href=\"/") {
      scan = scan[r.upperBound...]
      guard let q = scan.firstIndex(of: "\"") else { break }
      var href = String(scan[..<q])
      if href.hasSuffix("/") { href.removeLast() }
      found.insert(href)
    }
    return found
  }

  @Test func backlinksTagPagesAndBrokenLinksMatchTheVault() async throws {
    let vault = Self.makeVault()
    // The vault really exercises the graph.
    #expect(vault.backlinks.values.reduce(0) { $0 + $1.count } > 40)
    #expect(vault.tags.count == 4 && vault.unresolved.count >= 4)
    let site = try SiteFixture(vault.files)
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)

    for (path, _) in vault.files {
      let folder = Slug.make(String(path.split(separator: "/")[1]))
      let name = Slug.make(String(path.split(separator: "/")[2].dropLast(3)))
      let url = folder + "/" + name
      let html = try site.page(url)
      let shown = Self.links(in: html, section: "class=\"backlinks\"", until: "</section>")
      #expect(shown == vault.backlinks[url] ?? [], "backlinks of \(url)")
      #expect(!html.contains("#notatag") || html.contains("<code>"), "code stays literal")
      #expect(!html.contains("href=\"/_tags/notatag/\"") && !html.contains("href=\"/_tags/alsonot/\""))
    }
    for (tag, members) in vault.tags {
      let html = try site.page("_tags/" + tag.split(separator: "/").map { Slug.make(String($0)) }.joined(separator: "/"))
      let listed = Self.links(in: html, section: "<ol class=\"note-list\">", until: "</ol>")
      #expect(listed == members, "tag page #\(tag)")
    }
    // Every unresolvable link reported once, with its file and line.
    let reported = report.diagnostics.filter { $0.message.contains("Missing note") }
    #expect(reported.count == vault.unresolved.count)
    let places = Set(reported.compactMap { d in d.location.map { "\($0.path):\($0.line ?? 0)" } })
    #expect(places == vault.unresolved)
  }
}

/// A small deterministic random generator, so the vault is the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
