import Foundation
import NotesSite
import Testing

/// A site written into its own temporary directory, built end to end.
struct SiteFixture {
  let root: URL
  var output: URL { root.appendingPathComponent("_site") }

  init(_ files: [String: String]) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-site-test-\(UUID().uuidString)")
    for (path, text) in files { try write(path, text) }
  }

  func write(_ path: String, _ text: String) throws {
    try write(path, Data(text.utf8))
  }

  func write(_ path: String, _ data: Data) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func build(strict: Bool = false, drafts: Bool = false, baseURL: String? = nil) async -> BuildReport {
    var options = BuildOptions(source: root)
    options.strict = strict
    options.drafts = drafts
    options.baseURL = baseURL
    return await SiteBuilder.build(options)
  }

  func page(_ path: String) throws -> String {
    try String(contentsOf: output.appendingPathComponent(path).appendingPathComponent("index.html"), encoding: .utf8)
  }

  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
  }

  /// Every file of the output, relative path → bytes.
  func snapshot() -> [String: Data] {
    var result: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(at: output, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
    for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      let relative = String(url.standardizedFileURL.path.dropFirst(output.standardizedFileURL.path.count + 1))
      result[relative] = try? Data(contentsOf: url)
    }
    return result
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  /// Removes what lets a rebuild make an edit of a note's text in place, so it takes the whole
  /// path (for tests of that path's caches).
  func forgetEditState() throws {
    try FileManager.default.removeItem(at: root.appendingPathComponent("._site.notes-site-edits"))
  }

  /// Dates every file of the site an hour back, as files edited earlier are: a rebuild trusts
  /// its caches only for files not modified just before the previous build finished.
  func ageFiles() throws {
    let old = Date().addingTimeInterval(-3600)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
    for case let url as URL in walker {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    }
  }
}

/// Internal links (`href`/`src` starting with `/`) of an HTML page, without fragments.
/// The internal links of a note page's body (after `<div class="note-body">`), in order.
func noteBodyLinks(_ html: String) throws -> [String] {
  let body = try #require(html.range(of: "<div class=\"note-body\">")).upperBound
  return internalLinks(String(html[body...]))
}

func internalLinks(_ html: String) -> [String] {
  var links: [String] = []
  for attribute in ["href=\"", "src=\""] {
    var rest = html[...]
    while let r = rest.range(of: attribute) {
      rest = rest[r.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      let value = String(rest[..<end])
      if value.hasPrefix("/") && !value.hasPrefix("//") {
        links.append(String(value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]))
      }
    }
  }
  return links
}

/// HTML-decodes the few entities the theme writes in attributes.
func decodeEntities(_ s: String) -> String {
  s.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
    .replacingOccurrences(of: "&quot;", with: "\"")
}
