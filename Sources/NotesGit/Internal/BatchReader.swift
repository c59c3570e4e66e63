import Foundation

/// Reads the answers of `git cat-file --batch`, one per request line, in request order:
/// `<oid> <type> <size>\n<bytes>\n` for an object, `<request> missing\n` (or `ambiguous`)
/// otherwise.
enum BatchReader {
  static func blobs(in output: [UInt8], requests: [String]) -> [String: Data] {
    var blobs: [String: Data] = [:]
    var position = 0
    for request in requests {
      guard let lineEnd = output[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      let line = output[position..<lineEnd]
      position = lineEnd + 1
      // Checked first: the request itself may contain spaces.
      if line.starts(with: request.utf8) { continue }
      let header = line.split(separator: UInt8(ascii: " "))
      guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
        size >= 0, position + size < output.count
      else { break }  // Not the protocol we know: keep what was read.
      // Trees and commits (a submodule at that path) have a body too, which is skipped.
      if header[1].elementsEqual("blob".utf8) {
        blobs[request] = Data(output[position..<position + size])
      }
      position += size + 1
    }
    return blobs
  }
}
