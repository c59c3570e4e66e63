import NotesCore
import Testing

@Suite struct DiagnosticTests {
  @Test func formatsLikeACompiler() {
    let d = Diagnostic.error("unknown note 'Roadmp'", at: SourceLocation(path: "content/Work/Roadmap.md", line: 3, column: 7))
    #expect(d.description == "content/Work/Roadmap.md:3:7: error: unknown note 'Roadmp'")
    #expect(Diagnostic.warning("x", at: SourceLocation(path: "a.md")).description == "a.md: warning: x")
    #expect(Diagnostic.error("bad flag").description == "notes-site: error: bad flag")
  }

  @Test func strictEscalatesWarnings() {
    #expect(Diagnostic.warning("w").escalated.severity == .error)
    #expect([Diagnostic.warning("w")].hasErrors == false)
    #expect([Diagnostic.warning("w"), .error("e")].hasErrors)
  }
}
