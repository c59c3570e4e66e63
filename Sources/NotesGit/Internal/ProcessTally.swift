import Synchronization

/// Counts the git processes launched for one history. Shared by copies of that history, so a
/// caller can check that loading and reading contents took one process each.
final class ProcessTally: Sendable {
  // `Atomic` needs macOS 15; on older macOS the count simply stays 0.
  private let storage: (any AnyObject & Sendable)?

  init() {
    if #available(macOS 15, *) {
      storage = AtomicCount()
    } else {
      storage = nil
    }
  }

  func recordLaunch() {
    if #available(macOS 15, *), let counter = storage as? AtomicCount {
      counter.value.add(1, ordering: .relaxed)
    }
  }

  var launched: Int {
    if #available(macOS 15, *), let counter = storage as? AtomicCount {
      return counter.value.load(ordering: .relaxed)
    }
    return 0
  }
}

@available(macOS 15, *)
private final class AtomicCount: Sendable {
  let value = Atomic<Int>(0)
}
