import Foundation
import Store
import VantageCore

extension SiteBuild {
    /// Renders every viewer on `tuning.workers` threads. Each thread has its own store
    /// connection (SQLite connections are not shared) and takes the next viewer when it is done
    /// with one, so memory stays at one viewer per thread. The first error stops every thread.
    ///
    /// On a rebuild every viewer's fingerprint comes from one pass over the store
    /// (`ViewerFingerprints`); otherwise each viewer's inputs are read once (one snapshot) and
    /// fingerprinted. A viewer whose fingerprint is the one the previous build recorded is not
    /// rendered, nor are their inputs read: their folder is carried over from the previous
    /// output and their manifest lines reused (their pages were validated when rendered).
    static func renderViewers(_ context: BuildContext) throws {
        let (options, tuning) = (context.options, context.tuning)
        let selected = context.chosen
        if context.previous != nil, context.scannedFingerprints == nil {
            // A rebuild: most viewers are carried over, so their fingerprints come from one
            // pass over the store rather than from reading each one's quotes (made here when
            // "prepare the output" did not make it).
            context.scannedFingerprints = try ViewerFingerprints(
                store: context.store, homes: selected, places: context.site.personOrder, siteDigest: context.siteDigest)
        }
        if !options.scope.isShard {
            // The index, the review pages and the assets need nothing of the viewers': they
            // render on a thread of their own meanwhile (on a rebuild, most of the time left).
            let shared = SharedContext(context: context)
            context.sitePages = Concurrent { Result { try sitePages(shared.context) } }
        }
        let queue = ViewerQueue(count: selected.count)
        let workers = max(1, min(tuning.workers ?? ProcessInfo.processInfo.activeProcessorCount, selected.count))
        let viewer = ViewerStep(context: context)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do {
                let store = try Store(path: options.store, readOnly: true)
                while let index = queue.next() {
                    let outcome = try viewer.run(selected[index], store: store)
                    queue.record(outcome.record)
                    let done = queue.finished(pages: outcome.pages, files: outcome.files, carried: outcome.carried)
                    options.progress?(done, selected.count)
                }
            } catch {
                queue.fail(error)
            }
        }
        if let error = queue.error { throw error }
        context.report.pages += queue.pages
        context.report.otherFiles += queue.files
        context.report.viewersRendered = selected.count - queue.carried.viewers
        context.report.viewersCarried = queue.carried.viewers
        context.report.pagesCarried = queue.carried.pages
        context.report.otherFilesCarried = queue.carried.files
        context.fingerprints = queue.fingerprints.sorted { $0.id < $1.id }
        context.report.viewerBytes = context.fingerprints.reduce(0) { $0 + $1.bytes }
        context.report.ideaEntries = context.renderer.ideaEntries?.reuse ?? IdeaEntryReuse()
    }

    /// One viewer's part of the build, shared by the threads: read, fingerprint, then carry
    /// over or render (validate, write, record).
    struct ViewerStep: @unchecked Sendable {
        let site: SiteModel
        let renderer: PageRenderer
        let writer: SiteWriter
        let spool: ManifestSpool
        let validation: PageValidation?
        let previous: PreviousBuild?
        /// Every home's fingerprint from one pass over the store (nil: read per viewer).
        let scanned: ViewerFingerprints?
        let siteDigest: String
        let forcedLocale: String?
        let manifestOnly: Bool

        init(context: BuildContext) {
            site = context.site
            renderer = context.renderer
            writer = context.writer
            spool = context.spool
            validation = context.validation
            previous = context.previous
            scanned = context.scannedFingerprints
            siteDigest = context.siteDigest
            forcedLocale = context.options.locale
            manifestOnly = context.options.manifestOnly
        }

        /// Carries `home`'s folder over when the previous build recorded the same fingerprint
        /// and slug for them and has their folder and manifest lines; nil: render them.
        private func carry(_ home: SiteModel.Home, fingerprint: String) throws -> Outcome? {
            guard let previous, let before = previous.viewers[home.person.id], before.fingerprint == fingerprint,
                before.slug == home.slug, let chunk = previous.manifestChunk(slug: home.slug),
                try writer.keep(directory: home.slug)
            else { return nil }
            try spool.add(chunk: chunk.bytes, key: home.slug + "/")
            writer.countKept(files: before.files, bytes: before.bytes)
            return Outcome(pages: chunk.count, files: before.files - chunk.count, carried: true, record: before)
        }

        /// What one viewer added: pages and other files, whether they were carried over, and
        /// their record for the next build.
        struct Outcome {
            var pages: Int
            var files: Int
            var carried: Bool
            var record: BuildRecord.Viewer
        }

        func run(_ home: SiteModel.Home, store: Store) throws -> Outcome {
            let id = home.person.id
            // With a pass over the whole store (an incremental rebuild), an unchanged viewer is
            // carried over without reading anything of theirs.
            let scanned = scanned?.byPerson[id]
            if let scanned, let carried = try carry(home, fingerprint: scanned) { return carried }
            let (contacts, quotes) = try store.readSite { reader in
                (try reader.contacts(owner: id), try reader.visibleQuotes(viewer: id))
            }
            // Recorded from the rows the pages are rendered from (the same value the pass gives).
            let fingerprint = BuildFingerprint.viewer(
                home, siteDigest: siteDigest, contacts: contacts, quotes: quotes, places: site.personOrder)
            if scanned == nil, let carried = try carry(home, fingerprint: fingerprint) { return carried }
            let validate = validation?.stage(viewer: home.slug)
            let record = RecordStage()
            let output = StagedOutput([validate, manifestOnly ? nil : WriteStage(writer: writer), record])
            try ViewerPages(site: site, renderer: renderer, output: output, forcedLocale: forcedLocale)
                .render(home, contacts: contacts, quotes: quotes)
            try spool.add(record.entries, key: home.slug + "/")
            if let validate { validation?.finish(validate.check) }
            return Outcome(
                pages: record.entries.count, files: record.files, carried: false,
                record: BuildRecord.Viewer(
                    id: id, slug: home.slug, fingerprint: fingerprint, files: record.entries.count + record.files,
                    bytes: record.bytes))
        }
    }
}

/// Hands out viewer indices to the rendering threads and gathers their totals and first error.
final class ViewerQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var nextIndex = 0
    private var done = 0
    private(set) var pages = 0
    private(set) var files = 0
    private(set) var error: Error?
    private(set) var carried = (viewers: 0, pages: 0, files: 0)
    private(set) var fingerprints: [BuildRecord.Viewer] = []

    init(count: Int) { self.count = count }

    /// The next viewer to render, or nil when all are taken or a thread failed.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Records a finished viewer (rendered, or carried over); returns how many are done.
    func finished(pages: Int, files: Int, carried: Bool) -> Int {
        lock.lock()
        defer { lock.unlock() }
        self.pages += pages
        self.files += files
        if carried {
            self.carried.viewers += 1
            self.carried.pages += pages
            self.carried.files += files
        }
        done += 1
        return done
    }

    /// Records a viewer's fingerprint and files for the next build.
    func record(_ viewer: BuildRecord.Viewer) {
        lock.lock()
        defer { lock.unlock() }
        fingerprints.append(viewer)
    }

    /// Records a failure; the first one wins and stops the queue.
    func fail(_ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if self.error == nil { self.error = error }
    }
}
