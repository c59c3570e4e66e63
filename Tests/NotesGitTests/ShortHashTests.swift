import Foundation
import Testing

@testable import NotesGit

/// Real repositories almost never share a 7-character prefix, so the lengthening is checked on
/// made-up hashes.
@Suite struct ShortHashTests {
  static func shortHashes(_ hashes: [String]) -> [String] {
    var commits = hashes.map {
      CommitRecord(
        hash: $0, shortHash: "", date: Date(timeIntervalSince1970: 0), author: "A", subject: "S")
    }
    ShortHashes.assign(to: &commits)
    return commits.map(\.shortHash)
  }

  @Test func sharedPrefixesAreLengthenedUntilUnique() {
    let hashes = [
      "abcdef0123456789abcdef0123456789abcdef01",
      "1234567890abcdef1234567890abcdef12345678",
      "abcdef0129999999999999999999999999999999",
      "abcdef0123499999999999999999999999999999",
    ]
    #expect(Self.shortHashes(hashes) == ["abcdef012345", "1234567", "abcdef0129", "abcdef012349"])
  }

  @Test func resultDoesNotDependOnOrder() {
    let hashes = (0..<200).map { index in
      String(format: "%08x", index * 7919 % 997) + String(repeating: "0", count: 32)
    }
    let forward = Self.shortHashes(hashes)
    let backward = Self.shortHashes(hashes.reversed()).reversed()
    #expect(forward == Array(backward))
    #expect(Set(forward).count == Set(hashes).count)
    #expect(forward.allSatisfy { $0.count >= 7 })
  }
}
