import Foundation
import Testing

@testable import NotesCore

/// Heading ids go through `Slug.make` for every heading; its ASCII fast path must agree with the
/// general (NFC, Unicode properties) path.
@Suite struct SlugFastPathTests {
  /// The general path, as `Slug.make` does it for non-ASCII names.
  private func general(_ name: String) -> String {
    let slug = Slug.collapse(name.precomposedStringWithCanonicalMapping.lowercased())
    return slug.isEmpty ? Slug.spelledOut(name) : slug
  }

  @Test func everyASCIICharacterAgreesWithTheGeneralPath() {
    for value in 0..<128 {
      let c = String(UnicodeScalar(UInt8(value)))
      for name in ["a\(c)b", "\(c)x", "X\(c)", "\(c)\(c)9"] {
        #expect(Slug.make(name) == general(name), "\(value)")
      }
    }
  }

  @Test(arguments: ["Section about Roadmap and plans", "  Q1 -- Foundations!  ", "a_b", "+++", ""])
  func headingsLikeNamesAgree(_ name: String) {
    #expect(Slug.asciiSlug(name) == nil || Slug.asciiSlug(name) == general(name))
    #expect(Slug.make(name) == (general(name).isEmpty ? "untitled" : general(name)))
  }
}
