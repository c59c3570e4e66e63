import Synchronization

/// What the server's connection threads and the rebuild loop share: the build version the
/// live-reload script watches, the base path pages are served under, and whether to stop.
@available(macOS 15, *)
final class PreviewState: Sendable {
  struct Snapshot: Sendable, Equatable {
    /// Goes up by one after every successful build.
    var version = 0
    /// `/` or `/sub/`, from the base URL of the build being served.
    var basePath = "/"
    /// The last build had errors; the previous output (if any) is still served.
    var lastBuildFailed = false
    var stopping = false
  }

  private let storage: Mutex<Snapshot>

  init(basePath: String = "/") {
    storage = Mutex(Snapshot(basePath: basePath))
  }

  var snapshot: Snapshot {
    storage.withLock { $0 }
  }

  func update(_ change: (inout Snapshot) -> Void) {
    storage.withLock { change(&$0) }
  }
}
