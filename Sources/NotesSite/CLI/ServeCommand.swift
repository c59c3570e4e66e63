import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `notes-site serve`: build, serve the output with live reload, rebuild on change, until Ctrl-C.
enum ServeCommand {
  static func run(_ arguments: [String]) async -> Int32 {
    let flags: CommandLineTool.Flags
    switch CommandLineTool.parseFlags(arguments, serve: true) {
    case .success(let f): flags = f
    case .failure(let d):
      CommandLineTool.printError(d.description)
      return 2
    }
    guard #available(macOS 15, *) else {
      CommandLineTool.printError(
        "notes-site: error: serve needs macOS 15 or later; use `notes-site build` and any static server")
      return 2
    }
    return await serve(flags)
  }

  @available(macOS 15, *)
  private static func serve(_ flags: CommandLineTool.Flags) async -> Int32 {
    // A browser closing a connection mid-response must not kill the process.
    signal(SIGPIPE, SIG_IGN)
    let quiet = flags.quiet
    let preview: SitePreview
    do {
      preview = try await SitePreview.start(
        SitePreview.Configuration(options: flags.options, host: flags.host, port: flags.port)
      ) { report in
        CommandLineTool.printReport(report, quiet: quiet)
        fflush(nil)
      }
    } catch {
      if case .listen = error { CommandLineTool.printError(error.description) }
      return 2
    }
    print("Serving \(preview.url) (Ctrl-C to stop)")
    fflush(nil)
    await InterruptLatch.wait()
    if !quiet { print("Stopping") }
    await preview.stop()
    return 0
  }
}

/// Remembers the first Ctrl-C (or SIGTERM) and wakes the waiter; a second one exits at once.
@available(macOS 15, *)
private final class InterruptLatch: Sendable {
  private let state = Mutex<(received: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

  /// Waits until SIGINT or SIGTERM arrives.
  static func wait() async {
    let latch = InterruptLatch()
    let sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      return DispatchSource.makeSignalSource(signal: number, queue: .global())
    }
    for source in sources {
      source.setEventHandler { latch.fire() }
      source.resume()
    }
    await withCheckedContinuation { continuation in
      let received = latch.state.withLock { state in
        if !state.received { state.waiter = continuation }
        return state.received
      }
      if received { continuation.resume() }
    }
    withExtendedLifetime(sources) {}
  }

  private func fire() {
    let (first, waiter) = state.withLock { state in
      defer {
        state.received = true
        state.waiter = nil
      }
      return (!state.received, state.waiter)
    }
    guard first else { exit(130) }
    waiter?.resume()
  }
}
