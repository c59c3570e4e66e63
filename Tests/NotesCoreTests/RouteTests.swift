import NotesCore
import Testing

@Suite struct RouteTests {
  let folders: Set<String> = ["work", "work/projects", "個人", "notes"]
  let notes: Set<String> = ["work/roadmap", "work/projects/alpha", "個人/レシピ", "notes/inbox", "work/history"]

  func parse(_ path: String) -> Route? {
    Route(path: path, isFolder: folders.contains, isNote: notes.contains)
  }

  static let routes: [Route] = [
    .home, .search,
    .folder("work", page: 1), .folder("work", page: 3), .folder("個人", page: 1),
    .folder("work/projects", page: 2),
    .note("work/roadmap"), .note("個人/レシピ"), .note("work/history"),
    .noteDetail("work/roadmap", .attachments),
    .noteDetail("work/roadmap", .attachment("diagram.png")),
    .noteDetail("work/roadmap", .history),
    .noteDetail("work/roadmap", .revision("a1b2c3d")),
    .noteDetail("work/projects/alpha", .collaborators),
    .noteDetail("work/history", .history),
    .tag("planning", page: 1), .tag("project/alpha", page: 2), .tag("旅行", page: 1),
  ]

  @Test(arguments: routes)
  func roundTrip(route: Route) {
    #expect(parse(route.path) == route)
  }

  @Test func urls() {
    #expect(Route.home.path == "")
    #expect(Route.folder("work", page: 1).path == "work/")
    #expect(Route.folder("work", page: 2).path == "work/_page/2/")
    #expect(Route.noteDetail("個人/レシピ", .revision("abc1234")).path == "個人/レシピ/history/abc1234/")
    #expect(Route.tag("project/alpha", page: 1).path == "_tags/project/alpha/")
  }

  @Test(arguments: [
    "work", "nope/", "work/roadmap/history/a/b/", "work/_page/1/", "work/_page/x/",
    "work/_page/02/", "work/roadmap/edit/", "work//roadmap/", "ghost/history/",
  ])
  func staleOrMalformedURLsAreRejected(path: String) {
    #expect(parse(path) == nil)
  }

  @Test func compactColumnsAndParents() {
    let folderOf: (String) -> String = { id in String(id.split(separator: "/").dropLast().joined(separator: "/")) }
    #expect(Route.home.compactColumn == .folders)
    #expect(Route.folder("work", page: 1).compactColumn == .notes)
    #expect(Route.note("work/roadmap").compactColumn == .detail)
    #expect(Route.note("work/roadmap").parent(folderOfNote: folderOf) == .folder("work", page: 1))
    #expect(Route.noteDetail("work/roadmap", .revision("a")).parent(folderOfNote: folderOf) == .noteDetail("work/roadmap", .history))
    #expect(Route.noteDetail("work/roadmap", .history).parent(folderOfNote: folderOf) == .note("work/roadmap"))
    #expect(Route.folder("work", page: 1).parent(folderOfNote: folderOf) == .home)
    // A nested folder goes back to its parent folder, whatever list page it is on.
    #expect(Route.folder("work/projects/old", page: 3).parent(folderOfNote: folderOf) == .folder("work/projects", page: 1))
  }
}
