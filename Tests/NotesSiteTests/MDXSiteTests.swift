import Foundation
import Testing

@testable import NotesSite

/// Docusaurus and Starlight keep pages as `.mdx` files beside `.md` ones.
@Suite struct MDXSiteTests {
  @Test func mdxFilesAreNotesThatLinksFind() async throws {
    let site = try SiteFixture([
      "content/docs/tabs.mdx": """
        ---
        title: Tabs
        ---
        import Tabs from '@theme/Tabs';
        import TabItem from '@theme/TabItem';

        <Tabs>
          <TabItem value="apple" label="Apple">
            An apple.
          </TabItem>
        </Tabs>

        Back to the [intro](./intro.md).
        """,
      "content/docs/intro.md": "# Intro\n\nSee [tabs](./tabs.mdx) and [[tabs]].\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    let tabs = try site.page("docs/tabs")
    #expect(tabs.contains("<h1>Tabs</h1>") && !tabs.contains("import"), "\(tabs)")
    #expect(tabs.contains("<p class=\"callout-title\">Apple</p>\n<p>An apple.</p>"), "\(tabs)")
    #expect(tabs.contains("<a href=\"/docs/intro/\">intro</a>"), "\(tabs)")
    let intro = try site.page("docs/intro")
    #expect(intro.contains("<a href=\"/docs/tabs/\">tabs</a> and <a class=\"wiki-link\" href=\"/docs/tabs/\">tabs</a>"), "\(intro)")
    // The source is a note, not a file published beside it.
    #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("docs/tabs.mdx").path))
  }
}

extension MDXSiteTests {
  /// Docusaurus orders docs by number prefixes it leaves out of their paths, and never makes
  /// a page of a partial (`_name.mdx`), which pages import.
  @Test func numberPrefixesAndPartials() async throws {
    let site = try SiteFixture([
      "content/01-build/12-after-a-build.mdx": "# After a build\n\nSee [signing](../02-signing/ios-signing).\n",
      "content/02-signing/3_ios-signing.md": "# iOS signing\n\nThen [after a build](../build/after-a-build) and [again](../build/after-a-build/).\n",
      "content/02-signing/_need-help.mdx": "Ask on the forum.\n",
      "content/02-signing/notes.md": "# Notes\n\nNot [a prefix](../signing/missing).\n",
    ])
    defer { site.remove() }
    let report = await site.build()
    #expect(report.exitCode == 0)
    // Only the link to a page that does not exist is a warning.
    #expect(report.diagnostics.map(\.message) == ["no note or file at '../signing/missing'"], "\(report.diagnostics)")
    let signing = try site.page("02-signing/3-ios-signing")
    #expect(signing.contains(#"<a href="/01-build/12-after-a-build/">after a build</a>"#), "\(signing)")
    #expect(signing.contains(#"<a href="/01-build/12-after-a-build/">again</a>"#))
    #expect(try site.page("01-build/12-after-a-build").contains(#"<a href="/02-signing/3-ios-signing/">signing</a>"#))
    #expect(!site.exists("02-signing/need-help") && !site.exists("02-signing/_need-help"))
  }
}
