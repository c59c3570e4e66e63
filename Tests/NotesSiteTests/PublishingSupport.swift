import Foundation
import NotesSite

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A parsed XML element: just enough of a DOM to check sitemaps and feeds.
final class XMLNode {
  let name: String
  let namespace: String?
  let attributes: [String: String]
  var children: [XMLNode] = []
  var text = ""

  init(name: String, namespace: String?, attributes: [String: String]) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
  }

  func all(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
  func first(_ name: String) -> XMLNode? { children.first { $0.name == name } }

  /// Parses `data` with Foundation's `XMLParser` (libxml2 underneath); nil when the document
  /// is not well-formed, with the parser's error in `error`.
  static func parse(_ data: Data) -> (root: XMLNode?, error: String?) {
    let parser = XMLParser(data: data)
    parser.shouldProcessNamespaces = true
    let builder = Builder()
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
      return (nil, parser.parserError.map { "\($0)" } ?? "no root element")
    }
    return (root, nil)
  }

  private final class Builder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var stack: [XMLNode] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
      let node = XMLNode(name: elementName, namespace: namespaceURI, attributes: attributeDict)
      if let parent = stack.last { parent.children.append(node) } else { root = node }
      stack.append(node)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
      qualifiedName qName: String?
    ) {
      stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      stack.last?.text += string
    }
  }
}

/// Every URL-valued attribute (`href`, `src`, `action`, `data-base`, `data-index`) of an HTML
/// page, entity-decoded, fragments kept.
func urlAttributes(_ html: String) -> [String] {
  var values: [String] = []
  for attribute in [" href=\"", " src=\"", " action=\"", " data-base=\"", " data-index=\""] {
    var rest = html[...]
    while let r = rest.range(of: attribute) {
      rest = rest[r.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      values.append(decodeEntities(String(rest[..<end])))
    }
  }
  return values
}

/// Identity of a file on disk: inode number and modification time.
struct FileStamp: Equatable {
  var inode: UInt64
  var modified: Date

  static func of(_ url: URL) -> FileStamp? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return FileStamp(inode: inode, modified: modified)
  }
}

extension SiteFixture {
  /// Builds into `output` instead of `_site`.
  func build(into output: URL, baseURL: String? = nil) async -> BuildReport {
    var options = BuildOptions(source: root, output: output, baseURL: baseURL)
    options.strict = false
    return await SiteBuilder.build(options)
  }

  /// Every file of an output folder, relative path → (inode, mtime).
  func stamps(_ output: URL? = nil) -> [String: FileStamp] {
    let folder = (output ?? self.output).standardizedFileURL
    var result: [String: FileStamp] = [:]
    guard
      let walker = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [:] }
    for case let url as URL in walker
    where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
      let relative = String(url.standardizedFileURL.path.dropFirst(folder.path.count + 1))
      result[relative] = FileStamp.of(url)
    }
    return result
  }
}
