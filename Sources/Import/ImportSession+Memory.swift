import Store
import VantageCore

/// Re-importing without reading again what did not change (docs/IMPORT.md, Re-importing):
/// the quote records are read through the import's memory of them (`RecordMemory`).
extension ImportSession {
    /// One batch, from a reading thread to the storing thread.
    struct RememberedBatch<Decoded> {
        var index: Int
        var batch: RecordSource.Batch
        /// The records read, in order; empty when the batch is `unchanged`. Their locations and
        /// original texts, which only a problem needs, are found again from the batch
        /// (`RecordSource.record(in:at:)`): one of each per record would be allocations, and
        /// references shared by every thread, counted up and down once a record on each.
        var items: [Result<Decoded, Error>] = []
        var audit: FieldAudit
        /// What to remember once every record is stored (nil: a record had a warning or an error).
        var entry: RecordMemory.Entry?
        /// What was remembered; when `unchanged`, what is stored for the batch.
        var previous: RecordMemory.Entry?
        var unchanged = false
        /// When `unchanged`: each record's words (its quote id, then its phones), split by the reader.
        var remembered: [[String]] = []
    }

    /// Like `each`, through `memory`: a batch whose digest is the remembered one is handed to
    /// `unchanged`, record by record (id and phones), instead of being parsed; a batch whose
    /// records were all stored without a warning is remembered with the id and phones
    /// `remembering` appends (as UTF-8, space-separated). Errors of either are rejections, as in `each`.
    func each<Decoded>(
        _ source: RecordSource, count name: String, memory: RecordMemory,
        decode: @escaping (JSONValue, RecordLocation, ReadContext) throws -> Decoded,
        fast: ((UnsafeBufferPointer<UInt8>, () -> RecordLocation, ReadContext) throws -> Decoded?)? = nil,
        remembering: @escaping (Decoded, inout [UInt8]) -> Void,
        store: (Decoded, () -> RecordLocation) throws -> Void,
        unchanged: ([String], RecordLocation) throws -> Void
    ) throws {
        typealias Cut = (index: Int, batch: RecordSource.Batch, entry: RecordMemory.Entry?)
        let cutter = try source.cutter(batchSize: memory.batchSize)
        let phones = context.phones
        let depth = readingThreads * 4
        // A reader may cut up to `depth` batches past the one being stored: their entries are
        // loaded before (the Pipeline's bound), and one more after each batch is stored.
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
            decode: { cut -> Pipeline.Decoded<RememberedBatch<Decoded>> in
                let context = ReadContext(phones: phones, audit: FieldAudit())
                var result = RememberedBatch<Decoded>(index: cut.index, batch: cut.batch, audit: context.audit, previous: cut.entry)
                var records = 0
                let digest = RecordMemory.digest(count: cut.batch.count) { add in
                    source.forEachBytes(in: cut.batch) { bytes in
                        records += 1
                        add(bytes)
                    }
                }
                if records == cut.batch.count, let entry = cut.entry, entry.digest == digest {
                    result.unchanged = true
                    result.remembered = RecordMemory.words(of: entry.records)
                    return Pipeline.Decoded(output: result, failure: nil)
                }
                var lines: [UInt8] = []
                var clean = records == cut.batch.count
                // A record the fast reader takes is checked and resolved by `fast` (which may
                // still throw, as `decode` would); one it declines is parsed and read by `decode`.
                var fastDecoded: Result<Decoded, Error>?
                let failure = source.records(in: cut.batch, fast: { bytes, location -> Bool? in
                    guard let fast else { return nil }
                    do {
                        guard let value = try fast(bytes, location, context) else { return nil }
                        fastDecoded = .success(value)
                    } catch {
                        fastDecoded = .failure(error)
                    }
                    return true
                }) { location, reading in
                    let noted = context.audit.noted
                    let decoded: Result<Decoded, Error>
                    switch reading {
                    case .fast: decoded = fastDecoded!
                    case .parsed(let value): decoded = Result { try decode(try value.get(), location(), context) }
                    }
                    fastDecoded = nil
                    if clean, case .success(let value) = decoded, context.audit.noted == noted {
                        remembering(value, &lines)
                        lines.append(0x0A)
                    } else {
                        clean = false
                    }
                    result.items.append(decoded)
                }
                if clean, failure == nil {
                    result.entry = RecordMemory.Entry(digest: digest, records: String(decoding: lines, as: UTF8.self))
                }
                return Pipeline.Decoded(output: result, failure: failure)
            },
            consume: { batch in
                audit.absorb(batch.audit)
                var stored = true
                if batch.unchanged {
                    for (offset, line) in batch.remembered.enumerated() {
                        count += 1
                        do {
                            try unchanged(line, source.record(in: batch.batch, at: offset).location)
                        } catch let diagnostic as Diagnostic {
                            stored = false
                            let record = source.record(in: batch.batch, at: offset)
                            try reject(diagnostic, at: record.location, text: record.text)
                        }
                    }
                    if !stored { try memory.remember(nil, batch: batch.index, previous: batch.previous) }
                } else {
                    // By index, not `for item in`: a copy of each item would count every reference
                    // it holds up and down again on this thread, the import's bound.
                    for offset in batch.items.indices {
                        count += 1
                        do {
                            switch batch.items[offset] {
                            case .success(let decoded): try store(decoded, { source.record(in: batch.batch, at: offset).location })
                            case .failure(let error): throw error
                            }
                        } catch let diagnostic as Diagnostic {
                            stored = false
                            let record = source.record(in: batch.batch, at: offset)
                            try reject(diagnostic, at: record.location, text: record.text)
                        }
                    }
                    try memory.remember(stored ? batch.entry : nil, batch: batch.index, previous: batch.previous)
                }
                storedBatches += 1
                try memory.load(batch: storedBatches + depth)
            })
        try memory.finish(batches: storedBatches)
        recordsRead.append((name, count))
    }

    /// The digest of everything a quote record is read and stored against besides its own
    /// bytes: the executable, the default region (phones), and the users (who is
    /// a registered Quotes user, every user's row, the users rejected). When it changes,
    /// every record is read again.
    func quoteContext(users: UserIndex) -> String {
        // The executable, not a version raised by hand: a vantage whose reading of a quote
        // record may differ (QuoteRecord, the phone or text normalisation, what `store` writes)
        // reads every record again, so that no store keeps rows an older vantage read.
        // Fed line by line: the text whole was a few megabytes at 40,000 users, at the start of
        // the quotes, where a JSON Lines import's memory is at its highest but one.
        var digest = SHA256Stream()
        func feed(_ line: String) {
            var line = line
            line.withUTF8 { digest.update(UnsafeRawBufferPointer($0)) }
        }
        feed("quotes, executable \(ExecutableIdentity.current), schema \(Schema.currentVersion)\nregion \(site.defaultRegion)\n"
            + "quote limit \(site.quoteLimit)\n")
        var phones: [(phone: String, id: Int64)] = []
        phones.reserveCapacity(users.byPhone.count)
        users.byPhone.forEach { phones.append(($0, $1)) }
        phones.sort { $0.phone < $1.phone }
        for (phone, id) in phones {
            feed("user \(phone) \(id) \(users.quotesUsers.contains(id) ? "quotes" : "-")\n")
        }
        for (phone, record) in rejectedQuotesUsers.sorted(by: { $0.key < $1.key }) {
            feed("rejected \(phone) \(record)\n")
        }
        return digest.finishHex()
    }
}

extension RecordSource.Batch {
    /// The number of records in the batch.
    var count: Int {
        switch self {
        case .elements(let range): return range.count
        case .lines(let lines): return lines.count
        }
    }
}
