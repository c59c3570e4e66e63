import Foundation

/// A one-line progress bar on standard error, only when it is a terminal; long builds show
/// how far they got, and CI logs stay clean.
enum ProgressBar {
  static func draw(_ done: Int, _ total: Int) {
    // Small sites finish before a bar would be worth seeing.
    guard total >= 2_000 else { return }
    let width = 30
    let filled = total == 0 ? width : done * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
    FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) pages".utf8))
  }

  static func clear() {
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}
