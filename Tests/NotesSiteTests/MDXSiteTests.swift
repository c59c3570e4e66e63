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
