import Foundation
import NotesSite
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Hostile strings and the sites built from them. Every payload is placed in every field a user
/// controls; `placements` counts the distinct (field, payload) inputs.
enum HostileCorpus {
  /// Script injection in every shape we know of: markup, attribute breakouts, script URLs with
  /// case, whitespace, control characters and entities, template and XML syntax, odd Unicode.
  static let payloads: [String] = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "\"><script>alert(1)</script>",
    "'><script>alert(1)</script>",
    "\" onmouseover=\"alert(1)",
    "' onfocus='alert(1)' autofocus='",
    "\" autofocus onfocus=alert(1) x=\"",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>",
    "<iframe src=\"javascript:alert(1)\"></iframe>",
    "<object data=\"data:text/html,<script>alert(1)</script>\"></object>",
    "<embed src=\"javascript:alert(1)\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
    "<base href=\"//evil.example/\">",
    "<form action=\"javascript:alert(1)\"><button formaction=\"javascript:alert(1)\">x</button></form>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<a href=\"&#106;avascript:alert(1)\">x</a>",
    "<div style=\"background:url(javascript:alert(1))\">",
    "</title><script>alert(1)</script>",
    "</textarea><script>alert(1)</script>",
    "</script><script>alert(1)</script>",
    "<!--<script>alert(1)</script>-->",
    "<![CDATA[<script>alert(1)</script>]]>",
    "]]><script>alert(1)</script>",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u{01}javascript:alert(1)",
    "&#106;avascript:alert(1)",
    "&#x6A;avascript&colon;alert(1)",
    "javascript&colon;alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "file:///etc/passwd",
    "{{site.title}}{{{html}}}{{> layout}}",
    "{{=<% %>=}}<%site.title%>",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "\u{2028}\u{2029}</script>",
    "\u{202E}gnp.exe",
    "\u{0}\u{1}\u{8}\u{B}\u{1B}[31m",
    "\u{FEFF}\u{200B}zero width",
    "😀<b>emoji</b>",
    "a&b<c>d\"e'f`g",
    "\\\"><script>alert(1)</script>",
  ]

  /// A payload that can be a file or folder name: no `/`, not `.`/`..`, not dot-prefixed, at
  /// most 200 bytes, no NUL.
  static func fileName(_ payload: String) -> String {
    var name = payload.replacingOccurrences(of: "/", with: "∕").replacingOccurrences(
      of: "\u{0}", with: "␀")
    if name.hasPrefix(".") { name = "x" + name }
    while name.utf8.count > 200 { name.removeLast() }
    return name.isEmpty ? "empty" : name
  }

  /// A YAML double-quoted scalar holding exactly `s` (control characters escaped).
  static func yamlQuoted(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\u{2028}": out += "\\L"
      case "\u{2029}": out += "\\P"
      case "\u{FEFF}": out += "\\uFEFF"
      default:
        if c.value < 0x20 || c.value == 0x7F {
          out += String(format: "\\x%02X", c.value)
        } else {
          out.unicodeScalars.append(c)
        }
      }
    }
    return out + "\""
  }

  /// Markdown that puts `payload` into link texts and destinations, images, wiki links, embeds,
  /// tags, raw HTML and plain text (the search index).
  static func markdown(_ payload: String, index: Int) -> String {
    let inline = payload.replacingOccurrences(of: "\n", with: " ")
    let destination =
      "<"
      + inline.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
      + ">"
    return """
      # Heading \(inline)

      Plain text \(inline) for the search index.

      [link text \(inline)](https://example.org/ok) [link \(index)](\(destination)) ![alt \(inline)](\(destination))

      [ref \(index)][r\(index)] <\(inline.filter { $0 != " " && $0 != "<" && $0 != ">" })>

      [r\(index)]: \(destination) "title \(inline.replacingOccurrences(of: "\"", with: "'"))"

      [[\(inline)]] [[Target|\(inline)]] ![[\(inline)]] [[Target#\(inline)]]

      #tag\(index) #\(inline.filter { $0.isLetter || $0.isNumber })\(index)

      \(payload)

      <div>\(payload)</div>

      > \(inline)

      - [ ] \(inline)

      `\(inline)`

      """
  }

  /// Fixed hostile Markdown and script-URL links that do not depend on a payload.
  static let scriptLinks: [String] = [
    "[a](javascript:alert(1))", "[a](JAVASCRIPT:alert(1))", "[a](<javascript :alert(1)>)",
    "[a](&#106;avascript:alert(1))", "[a](java&#x09;script:alert(1))", "[a](vbscript:msgbox(1))",
    "[a](data:text/html,<script>)", "[a](DATA:text/html;base64,xx)",
    "![a](data:image/svg+xml;base64,PHN2Zz4=)",
    "![a](data:image/png;base64,iVBORw0KGgo=)", "[a](%00javascript:alert(1))",
    "<javascript:alert(1)>",
    "<vbscript:msgbox(1)>", "<data:text/html,x>", "[a](\u{1}javascript:alert(1))",
    "[a][js]\n\n[js]: javascript:alert(1)", "[a](//evil.example/x)", "[a](file:///etc/passwd)",
    "[a](../../../../etc/passwd)", "[a](/etc/passwd)", "![a](../../../../etc/passwd)",
    "[[../../../../etc/passwd]]", "![[../../../../etc/passwd]]", "[a](%2e%2e/%2e%2e/etc/passwd)",
    "[a](..%2f..%2fetc%2fpasswd)", "[a](x%00.md)", "[[x%00]]", "[a](C:\\Windows\\win.ini)",
    "[a](\\\\server\\share)", "[[\\..\\..\\x]]",
  ]

  /// Pathological Markdown that must render in bounded time.
  static let pathologicalMarkdown: [String] = [
    String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
    String(repeating: "[[", count: 3_000) + String(repeating: "]]", count: 3_000),
    String(repeating: "*a", count: 5_000) + String(repeating: "a*", count: 5_000),
    String(repeating: "_", count: 10_000),
    String(repeating: "`", count: 10_000),
    String(repeating: "<", count: 10_000),
    String(repeating: "![", count: 3_000),
    String(repeating: "[a](", count: 3_000),
    String(repeating: "#", count: 10_000),
    String(repeating: "|a", count: 3_000) + "\n" + String(repeating: "|-", count: 3_000),
    String(repeating: "> - ", count: 2_000) + "x",
    String(repeating: "&#", count: 5_000),
    String(repeating: "\\", count: 10_000),
    String(repeating: "[x]: /u\n", count: 2_000) + String(repeating: "[x] ", count: 2_000),
    String(repeating: "- [ ] ", count: 1_000) + "x",
    String(repeating: "<!--", count: 5_000),
    String(repeating: "{{", count: 5_000),
    String(repeating: "#a", count: 5_000),
  ]

  /// Payloads the generator accepts as alias paths (others are, rightly, build errors): no
  /// full URLs, `\\`, `?`, `#`, control characters, broken percent-escapes or dot segments.
  static func usableAlias(_ payload: String) -> Bool {
    let segments = payload.split(separator: "/")
    func clean(_ text: Substring) -> Bool {
      !text.unicodeScalars.contains { "/\\?#".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F }
    }
    // A server decodes percent-escapes once, so the decoded segment must be clean too.
    return !segments.isEmpty && !payload.contains("://")
      && segments.allSatisfy { segment in
        guard let decoded = segment.removingPercentEncoding else { return false }
        return clean(segment) && clean(Substring(decoded)) && !decoded.hasPrefix(".")
      }
  }
}

/// A site in its own container directory, so a test can see every file the build created,
/// inside or outside the site.
struct HostileSite {
  let container: URL
  var root: URL { container.appendingPathComponent("site") }
  var output: URL { root.appendingPathComponent("_site") }

  init() throws {
    container = FileManager.default.temporaryDirectory.appendingPathComponent(
      "notes-site-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("content"), withIntermediateDirectories: true)
  }

  func write(_ path: String, _ text: String) throws { try write(path, Data(text.utf8)) }

  func write(_ path: String, _ data: Data) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func build(strict: Bool = false, baseURL: String? = nil) async -> BuildReport {
    var options = BuildOptions(source: root)
    options.strict = strict
    options.baseURL = baseURL
    return await SiteBuilder.build(options)
  }

  /// Every path (files, directories, links) below `url`, relative to it.
  static func tree(_ url: URL) -> Set<String> {
    var result = Set<String>()
    guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
    while let path = walker.nextObject() as? String { result.insert(path) }
    return result
  }

  /// Output files by relative path.
  func outputFiles() -> [String: Data] {
    var files: [String: Data] = [:]
    for path in Self.tree(output) {
      var isDirectory: ObjCBool = false
      let url = output.appendingPathComponent(path)
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[path] = try? Data(contentsOf: url)
      }
    }
    return files
  }

  /// Checks every page, feed, sitemap and JSON file of the output; returns the problems.
  func auditOutput(base: String = "/", origin: String? = nil, maxRedirects: Int = 0) -> [String] {
    var problems: [String] = []
    var redirects = 0
    for (path, data) in outputFiles().sorted(by: { $0.key < $1.key }) {
      if path.hasSuffix(".html") {
        guard let html = String(data: data, encoding: .utf8) else {
          problems.append("\(path): not UTF-8")
          continue
        }
        problems += HostileHTML.violations(in: html, base: base, origin: origin).map {
          "\(path): \($0)"
        }
        if HostileHTML.tags(html).contains(where: {
          $0.name == "meta" && $0.value("http-equiv")?.lowercased() == "refresh"
        }) {
          redirects += 1
        }
      } else if path.hasSuffix(".xml") {
        let parser = XMLParser(data: data)
        if !parser.parse() {
          problems.append(
            "\(path): not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") line \(parser.lineNumber)"
          )
        }
      } else if path.hasSuffix(".json") {
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
          problems.append("\(path): not valid JSON")
        }
      }
    }
    if redirects > maxRedirects {
      problems.append("\(redirects) refresh pages, at most \(maxRedirects) aliases")
    }
    return problems
  }

  /// Paths below the container that are neither the source nor the output (staging leftovers,
  /// files written through `..`).
  /// Files outside what a build may write: the output, and exactly the two files it keeps
  /// beside it (the parse cache and the input fingerprint).
  func strayPaths() -> [String] {
    Self.tree(container).filter { path in
      !(path == "site" || path.hasPrefix("site/content") || path.hasPrefix("site/_site")
        || path.hasPrefix("site/Templates")
        || path == "site/notes-site.yml"
        || path == "site/._site.notes-site-cache" || path == "site/._site.notes-site-input"
        || path == "site/._site.notes-site-html" || path == "site/._site.notes-site-edits")
    }.sorted()
  }

  func remove() { try? FileManager.default.removeItem(at: container) }
}
