import Store
import VantageCore

/// Re-importing without reading again what did not change (docs/IMPORT.md, Re-importing):
/// the quote records are read through the import's memory of them (`RecordMemory`).
extension ImportSession {
    /// One record, from a reading thread to the storing thread.
    enum RememberedItem<Decoded> {
        /// Read (parsed and checked); `entry` is what to remember once it is stored (nil: it
        /// had a warning, so it is read again next time); `previous` what was remembered.
        case read(location: RecordLocation, text: () -> String, decoded: Result<Decoded, Error>, position: Int,
                  entry: RecordMemory.Entry?, previous: RecordMemory.Entry?)
        /// Its bytes and context are those of the last import: not read.
        case unchanged(location: RecordLocation, text: () -> String, position: Int, entry: RecordMemory.Entry)
    }

    /// Like `each`, through `memory`: a record whose digest is the remembered one is handed to
    /// `unchanged` instead of being parsed; each record stored without a warning is remembered
    /// with the id and phones `remembering` gives. Errors of either are rejections, as in `each`.
    func each<Decoded>(
        _ source: RecordSource, count name: String, memory: RecordMemory,
        decode: @escaping (JSONValue, RecordLocation, ReadContext) throws -> Decoded,
        remembering: @escaping (Decoded) -> (id: String, phones: String),
        store: (Decoded, RecordLocation) throws -> Void,
        unchanged: (RecordMemory.Entry, RecordLocation) throws -> Void
    ) throws {
        typealias Item = RememberedItem<Decoded>
        typealias Cut = (index: Int, batch: RecordSource.Batch, entries: [RecordMemory.Entry?]?)
        let cutter = try source.cutter(batchSize: memory.batchSize)
        let phones = context.phones
        let depth = readingThreads * 4
        // A reader may cut up to `depth` batches past the one being stored: their entries are
        // loaded before (the Pipeline's bound), one more after each batch is stored.
        for batch in 0...depth { try memory.load(batch: batch) }
        var cutCount = 0
        var storedBatches = 0
        var count = 0
        try Pipeline.run(
            readers: readingThreads, depth: depth,
            cut: { () throws -> Cut? in
                guard let batch = try cutter.next() else { return nil }
                defer { cutCount += 1 }
                return (cutCount, batch, memory.take(batch: cutCount))
            },
            decode: { cut -> Pipeline.Decoded<(items: [Item], audit: FieldAudit)> in
                let context = ReadContext(phones: phones, audit: FieldAudit())
                var items: [Item] = []
                var digest = RecordMemory.Digest(high: 0, low: 0)
                var offset = 0
                let first = cut.index * memory.batchSize
                let failure = source.records(in: cut.batch, skip: { index, bytes in
                    (offset, digest) = (index, RecordMemory.Digest(bytes))
                    return cut.entries?[index]?.digest == digest
                }, skipped: { index, location, text in
                    items.append(.unchanged(location: location, text: text, position: first + index, entry: cut.entries![index]!))
                }) { record in
                    let noted = context.audit.noted
                    let decoded = Result { try decode(try record.value.get(), record.location, context) }
                    var entry: RecordMemory.Entry?
                    if case .success(let value) = decoded, context.audit.noted == noted {
                        let key = remembering(value)
                        entry = RecordMemory.Entry(digest: digest, quoteID: key.id, phones: key.phones)
                    }
                    items.append(.read(location: record.location, text: record.text, decoded: decoded, position: first + offset,
                                       entry: entry, previous: cut.entries?[offset]))
                }
                return Pipeline.Decoded(output: (items, context.audit), failure: failure)
            },
            consume: { batch in
                audit.absorb(batch.audit)
                for item in batch.items {
                    count += 1
                    switch item {
                    case .unchanged(let location, let text, let position, let entry):
                        do {
                            try unchanged(entry, location)
                        } catch let diagnostic as Diagnostic {
                            try memory.forget(at: position, previous: entry)
                            try reject(diagnostic, at: location, text: text)
                        }
                    case .read(let location, let text, let decoded, let position, let entry, let previous):
                        do {
                            try store(try decoded.get(), location)
                            if let entry {
                                try memory.remember(entry, at: position, previous: previous)
                            } else {
                                try memory.forget(at: position, previous: previous)
                            }
                        } catch let diagnostic as Diagnostic {
                            try memory.forget(at: position, previous: previous)
                            try reject(diagnostic, at: location, text: text)
                        }
                    }
                }
                storedBatches += 1
                try memory.load(batch: storedBatches + depth)
            })
        try memory.finish(count: count)
        recordsRead.append((name, count))
    }

    /// The digest of everything a quote record is read and stored against besides its own
    /// bytes: the reading rules' version, the default region (phones), and the users (who is
    /// a registered Quotes user, every user's row, the users rejected). When it changes,
    /// every record is read again.
    func quoteContext(users: UserIndex) -> String {
        var text = "quotes, reading rules 1, schema \(Schema.currentVersion)\nregion \(site.defaultRegion)\n"
        for (phone, id) in users.byPhone.sorted(by: { $0.key < $1.key }) {
            text += "user \(phone) \(id) \(users.quotesUsers.contains(id) ? "quotes" : "-")\n"
        }
        for (phone, record) in rejectedQuotesUsers.sorted(by: { $0.key < $1.key }) {
            text += "rejected \(phone) \(record)\n"
        }
        return SHA256.hex(Array(text.utf8))
    }
}
