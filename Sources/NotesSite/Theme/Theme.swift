import Foundation
import NotesCore
import NotesMustache

/// The built-in theme (compiled in from the repo's `Templates/`), with a site's own
/// `Templates/` laid over it file by file.
struct Theme: Sendable {
  /// Relative path (`note.mustache`, `assets/site.css`, `i18n/ja.yml`) → bytes.
  var files: [String: [UInt8]]
  /// Files that came from the site's own `Templates/`.
  var overridden: Set<String>
  var templates: TemplateLibrary

  static var builtinFiles: [String: [UInt8]] {
    BuiltinTheme.files.compactMapValues { Data(base64Encoded: $0).map { [UInt8]($0) } }
  }

  /// Loads the theme; `siteTemplates` is the site's `Templates/` folder, if it exists.
  static func load(siteTemplates: URL) -> (Theme?, [Diagnostic]) {
    var files = builtinFiles
    var overridden = Set<String>()
    var diagnostics: [Diagnostic] = []
    let (tree, scanDiagnostics) = ContentTree.scan(siteTemplates, displayRoot: "Templates")
    if FileManager.default.fileExists(atPath: siteTemplates.path) {
      diagnostics += scanDiagnostics
      for entry in tree.files {
        do {
          files[entry.path] = [UInt8](try Data(contentsOf: siteTemplates.appendingPathComponent(entry.path)))
          overridden.insert(entry.path)
        } catch {
          diagnostics.append(.error("cannot read template: \(SiteLoader.describe(error))", at: SourceLocation(path: "Templates/" + entry.path)))
        }
      }
    }
    var sources: [String: String] = [:]
    for (path, bytes) in files where path.hasSuffix(".mustache") {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        diagnostics.append(.error("template is not valid UTF-8", at: SourceLocation(path: "Templates/" + path)))
        continue
      }
      sources[String(path.dropLast(".mustache".count))] = text
    }
    do {
      let library = try TemplateLibrary(sources: sources)
      return (Theme(files: files, overridden: overridden, templates: library), diagnostics)
    } catch {
      diagnostics.append(templateDiagnostic(error, overridden: overridden))
      return (nil, diagnostics)
    }
  }

  /// A template error as a diagnostic naming the file a user can open.
  static func templateDiagnostic(_ error: MustacheError, overridden: Set<String>) -> Diagnostic {
    let file = error.template + ".mustache"
    let path = overridden.contains(file) ? "Templates/" + file : "Templates/" + file + " (built-in)"
    return .error(error.message, at: SourceLocation(path: path, line: error.line, column: error.column))
  }

  /// Renders and hands the bytes to `body` without copying them out of the renderer.
  func withRendered<R>(
    _ name: String, _ data: TemplateValue, cache: RenderCache?, capacity: Int,
    _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) throws(Diagnostic) -> R {
    do {
      return try templates.withRendered(name, data, cache: cache, capacity: capacity, body)
    } catch {
      throw Theme.templateDiagnostic(error, overridden: overridden)
    }
  }

  func render(_ name: String, _ data: TemplateValue) throws(Diagnostic) -> String {
    do {
      return try templates.render(name, data)
    } catch {
      throw Theme.templateDiagnostic(error, overridden: overridden)
    }
  }

  /// Theme assets with content-hashed names for long cache lifetimes:
  /// `assets/site.css` → `_assets/site.3f9a0c1d.css`.
  var assets: [(logical: String, path: String, bytes: [UInt8])] {
    files.keys.filter { $0.hasPrefix("assets/") }.sorted().map { key in
      let bytes = files[key]!
      let name = String(key.dropFirst("assets/".count))
      let ext = (name as NSString).pathExtension
      let stem = (name as NSString).deletingPathExtension
      let hash = String(ContentHash.fnv1a(bytes) & 0xffff_ffff, radix: 16)
      let hashed = ext.isEmpty ? "\(stem).\(hash)" : "\(stem).\(hash).\(ext)"
      return (name, "_assets/" + hashed, bytes)
    }
  }
}

/// A fast, stable (not per-process seeded) 64-bit hash for change detection.
enum ContentHash {
  /// For large buffers (every page a build writes): four independent lanes over 32-byte
  /// blocks, so the processor works on them side by side, then the tail with `fnv1a`.
  static func wide(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let k: UInt64 = 0x9e37_79b9_7f4a_7c15
    var (a, b, c, d): (UInt64, UInt64, UInt64, UInt64) = (
      0xcbf2_9ce4_8422_2325, 0xbf58_476d_1ce4_e5b9, 0x94d0_49bb_1331_11eb, 0x2545_f491_4f6c_dd1d
    )
    let blocks = bytes.count / 32
    if let base = bytes.baseAddress, blocks > 0 {
      let raw = UnsafeRawPointer(base)
      for i in 0..<blocks {
        let o = i * 32
        a = (a ^ raw.loadUnaligned(fromByteOffset: o, as: UInt64.self)) &* k
        b = (b ^ raw.loadUnaligned(fromByteOffset: o + 8, as: UInt64.self)) &* k
        c = (c ^ raw.loadUnaligned(fromByteOffset: o + 16, as: UInt64.self)) &* k
        d = (d ^ raw.loadUnaligned(fromByteOffset: o + 24, as: UInt64.self)) &* k
        a ^= a >> 29
        b ^= b >> 29
        c ^= c >> 29
        d ^= d >> 29
      }
    }
    var hash = fnv1a(UnsafeBufferPointer(rebasing: bytes[(blocks * 32)...]))
    for lane in [a, b, c, d] {
      hash = (hash ^ lane) &* k
      hash ^= hash >> 32
    }
    return hash ^ UInt64(bytes.count)
  }

  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { fnv1a($0) }
  }

  /// FNV-1a over 8-byte words (then the tail byte by byte): the same input always gives the
  /// same hash, at memory speed rather than byte-loop speed.
  static func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let prime: UInt64 = 0x0000_0100_0000_01b3
    let words = bytes.count / 8
    if let base = bytes.baseAddress, words > 0 {
      let raw = UnsafeRawPointer(base)
      for i in 0..<words {
        hash ^= raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
        hash &*= prime
        hash ^= hash >> 29
      }
    }
    for byte in bytes[(words * 8)...] {
      hash ^= UInt64(byte)
      hash &*= prime
    }
    return hash ^ UInt64(bytes.count)
  }
}
