import Foundation
import Testing

@testable import NotesSite

/// Link resolution splits extensions without bridging to `NSString` (it runs for every link);
/// it must still agree with `NSString.pathExtension` on every kind of name.
@Suite struct PathExtensionTests {
  @Test(arguments: [
    "Roadmap.md", "Roadmap", "diagram.PNG", "a/b/c.tar.gz", "Work/Projects/Alpha.md", ".hidden",
    "dir/.hidden", "file.", "a.b/c", "a.b/c.d", "dir/", "dir.d/", "/", "", ".", "..", "a/..",
    "Meeting Notes 2.5 ideas", "レシピ.md", "日記/レシピ.markdown", "x..y", "trailing/slashes.md//",
  ])
  func agreesWithNSString(_ path: String) {
    #expect(String(LinkIndex.pathExtension(path)) == (path as NSString).pathExtension)
  }
}
