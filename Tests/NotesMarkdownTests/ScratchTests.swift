import Testing
@testable import NotesMarkdown

@Suite struct Scratch {
  @Test func dump() {
    let md = """
    # Title

    See [link](Roadmap.md) and [[Work/Alpha|the alpha]] \\| x #tag and [bad](Nope.md)
    > quote [x](y.md) [[Ideas]]
    > more ![i](diagram.png) 概要 [z](w.md)

    - [ ] task [[x|y]]
    - [x] done #done
      - nested

    ## 概要

    > [!warning]- Watch *out*
    > body

    ![[Ideas]]

    ![[diagram.png|300]] ![[spec.pdf]] ![[talk.mp3]] ![[demo.mp4|100x200]] ![[data.csv]]

    `[[x]] #y` <b>raw</b> [[#概要]]
    """
    let r = render(md, lineOffset: 3)
    print(r.html)
    for d in r.diagnostics { print(d) }
    let a = Markdown.analyze(md, lineOffset: 3)
    print(a)
  }
}
