import Foundation

/// `notes-site mustache DATA.json TEMPLATE.mustache [--partials DIR]`.
///
/// Renders one template with JSON data and writes the exact bytes to standard output, with
/// no newline added. Partials and parents (`{{>name}}`, `{{<name}}`) are read from
/// `DIR/name.mustache`; a missing partial renders empty, as the spec says.
public enum MustacheCommand {
  public static let usage =
    "usage: notes-site mustache DATA.json TEMPLATE.mustache [--partials DIR]"

  /// Runs the command and returns its exit status: 0 on success, 1 for unreadable files and
  /// template or JSON errors (reported as `path:line:col: error: …`), 2 for usage errors.
  public static func run(_ arguments: [String]) -> Int32 {
    let invocation: Invocation
    switch Invocation.parse(arguments) {
    case .success(let parsed): invocation = parsed
    case .failure(let problem):
      if problem == .helpRequested {
        writeStandardOutput(usage + "\n")
        return 0
      }
      writeStandardError("error: \(problem.message)\n\(usage)\n")
      return 2
    }
    do {
      let output = try render(invocation)
      FileHandle.standardOutput.write(Data(output.utf8))
      return 0
    } catch {
      writeStandardError("\(error.message)\n")
      return 1
    }
  }

  private static func render(_ invocation: Invocation) throws(CommandError) -> String {
    let json = try read(invocation.dataPath)
    let data: TemplateValue
    do {
      data = try TemplateValue(json: json)
    } catch {
      throw CommandError(message: "\(invocation.dataPath):\(error)")
    }

    var sources: [String: String] = [:]
    var paths: [String: String] = [:]
    if let directory = invocation.partialsDirectory {
      for (name, path) in try partialFiles(in: directory) {
        sources[name] = String(decoding: try read(path), as: UTF8.self)
        paths[name] = path
      }
    }
    // The template's own path is its name, so errors in it point at the file.
    let root = invocation.templatePath
    sources[root] = String(decoding: try read(root), as: UTF8.self)
    paths[root] = root

    do {
      return try TemplateLibrary(sources: sources).render(root, data)
    } catch {
      let path = paths[error.template] ?? error.template
      throw CommandError(message: "\(path):\(error.line):\(error.column): error: \(error.message)")
    }
  }

  /// Every `*.mustache` file under `directory`, keyed by its relative path without the
  /// extension, so `{{>partials/head}}` finds `DIR/partials/head.mustache`.
  private static func partialFiles(in directory: String) throws(CommandError) -> [(String, String)]
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw CommandError(message: "\(directory): error: no such partials directory") }
    let subpaths = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
    let suffix = ".mustache"
    return subpaths.sorted().filter { $0.hasSuffix(suffix) }.map { subpath in
      (
        String(subpath.dropLast(suffix.count)),
        (directory as NSString).appendingPathComponent(subpath)
      )
    }
  }

  private static func read(_ path: String) throws(CommandError) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandError(message: "\(path): error: cannot read file")
    }
    return data
  }

  private static func writeStandardOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  private static func writeStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}

/// A failure already formatted for standard error.
private struct CommandError: Error {
  var message: String
}

/// The command line, parsed.
private struct Invocation {
  var dataPath: String
  var templatePath: String
  var partialsDirectory: String?

  enum Problem: Error, Equatable {
    case helpRequested
    case usage(String)

    var message: String {
      switch self {
      case .helpRequested: ""
      case .usage(let message): message
      }
    }
  }

  static func parse(_ arguments: [String]) -> Result<Invocation, Problem> {
    var positional: [String] = []
    var partials: String?
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      switch argument {
      case "-h", "--help":
        return .failure(.helpRequested)
      case "--partials":
        guard index < arguments.count else {
          return .failure(.usage("--partials needs a directory"))
        }
        partials = arguments[index]
        index += 1
      case _ where argument.hasPrefix("--partials="):
        partials = String(argument.dropFirst("--partials=".count))
      case _ where argument.hasPrefix("-") && argument != "-":
        return .failure(.usage("unknown option '\(argument)'"))
      default:
        positional.append(argument)
      }
    }
    guard positional.count == 2 else {
      return .failure(
        .usage("expected DATA.json and TEMPLATE.mustache, got \(positional.count) arguments"))
    }
    return .success(
      Invocation(dataPath: positional[0], templatePath: positional[1], partialsDirectory: partials))
  }
}
