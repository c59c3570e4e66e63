// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "notes-site",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "notes-site", targets: ["notes-site"])
  ],
  targets: [
    // C libraries from the system package manager.
    .systemLibrary(
      name: "CCmark", pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
    .systemLibrary(
      name: "CYaml", pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
    // The command's memory allocator: builds allocate and free millions of small objects on
    // every core at once, which jemalloc does with less work than the C library's malloc.
    .systemLibrary(
      name: "CJemalloc", pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"]), .brew(["jemalloc"])]),

    // Value model and diagnostics; knows nothing about C, templates or files.
    .target(name: "NotesCore"),
    // Spec-conformant Mustache; knows nothing about notes.
    .target(name: "NotesMustache"),
    // YAML (libyaml) for front matter, notes-site.yml and string tables.
    .target(name: "NotesYAML", dependencies: ["CYaml", "NotesCore"]),
    // The only module that sees cmark: parse, tree passes, HTML.
    .target(name: "NotesMarkdown", dependencies: ["CCmark", "NotesCore"]),
    // Edit history from git: one `git log`, one `git cat-file --batch`.
    .target(name: "NotesGit", dependencies: ["NotesCore"]),
    // Sharded client-side search index.
    .target(name: "NotesSearch", dependencies: ["NotesCore"]),
    // Loading, routing, rendering, output, serve.
    .target(
      name: "NotesSite",
      dependencies: [
        "NotesCore", "NotesMustache", "NotesYAML", "NotesMarkdown", "NotesGit", "NotesSearch",
      ],
      plugins: ["EmbedTheme"]),
    .executableTarget(name: "notes-site", dependencies: ["NotesSite", "CJemalloc"]),

    // Compiles the built-in theme (Templates/) into the binary.
    .executableTarget(name: "embed-theme"),
    .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["embed-theme"]),

    .testTarget(name: "NotesCoreTests", dependencies: ["NotesCore"]),
    .testTarget(
      name: "NotesMustacheTests", dependencies: ["NotesMustache"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "NotesYAMLTests", dependencies: ["NotesYAML"]),
    .testTarget(name: "NotesMarkdownTests", dependencies: ["NotesMarkdown"]),
    .testTarget(name: "NotesGitTests", dependencies: ["NotesGit"]),
    .testTarget(name: "NotesSearchTests", dependencies: ["NotesSearch"]),
    // Runs the built `notes-site` binary as a user would.
    .testTarget(name: "CLITests", dependencies: ["notes-site"]),
    .testTarget(
      name: "NotesSiteTests", dependencies: ["NotesSite"],
      resources: [.copy("Fixtures")]),
  ]
)
