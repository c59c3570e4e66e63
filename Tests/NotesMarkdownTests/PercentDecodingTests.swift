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

  /// Random mixes of the bytes that matter: `%`, hex digits of both cases, other ASCII and
  /// multi-byte characters, some of them escaped.
  @Test func agreesWithFoundationOnRandomText() {
    var generator = SplitMix(seed: 0x5eed)
    let pieces = ["%", "2", "0", "c", "C", "3", "A", "9", "f", "F", "g", "a", "/", " ", "é", "%C3%A9", "%E2%82%AC", "%80", "😀"]
    for _ in 0..<5000 {
      let text = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
      #expect(text.percentDecoded == text.removingPercentEncoding, "\(text.debugDescription)")
    }
  }
}

/// A small deterministic generator, so a failure repeats.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}
