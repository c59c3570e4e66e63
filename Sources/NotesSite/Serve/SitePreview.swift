import Foundation
import NotesCore
import Synchronization

/// `notes-site serve` without the command line: builds the site, serves the output with live
/// reload, and rebuilds whenever an input changes, until `stop()`.
@available(macOS 15, *)
public final class SitePreview: Sendable {
  public struct Configuration: Sendable {
    public var options: BuildOptions
    public var host = "127.0.0.1"
    /// 0 picks a free port; see `SitePreview.port`.
    public var port = 8000
    /// How often the inputs are checked for changes.
    public var pollInterval: Duration = .milliseconds(300)
    var limits = PreviewServer.Limits()
    var longPollSeconds = 25.0

    public init(options: BuildOptions, host: String = "127.0.0.1", port: Int = 8000) {
      self.options = options
      self.host = host
      self.port = port
    }
  }

  public enum StartError: Error, CustomStringConvertible {
    /// The first build found a usage problem (no `content/`, a bad output directory).
    case build(BuildReport)
    case listen(String)

    public var description: String {
      switch self {
      case .build(let report): report.diagnostics.map(\.description).joined(separator: "\n")
      case .listen(let message): "notes-site: error: \(message)"
      }
    }
  }

  /// The port the server listens on.
  public let port: Int
  /// The address of the site's home page, e.g. `http://127.0.0.1:8000/notes/`.
  public var url: String {
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    return "http://\(host):\(port)\(state.snapshot.basePath)"
  }

  let state: PreviewState
  let server: PreviewServer
  private let configuration: Configuration
  private let watcher = Mutex<Task<Void, Never>?>(nil)

  private init(configuration: Configuration, state: PreviewState, server: PreviewServer) {
    self.configuration = configuration
    self.state = state
    self.server = server
    port = server.port
  }

  /// Builds once (reporting through `report`), then serves and watches. Content errors do
  /// not stop it: the previous output, if any, is served until a build succeeds.
  public static func start(
    _ configuration: Configuration, report: @escaping @Sendable (BuildReport) -> Void
  ) async throws(StartError) -> SitePreview {
    let source = ContentTree.realPath(configuration.options.source.path) ?? configuration.options.source.path
    let output = SiteBuilder.resolveExistingPrefix(
      (configuration.options.output ?? URL(fileURLWithPath: source).appendingPathComponent("_site"))
        .standardizedFileURL.path)
    // Taken before the first build so an edit made during it still triggers a rebuild.
    let fingerprint = SourceFingerprint(source: source)
    let basePath = Self.basePath(configuration.options, source: source)
    let first = await build(configuration.options, basePath: basePath)
    report(first)
    if first.outcome == .usageError { throw .build(first) }

    let state = PreviewState(basePath: basePath)
    state.update {
      $0.version = first.outcome == .success ? 1 : 0
      $0.lastBuildFailed = first.outcome != .success
    }
    let responder = SiteResponder(output: output, state: state, longPollSeconds: configuration.longPollSeconds)
    let server: PreviewServer
    do {
      server = try PreviewServer(
        host: configuration.host, port: configuration.port, responder: responder, limits: configuration.limits)
    } catch {
      throw .listen(error.description)
    }
    let preview = SitePreview(configuration: configuration, state: state, server: server)
    server.start()
    preview.watch(source: source, from: fingerprint, report: report)
    return preview
  }

  /// Stops watching (after any rebuild in progress) and serving.
  public func stop() async {
    let task = watcher.withLock { task in
      defer { task = nil }
      return task
    }
    task?.cancel()
    await task?.value
    server.stop()
  }

  private func watch(source: String, from start: SourceFingerprint, report: @escaping @Sendable (BuildReport) -> Void) {
    let configuration = configuration
    let state = state
    let task = Task {
      var last = start
      while !Task.isCancelled {
        try? await Task.sleep(for: configuration.pollInterval)
        let current = SourceFingerprint(source: source)
        guard current != last, !Task.isCancelled else { continue }
        last = current
        // One build at a time: the next check waits for this build to finish.
        let basePath = Self.basePath(configuration.options, source: source)
        let result = await Self.build(configuration.options, basePath: basePath)
        report(result)
        state.update {
          if result.outcome == .success {
            $0.version += 1
            $0.basePath = basePath
            $0.lastBuildFailed = false
          } else {
            $0.lastBuildFailed = true
          }
        }
      }
    }
    watcher.withLock { $0 = task }
  }

  private static func build(_ options: BuildOptions, basePath: String) async -> BuildReport {
    var options = options
    options.liveReloadURL = LiveReload.scriptPath(basePath: basePath)
    return await SiteBuilder.build(options)
  }

  /// The base path the build will use: from `--base-url`, else `notes-site.yml`.
  private static func basePath(_ options: BuildOptions, source: String) -> String {
    var config = SiteConfig()
    if let baseURL = options.baseURL {
      config.baseURL = baseURL
    } else {
      config =
        SiteConfig.load(
          from: URL(fileURLWithPath: source).appendingPathComponent("notes-site.yml"), displayPath: "notes-site.yml"
        ).0
    }
    return config.basePath
  }
}
