import Foundation
import NotesCore
import NotesMustache

/// The `notes-site` command: parses arguments, runs a command, returns the exit code
/// (0 success, 1 content errors, 2 usage errors).
public enum CommandLineTool {
  /// The last build's model (see `BuildReport.model`), held until the process exits.
  nonisolated(unsafe) static var keptUntilExit: BuildReport.Model?
  public static let version = "0.1.0"

  public static let help = """
    notes-site \(version) — publish a folder of Markdown notes as a notes-app website

    USAGE:
      notes-site build [--source DIR] [--output DIR] [--base-url URL] [--drafts] [--strict] [--quiet]
      notes-site serve [--source DIR] [--output DIR] [--base-url URL] [--port 8000] [--host 127.0.0.1]
                       [--drafts] [--quiet]
      notes-site init [DIR]
      notes-site mustache DATA.json TEMPLATE.mustache [--partials DIR]
      notes-site --help | --version

    build options:
      --source DIR     the site root holding content/ (default: current directory)
      --output DIR     where the site is written (default: SOURCE/_site)
      --base-url URL   overrides base_url from notes-site.yml (e.g. https://example.org/notes/)
      --drafts         include notes with `draft: true`
      --strict         treat warnings about content (broken links, URL collisions) as errors
      --quiet          print only warnings and errors

    Exit status: 0 success, 1 content errors, 2 usage errors.
    """

  public static func run(_ arguments: [String]) async -> Int32 {
    guard let command = arguments.first else {
      printError(help)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    // `notes-site build --help` asks for the same help, before any other option is read.
    if ["build", "serve", "init"].contains(command), rest.contains(where: { $0 == "--help" || $0 == "-h" }) {
      print(help)
      return 0
    }
    switch command {
    case "--help", "-h", "help":
      print(help)
      return 0
    case "--version", "-V", "version":
      print("notes-site \(version)")
      return 0
    case "mustache":
      return MustacheCommand.run(rest)
    case "build":
      return await build(rest)
    case "init":
      return InitCommand.run(rest)
    case "serve":
      return await ServeCommand.run(rest)
    default:
      printError("notes-site: error: unknown command '\(command)'; see `notes-site --help`")
      return 2
    }
  }

  /// Parsed `build`/`serve` flags.
  struct Flags {
    var options = BuildOptions(source: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    var quiet = false
    var port = 8000
    var host = "127.0.0.1"
  }

  static func parseFlags(_ arguments: [String], serve: Bool) -> Result<Flags, Diagnostic> {
    var flags = Flags()
    var i = 0
    func value(_ name: String) -> String? {
      i += 1
      return i < arguments.count ? arguments[i] : nil
    }
    while i < arguments.count {
      let arg = arguments[i]
      switch arg {
      case "--source", "-s":
        guard let v = value(arg) else { return .failure(.error("\(arg) needs a directory")) }
        flags.options.source = URL(fileURLWithPath: v)
      case "--output", "-o":
        guard let v = value(arg) else { return .failure(.error("\(arg) needs a directory")) }
        flags.options.output = URL(fileURLWithPath: v)
      case "--base-url":
        guard let v = value(arg) else { return .failure(.error("--base-url needs a URL")) }
        flags.options.baseURL = v
      case "--drafts": flags.options.drafts = true
      case "--strict": flags.options.strict = true
      case "--quiet", "-q": flags.quiet = true
      case "--port" where serve:
        guard let v = value(arg), let p = Int(v), (1...65535).contains(p) else {
          return .failure(.error("--port needs a number from 1 to 65535"))
        }
        flags.port = p
      case "--host" where serve:
        guard let v = value(arg) else { return .failure(.error("--host needs an address")) }
        flags.host = v
      default:
        return .failure(.error("unknown option '\(arg)'; see `notes-site --help`"))
      }
      i += 1
    }
    return .success(flags)
  }

  static func build(_ arguments: [String]) async -> Int32 {
    let flags: Flags
    switch parseFlags(arguments, serve: false) {
    case .success(let f): flags = f
    case .failure(let d):
      printError(d.description)
      return 2
    }
    var options = flags.options
    if !flags.quiet && isatty(2) != 0 {
      options.progress = ProgressBar.draw
    }
    let report = await SiteBuilder.build(options)
    if options.progress != nil { ProgressBar.clear() }
    printReport(report, quiet: flags.quiet)
    // The process exits next: the build's memory goes with it, without being freed piece by piece.
    keptUntilExit = report.model
    return report.exitCode
  }

  static func printReport(_ report: BuildReport, quiet: Bool) {
    for d in report.diagnostics.sortedForReport() { printError(d.description) }
    let warnings = report.diagnostics.filter { $0.severity == .warning }.count
    let errors = report.diagnostics.filter { $0.severity == .error }.count
    if report.outcome == .success {
      if !quiet {
        print(report.summary + (warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : ""))
      }
    } else if report.outcome == .contentError {
      printError("notes-site: build failed with \(errors) error\(errors == 1 ? "" : "s"); the output directory was not changed")
    }
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}
