import Foundation

/// Reading on several threads, storing on one, in input order. `cut` splits the input into
/// batches (cheap and sequential: line ends, element ranges; called by one reader at a time);
/// `decode` turns a batch into what is stored (parsing, checking, normalising) on `readers`
/// threads at once; `consume` stores each batch on the calling thread, strictly in the order
/// the batches were cut, so ids, errors and warnings come out exactly as with one reader.
///
/// Memory stays bounded: at most `depth` batches are cut and not yet consumed. A batch's
/// `failure` (a document that cannot be read further) is thrown once the batch's items before
/// it are consumed, and so is an error of `cut` in its place; an error of `consume` stops the
/// readers and is thrown. Every reader has ended when `run` returns or throws.
///
/// Batches cross threads: a reader never touches a batch after handing it over, and the lock
/// orders each hand-over, which is why the coordinator can be `@unchecked Sendable`.
enum Pipeline {
    /// A decoded batch and, when the input could not be read past it, why.
    struct Decoded<Output> {
        var output: Output
        var failure: Error?
    }

    static func run<Batch, Output>(
        readers: Int, depth: Int,
        cut: @escaping () throws -> Batch?,
        decode: @escaping (Batch) -> Decoded<Output>,
        consume: (Output) throws -> Void
    ) throws {
        let coordinator = Coordinator(readers: max(1, readers), depth: max(1, depth), cut: cut, decode: decode)
        for _ in 0..<max(1, readers) {
            let thread = Thread { coordinator.work() }
            // The parser recurses once per nesting level (up to 512).
            thread.stackSize = 8 << 20
            thread.start()
        }
        defer { coordinator.stop() }
        while let decoded = try coordinator.next() {
            try consume(decoded.output)
            // Freeing a batch's records (strings, arrays) costs about a sixth of the storing
            // thread's time: a reader does it instead.
            coordinator.discard(decoded.output)
            if let failure = decoded.failure { throw failure }
        }
    }
}

/// The state the readers and the consumer share, under one condition lock.
private final class Coordinator<Batch, Output>: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    /// Dropped by `stop`: the threads may keep the coordinator a while after `run` returns,
    /// and these keep the input (a whole JSON document, the users' one 5 MB at 40,000 users).
    private var cut: (() throws -> Batch?)?
    private var decode: ((Batch) -> Pipeline.Decoded<Output>)?
    /// Batches cut so far: the index the next one gets.
    private var cutCount = 0
    /// Batches handed to the consumer so far: the index it waits for.
    private var consumedCount = 0
    /// Decoded batches waiting for their turn, by index.
    private var decoded: [Int: Pipeline.Decoded<Output>] = [:]
    private var endOfInput = false
    private var cutFailure: (index: Int, error: Error)?
    private var cancelled = false
    private var running: Int
    /// Consumed batches, freed by the next reader that comes by.
    private var consumed: [Output] = []

    init(readers: Int, depth: Int, cut: @escaping () throws -> Batch?, decode: @escaping (Batch) -> Pipeline.Decoded<Output>) {
        running = readers
        self.depth = depth
        self.cut = cut
        self.decode = decode
    }

    /// A reader: cuts the next batch (while fewer than `depth` wait), decodes it, hands it over.
    func work() {
        condition.lock()
        // Taken under the lock (`stop` drops them only once every reader has ended).
        guard let cut, let decode else {
            running -= 1
            condition.broadcast()
            condition.unlock()
            return
        }
        while true {
            while !cancelled, !endOfInput, cutCount - consumedCount >= depth { condition.wait() }
            if cancelled || endOfInput { break }
            let index = cutCount
            let batch: Batch?
            do {
                batch = try cut()
            } catch {
                cutFailure = (index, error)
                endOfInput = true
                break
            }
            guard let batch else {
                endOfInput = true
                break
            }
            cutCount += 1
            var garbage: [Output] = []
            swap(&garbage, &consumed)
            condition.unlock()
            garbage.removeAll()
            let result = decode(batch)
            condition.lock()
            decoded[index] = result
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch in input order; nil at the end. Throws a failure of `cut` in its place.
    func next() throws -> Pipeline.Decoded<Output>? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let batch = decoded.removeValue(forKey: consumedCount) {
                consumedCount += 1
                condition.broadcast()
                return batch
            }
            if let failure = cutFailure, failure.index == consumedCount { throw failure.error }
            if endOfInput, consumedCount >= cutCount, cutFailure == nil { return nil }
            condition.wait()
        }
    }

    /// Hands a consumed batch back, to be freed on a reader's thread.
    func discard(_ output: Output) {
        condition.lock()
        consumed.append(output)
        condition.unlock()
    }

    /// Stops the readers (a batch being decoded is finished and dropped) and waits for them.
    func stop() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        decoded.removeAll()
        consumed.removeAll()
        (cut, decode) = (nil, nil)
        condition.unlock()
    }
}
