import Foundation
import Testing

@testable import NotesMarkdown

/// Link destinations are percent-decoded by `percentDecoded`, which must give exactly what
/// Foundation's `removingPercentEncoding` gives, nil included.
@Suite struct PercentDecodingTests {
  @Test(arguments: [
    "Meeting%20Notes.md", "%C3%A9t%C3%A9.md", "caf%c3%a9", "%", "%4", "%zz", "abc%", "%%41", "%41%",
    "%C3", "%E2%82", "%ff", "%c0%af", "%ed%a0%80", "%F0%9F%98%80", "%00", "%0a", "ü%20x", "100%25",
    "a%2Fb", "%2e%2E/secret", "plain", "", "%e2%82%ac 5", "%G1",
  ])
  func agreesWithFoundation(_ text: String) {
    #expect(text.percentDecoded == text.removingPercentEncoding)
    #expect(Substring(text).percentDecoded == text.removingPercentEncoding)
  }

  /// Every sequence of three pieces made of the bytes that matter: `%`, hex digits of both
  /// cases, other ASCII and multi-byte characters, some of them escaped.
  @Test func agreesWithFoundationOnEveryShortMix() {
    let pieces = ["%", "2", "0", "c", "C", "3", "A", "9", "f", "g", "/", " ", "é", "%C3%A9", "%E2%82%AC", "%80", "%a9", "😀"]
    for a in pieces {
      for b in pieces {
        for c in pieces {
          let text = a + b + c
          #expect(text.percentDecoded == text.removingPercentEncoding, "\(text.debugDescription)")
        }
      }
    }
  }
}
