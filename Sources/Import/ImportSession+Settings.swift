import Store
import VantageCore

/// `site.json` and the review files: small documents read whole.
private struct ReviewKey: Hashable {
    let reviewer: String
    let item: String
    static func < (a: ReviewKey, b: ReviewKey) -> Bool { (a.reviewer, a.item) < (b.reviewer, b.item) }
}

extension ImportSession {
    /// The site settings; an error in site.json stops the import even with `--keep-going`,
    /// since the settings (the default phone region above all) change how everything is read.
    func readSite() throws -> SiteRecord {
        guard let file = layout.site else { return SiteRecord() }
        // Unreadable with --keep-going: the stored settings stay, and everything is read with them.
        guard let document = try readable(file, keeps: [.site], { try JSONDocument(file) }) else { return try storedSite() }
        let bootstrap = ReadContext(phones: PhoneNumberReader(defaultRegion: PhoneRegion.named(SiteRecord.defaultRegionCode)!), audit: audit)
        return try SiteRecord(document.root, at: RecordLocation(file: file.name), context: bootstrap, written: document.written)
    }

    /// The stored settings (the defaults when nothing was imported yet).
    private func storedSite() throws -> SiteRecord {
        var site = SiteRecord()
        let rows = try database.rows(
            "SELECT title, default_locale, locales, time_zone, default_region, page_size, build_date FROM site WHERE id = 1")
        guard let row = rows.first else { return site }
        if case .text(let title) = row[0] { site.title = title }
        if case .text(let locale) = row[1] { site.defaultLocale = locale }
        if case .text(let locales) = row[2], let list = try? JSONParser.parse(Array(locales.utf8), file: "store").arrayValue {
            site.locales = list.compactMap(\.stringValue)
        }
        if case .text(let zone) = row[3] { site.timeZone = zone }
        if case .text(let region) = row[4], PhoneRegion.named(region) != nil { site.defaultRegion = region }
        if case .integer(let size) = row[5] { site.pageSize = Int(size) }
        if case .integer(let date) = row[6] { site.buildDate = date }
        return site
    }

    func storeSite(_ site: SiteRecord) throws {
        let values: [DatabaseValue] = [
            site.title.map(DatabaseValue.text) ?? .null, .text(site.defaultLocale),
            .text(JSONWriter.string(.array(site.locales.map { .string($0) }))), .text(site.timeZone),
            .text(site.defaultRegion), .integer(Int64(site.pageSize)), site.buildDate.map(DatabaseValue.integer) ?? .null,
            .integer(Int64(site.quoteLimit)),
        ]
        let stored = try database.rows(
            "SELECT title, default_locale, locales, time_zone, default_region, page_size, build_date, quote_limit FROM site WHERE id = 1")
        var changes = RowChanges()
        if stored.first == values {
            changes.unchanged = 1
        } else {
            try database.statement("""
                INSERT INTO site (id, title, default_locale, locales, time_zone, default_region, page_size, build_date, quote_limit)
                VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                ON CONFLICT (id) DO UPDATE SET title = excluded.title, default_locale = excluded.default_locale,
                    locales = excluded.locales, time_zone = excluded.time_zone, default_region = excluded.default_region,
                    page_size = excluded.page_size, build_date = excluded.build_date,
                    quote_limit = excluded.quote_limit
                """).run(values)
            if stored.isEmpty { changes.added = 1 } else { changes.updated = 1 }
        }
        tables["site"] = changes
    }

    /// Every review file, then the latest decision per reviewer and item (ties: the later
    /// export, then the later decision in file order).
    func importReviews() throws {
        var latest: [ReviewKey: StoredReview] = [:]
        var firstLocation: [ReviewKey: RecordLocation] = [:]
        /// Where the decision now kept for each reviewer and item was.
        var latestLocation: [ReviewKey: RecordLocation] = [:]
        /// When the decision now kept for each was decided and exported, to the microsecond.
        var latestOrder: [ReviewKey: (decided: DataInstant, exported: DataInstant)] = [:]
        var firstSeen: [ReviewKey] = []
        var count = 0
        for file in layout.reviews {
            guard let document = try readable(file, keeps: [.reviews], { try JSONDocument(file, recordValueErrors: keepGoing) })
            else { continue }
            let fileLocation = RecordLocation(file: file.name)
            let whole = RecordSource.Record(location: fileLocation, value: .success(document.root),
                                            text: { String(decoding: document.bytes, as: UTF8.self) })
            let header: ReviewFileHeader
            do {
                header = try ReviewFileHeader(document.root, at: fileLocation, context: context)
            } catch {
                try reject(error, whole)
                continue
            }
            for (index, value) in header.decisions.enumerated() {
                count += 1
                let location = fileLocation.member("decisions").element(index)
                let record = RecordSource.Record(location: location, value: .success(value),
                                                 text: { document.text(of: "decisions", at: index) })
                let decision: ReviewDecision
                do {
                    try document.checkRecord("decisions", at: index)
                    decision = try ReviewDecision(value, at: location, context: context)
                    // The item is published (the review report's data-id), like an id.
                    try Self.refusePhone(inID: decision.item, reader: context.phones, at: { location }, member: "item") {
                        self.people.claimed(phone: $0) != nil
                    }
                } catch {
                    try reject(error, record)
                    continue
                }
                let key = ReviewKey(reviewer: header.reviewer, item: decision.item)
                if firstLocation[key] == nil {
                    firstLocation[key] = location
                    firstSeen.append(key)
                }
                let review = StoredReview(
                    reviewer: header.reviewer, item: decision.item, action: decision.action, until: decision.until,
                    list: decision.list, decidedAt: decision.decidedAt, exportedAt: header.exportedAt)
                let order = (decided: decision.decidedInstant, exported: header.exportedInstant)
                if let current = latestOrder[key], (current.decided, current.exported) > (order.decided, order.exported) {
                    continue
                }
                // The same instant and export with another decision: file order decides, which
                // a renamed file would change, so it is said.
                if let current = latest[key], let currentOrder = latestOrder[key],
                    (currentOrder.decided, currentOrder.exported) == (order.decided, order.exported),
                    (current.action, current.until, current.list) != (review.action, review.until, review.list),
                    let earlier = latestLocation[key]
                {
                    audit.note(.warning(
                        "another decision of \(quoted(header.reviewer)) on \(quoted(decision.item)) at the same instant and export "
                            + "(\(earlier.reference)): this one, read later in file order, is kept",
                        at: location.member("at").source))
                }
                latest[key] = review
                latestLocation[key] = location
                latestOrder[key] = order
            }
        }
        recordsRead.append(("review decisions", count))

        var changes = RowChanges()
        var stored: [ReviewKey: StoredReview] = [:]
        for review in try database.reviews() { stored[ReviewKey(reviewer: review.reviewer, item: review.item)] = review }
        let write = try database.statement("""
            INSERT INTO review (reviewer, item, action, until, list, decided_at, exported_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (reviewer, item) DO UPDATE SET action = excluded.action, until = excluded.until,
                list = excluded.list, decided_at = excluded.decided_at, exported_at = excluded.exported_at
            """)
        let known = try database.statement(
            "SELECT EXISTS (SELECT 1 FROM idea WHERE id = ?1), EXISTS (SELECT 1 FROM quote WHERE id = ?1)")
        for key in firstSeen where latest[key] != nil {
            known.reset()
            try known.bindText(key.item, at: 1)
            _ = try known.step()
            let (idea, quote) = (known.integer(0) == 1, known.integer(1) == 1)
            if idea && quote, let location = firstLocation[key] {
                // The apps number their records apart, so the two exports may share an id; a
                // decision names only the id (DATA.md), so it stands for both.
                audit.note(.warning(
                    "both an idea and a quote have the id \(quoted(key.item)): this decision shows on both",
                    at: location.member("item").source))
            }
            if !idea && !quote, let location = firstLocation[key] {
                if let rejected = rejectedItems[key.item] {
                    audit.note(.warning(
                        "the record of \(quoted(key.item)) was rejected (\(rejected)), so the review report lists this decision on an unknown item",
                        at: location.member("item").source))
                } else if let unreadable = unreadableFile[.quotes] ?? unreadableFile[.ideas] {
                    // The file rejected whole may have held it.
                    audit.note(.warning(
                        "no idea or quote has the id \(quoted(key.item)); \(unreadable) could not be read and was rejected whole",
                        at: location.member("item").source))
                } else {
                    audit.note(.warning("no idea or quote has the id \(quoted(key.item))", at: location.member("item").source))
                }
            }
            known.reset()
        }
        // A review file rejected whole may have held any of the stored decisions: keep them all,
        // and keep a stored decision over an earlier one read now (the unreadable file may be
        // the one that decided it later).
        let keepsStored = keptAsStored.contains(.reviews)
        for key in latest.keys.sorted(by: <) {
            let review = latest[key]!
            if let current = stored.removeValue(forKey: key) {
                if current == review || keepsStored && (current.decidedAt, current.exportedAt) >= (review.decidedAt, review.exportedAt) {
                    changes.unchanged += 1
                    continue
                }
                changes.updated += 1
            } else {
                changes.added += 1
            }
            try write.run([
                .text(review.reviewer), .text(review.item), .text(review.action), review.until.map(DatabaseValue.text) ?? .null,
                review.list.map(DatabaseValue.text) ?? .null, .integer(review.decidedAt), .integer(review.exportedAt),
            ])
        }
        let delete = try database.statement("DELETE FROM review WHERE reviewer = ?1 AND item = ?2")
        for key in stored.keys.sorted(by: <) {
            if keepsStored {
                changes.unchanged += 1
                continue
            }
            try delete.run([.text(key.reviewer), .text(key.item)])
            changes.removed += 1
        }
        tables["reviews"] = changes
    }
}
