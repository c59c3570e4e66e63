// libFuzzer target: the Mustache parser and renderer. The input is split at the first NUL
// into a template and a partial, both of which may reference each other.
import NotesMustache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let cut = bytes.firstIndex(of: 0) ?? size
  let main = String(decoding: bytes[..<cut], as: UTF8.self)
  let partial = cut < size ? String(decoding: bytes[(cut + 1)...], as: UTF8.self) : "{{x}}"
  guard
    let library = try? TemplateLibrary(sources: ["main": main, "p": partial, "layout": partial])
  else { return 0 }
  let value: TemplateValue = .object([
    "x": .string("<&\"'>"), "list": .list([.int(1), .string("two"), .object(["x": .bool(true)])]),
    "t": .bool(true), "f": .bool(false), "n": .null,
  ])
  _ = try? library.render("main", value)
  _ = try? library.render("p", value)
  return 0
}
