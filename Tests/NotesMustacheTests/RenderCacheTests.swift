import NotesMustache
import Testing

/// Reused renderings of `.reusable` values come out exactly as fresh ones would, on every
/// page, whatever the page around them defines.
@Suite struct RenderCacheTests {
  /// Every object and list entry in `value` marked reusable, numbered in visiting order so the
  /// same data always gets the same ids.
  private static func markReusable(_ value: TemplateValue, next: inout Int) -> TemplateValue {
    switch value {
    case .object(let members):
      var marked: [String: TemplateValue] = [:]
      for key in members.keys.sorted() { marked[key] = markReusable(members[key]!, next: &next) }
      next += 1
      return .reusable(id: next, .object(marked))
    case .list(let items):
      return .list(items.map { item in
        let inner = markReusable(item, next: &next)
        if case .reusable = inner { return inner }
        next += 1
        return .reusable(id: next, inner)
      })
    default:
      return value
    }
  }

  /// A spec case's templates, and its data with every object and list entry reusable.
  private static func prepared(_ spec: SpecCase) throws -> (TemplateLibrary, TemplateValue) {
    var sources = spec.partials
    sources[SpecConformanceTests.templateName] = spec.template
    var next = 0
    return (try TemplateLibrary(sources: sources), markReusable(spec.data, next: &next))
  }

  /// The whole spec, with every object and list entry reusable, rendered three times through
  /// one cache: the later renderings are assembled from stored pieces wherever the cache
  /// allows, and must still match the spec byte for byte.
  @Test(arguments: SpecCase.all)
  func specCasesRenderTheSameFromTheCache(_ spec: SpecCase) throws {
    let (library, data) = try Self.prepared(spec)
    let cache = RenderCache(shared: [:])
    for round in 1...3 {
      var bytes: [UInt8] = []
      try library.render(SpecConformanceTests.templateName, data, cache: cache, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == spec.expected, "round \(round)")
    }
  }

  /// The same through an exclusive copy of a cache with a shared root: the copy has the root
  /// (copied), none of the original's renderings, and renders the spec alike.
  @Test(arguments: SpecCase.all)
  func specCasesRenderTheSameFromAnExclusiveCopy(_ spec: SpecCase) throws {
    let (library, data) = try Self.prepared(spec)
    let original = RenderCache(shared: [:])
    var bytes: [UInt8] = []
    try library.render(SpecConformanceTests.templateName, data, cache: original, into: &bytes)
    let copy = original.exclusiveCopy()
    #expect(copy.count == 0)
    for round in 1...2 {
      bytes = []
      try library.render(SpecConformanceTests.templateName, data, cache: copy, into: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == spec.expected, "round \(round)")
    }
    #expect(copy.count == original.count)
  }

  @Test func anExclusiveCopyKeepsTheSharedRoot() throws {
    let library = try TemplateLibrary(sources: ["page": "{{#items}}<b>{{name}}</b> {{label}};{{/items}}"])
    let copy = RenderCache(shared: ["label": "shared"]).exclusiveCopy()
    let data: TemplateValue = ["items": Self.items]
    #expect(try page(library, data, copy) == "<b>n1</b> shared;<b>n2</b> shared;<b>n3</b> shared;")
    #expect(try page(library, data, copy) == "<b>n1</b> shared;<b>n2</b> shared;<b>n3</b> shared;")
    #expect(copy.count == 3)
  }

  /// A list with a negative id is kept only until the next one of its section: a note's
  /// pages reuse their list, and ten thousand notes' lists do not pile up in memory.
  @Test func aTransientListIsKeptUntilTheNextOne() throws {
    let library = try TemplateLibrary(sources: ["page": "{{#items}}<b>{{name}}</b>{{/items}}"])
    let exclusive = RenderCache(shared: [:]).exclusiveCopy()
    func items(_ names: [String]) -> TemplateValue { .list(names.map { ["name": .string($0)] }) }
    #expect(try page(library, ["items": .reusable(id: -1, items(["a", "b"]))], exclusive) == "<b>a</b><b>b</b>")
    // The same id promises the same list: what was rendered for it is what comes out.
    #expect(try page(library, ["items": .reusable(id: -1, items(["x"]))], exclusive) == "<b>a</b><b>b</b>")
    #expect(exclusive.count == 1)
    #expect(try page(library, ["items": .reusable(id: -2, items(["c"]))], exclusive) == "<b>c</b>")
    #expect(exclusive.count == 1)
    // -1 is gone: rendered again.
    #expect(try page(library, ["items": .reusable(id: -1, items(["d"]))], exclusive) == "<b>d</b>")
    // A cache shared by many renderings keeps none.
    let shared = RenderCache(shared: [:])
    #expect(try page(library, ["items": .reusable(id: -1, items(["a"]))], shared) == "<b>a</b>")
    #expect(try page(library, ["items": .reusable(id: -1, items(["y"]))], shared) == "<b>y</b>")
    #expect(shared.count == 0)
  }

  private func page(_ library: TemplateLibrary, _ data: TemplateValue, _ cache: RenderCache) throws -> String {
    var bytes: [UInt8] = []
    try library.render("page", data, cache: cache, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let items: TemplateValue = .list((1...3).map { i in
    .reusable(id: i, ["name": .string("n\(i)"), "url": .string("/n\(i)/")])
  })

  @Test func entriesAreRenderedOnceAndReusedOnOtherPages() throws {
    let library = try TemplateLibrary(sources: [
      "page": "<h1>{{title}}</h1><ul>{{#items}}<li><a href=\"{{url}}\">{{name}}</a> {{label}}</li>{{/items}}</ul>"
    ])
    let cache = RenderCache(shared: ["label": "shared"])
    let first = try page(library, ["title": "A", "items": Self.items], cache)
    #expect(cache.count == 3)
    let second = try page(library, ["title": "B", "items": Self.items], cache)
    #expect(cache.count == 3)
    #expect(first == #"<h1>A</h1><ul><li><a href="/n1/">n1</a> shared</li><li><a href="/n2/">n2</a> shared</li><li><a href="/n3/">n3</a> shared</li></ul>"#)
    #expect(second == first.replacingOccurrences(of: "<h1>A</h1>", with: "<h1>B</h1>"))
  }

  @Test func aPageThatShadowsASharedNameGetsItsOwnValue() throws {
    let library = try TemplateLibrary(sources: ["page": "{{#items}}{{name}}:{{label}} {{/items}}"])
    let cache = RenderCache(shared: ["label": "shared"])
    #expect(try page(library, ["items": Self.items], cache) == "n1:shared n2:shared n3:shared ")
    // This page defines `label` itself: the stored entries looked `label` up in the shared
    // root, so they must not be reused here.
    #expect(try page(library, ["items": Self.items, "label": "page"], cache) == "n1:page n2:page n3:page ")
    #expect(try page(library, ["items": Self.items], cache) == "n1:shared n2:shared n3:shared ")
  }

  @Test func aShadowingSectionAroundTheListIsSeenToo() throws {
    let library = try TemplateLibrary(sources: ["page": "{{#outer}}{{#items}}{{name}}:{{label}} {{/items}}{{/outer}}"])
    let cache = RenderCache(shared: ["label": "shared"])
    #expect(try page(library, ["items": Self.items, "outer": true], cache) == "n1:shared n2:shared n3:shared ")
    #expect(try page(library, ["items": Self.items, "outer": ["label": "section"]], cache) == "n1:section n2:section n3:section ")
  }

  @Test func entriesThatReadThePageAreNeverStored() throws {
    let library = try TemplateLibrary(sources: ["page": "{{#items}}{{name}}@{{title}} {{/items}}"])
    let cache = RenderCache(shared: [:])
    #expect(try page(library, ["items": Self.items, "title": "A"], cache) == "n1@A n2@A n3@A ")
    #expect(try page(library, ["items": Self.items, "title": "B"], cache) == "n1@B n2@B n3@B ")
    #expect(cache.count == 0)
  }

  @Test func aNameFoundNowhereIsCheckedOnReuse() throws {
    let library = try TemplateLibrary(sources: ["page": "{{#items}}{{name}}[{{missing}}] {{/items}}"])
    let cache = RenderCache(shared: [:])
    #expect(try page(library, ["items": Self.items], cache) == "n1[] n2[] n3[] ")
    #expect(try page(library, ["items": Self.items, "missing": "x"], cache) == "n1[x] n2[x] n3[x] ")
  }

  @Test func nestedReusableValuesAndIndentedPartials() throws {
    let tree: TemplateValue = .list([
      .reusable(id: 1, ["name": "a", "children": .list([.reusable(id: 2, ["name": "b", "children": []])])]),
    ])
    let library = try TemplateLibrary(sources: [
      "page": "<ul>\n  {{> item}}\n</ul>\n{{#tree}}\n    {{> item}}\n{{/tree}}\n",
      "item": "{{#tree}}\n<li>{{name}}\n{{#children}}\n  <i>{{name}}</i>\n{{/children}}\n</li>\n{{/tree}}\n",
    ])
    let uncached = try library.render("page", ["tree": tree])
    let cache = RenderCache(shared: [:])
    for _ in 1...3 {
      #expect(try page(library, ["tree": tree], cache) == uncached)
    }
    #expect(cache.count > 0)
  }

  @Test func entriesAreSharedAcrossPageTemplatesUnlessTheyIncludeBlocks() throws {
    // Two page templates fill the layout's blocks differently. An entry that includes
    // nothing renders the same under both and is stored once; one whose partial reads a
    // block must come out the way each page's block says.
    let library = try TemplateLibrary(sources: [
      "layout": "{{$head}}{{/head}}|{{#items}}<{{name}}>{{/items}}|{{#items}}[{{> item}}]{{/items}}",
      "item": "{{name}}{{$mark}}-{{/mark}}",
      "a": "{{<layout}}{{$head}}A{{/head}}{{$mark}}!{{/mark}}{{/layout}}",
      "b": "{{<layout}}{{$head}}B{{/head}}{{/layout}}",
    ])
    let cache = RenderCache(shared: [:])
    func render(_ name: String) throws -> String {
      var bytes: [UInt8] = []
      try library.render(name, ["items": Self.items], cache: cache, into: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    for _ in 1...2 {
      #expect(try render("a") == "A|<n1><n2><n3>|[n1!][n2!][n3!]")
      #expect(try render("b") == "B|<n1><n2><n3>|[n1-][n2-][n3-]")
    }
    // Three plain entries shared by both pages, three with a partial for each page.
    #expect(cache.count == 9)
  }
}
