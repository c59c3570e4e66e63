// libFuzzer target: a note's front matter split and YAML or TOML parse.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let split = FrontMatter.split(text)
  if let header = split.header {
    let (frontMatter, diagnostics) = FrontMatter.parse(header, format: split.format, path: "content/Fuzz.md")
    // Diagnostics must point inside the note.
    for d in diagnostics { if let line = d.location?.line { precondition(line >= 1) } }
    _ = frontMatter
  } else {
    precondition(split.bodyLineOffset == 0)
  }
  return 0
}
