import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Answers requests from the output directory: the serving rules of `notes-site serve`.
///
/// Paths are resolved on every request because each build swaps a new directory in, and
/// every file served must resolve (symlinks followed) to a regular file under the output
/// directory's real path.
@available(macOS 15, *)
struct SiteResponder: Sendable {
  /// The output directory as configured; it may not exist yet.
  var output: String
  var state: PreviewState
  /// How long a version request waits for a rebuild before answering anyway.
  var longPollSeconds: Double = 25

  /// `waitForHangUp(ms)` waits up to `ms` milliseconds and tells whether the client closed
  /// the connection, so a long poll ends early when the browser navigates away.
  func respond(to request: HTTPRequest, waitForHangUp: (Int32) -> Bool = Self.sleep(milliseconds:)) -> HTTPResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return .text(405, "Method Not Allowed", headers: [("Allow", "GET, HEAD")])
    }
    guard let target = RequestTarget(request.target) else {
      return .text(400, "Bad Request: unusable path")
    }
    let snapshot = state.snapshot
    let base = RequestTarget(snapshot.basePath)?.segments ?? []
    guard target.segments.starts(with: base) else { return notFound(snapshot) }
    if target.segments.count == base.count && !target.hasTrailingSlash {
      // `/sub` → `/sub/` (for the root, the path is always `/`).
      return .redirect(to: target.rawPath + "/" + (target.query.map { "?" + $0 } ?? ""))
    }
    let segments = Array(target.segments.dropFirst(base.count))

    if segments.first == LiveReload.directory && segments.count == 2 && !target.hasTrailingSlash {
      switch segments[1] {
      case LiveReload.scriptName:
        let script = LiveReload.script(basePath: snapshot.basePath, version: snapshot.version)
        return HTTPResponse(
          status: 200, contentType: "text/javascript; charset=utf-8", body: .bytes(Array(script.utf8)))
      case LiveReload.versionName:
        let since = request.method == "GET" ? target.queryValue("since") : nil
        let version = waitForVersion(differentFrom: since, waitForHangUp: waitForHangUp)
        return .text(200, String(version))
      default:
        break
      }
    }
    return file(segments, target: target, snapshot: snapshot)
  }

  /// The current version, once it differs from `since` or the long poll times out.
  func waitForVersion(differentFrom since: String?, waitForHangUp: (Int32) -> Bool) -> Int {
    let deadline = Date().addingTimeInterval(longPollSeconds)
    while true {
      let snapshot = state.snapshot
      if since != String(snapshot.version) || snapshot.stopping || Date() >= deadline {
        return snapshot.version
      }
      if waitForHangUp(50) { return snapshot.version }
    }
  }

  static func sleep(milliseconds: Int32) -> Bool {
    usleep(UInt32(milliseconds) * 1000)
    return false
  }

  private func file(_ segments: [String], target: RequestTarget, snapshot: PreviewState.Snapshot) -> HTTPResponse {
    // Dotfiles (the build manifest, editor leftovers) are not part of the site.
    guard !segments.contains(where: { $0.hasPrefix(".") }), let root = outputRoot() else {
      return notFound(snapshot)
    }
    let candidate = ([root] + segments).joined(separator: "/")
    guard let real = Self.resolve(candidate, under: root) else { return notFound(snapshot) }
    var info = stat()
    guard stat(real, &info) == 0 else { return notFound(snapshot) }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      guard target.hasTrailingSlash || segments.isEmpty else {
        return .redirect(to: target.rawPath + "/" + (target.query.map { "?" + $0 } ?? ""))
      }
      guard let index = Self.resolve(real + "/index.html", under: root), let response = open(index) else {
        return notFound(snapshot)
      }
      return response
    case S_IFREG:
      guard !target.hasTrailingSlash, let response = open(real) else { return notFound(snapshot) }
      return response
    default:
      return notFound(snapshot)
    }
  }

  /// The real path of `path` if it exists and lies inside `root` (itself a real path).
  static func resolve(_ path: String, under root: String) -> String? {
    guard let real = ContentTree.realPath(path) else { return nil }
    let prefix = root.hasSuffix("/") ? root : root + "/"
    return real == root || real.hasPrefix(prefix) ? real : nil
  }

  /// The output directory's real path. A rebuild renames the old tree away just before
  /// moving the new one in, so a miss is retried briefly.
  private func outputRoot() -> String? {
    for attempt in 0..<20 {
      if let root = ContentTree.realPath(output) { return root }
      if attempt < 19 { usleep(10_000) }
    }
    return nil
  }

  private func open(_ path: String) -> HTTPResponse? {
    let fd = Self.openReadOnly(path)
    guard fd >= 0 else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      return nil
    }
    let name = (path as NSString).lastPathComponent
    return HTTPResponse(
      status: 200, contentType: ContentType.forFile(named: name), body: .file(descriptor: fd, size: Int(info.st_size)))
  }

  private static func openReadOnly(_ path: String) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, O_RDONLY | O_CLOEXEC)
    #else
      Darwin.open(path, O_RDONLY | O_CLOEXEC)
    #endif
  }

  /// 404 with the site's own `404.html`; without one (no successful build yet), a page
  /// that still loads the live-reload script so the browser reloads once a build works.
  private func notFound(_ snapshot: PreviewState.Snapshot) -> HTTPResponse {
    if let root = outputRoot(), let page = Self.resolve(root + "/404.html", under: root),
      let bytes = FileManager.default.contents(atPath: page)
    {
      return HTTPResponse(status: 404, contentType: "text/html; charset=utf-8", body: .bytes(Array(bytes)))
    }
    let reason =
      snapshot.lastBuildFailed
      ? "The site has not been built: the build failed; see the terminal for the errors."
      : "Not found."
    let html = """
      <!doctype html>
      <meta charset="utf-8">
      <title>Not found</title>
      <script src="\(LiveReload.scriptPath(basePath: snapshot.basePath))" defer></script>
      <p>\(reason)</p>

      """
    return HTTPResponse(status: 404, contentType: "text/html; charset=utf-8", body: .bytes(Array(html.utf8)))
  }
}
