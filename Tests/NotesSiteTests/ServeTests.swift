import Foundation
import Testing

@testable import NotesSite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `notes-site serve`, in process on an ephemeral loopback port, spoken to with raw sockets.
@Suite struct ServeTests {
  // MARK: Serving rules

  @available(macOS 15, *)
  @Test func pageIsServedAsHTMLWithTheLiveReloadScript() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let response = try await RawHTTP.request(port: preview.port, "/folder/note/")
      #expect(response.status == 200)
      #expect(response.headers["content-type"] == "text/html; charset=utf-8")
      #expect(response.headers["content-length"] == String(response.body.count))
      #expect(response.headers["cache-control"] == "no-cache")
      #expect(response.text.contains("Hello from the note."))
      #expect(response.text.contains("<script src=\"/_notes-site/live-reload.js\" defer>"))

      let home = try await RawHTTP.request(port: preview.port, "/")
      #expect(home.status == 200)
      #expect(home.headers["content-type"] == "text/html; charset=utf-8")
    }
  }

  @available(macOS 15, *)
  @Test func buildWithoutServeHasNoLiveReloadScript() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    let report = await SiteBuilder.build(BuildOptions(source: sandbox.source, output: sandbox.output))
    #expect(report.outcome == .success)
    let page = try String(contentsOf: sandbox.output.appending(path: "folder/note/index.html"), encoding: .utf8)
    #expect(!page.contains("live-reload"))
  }

  @available(macOS 15, *)
  @Test func directoryWithoutSlashRedirects() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let response = try await RawHTTP.request(port: preview.port, "/folder/note")
      #expect(response.status == 301)
      #expect(response.headers["location"] == "/folder/note/")
      let withQuery = try await RawHTTP.request(port: preview.port, "/folder?x=1")
      #expect(withQuery.headers["location"] == "/folder/?x=1")
    }
  }

  @available(macOS 15, *)
  @Test func missingPageGetsTheSite404Page() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let page = try Data(contentsOf: sandbox.output.appending(path: "404.html"))
      for target in ["/no/such/page/", "/folder/note/index.html/", "/.notes-site-manifest"] {
        let response = try await RawHTTP.request(port: preview.port, target)
        #expect(response.status == 404, "\(target)")
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(Data(response.body) == page, "\(target)")
      }
    }
  }

  @available(macOS 15, *)
  @Test func otherMethodsGet405() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
        let response = try await RawHTTP.request(port: preview.port, "/folder/note/", method: method)
        #expect(response.status == 405, "\(method)")
        #expect(response.headers["allow"] == "GET, HEAD")
      }
    }
  }

  @available(macOS 15, *)
  @Test func headHasHeadersButNoBody() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let get = try await RawHTTP.request(port: preview.port, "/folder/note/")
      let head = try await RawHTTP.request(port: preview.port, "/folder/note/", method: "HEAD")
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.headers["content-length"] == String(get.body.count))
      #expect(head.headers["content-type"] == "text/html; charset=utf-8")
    }
  }

  @available(macOS 15, *)
  @Test func filesGetTheirContentTypes() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let assets = try FileManager.default.contentsOfDirectory(atPath: sandbox.output.appending(path: "_assets").path)
      let stylesheet = try #require(assets.first { $0.hasSuffix(".css") })
      let css = try await RawHTTP.request(port: preview.port, "/_assets/" + stylesheet, method: "HEAD")
      #expect(css.status == 200)
      #expect(css.headers["content-type"] == "text/css; charset=utf-8")
      let feed = try await RawHTTP.request(port: preview.port, "/feed.xml", method: "HEAD")
      #expect(feed.headers["content-type"] == "application/xml; charset=utf-8")
    }
  }

  @available(macOS 15, *)
  @Test(arguments: [
    ("index.html", "text/html; charset=utf-8"), ("a.css", "text/css; charset=utf-8"),
    ("a.js", "text/javascript; charset=utf-8"), ("a.json", "application/json; charset=utf-8"),
    ("feed.xml", "application/xml; charset=utf-8"), ("logo.svg", "image/svg+xml; charset=utf-8"),
    ("a.png", "image/png"), ("a.JPG", "image/jpeg"), ("a.jpeg", "image/jpeg"), ("a.gif", "image/gif"),
    ("a.webp", "image/webp"), ("a.pdf", "application/pdf"), ("a.txt", "text/plain; charset=utf-8"),
    ("a.mp3", "audio/mpeg"), ("a.mp4", "video/mp4"), ("a.webm", "video/webm"), ("a.woff2", "font/woff2"),
    ("noextension", "application/octet-stream"), (".hidden", "application/octet-stream"),
  ])
  func contentTypeByExtension(name: String, type: String) {
    #expect(ContentType.forFile(named: name) == type)
  }

  // MARK: Never outside the output directory

  @available(macOS 15, *)
  static let traversalTargets = [
    "/../secret.txt", "/../../../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
    "/..%2fsecret.txt", "/..%2f..%2fetc/passwd", "/folder/..%2f..%2f..%2fsecret.txt", "//etc/passwd",
    "//secret.txt", "/%00", "/folder/note/%00/", "/secret.txt%00.html", "/..\\secret.txt", "/%5c..%5csecret.txt",
    "/./secret.txt", "/folder/./../../secret.txt", "/%252e%252e/secret.txt", "http://127.0.0.1/../secret.txt",
    "*", "../secret.txt", "/%zz", "/%", "/%c0%ae%c0%ae/secret.txt",
  ]

  @Test func traversalNeverLeavesTheOutput() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      for target in Self.traversalTargets {
        let response = try await RawHTTP.request(port: preview.port, target)
        #expect(response.status == 400 || response.status == 404, "\(target) → \(response.status)")
        #expect(!response.text.contains(ServeSandbox.secretMarker), "\(target)")
        #expect(!response.text.contains("root:x:0:0"), "\(target)")
      }
      // The server is still there afterwards.
      #expect(try await RawHTTP.request(port: preview.port, "/folder/note/").status == 200)
    }
  }

  @available(macOS 15, *)
  @Test func symlinksLeadingOutsideAreNotFollowed() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let fm = FileManager.default
      try fm.createSymbolicLink(
        at: sandbox.output.appending(path: "leak.txt"), withDestinationURL: sandbox.root.appending(path: "secret.txt"))
      try fm.createSymbolicLink(
        at: sandbox.output.appending(path: "leakdir"), withDestinationURL: sandbox.root.appending(path: "secretdir"))
      try fm.createSymbolicLink(
        atPath: sandbox.output.appending(path: "relative.txt").path, withDestinationPath: "../secret.txt")
      // A link that stays inside is fine.
      try fm.createSymbolicLink(
        atPath: sandbox.output.appending(path: "inside.html").path, withDestinationPath: "404.html")

      for target in ["/leak.txt", "/leakdir/", "/leakdir", "/leakdir/inner.txt", "/relative.txt"] {
        let response = try await RawHTTP.request(port: preview.port, target)
        #expect(response.status == 404, "\(target) → \(response.status)")
        #expect(!response.text.contains(ServeSandbox.secretMarker), "\(target)")
      }
      let inside = try await RawHTTP.request(port: preview.port, "/inside.html")
      #expect(inside.status == 200)
    }
  }

  @available(macOS 15, *)
  @Test func outputThatIsItselfASymlinkIsServed() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    let real = sandbox.root.appending(path: "real-out")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: sandbox.output, withDestinationURL: real)
    try await sandbox.withPreview { preview in
      let response = try await RawHTTP.request(port: preview.port, "/folder/note/")
      #expect(response.status == 200)
    }
  }

  // MARK: Robustness

  @available(macOS 15, *)
  @Test func twoHundredConcurrentConnectionsAreAllAnswered() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let port = preview.port
      let statuses = try await RawHTTP.onThread { () throws -> [Int] in
        // All 200 are open at once before any request is sent.
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        for _ in 0..<200 { sockets.append(try RawHTTP.connect(port: port, timeout: 10)) }
        for fd in sockets { RawHTTP.send(fd, Array("GET /folder/note/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)) }
        return try sockets.map { try RawHTTP.parse(RawHTTP.readAll($0)).status }
      }
      #expect(statuses.count == 200)
      #expect(statuses.allSatisfy { $0 == 200 })
    }
  }

  @available(macOS 15, *)
  static let malformedRequests = [
    "GARBAGE\r\n\r\n", "GET /\r\n\r\n", "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "GET / HTTP/1.1\r\nHost x\r\n\r\n",
    "GET / HTTP/1.1\r\nHost : x\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", "GET / FTP/1.0\r\n\r\n",
    "G\u{1}T / HTTP/1.1\r\nHost: x\r\n\r\n", "GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n", "\r\n\r\n",
    "GET / HTTP/1.1\r\nHost: x\r\n",
  ]

  @Test func malformedRequestsGet400AndTheServerCarriesOn() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let port = preview.port
      for raw in Self.malformedRequests {
        let response = try await RawHTTP.onThread {
          let fd = try RawHTTP.connect(port: port)
          defer { close(fd) }
          RawHTTP.send(fd, Array(raw.utf8))
          // The last case is an unfinished head: the client gives up sending.
          shutdown(fd, Int32(SHUT_WR))
          return try RawHTTP.parse(RawHTTP.readAll(fd))
        }
        #expect(response.status == 400, "\(raw.debugDescription)")
        let after = try await RawHTTP.request(port: port, "/folder/note/")
        #expect(after.status == 200)
      }
    }
  }

  @available(macOS 15, *)
  @Test func unknownHTTPVersionGets505() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let response = try await RawHTTP.exchange(port: preview.port, raw: Array("GET / HTTP/2.0\r\n\r\n".utf8))
      #expect(response.status == 505)
    }
  }

  @available(macOS 15, *)
  @Test func oversizedHeadGets431() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let padding = String(repeating: "a", count: 17 * 1024)
      let raw = "GET / HTTP/1.1\r\nHost: x\r\nX-Padding: \(padding)\r\n\r\n"
      let response = try await RawHTTP.exchange(port: preview.port, raw: Array(raw.utf8))
      #expect(response.status == 431)
      #expect(try await RawHTTP.request(port: preview.port, "/").status == 200)
    }
  }

  @available(macOS 15, *)
  @Test func silentClientTimesOutWithoutBlockingOthers() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    var limits = PreviewServer.Limits()
    limits.headTimeout = 0.5
    try await sandbox.withPreview(limits: limits) { preview in
      let port = preview.port
      let started = Date()
      async let silent = RawHTTP.onThread {
        let fd = try RawHTTP.connect(port: port)
        defer { close(fd) }
        RawHTTP.send(fd, Array("GET / HT".utf8))
        return try RawHTTP.parse(RawHTTP.readAll(fd))
      }
      let other = try await RawHTTP.request(port: port, "/folder/note/")
      #expect(other.status == 200)
      #expect(try await silent.status == 408)
      #expect(Date().timeIntervalSince(started) < 30, "a silent client must not hold the server")
    }
  }

  // MARK: Live reload and rebuilds

  @available(macOS 15, *)
  @Test func liveReloadScriptIsServedAndKnowsTheVersion() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let script = try await RawHTTP.request(port: preview.port, "/_notes-site/live-reload.js")
      #expect(script.status == 200)
      #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
      #expect(script.text.contains("\"/_notes-site/version\""))
      #expect(script.text.contains("location.reload()"))
      let version = try await RawHTTP.request(port: preview.port, "/_notes-site/version")
      #expect(version.status == 200)
      #expect(version.text.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
      #expect(script.text.contains("let current = \"1\";"))
    }
  }

  @available(macOS 15, *)
  @Test func longPollAnswersWithTheCurrentVersionAfterItsTimeout() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview(longPollSeconds: 0.3) { preview in
      let started = Date()
      let response = try await RawHTTP.request(port: preview.port, "/_notes-site/version?since=1")
      #expect(response.text == "1\n")
      #expect(Date().timeIntervalSince(started) >= 0.25)
    }
  }

  @available(macOS 15, *)
  @Test func editingANoteRebuildsAndChangesTheVersion() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let port = preview.port
      let before = try await RawHTTP.request(port: port, "/_notes-site/version").text
      // A long poll waiting for the next version, as the browser's script does.
      // A generous read timeout: the test checks that a rebuild answers the poll, not how fast
      // a shared, loaded machine gets there (the browser suite checks the 2 s reload).
      let waiting = try RawHTTP.connect(port: port, timeout: 60)
      defer { close(waiting) }
      RawHTTP.send(waiting, Array("GET /_notes-site/version?since=1 HTTP/1.1\r\nHost: x\r\n\r\n".utf8))

      try sandbox.write("site/content/Folder/Note.md", "# Note\n\nEdited while serving.\n")
      let answer = try await RawHTTP.onThread { try RawHTTP.parse(RawHTTP.readAll(waiting)) }
      #expect(answer.status == 200)
      #expect(answer.text == "2\n")
      #expect(before == "1\n")

      let page = try await RawHTTP.request(port: port, "/folder/note/")
      #expect(page.text.contains("Edited while serving."))
    }
  }

  @available(macOS 15, *)
  @Test func failedRebuildKeepsServingThePreviousSite() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview { preview in
      let port = preview.port
      try sandbox.write("site/notes-site.yml", "language: [unclosed\n")
      // Give the watcher several polls to notice and fail.
      var failed = false
      for _ in 0..<50 where !failed {
        try await Task.sleep(for: .milliseconds(100))
        failed = preview.state.snapshot.lastBuildFailed
      }
      #expect(failed)
      #expect(try await RawHTTP.request(port: port, "/_notes-site/version").text == "1\n")
      #expect(try await RawHTTP.request(port: port, "/folder/note/").status == 200)

      try FileManager.default.removeItem(at: sandbox.source.appending(path: "notes-site.yml"))
      let version = try await Self.waitForVersion(port: port, differentFrom: "1\n")
      #expect(version == "2\n")
    }
  }

  @available(macOS 15, *)
  @Test func firstBuildFailingStillServesAndRecovers() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try sandbox.write("site/notes-site.yml", "language: [unclosed\n")
    try await sandbox.withPreview { preview in
      let port = preview.port
      let missing = try await RawHTTP.request(port: port, "/folder/note/")
      #expect(missing.status == 404)
      #expect(missing.text.contains("/_notes-site/live-reload.js"))
      try FileManager.default.removeItem(at: sandbox.source.appending(path: "notes-site.yml"))
      #expect(try await Self.waitForVersion(port: port, differentFrom: "0\n") == "1\n")
      #expect(try await RawHTTP.request(port: port, "/folder/note/").status == 200)
    }
  }

  /// Polls the version endpoint for up to 5 s.
  @available(macOS 15, *)
  static func waitForVersion(port: Int, differentFrom old: String) async throws -> String {
    for _ in 0..<50 {
      let current = try await RawHTTP.request(port: port, "/_notes-site/version").text
      if current != old { return current }
      try await Task.sleep(for: .milliseconds(100))
    }
    return old
  }

  // MARK: Base path

  @available(macOS 15, *)
  @Test func siteIsServedUnderTheBasePath() async throws {
    let sandbox = try ServeSandbox()
    defer { sandbox.remove() }
    try await sandbox.withPreview(baseURL: "http://127.0.0.1:8000/sub/") { preview in
      let port = preview.port
      #expect(preview.url == "http://127.0.0.1:\(port)/sub/")
      let page = try await RawHTTP.request(port: port, "/sub/folder/note/")
      #expect(page.status == 200)
      #expect(page.text.contains("<script src=\"/sub/_notes-site/live-reload.js\" defer>"))
      #expect(try await RawHTTP.request(port: port, "/sub/").status == 200)
      #expect(try await RawHTTP.request(port: port, "/sub/_notes-site/live-reload.js").status == 200)
      #expect(try await RawHTTP.request(port: port, "/sub/_notes-site/version").text == "1\n")

      let bare = try await RawHTTP.request(port: port, "/sub")
      #expect(bare.status == 301)
      #expect(bare.headers["location"] == "/sub/")
      for outside in ["/folder/note/", "/", "/subfolder/", "/_notes-site/version"] {
        let response = try await RawHTTP.request(port: port, outside)
        #expect(response.status == 404, "\(outside)")
      }
    }
  }

  // MARK: Request targets

  @available(macOS 15, *)
  @Test func requestTargetsAreDecodedOnce() throws {
    let target = try #require(RequestTarget("/_tags/%E6%96%99%E7%90%86/?since=3&x=%20"))
    #expect(target.segments == ["_tags", "料理"])
    #expect(target.hasTrailingSlash)
    #expect(target.queryValue("since") == "3")
    #expect(target.queryValue("x") == " ")
    #expect(target.queryValue("missing") == nil)
    #expect(RequestTarget("/%252e%252e/")?.segments == ["%2e%2e"])
    #expect(RequestTarget("/")?.segments == [])
    #expect(RequestTarget("/a%2Fb")?.segments == ["a", "b"])
  }
}
