import CCmark
import Foundation

/// mdBook's file directives (see `MdBookIncludes`), with the files' text the site read
/// (`RenderOptions.includes`):
/// - a line of a code block that is `{{#include file.rs:2:10}}` (or `rustdoc_include`,
///   `playground`) is that part of the file; `\{{#include …}}` is the directive as text, as
///   mdBook shows it;
/// - a paragraph that is one directive is a code block of the file, in the language its
///   extension names (`{{#playground a.rs editable}}`: Rust); one of a `.md` file was made
///   that note's embed before the note was parsed (`MdBookIncludes.embeddingChapters`);
/// - a paragraph that is `{{#title …}}` goes (mdBook's title for the browser's tab).
///
/// A file the site could not read leaves the directive as written, with a warning naming it.
enum IncludePass {
  static func run(_ root: CmarkNode, context: inout RenderContext) {
    var code: [CmarkNode] = []
    var paragraphs: [CmarkNode] = []
    root.walk { node, entering in
      guard entering else { return }
      switch node.type {
      case CMARK_NODE_CODE_BLOCK:
        if node.literalContains("{{#") { code.append(node) }
      case CMARK_NODE_PARAGRAPH:
        if directive(ofParagraph: node) != nil { paragraphs.append(node) }
      default:
        break
      }
    }
    for block in code { include(into: block, context: &context) }
    for paragraph in paragraphs { replace(paragraph, context: &context) }
  }

  /// The code block with each directive line replaced by the text it includes.
  private static func include(into block: CmarkNode, context: inout RenderContext) {
    var lines = block.literal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var changed = false
    for (i, line) in lines.enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("\\{{#") {
        // mdBook's escape: the directive shown as written.
        lines[i] = String(line.prefix(line.count - trimmed.count)) + trimmed.dropFirst()
        changed = true
        continue
      }
      guard let (name, argument) = MdBookIncludes.directive(Substring(line)),
        MdBookIncludes.fileDirectives.contains(name)
      else { continue }
      switch context.options.includes[argument] {
      case .text(let text):
        lines[i] = text
        changed = true
      case .missing(let why):
        // The code block's first line is its fence; its text starts on the next.
        let at = context.location(of: block)
        context.warn(why, line: at.line + 1 + i, column: at.column)
      case nil:
        break
      }
    }
    if changed { block.setLiteral(lines.joined(separator: "\n")) }
  }

  /// Removes the paragraphs that are one file directive (for the analysis, whose preview and
  /// search text they are not part of).
  static func droppingDirectiveParagraphs(_ root: CmarkNode) {
    var found: [CmarkNode] = []
    root.walk { node, entering in
      guard entering, node.type == CMARK_NODE_PARAGRAPH, let (name, _) = directive(ofParagraph: node),
        MdBookIncludes.fileDirectives.contains(name) || name == "title"
      else { return }
      found.append(node)
    }
    for node in found { node.remove() }
  }

  /// The directive a paragraph is, when it is one text that is one directive.
  private static func directive(ofParagraph paragraph: CmarkNode) -> (name: Substring, argument: String)? {
    guard let text = paragraph.firstChild, text.type == CMARK_NODE_TEXT, text.next == nil, text.literalContains("{{#")
    else { return nil }
    return MdBookIncludes.directive(Substring(text.literal))
  }

  /// A paragraph that is one directive: the file as a code block, a note's embed, or nothing.
  private static func replace(_ paragraph: CmarkNode, context: inout RenderContext) {
    guard let text = paragraph.firstChild, let (name, argument) = directive(ofParagraph: paragraph) else { return }
    if name == "title" {
      paragraph.remove()
      return
    }
    guard MdBookIncludes.fileDirectives.contains(name) else { return }
    let path = MdBookIncludes.target(of: argument).path
    switch context.options.includes[argument] {
    case .text(let included):
      let block = CmarkNode(cmark_node_new(CMARK_NODE_CODE_BLOCK)!)
      var info = name == "playground" ? "rust" : MdBookIncludes.language(of: path)
      // The playground's options (`editable`, `ignore`) follow the language, as in mdBook.
      if name == "playground" {
        info += argument.drop { !$0.isWhitespace }.split(separator: " ").map { "," + $0 }.joined()
      }
      cmark_node_set_fence_info(block.pointer, info)
      block.setLiteral(included + "\n")
      paragraph.insertBefore(block)
      paragraph.remove()
    case .missing(let why):
      let at = context.location(of: paragraph)
      context.warn(why, line: at.line, column: at.column)
      // VitePress's `<<<` reads as written.
      if name == "snippet" { text.setLiteral("<<< " + argument) }
    case nil:
      if name == "snippet" { text.setLiteral("<<< " + argument) }
    }
  }
}
