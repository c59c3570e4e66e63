import Foundation
import Testing

/// The built-in theme travels inside the binary, and a site's own `Templates/` overrides it
/// file by file.
@Suite struct ThemeTests {
  func writeSite(_ root: URL, extra: [String: String] = [:]) throws {
    let files = [
      "content/Work/Roadmap.md": "# Roadmap\n\nThe plan, with {{user}} kept literal.\n",
      "content/Work/Ideas.md": "# Ideas\n\nSee [[Roadmap]].\n",
    ].merging(extra) { $1 }
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  func read(_ root: URL, _ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent("_site/" + path), encoding: .utf8)
  }

  @Test func binaryCopiedToAnEmptyDirectoryBuildsWithTheBuiltInTheme() throws {
    let temp = try TemporaryDirectory()
    let lonely = temp.url.appendingPathComponent("bin/notes-site")
    try FileManager.default.createDirectory(at: lonely.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: NotesSiteProcess.executable(), to: lonely)
    let site = temp.url.appendingPathComponent("site")
    try writeSite(site)

    let process = Process()
    process.executableURL = lonely
    process.arguments = ["build", "--source", site.path, "--quiet"]
    process.currentDirectoryURL = temp.url.appendingPathComponent("bin")
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let note = try read(site, "work/roadmap/index.html")
    #expect(note.contains("data-column=\"folders\""))
    #expect(note.contains("{{user}}"))
    let css = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("_site/_assets").path)
    #expect(css.contains { $0.hasPrefix("site.") && $0.hasSuffix(".css") })
  }

  @Test func noteTemplateOverrideAppliesToNotePagesOnly() throws {
    let temp = try TemporaryDirectory()
    try writeSite(temp.url, extra: [
      "Templates/note.mustache": """
        {{<layout}}
        {{$detail}}
        <article class="my-note"><h1>{{note.title}}</h1><p class="override-marker">Custom note page</p>{{{note.html}}}</article>
        {{/detail}}
        {{/layout}}
        """
    ])
    let result = try NotesSiteProcess.run(["build", "--quiet"], in: temp.url)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try read(temp.url, "work/roadmap/index.html").contains("override-marker"))
    #expect(try read(temp.url, "work/ideas/index.html").contains("override-marker"))
    // Everything else keeps the built-in theme.
    for page in ["index.html", "work/index.html", "work/roadmap/history/index.html"] {
      let html = try read(temp.url, page)
      #expect(!html.contains("override-marker"), "\(page) used the note override")
      #expect(html.contains("data-column=\"detail\""))
    }
  }

  @Test func brokenOverrideIsABuildErrorWithFileAndLine() throws {
    let temp = try TemporaryDirectory()
    try writeSite(temp.url, extra: ["Templates/note.mustache": "{{<layout}}\n{{$detail}}\n{{#note}}\n{{/detail}}\n{{/layout}}\n"])
    let result = try NotesSiteProcess.run(["build"], in: temp.url)
    #expect(result.status == 1)
    #expect(result.standardError.contains("Templates/note.mustache:"))
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("_site").path))
  }

  @Test func usageErrorsExitTwo() throws {
    let temp = try TemporaryDirectory()
    #expect(try NotesSiteProcess.run(["build", "--frobnicate"], in: temp.url).status == 2)
    #expect(try NotesSiteProcess.run(["build"], in: temp.url).status == 2)  // no content/
    #expect(try NotesSiteProcess.run(["--version"], in: temp.url).status == 0)
    // Help after a command is help, whatever else is on the line, and builds nothing.
    for arguments in [["build", "--help"], ["serve", "--source", "x", "-h"], ["init", "--help"]] {
      let help = try NotesSiteProcess.run(arguments, in: temp.url)
      #expect(help.status == 0 && String(decoding: help.standardOutput, as: UTF8.self).contains("USAGE:"), "\(arguments)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).filter { !$0.hasPrefix(".") }.isEmpty)
  }

  @Test func initMakesASiteThatBuilds() throws {
    let temp = try TemporaryDirectory()
    #expect(try NotesSiteProcess.run(["init", "mine"], in: temp.url).status == 0)
    let build = try NotesSiteProcess.run(["build", "--source", "mine", "--quiet"], in: temp.url)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(build.standardError.isEmpty, "a fresh site builds without warnings")
    // init never overwrites.
    #expect(try NotesSiteProcess.run(["init", "mine"], in: temp.url).status == 1)
  }
}
