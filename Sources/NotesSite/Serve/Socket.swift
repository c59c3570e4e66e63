import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls the preview server needs, hiding the few
/// differences between Glibc and Darwin.
enum Socket {
  #if canImport(Glibc)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
  #else
    static let streamType = SOCK_STREAM
    static let sendFlags: Int32 = 0
  #endif

  struct Failure: Error, CustomStringConvertible {
    var description: String

    init(_ call: String, _ code: Int32 = errno) {
      description = "\(call): \(String(cString: strerror(code)))"
    }

    init(message: String) {
      description = message
    }
  }

  /// A listening TCP socket on `host:port` (port 0 picks a free one); returns the descriptor
  /// and the port actually bound.
  static func listen(host: String, port: Int, backlog: Int32 = 1024) throws(Failure) -> (fd: Int32, port: Int) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamType
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw Failure(message: "cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(list) }

    let fd = socket(first.pointee.ai_family, streamType, 0)
    guard fd >= 0 else { throw Failure("socket") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
      let code = errno
      close(fd)
      throw Failure("cannot listen on \(host):\(port)", code)
    }
    guard systemListen(fd, backlog) == 0 else {
      let code = errno
      close(fd)
      throw Failure("listen", code)
    }
    return (fd, boundPort(fd))
  }

  private static func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.listen(fd, backlog)
    #else
      Darwin.listen(fd, backlog)
    #endif
  }

  static func boundPort(_ fd: Int32) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let ok = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
    }
    guard ok else { return 0 }
    switch Int32(storage.ss_family) {
    case AF_INET:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
      }
    case AF_INET6:
      return withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
      }
    default:
      return 0
    }
  }

  /// Waits up to `milliseconds` for `fd` to become readable (or hung up).
  static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0
  }

  /// Accepts one pending connection; nil if none was ready or it failed.
  static func accept(_ listener: Int32) -> Int32? {
    #if canImport(Glibc)
      let fd = Glibc.accept(listener, nil, nil)
    #else
      let fd = Darwin.accept(listener, nil, nil)
    #endif
    guard fd >= 0 else { return nil }
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return fd
  }

  /// Bounds how long one `recv` or `send` may block.
  static func setTimeouts(_ fd: Int32, seconds: Double) {
    let whole = max(0, Int(seconds))
    var value = timeval()
    value.tv_sec = .init(whole)
    value.tv_usec = .init(max(1000, Int((seconds - Double(whole)) * 1_000_000)))
    let size = socklen_t(MemoryLayout<timeval>.size)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
  }

  /// Reads what is available into `buffer`; 0 means the peer closed, -1 an error or timeout.
  static func receive(_ fd: Int32, into buffer: inout [UInt8], max count: Int) -> Int {
    var chunk = [UInt8](repeating: 0, count: count)
    while true {
      let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
      if n < 0 && errno == EINTR { continue }
      if n > 0 { buffer.append(contentsOf: chunk[0..<n]) }
      return n
    }
  }

  /// True if the peer has closed its side (a zero-byte read is pending).
  static func peerClosed(_ fd: Int32) -> Bool {
    var byte: UInt8 = 0
    let n = recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
  }

  /// Sends all of `bytes`; false if the peer went away or stopped reading.
  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = send(fd, bytes.baseAddress! + offset, bytes.count - offset, sendFlags)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return false }
      offset += n
    }
    return true
  }

  @discardableResult
  static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { sendAll(fd, $0) }
  }

  /// Closes after telling the peer we are done, so it sees the whole response.
  static func finish(_ fd: Int32) {
    shutdown(fd, Int32(SHUT_WR))
    // Drain briefly so unread request bytes don't turn the close into a reset.
    var scratch: [UInt8] = []
    var rounds = 0
    while rounds < 8, waitReadable(fd, milliseconds: 20) {
      scratch.removeAll(keepingCapacity: true)
      if receive(fd, into: &scratch, max: 4096) <= 0 { break }
      rounds += 1
    }
    close(fd)
  }
}
