import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `notes-site build` killed (SIGKILL, SIGINT) at random moments of a 2,000-note build: the
/// output is always exactly the previous complete site or the new complete one, never a mix,
/// and the next run succeeds (SECURITY.md §4).
///
/// `NOTES_SITE_KILLS` sets the number of kills (default 8; 50 for the full run).
@Suite(.serialized) struct FaultKillTests {
  static let kills = ProcessInfo.processInfo.environment["NOTES_SITE_KILLS"].flatMap(Int.init) ?? 8

  /// Writes 2,000 notes in 20 folders; `version` changes the text of the first
  /// `changedNotes` notes.
  static func writeCorpus(_ content: URL, version: Int, changedNotes: Int) throws {
    for i in 0..<2_000 {
      let version = i < changedNotes ? version : 0
      let folder = content.appendingPathComponent(String(format: "Folder %02d", i % 20))
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let text = """
        ---
        title: Note \(i)
        date: 2024-01-\(String(format: "%02d", 1 + i % 28))
        updated: 2024-02-\(String(format: "%02d", 1 + (i + version) % 28))
        ---
        # Note \(i)

        Version \(version) text with [[Note \(String(format: "%04d", (i + 1) % 2_000))]] and #tag\(i % 10).

        ## Part

        More text.

        """
      let file = folder.appendingPathComponent(String(format: "Note %04d.md", i))
      try Data(text.utf8).write(to: file)
      // Fixed modification times keep every build of one version byte-identical.
      let time = Date(timeIntervalSince1970: 1_700_000_000)
      try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: file.path)
    }
  }

  /// Every regular file below `root`, relative path → size (contents compared separately).
  static func files(_ root: URL) -> [String: Int] {
    var result: [String: Int] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [:] }
    while let path = walker.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: root.appendingPathComponent(path).path)
      if attributes?[.type] as? FileAttributeType == .typeRegular {
        result[path] = (attributes?[.size] as? NSNumber)?.intValue ?? -1
      }
    }
    return result
  }

  /// True when `tree` holds exactly the files of `reference`, byte for byte.
  static func identical(_ tree: URL, _ reference: URL) -> Bool {
    let a = files(tree)
    guard a == files(reference) else { return false }
    for path in a.keys {
      guard let x = try? Data(contentsOf: tree.appendingPathComponent(path)),
        let y = try? Data(contentsOf: reference.appendingPathComponent(path)), x == y
      else { return false }
    }
    return true
  }

  static func build(_ source: URL, _ output: URL, in directory: URL) throws -> Process {
    let process = Process()
    process.executableURL = try NotesSiteProcess.executable()
    process.arguments = ["build", "--quiet", "--source", source.path, "--output", output.path]
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// With every note changed, each build rewrites the whole site; with one, each build
  /// assembles the new site in the spare tree (the site from two builds ago).
  @Test(arguments: [2_000, 1])
  func killedBuildsLeaveACompleteSite(changedNotes: Int) async throws {
    let directory = try TemporaryDirectory()
    let root = directory.url
    let fm = FileManager.default
    // Two versions of the content, swapped into place by renaming.
    let source = root.appendingPathComponent("site")
    try fm.createDirectory(at: source, withIntermediateDirectories: true)
    try Data("notes_per_page: 20\n".utf8).write(to: source.appendingPathComponent("notes-site.yml"))
    let versions = [
      root.appendingPathComponent("content-0"), root.appendingPathComponent("content-1"),
    ]
    for (v, url) in versions.enumerated() { try Self.writeCorpus(url, version: v, changedNotes: changedNotes) }
    var inPlace: Int?
    func use(_ v: Int) throws {
      guard inPlace != v else { return }
      let content = source.appendingPathComponent("content")
      if let inPlace { try fm.moveItem(at: content, to: versions[inPlace]) }
      try fm.moveItem(at: versions[v], to: content)
      inPlace = v
    }

    // Reference builds of both versions.
    let references = [root.appendingPathComponent("ref-0"), root.appendingPathComponent("ref-1")]
    for v in [0, 1] {
      try use(v)
      let process = try Self.build(source, references[v], in: root)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    #expect(!Self.identical(references[0], references[1]))

    // Start from a complete site built as version 1, then 0, then 1 again, so a spare tree
    // exists when one is kept; the last rebuild is timed, and the kills fall within one.
    let output = root.appendingPathComponent("out")
    var process = try Self.build(source, output, in: root)
    process.waitUntilExit()
    try use(0)
    process = try Self.build(source, output, in: root)
    process.waitUntilExit()
    #expect(Self.identical(output, references[0]))
    try use(1)
    let start = Date()
    process = try Self.build(source, output, in: root)
    process.waitUntilExit()
    let duration = Date().timeIntervalSince(start)
    #expect(Self.identical(output, references[1]))
    var current = 1
    var outcomes: [String: Int] = [:]
    var generator = SystemRandomNumberGenerator()
    for kill in 0..<Self.kills {
      let target = 1 - current
      try use(target)
      process = try Self.build(source, output, in: root)
      let delay = Double.random(in: 0...(duration * 1.1), using: &generator)
      try await Task.sleep(nanoseconds: UInt64(delay * 1e9))
      let signal = kill % 5 == 4 ? SIGINT : SIGKILL
      if process.isRunning { Glibc.kill(process.processIdentifier, signal) }
      process.waitUntilExit()

      let old = root.appendingPathComponent(".out.notes-site-old")
      if Self.identical(output, references[current]) {
        outcomes["previous", default: 0] += 1
      } else if Self.identical(output, references[target]) {
        outcomes["new", default: 0] += 1
        current = target
      } else if !fm.fileExists(atPath: output.path) && Self.identical(old, references[current]) {
        // Killed between the two renames of the swap: the next run puts the old site back.
        outcomes["gap between renames", default: 0] += 1
        process = try Self.build(source, output, in: root)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        current = target
        #expect(Self.identical(output, references[current]))
      } else {
        Issue.record(
          "kill \(kill) after \(delay) s (signal \(signal)): output is neither the previous nor the new site"
        )
        return
      }
      // Every few kills, a rerun must finish and give the new site exactly.
      if kill % 10 == 9 {
        try use(1 - current)
        process = try Self.build(source, output, in: root)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        current = 1 - current
        #expect(Self.identical(output, references[current]))
      }
    }
    // A final rerun succeeds and leaves no staging tree.
    try use(1 - current)
    process = try Self.build(source, output, in: root)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(Self.identical(output, references[1 - current]))
    #expect(!fm.fileExists(atPath: root.appendingPathComponent(".out.notes-site-new").path))
    #expect(!fm.fileExists(atPath: root.appendingPathComponent(".out.notes-site-old").path))
    print(
      "FaultKillTests (\(changedNotes) notes changed): \(Self.kills) kills over builds of \(String(format: "%.1f", duration)) s: \(outcomes.sorted { $0.key < $1.key })"
    )
  }
}
