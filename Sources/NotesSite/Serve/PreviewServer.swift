import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server for previewing the output directory: one accept loop, one thread
/// per connection (up to a limit), one request per connection (`Connection: close`).
///
/// Connections get threads rather than tasks because they block in `recv`, and a long poll
/// holds its connection open for up to half a minute; neither may starve the cooperative pool
/// the rebuilds run on.
@available(macOS 15, *)
final class PreviewServer: Sendable {
  struct Limits: Sendable {
    /// Request line plus headers.
    var maxHeadBytes = 16 * 1024
    /// Time a client gets to send the whole head; slow or silent clients get 408.
    var headTimeout = 10.0
    /// Time one `send` may block on a client that stops reading.
    var sendTimeout = 10.0
    /// Connections handled at once; more get 503 right away.
    var maxConnections = 512
  }

  /// The port actually bound (useful when asked for port 0).
  let port: Int
  let responder: SiteResponder
  private let listener: Int32
  private let limits: Limits
  private let lifecycle = Mutex(Lifecycle())
  private let acceptLoopEnded = DispatchSemaphore(value: 0)

  private struct Lifecycle {
    var started = false
    var stopped = false
    var activeConnections = 0
  }

  init(host: String, port: Int, responder: SiteResponder, limits: Limits = Limits()) throws(Socket.Failure) {
    (listener, self.port) = try Socket.listen(host: host, port: port)
    self.responder = responder
    self.limits = limits
  }

  /// Starts accepting connections on a thread of its own.
  func start() {
    let first = lifecycle.withLock { state -> Bool in
      defer { state.started = true }
      return !state.started
    }
    guard first else { return }
    let thread = Thread { [self] in acceptLoop() }
    thread.name = "notes-site serve: accept"
    thread.start()
  }

  /// Stops accepting, ends long polls, and waits (a bounded time) for open connections.
  func stop() {
    let (wasRunning, alreadyStopped) = lifecycle.withLock { state in
      defer { state.stopped = true }
      return (state.started, state.stopped)
    }
    guard !alreadyStopped else { return }
    responder.state.update { $0.stopping = true }
    if wasRunning {
      _ = acceptLoopEnded.wait(timeout: .now() + 5)
    } else {
      close(listener)
    }
    for _ in 0..<200 where lifecycle.withLock({ $0.activeConnections }) > 0 {
      usleep(10_000)
    }
  }

  var activeConnections: Int {
    lifecycle.withLock { $0.activeConnections }
  }

  private func acceptLoop() {
    defer {
      close(listener)
      acceptLoopEnded.signal()
    }
    while !lifecycle.withLock({ $0.stopped }) {
      // Poll with a timeout so `stop()` is noticed without closing the socket under `accept`.
      guard Socket.waitReadable(listener, milliseconds: 100), let fd = Socket.accept(listener) else { continue }
      let admitted = lifecycle.withLock { state -> Bool in
        guard state.activeConnections < limits.maxConnections else { return false }
        state.activeConnections += 1
        return true
      }
      guard admitted else {
        Socket.setTimeouts(fd, seconds: 1)
        HTTPResponse.text(503, "Service Unavailable: too many connections").send(to: fd, includeBody: true)
        Socket.finish(fd)
        continue
      }
      let thread = Thread { [self] in
        handle(fd)
        lifecycle.withLock { $0.activeConnections -= 1 }
      }
      thread.stackSize = 512 * 1024
      thread.start()
    }
  }

  /// Reads one request head, answers it, closes the connection.
  private func handle(_ fd: Int32) {
    defer { Socket.finish(fd) }
    Socket.setTimeouts(fd, seconds: limits.sendTimeout)
    let response: HTTPResponse
    var includeBody = true
    switch readHead(fd) {
    case .closed:
      return
    case .timedOut:
      response = .text(408, "Request Timeout")
    case .tooLarge:
      response = .text(431, "Request Header Fields Too Large")
    case .truncated:
      response = .text(400, "Bad Request: incomplete request head")
    case .head(let bytes):
      do {
        let request = try HTTPRequest.parse(head: bytes)
        includeBody = request.method != "HEAD"
        response = responder.respond(to: request) { milliseconds in
          Self.waitForHangUp(fd, milliseconds: milliseconds)
        }
      } catch .unsupportedVersion {
        response = .text(505, "HTTP Version Not Supported")
      } catch {
        response = .text(400, "Bad Request")
      }
    }
    response.send(to: fd, includeBody: includeBody)
  }

  private enum HeadResult {
    case head([UInt8])
    case closed
    case timedOut
    case tooLarge
    case truncated
  }

  private func readHead(_ fd: Int32) -> HeadResult {
    let deadline = Date().addingTimeInterval(limits.headTimeout)
    var buffer: [UInt8] = []
    while true {
      if let end = HTTPRequest.endOfHead(in: buffer) {
        return end <= limits.maxHeadBytes ? .head(Array(buffer[..<end])) : .tooLarge
      }
      if buffer.count >= limits.maxHeadBytes { return .tooLarge }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return .timedOut }
      guard Socket.waitReadable(fd, milliseconds: Int32(min(remaining * 1000, 100).rounded(.up))) else {
        if lifecycle.withLock({ $0.stopped }) { return .closed }
        continue
      }
      let received = Socket.receive(fd, into: &buffer, max: limits.maxHeadBytes + 4 - buffer.count)
      if received == 0 {
        // A client that connects and leaves (a browser's speculative connection) gets nothing.
        return buffer.isEmpty ? .closed : .truncated
      }
      if received < 0 { return .closed }
    }
  }

  /// Waits up to `milliseconds`; true if the client hung up meanwhile.
  private static func waitForHangUp(_ fd: Int32, milliseconds: Int32) -> Bool {
    guard Socket.waitReadable(fd, milliseconds: milliseconds) else { return false }
    if Socket.peerClosed(fd) { return true }
    // Bytes we will never read (a pipelined request): just wait out the interval.
    usleep(UInt32(milliseconds) * 1000)
    return false
  }
}
