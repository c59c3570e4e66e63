/// Where something is in the user's input: a path relative to the site root
/// (`content/Work/Roadmap.md`), and a 1-based line and column when known.
public struct SourceLocation: Hashable, Sendable, Comparable {
  public var path: String
  public var line: Int?
  public var column: Int?

  public init(path: String, line: Int? = nil, column: Int? = nil) {
    self.path = path
    self.line = line
    self.column = column
  }

  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.path, a.line ?? 0, a.column ?? 0) < (b.path, b.line ?? 0, b.column ?? 0)
  }

  /// `path:line:col`, as compilers print it.
  public var description: String {
    var s = path
    if let line {
      s += ":\(line)"
      if let column { s += ":\(column)" }
    }
    return s
  }
}

/// One message for the user. Warnings are collected and printed once; errors stop the build
/// before anything is written.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable, Comparable {
    case warning, error
    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
  }

  public var severity: Severity
  public var message: String
  public var location: SourceLocation?

  public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil) {
    self.severity = severity
    self.message = message
    self.location = location
  }

  public static func error(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
    Diagnostic(.error, message, at: location)
  }

  public static func warning(_ message: String, at location: SourceLocation? = nil) -> Diagnostic
  {
    Diagnostic(.warning, message, at: location)
  }

  /// `content/Work/Roadmap.md:3:7: error: message`
  public var description: String {
    if let location {
      return "\(location.description): \(severity.rawValue): \(message)"
    }
    return "notes-site: \(severity.rawValue): \(message)"
  }

  /// The same diagnostic as an error (used by `--strict`).
  public var escalated: Diagnostic {
    var copy = self
    copy.severity = .error
    return copy
  }
}

extension Array where Element == Diagnostic {
  public var hasErrors: Bool { contains { $0.severity == .error } }

  /// Stable order for printing: by location, then message.
  public func sortedForReport() -> [Diagnostic] {
    sorted { a, b in
      switch (a.location, b.location) {
      case let (x?, y?) where x != y: return x < y
      case (nil, _?): return true
      case (_?, nil): return false
      default: return a.message < b.message
      }
    }
  }
}
