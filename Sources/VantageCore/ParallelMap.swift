import Foundation

/// Runs independent work items on every core and returns their results in input order, so
/// what a caller gathers from them never depends on which worker finished first. Used by the
/// folder checks of a rebuild (`OutputFolder+Seal`, `SiteWriter+Back`: one `fstatat` per folder
/// of two trees of 700,000 folders each is bound by the system calls) and by `vantage diff`
/// (reading and hashing the pages of two sites).
public enum ParallelMap {
    /// `transform(0..<count)` computed concurrently, in index order.
    public static func map<Result: Sendable>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, transform(index))
        }
        return slots.values
    }

    /// One slot per item, each written once by one worker and read after all have finished.
    private final class Slots<Value: Sendable>: @unchecked Sendable {
        private var storage: [Value?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Value) {
            lock.lock()
            storage[index] = value
            lock.unlock()
        }
        var values: [Value] { storage.map { $0! } }
    }
}

/// A value worked out on another thread meanwhile; `value` waits for it (the rebuild's
/// fingerprint pass beside the back buffer's check, `SiteBuild+Steps`).
///
/// The work gets a thread of its own, not one of Dispatch's global queue: that queue runs about
/// as many blocks at once as there are cores, so work queued while a `ParallelMap` holds them
/// (the back buffer's check, the viewers) would wait for it to end instead of running beside it.
public final class Concurrent<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    public init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        let thread = Thread { [self] in
            result = work()
            done.leave()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    public var value: Value {
        done.wait()
        return result!
    }
}
