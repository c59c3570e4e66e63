import NotesMustache
import Testing

/// The official spec, one Swift Testing case per spec test, compared byte for byte.
@Suite struct SpecConformanceTests {
  /// Name under which the spec's main template is registered; no spec partial uses it.
  static let templateName = "(spec template)"

  @Test(arguments: SpecCase.all)
  func rendersLikeTheSpec(_ spec: SpecCase) throws {
    var sources = spec.partials
    sources[Self.templateName] = spec.template
    let library = try TemplateLibrary(sources: sources)
    let output = try library.render(Self.templateName, spec.data)
    #expect(output == spec.expected, "\(spec.summary)\ntemplate: \(spec.template.debugDescription)")
  }

  @Test func allSupportedSpecModulesAreLoaded() throws {
    let counts = try SpecCase.modules.map { try SpecCase.load(module: $0).count }
    // comments, delimiters, interpolation, inverted, partials, sections, ~inheritance
    #expect(counts == [12, 14, 42, 22, 12, 34, 27])
    #expect(SpecCase.all.count == 163)
  }
}
