// libFuzzer target: URL paths back to routes; a parsed route must print back to a path that
// parses to the same route.
import NotesCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let isFolder: (String) -> Bool = { !$0.isEmpty && $0.count % 2 == 0 }
  let isNote: (String) -> Bool = { !$0.isEmpty && $0.count % 2 == 1 }
  if let route = Route(path: path, isFolder: isFolder, isNote: isNote) {
    let again = Route(path: route.path, isFolder: isFolder, isNote: isNote)
    precondition(
      again == route, "\(path) → \(route) → \(route.path) → \(String(describing: again))")
  }
  return 0
}
