/// Markdown notes: parsed by libcmark, transformed in place by small passes, written by cmark.
public enum Markdown {
  /// Pass 1: metadata, references and headings, without rendering.
  public static func analyze(_ body: String, lineOffset: Int = 0) -> NoteAnalysis {
    CmarkDocument.withParsed(body) { root in
      NoteAnalyzer.analyze(root, source: SourceMap(body, lineOffset: lineOffset))
    }
  }

  /// Pass 2: HTML with every reference resolved through `resolver`.
  public static func render(
    _ body: String, options: RenderOptions, resolver: some LinkResolver
  ) -> RenderedNote {
    CmarkDocument.withParsed(body) { root in
      var context = RenderContext(
        resolver: resolver, options: options,
        source: SourceMap(body, lineOffset: options.lineOffset))
      // Ids come from the untouched tree, exactly as `analyze` computes them.
      let headings = HeadingIDs.headings(in: root)
      RawHTMLPass.run(on: root, unsafeHTML: options.unsafeHTML)
      LinkPass.run(on: root, context: &context)
      WikiLinkPass.run(on: root, context: &context)
      TagPass.run(on: root, context: context)
      TaskListPass.run(on: root)
      CalloutPass.run(on: root)
      HeadingPass.run(headings, anchorLabel: options.headingAnchorLabel)
      let html = CmarkDocument.renderHTML(root, unsafe: options.unsafeHTML)
      return RenderedNote(html: html, diagnostics: context.diagnostics)
    }
  }
}
