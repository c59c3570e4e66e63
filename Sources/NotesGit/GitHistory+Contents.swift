import Foundation

extension GitHistory {
  /// The file contents at each revision, read through one `git cat-file --batch` process.
  /// Keyed by `Revision.hash + ":" + Revision.path` (`Revision.contentsKey`); a missing blob
  /// is left out, as is a path with a line break, which the batch protocol cannot carry.
  public func contents(of revisions: [Revision]) -> [String: Data] {
    // Sorted and unique so the request, and git's work, is the same on every run.
    let requests = Set(revisions.map(\.contentsKey)).filter { !$0.contains("\n") }.sorted()
    guard !requests.isEmpty else { return [:] }

    var input: [UInt8] = []
    for request in requests {
      input.append(contentsOf: request.utf8)
      input.append(UInt8(ascii: "\n"))
    }
    let arguments = ["-C", contentDirectory.path, "cat-file", "--batch", "--buffer"]
    guard let output = try? git.run(arguments, input: input), output.succeeded else {
      return [:]
    }
    return BatchReader.blobs(in: output.stdout, requests: requests)
  }
}
