import Foundation

/// Records the git processes launched for one history, by subcommand (`rev-parse`, `log`,
/// `cat-file`). Shared by copies of that history, so a caller can check that loading and
/// reading contents took one process each.
final class ProcessTally: @unchecked Sendable {
  private let lock = NSLock()
  private var commands: [String] = []

  func recordLaunch(_ subcommand: String) {
    lock.lock()
    defer { lock.unlock() }
    commands.append(subcommand)
  }

  var launched: Int { subcommands.count }

  var subcommands: [String] {
    lock.lock()
    defer { lock.unlock() }
    return commands
  }
}
