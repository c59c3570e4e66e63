import Foundation
import NotesCore
import Testing

@testable import NotesSite

@Suite struct SiteConfigTests {
  private static let path = "notes-site.yml"

  private func parse(_ yaml: String) -> (SiteConfig, [Diagnostic]) {
    SiteConfig.parse(yaml, displayPath: Self.path)
  }

  @Test func fullConfigIsRead() {
    let (config, diagnostics) = parse(
      """
      # My notes
      title: Field Notes
      description: "Things I learned"
      base_url: https://example.org/notes/
      language: ja
      notes_per_page: 25
      history_limit: 0
      feed_limit: 10
      restore_last_note: false
      unsafe_html: yes
      """)
    #expect(diagnostics.isEmpty)
    var expected = SiteConfig()
    expected.title = "Field Notes"
    expected.description = "Things I learned"
    expected.baseURL = "https://example.org/notes/"
    expected.language = "ja"
    expected.notesPerPage = 25
    expected.historyLimit = 0
    expected.feedLimit = 10
    expected.restoreLastNote = false
    expected.unsafeHTML = true
    #expect(config == expected)
  }

  @Test func missingFileGivesDefaultsWithoutDiagnostics() throws {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "SiteConfigTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }

    let missing = SiteConfig.load(
      from: directory.appending(path: "notes-site.yml"), displayPath: Self.path)
    #expect(missing == (SiteConfig(), []))

    let file = directory.appending(path: "notes-site.yml")
    try Data("\u{FEFF}title: From disk\r\nnotes_per_page: 7\r\n".utf8).write(to: file)
    let (config, diagnostics) = SiteConfig.load(from: file, displayPath: Self.path)
    #expect(diagnostics.isEmpty)
    #expect(config.title == "From disk")
    #expect(config.notesPerPage == 7)
  }

  @Test func emptyFileAndEmptyValuesKeepDefaults() {
    #expect(parse("") == (SiteConfig(), []))
    #expect(parse("# nothing yet\n") == (SiteConfig(), []))
    #expect(parse("title:\nnotes_per_page:\n") == (SiteConfig(), []))
  }

  @Test func unknownKeyIsAWarningWithSuggestion() throws {
    let (config, diagnostics) = parse("title: Notes\n  \nbase_ur: /notes/\n")
    let warning = try #require(diagnostics.first)
    #expect(diagnostics.count == 1)
    #expect(warning.severity == .warning)
    #expect(
      warning.description
        == "notes-site.yml:3:1: warning: unknown key 'base_ur'; did you mean 'base_url'?")
    #expect(config.baseURL == nil)
  }

  @Test(arguments: [
    ("notes_perpage", "notes_per_page"), ("Title", "title"), ("langauge", "language"),
    ("feedlimit", "feed_limit"),
  ])
  func suggestionsForNearMisses(key: String, suggestion: String) throws {
    let warning = try #require(parse("\(key): 1\n").1.first)
    #expect(warning.message.hasSuffix("did you mean '\(suggestion)'?"))
  }

  @Test func farOffKeyGetsNoSuggestion() throws {
    let warning = try #require(parse("theme: dark\n").1.first)
    #expect(warning.message == "unknown key 'theme'")
  }

  @Test(arguments: [
    ("notes_per_page: 0", "notes_per_page", 17),
    ("notes_per_page: many", "notes_per_page", 17),
    ("notes_per_page: \"10\"", "notes_per_page", 17),
    ("history_limit: -1", "history_limit", 16),
    ("feed_limit: 2.5", "feed_limit", 13),
    ("restore_last_note: maybe", "restore_last_note", 20),
    ("unsafe_html: [true]", "unsafe_html", 14),
    ("title: {a: b}", "title", 8),
    ("language: ../../etc", "language", 11),
    ("base_url: example.org/notes", "base_url", 11),
  ])
  func wrongTypeOrRangeIsAnErrorWithPosition(line: String, key: String, column: Int) throws {
    let (config, diagnostics) = parse("description: Mine\n\(line)\n")
    let error = try #require(diagnostics.first)
    #expect(diagnostics.count == 1)
    #expect(error.severity == .error)
    #expect(error.message.contains(key))
    #expect(error.location == SourceLocation(path: Self.path, line: 2, column: column))
    // A rejected value leaves the default in place.
    #expect(config.notesPerPage == 100 && config.historyLimit == 50 && config.language == "en")
  }

  @Test func malformedYAMLIsAnErrorWithPosition() throws {
    let (_, diagnostics) = parse("title: \"unterminated\nlanguage: en\n")
    let error = try #require(diagnostics.first)
    #expect(error.severity == .error)
    #expect(error.location?.path == Self.path)
    #expect(error.location?.line != nil)
    #expect(error.message.hasPrefix("config is not valid YAML"))
  }

  @Test func configThatIsNotAMappingIsAnError() throws {
    let error = try #require(parse("- title\n- Notes\n").1.first)
    #expect(error.severity == .error)
    #expect(error.location == SourceLocation(path: Self.path, line: 1, column: 1))
  }

  @Test(
    arguments: [
      (nil, "/"),
      ("/", "/"),
      ("/notes", "/notes/"),
      ("/notes/", "/notes/"),
      ("https://x.org", "/"),
      ("https://x.org/", "/"),
      ("https://x.org/notes", "/notes/"),
      ("https://x.org/notes/", "/notes/"),
      ("http://localhost:8080/a/b/", "/a/b/"),
      ("https://x.org/notes/?utm=1#top", "/notes/"),
      ("https://x.org/my%20notes", "/my%20notes/"),
    ] as [(String?, String)])
  func basePath(baseURL: String?, expected: String) {
    var config = SiteConfig()
    config.baseURL = baseURL
    #expect(config.basePath == expected)
  }

  @Test(arguments: [
    "example.org", "ftp://x.org/", "https://", "//x.org/notes", "notes/", "mailto:a@b.c",
  ])
  func invalidBaseURLs(value: String) {
    #expect(SiteConfig.baseURLProblem(value) != nil)
    let (config, diagnostics) = parse("base_url: \"\(value)\"\n")
    #expect(diagnostics.hasErrors)
    #expect(config.baseURL == nil)
  }
}
