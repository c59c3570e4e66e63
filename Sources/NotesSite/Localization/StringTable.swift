import NotesCore
import NotesYAML

/// One `i18n/<lang>.yml` file, flattened: `key: text`, plural families `key: {one: …, other: …}`
/// as `key.one`, `key.other`, and lists as `key.1`, `key.2`, ….
struct StringTable {
  var strings: [String: String] = [:]

  /// Parses a table; a malformed one gives an error diagnostic at the offending line.
  static func parse(_ text: String, path: String) -> (StringTable, [Diagnostic]) {
    var table = StringTable()
    var diagnostics: [Diagnostic] = []
    func fail(_ message: String, _ line: Int, _ column: Int) {
      diagnostics.append(
        .error(message, at: SourceLocation(path: path, line: line, column: column)))
    }

    let root: YAMLNode?
    do {
      root = try YAML.parse(text)
    } catch {
      fail("string table is not valid YAML: \(error.message)", error.line, error.column)
      return (table, diagnostics)
    }
    guard let root, !root.isNull else { return (table, diagnostics) }
    guard case .mapping(let entries, _, _) = root else {
      fail(
        "a string table must map keys to text, not be \(root.kindDescription)", root.line,
        root.column)
      return (table, diagnostics)
    }

    for entry in entries {
      switch entry.value {
      case .scalar(let value, _, _, _):
        table.strings[entry.key] = entry.value.isNull ? "" : value
      case .mapping(let forms, _, _):
        for form in forms {
          guard let value = form.value.string else {
            fail("'\(entry.key).\(form.key)' must be text", form.value.line, form.value.column)
            continue
          }
          table.strings["\(entry.key).\(form.key)"] = value
        }
      case .sequence(let items, _, _):
        for (index, item) in items.enumerated() {
          guard let value = item.string else {
            fail("items of '\(entry.key)' must be text", item.line, item.column)
            continue
          }
          table.strings["\(entry.key).\(index + 1)"] = value
        }
      }
    }
    return (table, diagnostics)
  }

  /// The group a key belongs to: `notes_count` for `notes_count.one`, nil for a plain key.
  static func group(of key: String) -> Substring? {
    guard let dot = key.firstIndex(of: ".") else { return nil }
    return key[..<dot]
  }
}
