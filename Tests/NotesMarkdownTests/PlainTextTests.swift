import Testing

@testable import NotesMarkdown

/// Whitespace collapsing works on UTF-8 bytes with a fast path for runs of visible ASCII; it
/// must give what collapsing Unicode whitespace scalar by scalar gives.
@Suite struct PlainTextTests {
  /// The plain definition: runs of White_Space become one space (or, keeping lines, one line
  /// break when they hold a line feed), nothing at either end.
  private func reference(_ text: String, keepingLines: Bool) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    var pendingLine = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && keepingLines {
        pendingLine = !out.isEmpty
        pendingSpace = false
      } else if scalar.properties.isWhitespace {
        pendingSpace = !pendingLine
      } else {
        if pendingLine {
          out.append("\n")
        } else if pendingSpace && !out.isEmpty {
          out.append(" ")
        }
        pendingSpace = false
        pendingLine = false
        out.append(scalar)
      }
    }
    return String(out)
  }

  @Test(arguments: [
    "", "   ", "plain words", "  lead and trail  ", "tabs\tand\u{0B}vertical\u{0C}feeds\r\nline",
    "a\n\n\nb \n c", "no\u{A0}break\u{2003}em\u{3000}ideographic\u{1680}ogham\u{205F}math",
    "controls\u{01}\u{1F}\u{7F}stay", "café — naïve 東京 🙂👍🏽 end", "\u{85}next line\u{2028}sep\u{2029}",
    "x" + String(repeating: " ", count: 100) + "y", "mixed ASCII\u{A0}\u{A0}and non", "\n\nstart",
  ])
  func collapsingAgreesWithTheScalarDefinition(text: String) {
    #expect(PlainText.collapsingWhitespace(text) == reference(text, keepingLines: false))
    #expect(PlainText.collapsingWhitespaceByLine(text) == reference(text, keepingLines: true))
  }

  @Test func everyASCIIByteNextToWordsAgrees() {
    for value in 0..<128 {
      let c = String(UnicodeScalar(UInt8(value)))
      for text in ["a\(c)b", "\(c)x", "X\(c)", "\(c)\(c)9 \(c)"] {
        #expect(PlainText.collapsingWhitespace(text) == reference(text, keepingLines: false), "\(value)")
        #expect(PlainText.collapsingWhitespaceByLine(text) == reference(text, keepingLines: true), "\(value)")
      }
    }
  }
}
