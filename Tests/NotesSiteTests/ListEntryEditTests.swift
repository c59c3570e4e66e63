import Testing

@testable import NotesSite

/// The pieces an update in place uses to change a note's entry in notes lists: finding the
/// entry's line on a page, making the new line from the old one, and trusting only paths
/// inside the output. Whole-build comparisons (`InPlaceUpdateTests`) check them end to end;
/// these check what each refuses.
@Suite struct ListEntryEditTests {
  static let pinned =
    "<li class=\"pinned\"><a href=\"/work/plan/\"><span class=\"title\">Plan &amp; more</span><span class=\"meta\">"
    + "<time datetime=\"2026-11-01T00:00:00Z\">Nov 1, 2026</time> <span class=\"badge\">Pinned</span>"
    + " <span class=\"tasks\">☑ 1/2</span></span><span class=\"preview\">Old words</span></a></li>\n"

  static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
  static func text(_ b: [UInt8]?) -> String? { b.map { String(decoding: $0, as: UTF8.self) } }

  @Test func anEntryGetsTheNewPreviewAndTaskCountsAndKeepsTheRest() {
    let new = Self.text(SiteBuilder.entry(Self.bytes(Self.pinned), tasks: "2/2", preview: "New <words> & more"))
    #expect(
      new
        == "<li class=\"pinned\"><a href=\"/work/plan/\"><span class=\"title\">Plan &amp; more</span><span class=\"meta\">"
        + "<time datetime=\"2026-11-01T00:00:00Z\">Nov 1, 2026</time> <span class=\"badge\">Pinned</span>"
        + " <span class=\"tasks\">☑ 2/2</span></span><span class=\"preview\">New &lt;words&gt; &amp; more</span></a></li>\n")
  }

  @Test func taskCountsAndPreviewCanComeAndGo() {
    let bare = "<li><a href=\"/a/\"><span class=\"title\">A</span><span class=\"meta\"><time datetime=\"x\">Today</time></span></a></li>\n"
    #expect(
      Self.text(SiteBuilder.entry(Self.bytes(bare), tasks: "0/1", preview: "Hi"))
        == "<li><a href=\"/a/\"><span class=\"title\">A</span><span class=\"meta\"><time datetime=\"x\">Today</time>"
        + " <span class=\"tasks\">☑ 0/1</span></span><span class=\"preview\">Hi</span></a></li>\n")
    let gone = Self.text(SiteBuilder.entry(Self.bytes(Self.pinned), tasks: "", preview: ""))
    #expect(gone?.hasSuffix("<span class=\"badge\">Pinned</span></span></a></li>\n") == true)
  }

  @Test(arguments: [
    // Not laid out as the built-in template lays an entry out: left alone.
    "<li><a href=\"/a/\"><span class=\"title\">A</span></a></li>\n",
    "<li><a href=\"/a/\"><time>1</time> <span class=\"extra\">x</span></span></a></li>\n",
    "<li><a href=\"/a/\"><time>1</time></span><span class=\"preview\">p</span><em>more</em></a></li>\n",
  ])
  func anEntryOfAnotherShapeIsRefused(line: String) {
    #expect(SiteBuilder.entry(Self.bytes(line), tasks: "", preview: "p") == nil)
  }

  @Test func theEntryLineIsFoundOnlyWhenItIsOneWholeEntry() {
    let page = "<ol class=\"note-list\">\n" + Self.pinned + "<li><a href=\"/b/\">…</a></li>\n</ol>\n"
    #expect(Self.text(SiteBuilder.entryLine(in: Self.bytes(page), opening: "<a href=\"/work/plan/\">")) == Self.pinned)
    // Twice on the page, or not at the start of an entry: no line.
    #expect(SiteBuilder.entryLine(in: Self.bytes(page + Self.pinned), opening: "<a href=\"/work/plan/\">") == nil)
    let inText = "<p>See <a href=\"/work/plan/\">Plan</a></p>\n"
    #expect(SiteBuilder.entryLine(in: Self.bytes(inText), opening: "<a href=\"/work/plan/\">") == nil)
  }

  @Test func onlyPathsInsideTheOutputAreTrusted() {
    for path in ["index.html", "404.html", "work/_page/2/index.html", "_tags/plan/index.html"] {
      #expect(SiteBuilder.isOutputPath(path), "\(path)")
    }
    for path in ["", "/etc/passwd", "../outside/index.html", "work/../../x", "work//index.html", "./index.html", "a\u{0}b"] {
      #expect(!SiteBuilder.isOutputPath(path), "\(path)")
    }
  }
}
