import CCmark
import Foundation

/// Markdown notes: parsed by libcmark, transformed in place by small passes, written by cmark.
public enum Markdown {
  /// Ids the built-in theme gives elements of every page (the detail column, the search
  /// field, the backlinks heading); no heading of a note gets one of them, so a page never
  /// has two elements with one id.
  public static let pageIDs: Set<String> = ["detail", "q", "backlinks-title"]

  /// Pass 1: metadata, references and headings, without rendering.
  public static func analyze(_ body: String, lineOffset: Int = 0) -> NoteAnalysis {
    withPrepared(body, lineOffset: lineOffset, htmlImages: true) { root, source, prepared in
      // As the page shows them: footnote markers are not text, unused footnotes are gone.
      let freed = FootnotePass.run(root, ids: false, backLabel: "", source: source)
      if prepared.bareURLs { AutolinkPass.run(root, source: source) }
      // A paragraph that is one file directive (`{{#include a.rs}}`, VitePress's `<<<`) is
      // a code block on the page, no text of the note's preview or search.
      if body.containsBytes("{{#") || body.containsBytes("<<< ") { IncludePass.droppingDirectiveParagraphs(root) }
      var analysis = NoteAnalyzer.analyze(
        root, source: source, headings: prepared.headings.filter { !freed.contains($0.node) }, tables: prepared.tables)
      analysis.blockIDs = prepared.blocks.map(\.id)
      if source.contains(UInt8(ascii: "<"), UInt8(ascii: "a")) || source.contains(UInt8(ascii: "<"), UInt8(ascii: "A")) {
        analysis.anchors = HTMLAnchors.ids(in: root)
      }
      return analysis
    }
  }

  /// Pass 2: HTML with every reference resolved through `resolver`.
  public static func render(
    _ body: String, options: RenderOptions, resolver: some LinkResolver
  ) -> RenderedNote {
    withPrepared(body, lineOffset: options.lineOffset, htmlImages: !options.unsafeHTML) { root, source, prepared in
      var prepared = prepared
      if let section = options.section { prepared.keepOnly(section: section, of: root) }
      if options.headingIDs { BlockIDPass.anchor(prepared.blocks) }
      let freed = FootnotePass.run(root, ids: options.headingIDs, backLabel: options.footnoteBackLabel, source: source)
      if !freed.isEmpty {
        prepared.headings.removeAll { freed.contains($0.node) }
        prepared.contents.removeAll { freed.contains($0) }
      }
      if prepared.bareURLs { AutolinkPass.run(root, source: source) }
      var context = RenderContext(resolver: resolver, options: options, source: source)
      if !options.includes.isEmpty || body.containsBytes("{{#title") { IncludePass.run(root, context: &context) }
      let found = RenderTargets(root)
      let taken = Markdown.pageIDs.union(prepared.headings.map(\.heading.id)).union(prepared.blocks.map(\.id))
      let inlineTags = RawHTMLPass.run(
        found.html, unsafeHTML: options.unsafeHTML, takenIDs: taken, anchorIDs: options.headingIDs, context: &context)
      LinkPass.run(found.links, context: &context)
      InlineTextPass.run(found.texts, context: &context)
      TaskListPass.run(found.items)
      CalloutPass.run(found.quotes)
      CodeTitlePass.run(found.titledCode)
      // After the passes that split paragraphs (note embeds, callout titles): a tag is kept
      // only where its pair ends up in the same element.
      RawHTMLPass.keepBalanced(inlineTags)
      ContentsPass.fill(
        prepared.contents, headings: prepared.headings, hidden: source.hiddenFromContents,
        label: options.contentsLabel, ids: options.headingIDs, titleHeading: options.titleHeading)
      HeadingPass.run(
        prepared.headings, anchorLabel: options.headingAnchorLabel, ids: options.headingIDs,
        titleHeading: options.titleHeading)
      if context.embedsNotes { HeadingPass.nestEmbeds(root) }
      let html = CmarkDocument.renderHTML(root, unsafe: options.unsafeHTML, hardBreaks: options.hardLineBreaks)
      return RenderedNote(html: html, diagnostics: context.diagnostics)
    }
  }
}

extension Markdown {
  /// Parses `body` (Foam's generated link definitions dropped, see `FoamReferences`; Hugo's
  /// `ref` shortcodes replaced by their paths, see `HugoRefs`, and its other shortcodes read,
  /// see `HugoShortcodes`; MDX's imports, comments and code blocks, see `MDXSyntax`;
  /// DocFX's includes, images and zones, see `DocFXSyntax`; Jekyll's Liquid in links and
  /// its highlight blocks, see `JekyllLiquid`; Pelican's `{filename}` links, see
  /// `PelicanLinks`; attribute lists, see
  /// `AttributeLists`; Logseq's blocks under a heading made a list,
  /// see `LogseqOutline`; Notion's callouts and Docusaurus, GitBook and MkDocs admonitions
  /// made callouts, see `CalloutLines`; footnote definitions kept from cmark's link definitions, see
  /// `FootnotePass.protectDefinitions`; math made literal, see `MathSyntax`) and prepares the
  /// tree, for `analyze` and `render` alike; positions refer to the text cmark read.
  /// `htmlImages`: whether `<img>` tags become Markdown images (see `HTMLImages`): not on a
  /// page that keeps raw HTML as written.
  fileprivate static func withPrepared<Result>(
    _ body: String, lineOffset: Int, htmlImages: Bool, _ work: (CmarkNode, SourceMap, Prepared) -> Result
  ) -> Result {
    let docfx = DocFXSyntax.resolving(
      MDXSyntax.resolving(
        ZolaShortcodes.resolving(HugoShortcodes.resolving(HugoRefs.resolvingRefs(FoamReferences.droppingGenerated(body))))))
    let attributes = AttributeLists.resolving(
      JekyllLiquid.resolving(
        PelicanLinks.resolving(
          ImageSizeSuffix.resolving(MdBookIncludes.embeddingChapters(DataviewFields.resolving(docfx.body))))))
    let (body, asides, unindented) = CalloutLines.blanking(
      CalloutLines.keepingCalloutTitles(LogseqOutline.listingHeadingChildren(attributes.text)))
    let (protected, footnotes) = FootnotePass.protectDefinitions(BackslashMath.resolving(body))
    let codeInWikiLinks = WikiLinkRepair.mayHaveCodeInWikiLinks(protected)
    return MathSyntax.withParsed(protected) { root, text, marks in
      if codeInWikiLinks { WikiLinkRepair.joinCodeInWikiLinks(root) }
      let source = SourceMap(
        text, lineOffset: lineOffset, footnoteBlocks: footnotes.continuations,
        unindented: unindented.merging(footnotes.dedented, uniquingKeysWith: +).merging(docfx.dedented, uniquingKeysWith: +))
      source.hiddenFromContents = attributes.hiddenFromContents
      source.headingIDs = attributes.headingIDs
      CalloutLines.wrap(root, asides)
      if htmlImages, source.mayHoldHTML {
        source.convertsHTML = true
        HTMLImages.convert(root, source: source)
      }
      return work(root, source, Prepared(root, source: source, marks: marks))
    }
  }
}

/// The tree changes that `analyze` and `render` share, so that both read the same note:
/// tables and strikethrough are built, math becomes elements, then headings get their ids.
struct Prepared {
  var headings: [(node: CmarkNode, heading: Heading)]
  var tables: TablePass.Tables
  /// Obsidian block ids (`^id`) and the blocks they name, markers already removed.
  var blocks: [(id: String, block: CmarkNode)]
  /// Whether some text may hold a bare URL (`://` or `www.`), for `AutolinkPass`, which runs
  /// after footnotes.
  var bareURLs = false
  /// Where the note asks for its table of contents, see `ContentsPass`.
  var contents: [CmarkNode] = []

  /// `marks`: what `MathSyntax` marked in the text.
  init(_ root: CmarkNode, source: SourceMap, marks: MathSyntax.Marks) {
    var paragraph: CmarkNode?
    var tableCandidates: [CmarkNode] = []
    var tildeTexts: [CmarkNode] = []
    var headingNodes: [CmarkNode] = []
    var commentTexts: [CmarkNode] = []
    var blockCandidates: [CmarkNode] = []
    var highlights = false
    var carets = false
    var bareURLs = false
    var bracketLinks: [CmarkNode] = []
    var emptyBullets: [CmarkNode] = []
    var definitionCandidates: [CmarkNode] = []
    var roleTexts: [CmarkNode] = []
    var emoji = false
    var logseqTasks = false
    var rawBlocks: [CmarkNode] = []
    var definitionLists = Set<CmarkNode>()
    func collect() {
      root.walk { node, entering in
        switch node.type {
        case CMARK_NODE_PARAGRAPH:
          paragraph = entering ? node : nil
          if !entering, let last = node.lastChild, last.isText, last.literalContains("^") { blockCandidates.append(node) }
        case CMARK_NODE_HEADING:
          if entering { headingNodes.append(node) }
          if entering, node.endLine > node.startLine, node.parent?.type == CMARK_NODE_ITEM {
            emptyBullets.append(node)
          }
        case CMARK_NODE_LINK:
          if entering, WikiLinkRepair.isWikiLinkReadAsLink(node) { bracketLinks.append(node) }
        case CMARK_NODE_CODE_BLOCK:
          // Pandoc's raw block for another format (` ```{=org} `): written only to that format.
          if let info = cmark_node_get_fence_info(node.pointer), info[0] == 0x7B, info[1] == 0x3D { rawBlocks.append(node) }
        case CMARK_NODE_TEXT:
          guard let c = cmark_node_get_literal(node.pointer) else { return }
          // A table's delimiter row is a whole text node of the paragraph: `|`, `-`, `:`, spaces.
          if let p = paragraph, tableCandidates.last != p, strchr(c, 0x7C) != nil,
            strchr(c, 0x2D) != nil, c[strspn(c, "|-: \t")] == 0
          {
            tableCandidates.append(p)
          }
          if c[0] == 0x3A, let p = paragraph, definitionCandidates.last != p,
            node.previous?.type == CMARK_NODE_SOFTBREAK
          {
            definitionCandidates.append(p)
          }
          if strstr(c, "~~") != nil { tildeTexts.append(node) }
          if c[0] != 0, c[strlen(c) - 1] == 0x7D, node.next?.type == CMARK_NODE_CODE { roleTexts.append(node) }
          if strstr(c, "%%") != nil { commentTexts.append(node) }
          if !highlights, strstr(c, "==") != nil { highlights = true }
          if !carets, strstr(c, "^^") != nil { carets = true }
          if !emoji, EmojiShortcodes.mayHold(c) { emoji = true }
          if !logseqTasks, LogseqBlockPass.mayStartTask(c), TaskMarker.startsAnItem(node) { logseqTasks = true }
          if !bareURLs, AutolinkSyntax.mayContain(c) { bareURLs = true }
        default:
          break
        }
      }
    }
    collect()
    for block in rawBlocks { block.remove() }
    rawBlocks = []
    // Comments go first; what they held is gone, so the nodes are collected again.
    if !commentTexts.isEmpty {
      CommentPass.run(root, texts: commentTexts, source: source)
      (paragraph, tableCandidates, tildeTexts, headingNodes, blockCandidates, bracketLinks) = (nil, [], [], [], [], [])
      (emptyBullets, definitionCandidates, roleTexts) = ([], [], [])
      collect()
    }
    // First: a role's name alone is a text node no other list holds, and it may be freed.
    MystRolePass.run(roleTexts, source: source)
    if !emptyBullets.isEmpty {
      let undone = Self.emptySubBullets(emptyBullets, source: source)
      if !undone.isEmpty { headingNodes.removeAll { undone.contains($0) } }
    }
    for link in bracketLinks { WikiLinkRepair.run(link, source: source) }
    AppLinkPass.run(root, source: source)
    // Logseq's hidden block properties, task markers, macros and labelled links; it walks the
    // tree itself, as the rewrites above may have freed what `collect` found.
    let logseq = LogseqBlockPass.run(root, source: source, tasks: logseqTasks)
    if logseq.changed {
      (paragraph, tableCandidates, tildeTexts, headingNodes, blockCandidates, bracketLinks) = (nil, [], [], [], [], [])
      (emptyBullets, definitionCandidates, roleTexts) = ([], [], [])
      collect()
    }
    // What was a link's destination is text now, and may be a bare URL.
    if !bracketLinks.isEmpty { bareURLs = true }
    StrikethroughPass.run(tildeTexts, source: source)
    tables = TablePass.run(tableCandidates, source: source)
    StrikethroughPass.run(tables.tildeTexts, source: source)
    if !definitionCandidates.isEmpty {
      // Not a paragraph that became a table (freed by now: only its pointer is compared).
      let tableParagraphs = Set(tableCandidates)
      let lists = DefinitionListPass.run(definitionCandidates.filter { !tableParagraphs.contains($0) }, source: source)
      if !lists.isEmpty { blockCandidates.removeAll { lists.contains($0) } }
      definitionLists = lists
    }
    // `==highlight==` (Logseq's `^^highlight^^`): rare enough that its text nodes are looked
    // for only when some text has the marker, after tables and strikethrough made theirs;
    // again for each marker, as the first pass splits the texts it rewrites.
    let markers = (highlights ? [(UInt8(ascii: "="), "==")] : []) + (carets ? [(UInt8(ascii: "^"), "^^")] : [])
    for (marker, needle) in markers {
      var texts: [CmarkNode] = []
      root.walk { node, _ in
        if node.isText, let c = cmark_node_get_literal(node.pointer), strstr(c, needle) != nil { texts.append(node) }
      }
      StrikethroughPass.run(texts, source: source, marker: marker, tag: "mark")
    }
    self.bareURLs = bareURLs
    // Marked math is text that no pass above reads as markup; it becomes elements before
    // heading texts are read.
    if marks.math { MathPass.run(root, source: source) }
    if marks.wikiNames { WikiLinkSyntax.restoreNames(in: root) }
    EscapedHashPass.run(root, source: source)
    // After the escaped `#` split, which matches text with its source byte for byte.
    if emoji { EmojiShortcodes.run(root, source: source) }
    KeysPass.run(root, source: source)
    headings = HeadingIDs.headings(headingNodes, given: source.headingIDs)
    // A paragraph that became a table may be freed by now: only its pointer is compared.
    let tableParagraphs = Set(tableCandidates)
    // A paragraph an `id::` named that became a table or a definition list is freed by now.
    blocks = BlockIDPass.run(blockCandidates.filter { !tableParagraphs.contains($0) })
      + logseq.blocks.filter { !tableParagraphs.contains($0.block) && !definitionLists.contains($0.block) }
    contents = ContentsPass.placeholders(root)
  }
}

extension Prepared {
  /// `- Known for?` over a more indented `- ` with nothing after it, as note templates
  /// write an item with an empty sub-item: CommonMark reads the lone `-` as a setext
  /// underline and the item's text as an `h2`, Obsidian as the item and an empty bullet below
  /// it. Such headings (in a list item, underlined by one `-` indented past the item's text)
  /// become that paragraph and an empty list again; returns them, freed.
  static func emptySubBullets(_ headings: [CmarkNode], source: SourceMap) -> Set<CmarkNode> {
    var undone = Set<CmarkNode>()
    for heading in headings where heading.headingLevel == 2 {
      // The underline: the first line after the text that is all `-` (cmark's end line may be
      // the line after it).
      let lines = (heading.startLine + 1)...max(heading.startLine + 1, min(heading.endLine, source.lineCount))
      guard let number = lines.first(where: { number in
        let line = source.line(number).filter { $0 != 0x20 && $0 != 0x09 }
        return !line.isEmpty && line.allSatisfy { $0 == UInt8(ascii: "-") }
      }) else { continue }
      let underline = source.line(number)
      var indent = 0
      for byte in underline {
        guard byte == 0x20 || byte == 0x09 else { break }
        indent += byte == 0x09 ? 4 - indent % 4 : 1
      }
      let rest = underline.dropFirst(underline.prefix { $0 == 0x20 || $0 == 0x09 }.count)
      guard rest.first == UInt8(ascii: "-"), rest.dropFirst().allSatisfy({ $0 == 0x20 || $0 == 0x09 }),
        indent >= heading.startColumn - 1
      else { continue }
      let paragraph = CmarkNode.paragraph()
      heading.insertBefore(paragraph)
      heading.moveChildren(to: paragraph)
      let list = CmarkNode(cmark_node_new(CMARK_NODE_LIST)!)
      cmark_node_set_list_type(list.pointer, CMARK_BULLET_LIST)
      cmark_node_set_list_tight(list.pointer, 1)
      list.append(CmarkNode(cmark_node_new(CMARK_NODE_ITEM)!))
      paragraph.insertAfter(list)
      heading.remove()
      undone.insert(heading)
    }
    return undone
  }

  /// Removes every top-level block outside the section that the heading `id` opens.
  mutating func keepOnly(section id: String, of root: CmarkNode) {
    if var named = blocks.first(where: { $0.id == id })?.block {
      // `![[Note#^id]]`: just that block; a Logseq block (a list item) with its children, in
      // a list of its own.
      if named.type == CMARK_NODE_ITEM {
        let list = CmarkNode(cmark_node_new(CMARK_NODE_LIST)!)
        cmark_node_set_list_type(list.pointer, CMARK_BULLET_LIST)
        cmark_node_set_list_tight(list.pointer, named.parent?.isTightList == true ? 1 : 0)
        root.append(list)
        list.append(named)
        named = list
      } else {
        root.append(named)
      }
      var removed = Set<CmarkNode>()
      var node = root.firstChild
      while let n = node, n != named {
        node = n.next
        n.walk { child, _ in removed.insert(child) }
        n.remove()
      }
      headings.removeAll { removed.contains($0.node) }
      blocks.removeAll { removed.contains($0.block) }
      contents.removeAll { removed.contains($0) }
      return
    }
    guard let start = headings.first(where: { $0.heading.id == id }), start.node.parent == root else { return }
    let level = start.heading.level
    var removed = Set<CmarkNode>()
    var node = root.firstChild
    var inside = false
    while let n = node {
      node = n.next
      if n == start.node {
        inside = true
      } else if inside, n.type == CMARK_NODE_HEADING, n.headingLevel <= level {
        inside = false
      }
      if !inside {
        n.walk { child, _ in removed.insert(child) }
        n.remove()
      }
    }
    headings.removeAll { removed.contains($0.node) }
    blocks.removeAll { removed.contains($0.block) }
    contents.removeAll { removed.contains($0) }
  }
}

/// The nodes that the render passes change, found in one walk of the prepared tree.
struct RenderTargets {
  /// Raw HTML blocks and inlines.
  var html: [CmarkNode] = []
  /// Links and images.
  var links: [CmarkNode] = []
  /// Text nodes outside links and images that may hold wiki links (`[[`) or tags (`#`,
  /// outside headings).
  var texts: [InlineTextPass.Target] = []
  var items: [CmarkNode] = []
  var quotes: [CmarkNode] = []
  /// Code blocks whose info string has a `title=` or a `lang:file`.
  var titledCode: [CmarkNode] = []

  init(_ root: CmarkNode) {
    var linkDepth = 0
    var imageDepth = 0
    var headingDepth = 0
    root.walk { node, entering in
      switch node.type {
      case CMARK_NODE_TEXT:
        guard let c = cmark_node_get_literal(node.pointer) else { return }
        guard linkDepth == 0 else {
          // In a link's text (not an image's description), image embeds only.
          if imageDepth == 0, strstr(c, "![[") != nil {
            texts.append(.init(node: node, wiki: true, tags: false, embedsOnly: true))
          }
          return
        }
        let wiki = strstr(c, "[[") != nil
        let tags = headingDepth == 0 && strchr(c, 0x23) != nil
        if wiki || tags { texts.append(.init(node: node, wiki: wiki, tags: tags)) }
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        if entering { links.append(node) }
        linkDepth += entering ? 1 : -1
        if node.type == CMARK_NODE_IMAGE { imageDepth += entering ? 1 : -1 }
      case CMARK_NODE_HEADING:
        headingDepth += entering ? 1 : -1
      case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
        html.append(node)
      case CMARK_NODE_ITEM:
        if entering { items.append(node) }
      case CMARK_NODE_BLOCK_QUOTE:
        if entering { quotes.append(node) }
      case CMARK_NODE_CODE_BLOCK:
        if let info = cmark_node_get_fence_info(node.pointer),
          strstr(info, "title=") != nil || strchr(info, 0x3A) != nil || strchr(info, 0x2C) != nil || strchr(info, 0x7B) != nil
            || strcmp(info, "math") == 0
            || strchr(info, 0x5B) != nil || strchr(info, 0x3D) != nil || strchr(info, 0x21) != nil
        {
          titledCode.append(node)
        }
      default:
        break
      }
    }
  }
}
