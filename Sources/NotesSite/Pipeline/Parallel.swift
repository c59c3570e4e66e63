import Foundation

/// Maps `items` on all cores: a task group with one task per core-sized chunk, so the number
/// of tasks is bounded by the CPU count, and results come back in input order.
func parallelMap<T: Sendable, R: Sendable>(
  _ items: [T], progress: (@Sendable (Int, Int) -> Void)? = nil,
  _ transform: @escaping @Sendable (T) -> R
) async -> [R] {
  await parallelMap(items, progress: progress, state: {}) { _, item in transform(item) }
}

/// `parallelMap` whose transform also gets `State`, made by `state` once per chunk of items
/// and used by that chunk's items one after another, on one task: a memo that needs no lock.
func parallelMap<T: Sendable, R: Sendable, State>(
  _ items: [T], progress: (@Sendable (Int, Int) -> Void)? = nil,
  state makeState: @escaping @Sendable () -> State,
  _ transform: @escaping @Sendable (inout State, T) -> R
) async -> [R] {
  @Sendable func run(_ chunk: [T]) -> [R] {
    var state = makeState()
    return chunk.map { transform(&state, $0) }
  }
  let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
  if items.count < 2 || cores == 1 { return run(items) }
  // A few chunks per core balances notes of very different sizes.
  // Small enough chunks that a progress bar moves; large enough that tasks stay cheap.
  let chunkSize = max(1, min(256, (items.count + cores * 4 - 1) / (cores * 4)))
  let chunkCount = (items.count + chunkSize - 1) / chunkSize
  return await withTaskGroup(of: (Int, [R]).self) { group in
    var next = 0
    var running = 0
    var results = [[R]](repeating: [], count: chunkCount)
    func start(_ chunk: Int) {
      let range = (chunk * chunkSize)..<min(items.count, (chunk + 1) * chunkSize)
      let slice = Array(items[range])
      group.addTask { (chunk, run(slice)) }
    }
    while next < chunkCount && running < cores {
      start(next)
      next += 1
      running += 1
    }
    var done = 0
    while let (index, chunkResult) = await group.next() {
      results[index] = chunkResult
      done += chunkResult.count
      progress?(done, items.count)
      if next < chunkCount {
        start(next)
        next += 1
      }
    }
    return results.flatMap { $0 }
  }
}

/// `items.map(transform)` on all cores, for synchronous code: chunks of `items` on Dispatch's
/// worker threads, results in input order.
func concurrentMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
  let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
  if items.count < 64 || cores == 1 { return items.map(transform) }
  let chunkSize = max(16, (items.count + cores * 4 - 1) / (cores * 4))
  let chunks = (items.count + chunkSize - 1) / chunkSize
  return withoutActuallyEscaping(transform) { transform in
    Array(unsafeUninitializedCapacity: items.count) { buffer, count in
      nonisolated(unsafe) let base = buffer.baseAddress!
      nonisolated(unsafe) let transform = transform
      nonisolated(unsafe) let items = items
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        for i in (chunk * chunkSize)..<min(items.count, (chunk + 1) * chunkSize) {
          (base + i).initialize(to: transform(items[i]))
        }
      }
      count = items.count
    }
  }
}
