import NotesCore
import NotesYAML

/// Reads the keys of `notes-site.yml` into a `SiteConfig`, one diagnostic per problem, each
/// pointing at the key or value at fault.
struct SiteConfigReader {
  let path: String
  private(set) var diagnostics: [Diagnostic] = []

  init(path: String) {
    self.path = path
  }

  mutating func read(_ yaml: String) -> SiteConfig {
    var config = SiteConfig()
    let root: YAMLNode?
    do {
      root = try YAML.parse(yaml)
    } catch {
      diagnostics.append(
        .error(
          "config is not valid YAML: \(error.message)",
          at: SourceLocation(path: path, line: error.line, column: error.column)))
      return config
    }
    guard let root, !root.isNull else { return config }
    guard case .mapping(let entries, _, _) = root else {
      report(
        .error, "config must be a mapping of keys to values, not \(root.kindDescription)", root)
      return config
    }

    for entry in entries {
      switch entry.key {
      case "title": text(entry).map { config.title = $0 }
      case "description": text(entry).map { config.description = $0 }
      case "base_url":
        if let value = text(entry) {
          if let problem = SiteConfig.baseURLProblem(value) {
            report(.error, problem, entry.value)
          } else {
            config.baseURL = value
          }
        }
      case "language":
        if let value = text(entry) {
          if isLanguageTag(value) {
            config.language = value
          } else {
            report(
              .error, "language must be a language code like 'en' or 'pt-BR', not '\(value)'",
              entry.value)
          }
        }
      case "notes_per_page": int(entry, atLeast: 1).map { config.notesPerPage = $0 }
      case "history_limit": int(entry, atLeast: 0).map { config.historyLimit = $0 }
      case "feed_limit": int(entry, atLeast: 0).map { config.feedLimit = $0 }
      case "restore_last_note": bool(entry).map { config.restoreLastNote = $0 }
      case "unsafe_html": bool(entry).map { config.unsafeHTML = $0 }
      case "hard_line_breaks": bool(entry).map { config.hardLineBreaks = $0 }
      case "ignore":
        if entry.value.isNull { break }
        if let patterns = entry.value.stringList {
          config.ignore = patterns.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        } else {
          report(.error, "ignore must be a list of paths, not \(entry.value.kindDescription)", entry.value)
        }
      default:
        var message = "unknown key '\(entry.key)'"
        if let suggestion = closestKnownKey(to: entry.key) {
          message += "; did you mean '\(suggestion)'?"
        }
        diagnostics.append(
          .warning(message, at: SourceLocation(path: path, line: entry.line, column: entry.column)))
      }
    }
    return config
  }

  private mutating func text(_ entry: YAMLNode.Entry) -> String? {
    // An empty value (`title:`) means "not set" and keeps the default.
    if entry.value.isNull { return nil }
    guard let text = entry.value.string else {
      report(.error, "\(entry.key) must be text, not \(entry.value.kindDescription)", entry.value)
      return nil
    }
    return text
  }

  private mutating func int(_ entry: YAMLNode.Entry, atLeast minimum: Int) -> Int? {
    if entry.value.isNull { return nil }
    guard let value = entry.value.int, value >= minimum else {
      let written = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
      report(
        .error, "\(entry.key) must be a whole number of at least \(minimum), not \(written)",
        entry.value)
      return nil
    }
    return value
  }

  private mutating func bool(_ entry: YAMLNode.Entry) -> Bool? {
    if entry.value.isNull { return nil }
    guard let value = entry.value.bool else {
      let written = entry.value.string.map { "'\($0)'" } ?? entry.value.kindDescription
      report(.error, "\(entry.key) must be true or false, not \(written)", entry.value)
      return nil
    }
    return value
  }

  private mutating func report(_ severity: Diagnostic.Severity, _ message: String, _ node: YAMLNode)
  {
    diagnostics.append(
      Diagnostic(
        severity, message, at: SourceLocation(path: path, line: node.line, column: node.column)))
  }

  /// A BCP 47-like tag (`en`, `ja`, `pt-BR`, `zh-Hant`). Being strict matters: the language
  /// names a string table file (`i18n/<language>.yml`).
  private func isLanguageTag(_ value: String) -> Bool {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The known key nearest to a misspelt one, if within two edits.
  private func closestKnownKey(to key: String) -> String? {
    let scored = SiteConfig.knownKeys.map { ($0, EditDistance.between($0, key)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return best.0
  }
}
