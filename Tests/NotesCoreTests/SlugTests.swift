import NotesCore
import Testing

@Suite struct SlugTests {
  @Test(arguments: [
    ("Roadmap", "roadmap"),
    ("Meeting notes", "meeting-notes"),
    ("  Q1 — Foundations!  ", "q1-foundations"),
    ("レシピ", "レシピ"),
    ("個人", "個人"),
    ("Café Crème", "café-crème"),
    ("_private", "private"),
    ("__init__", "init"),
    ("a_b", "a-b"),
    ("clang++", "clang"),
    ("2026-11-29 Daily", "2026-11-29-daily"),
    ("Ünïcödé", "ünïcödé"),
    // Turkish İ lower-cases to i and a combining dot, which the URL does without.
    ("HARİTASI", "haritasi"),
    ("Dosya İşlemleri", "dosya-işlemleri"),
    // A variation selector goes with the emoji it belongs to.
    ("🏷️ Tags", "tags"),
    ("हिन्दी", "हिन्दी"),
  ])
  func slugKeepsLettersAndDigits(name: String, expected: String) {
    #expect(Slug.make(name) == expected)
  }

  @Test func decomposedInputIsNormalised() {
    // "é" written as e + combining acute accent (as macOS file names are).
    #expect(Slug.make("Cafe\u{301}") == Slug.make("Caf\u{E9}"))
  }

  @Test(arguments: ["+++", "!!!", "🎉", "$", "()", "—", "#"])
  func symbolOnlyNamesGetReadableSlugs(name: String) {
    let slug = Slug.make(name)
    #expect(!slug.isEmpty)
    #expect(!slug.hasPrefix("_"))
    #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
    #expect(slug.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
    #expect(Slug.make(name) == slug, "deterministic")
  }

  @Test func spelledOutNamesAreWords() {
    #expect(Slug.make("+") == "plus-sign")
    #expect(Slug.make("🎉") == "party-popper")
    #expect(Slug.spelledOut("clang++") == "plus-sign-plus-sign")
  }

  /// A flag reads as its country's letters; the joiners and skin tones inside an emoji are
  /// not spelled; a long spelling is cut between words, so names that share its start but
  /// not its end stay apart.
  @Test func flagsAndEmojiSequencesSpellReadably() {
    #expect(Slug.make("🇯🇵") == "flag-jp")
    #expect(Slug.make("🇯🇵🇰🇷") == "flag-jp-flag-kr")
    #expect(Slug.make("👩🏽‍💻") == "woman-personal-computer")
    let long = Slug.make("🎉🎉🎉🎉🎉")
    #expect(long.utf8.count <= Slug.maxBytes / 2)
    #expect(long.hasSuffix("party-popper"), "\(long)")
  }
}
