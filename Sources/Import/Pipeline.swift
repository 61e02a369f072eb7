import Foundation

/// Two stages on two threads: `produce` (reading and checking records) runs on a worker thread
/// and hands items over in batches through a bounded queue; `consume` (storing them) runs on
/// the calling thread, in the order produced. Memory stays bounded by `depth` batches. An error
/// from either side stops both; the consumer's error wins.
///
/// Items cross threads: the producer never touches an item after emitting it, and the queue's
/// lock orders the hand-over, which is why the boxes below can be `@unchecked Sendable`.
enum Pipeline {
    static func run<Item>(
        batchSize: Int = 256, depth: Int = 8,
        produce: @escaping (_ emit: (Item) -> Bool) throws -> Void,
        consume: (Item) throws -> Void
    ) throws {
        let queue = BatchQueue<Item>(depth: depth)
        let producer = UncheckedBox(produce)
        let thread = Thread {
            var batch: [Item] = []
            batch.reserveCapacity(batchSize)
            do {
                try producer.value { item in
                    batch.append(item)
                    if batch.count >= batchSize {
                        guard queue.put(batch) else { return false }
                        batch.removeAll(keepingCapacity: true)
                    }
                    return true
                }
                if !batch.isEmpty { _ = queue.put(batch) }
                queue.finish(error: nil)
            } catch {
                queue.finish(error: error)
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let batch = try queue.take() {
                for item in batch { try consume(item) }
            }
        } catch {
            queue.cancel()
            queue.waitUntilFinished()
            throw error
        }
    }
}

/// A value handed from one thread to another under a lock.
private final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A bounded FIFO of batches between one producer and one consumer.
private final class BatchQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[Item]] = []
    private var head = 0
    private let depth: Int
    private var finished = false
    private var cancelled = false
    private var failure: Error?

    init(depth: Int) { self.depth = depth }

    /// Blocks while the queue is full; false when the consumer has stopped.
    func put(_ batch: [Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count - head >= depth, !cancelled { condition.wait() }
        if cancelled { return false }
        batches.append(batch)
        condition.broadcast()
        return true
    }

    /// The next batch; nil at the end; rethrows the producer's error once the queue is drained.
    func take() throws -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while head == batches.count, !finished { condition.wait() }
        if head < batches.count {
            let batch = batches[head]
            head += 1
            if head > 64 {
                batches.removeFirst(head)
                head = 0
            }
            condition.broadcast()
            return batch
        }
        if let failure { throw failure }
        return nil
    }

    func finish(error: Error?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
