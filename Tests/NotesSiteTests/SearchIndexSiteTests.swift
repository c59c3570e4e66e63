import Foundation
import NotesSite
import Testing

/// The search index as the build writes it under `_search/`.
@Suite struct SearchIndexSiteTests {
  /// The repository's sample site (the folder holding `content/`).
  static let sampleSite = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-site-search-\(UUID().uuidString)")
  }

  /// Every file under `output/_search/`, relative path → bytes.
  static func searchFiles(in output: URL) -> [String: Data] {
    let root = output.appendingPathComponent("_search").standardizedFileURL
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [:] }
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
      files[relative] = try? Data(contentsOf: url)
    }
    return files
  }

  static func text(_ files: [String: Data]) -> [String: String] {
    files.mapValues { String(decoding: $0, as: UTF8.self) }
  }

  @Test func theSampleSiteIndexIsByteIdenticalAcrossBuilds() async throws {
    var snapshots: [[String: Data]] = []
    for _ in 0..<2 {
      let output = Self.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: output) }
      let report = await SiteBuilder.build(BuildOptions(source: Self.sampleSite, output: output))
      #expect(report.exitCode == 0, "\(report.diagnostics)")
      snapshots.append(Self.searchFiles(in: output))
    }
    let (first, second) = (snapshots[0], snapshots[1])
    // The index is really there, with the sample notes in it.
    #expect(first["manifest.json"] != nil)
    #expect(first.keys.contains { $0.hasPrefix("shards/") })
    #expect(first.keys.contains { $0.hasPrefix("docs/") })
    let docs = Self.text(first).filter { $0.key.hasPrefix("docs/") }.values.joined()
    for title in ["Café list", "レシピ", "京都旅行", "Product Roadmap 2026"] {
      #expect(docs.contains("\"\(title)\""), "\(title) is not in the index")
    }
    #expect(Set(second.keys) == Set(first.keys))
    let changed = first.keys.filter { first[$0] != second[$0] }.sorted()
    #expect(changed.isEmpty, "index files changed between identical builds: \(changed)")
  }

  static let vault: [String: String] = [
    "content/Ideas/Garden.md": "# Garden\n\nPlant the wombatfruit in spring. 庭に向日葵を植える。\n",
    "content/Secret/Launch.md":
      "---\ndraft: true\n---\n# Zebracorn launch\n\nThe quokkaberry rollout. 極秘の鯱鉾作戦。\n",
    "content/Ideas/Draft idea.md":
      "---\ndraft: true\ntitle: Unicornish plan\n---\nnothing yet\n",
  ]

  /// Words only the drafts hold, as they would appear in an index file: normalised terms
  /// (lower case; CJK as bigrams), titles and URLs.
  static let draftOnly = [
    "zebracorn", "quokkaberry", "鯱鉾", "極秘", "作戦", "unicornish", "Zebracorn launch",
    "Unicornish plan", "secret/", "draft-idea",
  ]

  @Test func draftsAreNeverInTheIndex() async throws {
    let site = try SiteFixture(Self.vault)
    defer { site.remove() }
    #expect(await site.build().exitCode == 0)
    let files = Self.text(Self.searchFiles(in: site.output))
    #expect(files["manifest.json"]?.contains("\"documents\":1,") == true, "\(files["manifest.json"] ?? "")")
    // The published note is found, so a missing draft word means something.
    #expect(files.values.contains { $0.contains("wombatfruit") })
    #expect(files.values.contains { $0.contains("向日") })
    for (path, text) in files {
      for word in Self.draftOnly {
        #expect(!text.lowercased().contains(word.lowercased()), "draft word \(word) in _search/\(path)")
      }
    }

    // Built with --drafts, the same words are in the index: the check above can see them.
    #expect(await site.build(drafts: true).exitCode == 0)
    let withDrafts = Self.text(Self.searchFiles(in: site.output)).values
    for word in ["zebracorn", "quokkaberry", "鯱鉾", "unicornish"] {
      #expect(withDrafts.contains { $0.contains(word) }, "\(word) missing with --drafts")
    }
  }
}
