// libFuzzer target: Markdown analysis (wiki links, tags, headings) and rendering with a
// resolver that resolves everything; the HTML must never carry a script URL.
import NotesMarkdown

struct EverythingResolver: LinkResolver {
  func resolve(_ reference: LinkReference) -> LinkResolution {
    switch reference.line % 4 {
    case 0: return .keep
    case 1: return .page(url: "/n/" + reference.target + "/")
    case 2: return .file(url: "/f/" + reference.target, kind: .image)
    default: return .unresolved(message: "missing")
    }
  }
  func tagURL(_ tag: String) -> String { "/_tags/" + tag + "/" }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let analysis = Markdown.analyze(text, lineOffset: 3)
  for r in analysis.references { precondition(r.line >= 4 && r.column >= 1) }
  // mdBook's includes: every other directive reads a small file (with an anchor and an
  // escape-looking line), the rest read nothing.
  var includes: [String: IncludedText] = [:]
  for (i, argument) in MdBookIncludes.arguments(in: text).enumerated() {
    includes[argument] = i % 2 == 0 ? .text("fn main() {}\n// ANCHOR: a\n<script>x</script> \\{{#include y}}") : .missing("no file")
  }
  let rendered = Markdown.render(
    text, options: RenderOptions(sourcePath: "content/Fuzz.md", includes: includes), resolver: EverythingResolver())
  let lower = rendered.html.lowercased()
  precondition(!lower.contains("href=\"javascript:") && !lower.contains("src=\"javascript:"))
  precondition(!lower.contains("<script"))
  // The control characters that keep wiki link names literal never reach the page.
  let codes = { (b: UInt8) in b >= 1 && b <= 7 }
  precondition(text.utf8.contains(where: codes) || !rendered.html.utf8.contains(where: codes))
  // As an embed shows it: no ids at all, and one heading's section.
  let section = analysis.headings.last?.id
  let embedded = Markdown.render(
    text, options: RenderOptions(sourcePath: "content/Fuzz.md", headingIDs: false, section: section),
    resolver: EverythingResolver())
  precondition(!embedded.html.contains(" id=\""))
  return 0
}
