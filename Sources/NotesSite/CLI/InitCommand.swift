import Foundation

/// `notes-site init [DIR]`: a minimal site that builds, never overwriting anything.
enum InitCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count <= 1, arguments.first?.hasPrefix("-") != true else {
      CommandLineTool.printError("usage: notes-site init [DIR]")
      return 2
    }
    let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.currentDirectoryPath)
    let files: [(String, String)] = [
      ("notes-site.yml", "title: My Notes\nlanguage: en\n# base_url: https://example.org/notes/\n"),
      ("content/Getting Started/Welcome.md", """
        ---
        title: Welcome
        pinned: true
        tags: [start]
        ---
        # Welcome

        This is your first note. Write Markdown in `content/`, one folder per notebook folder.
        Link notes with [[Ideas]] or [relative links](Ideas.md).

        - [x] Install notes-site
        - [ ] Write a note

        """),
      ("content/Getting Started/Ideas.md", """
        # Ideas

        Notes can link back to [[Welcome]] and carry #tags.

        """),
    ]
    let fm = FileManager.default
    for (path, _) in files where fm.fileExists(atPath: root.appendingPathComponent(path).path) {
      CommandLineTool.printError("notes-site: error: \(path) already exists; init never overwrites files")
      return 1
    }
    do {
      for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url, options: .withoutOverwriting)
      }
    } catch {
      CommandLineTool.printError("notes-site: error: \(SiteLoader.describe(error))")
      return 1
    }
    print("Created a site in \(root.path). Build it with: notes-site build --source \(root.path)")
    return 0
  }
}
