import Foundation
import VantageCore

extension SiteBuild {
    /// Renders every viewer on `workers` threads. Each thread has its own store connection
    /// (SQLite connections are not shared) and takes the next viewer when it is done with one,
    /// so memory stays at one viewer per thread. The first error stops every thread.
    ///
    /// Each viewer's inputs are read once and fingerprinted; a viewer whose fingerprint is the
    /// one `previous` recorded is not rendered: their folder is carried over from the previous
    /// output and their manifest lines reused (their pages were validated when rendered).
    static func renderViewers(
        site: SiteModel, renderer: PageRenderer, writer: SiteWriter, spool: ManifestSpool,
        validation: PageValidation?, options: Options, siteDigest: String, previous: PreviousBuild?
    ) throws -> ViewerTotals {
        let stride = max(1, options.viewerStride)
        let selected = Swift.stride(from: 0, to: site.homes.count, by: stride).map { site.homes[$0] }
        let queue = ViewerQueue(count: selected.count)
        let workers = max(1, min(options.workers ?? ProcessInfo.processInfo.activeProcessorCount, selected.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do {
                let store = try SiteStore(path: options.store)
                while let index = queue.next() {
                    let home = selected[index]
                    let contacts = try store.contacts(owner: home.person.id)
                    let quotes = try store.visibleQuotes(viewer: home.person.id)
                    let fingerprint = BuildFingerprint.viewer(
                        home, siteDigest: siteDigest, contacts: contacts, quotes: quotes)
                    if let previous, let before = previous.viewers[home.person.id], before.fingerprint == fingerprint,
                        before.slug == home.slug, let chunk = previous.manifestChunk(slug: home.slug),
                        try writer.keep(directory: home.slug)
                    {
                        try spool.add(chunk: chunk.bytes, key: home.slug + "/")
                        writer.countKept(files: before.files, bytes: before.bytes)
                        queue.record(before)
                        let done = queue.finished(pages: chunk.count, files: before.files - chunk.count, carried: true)
                        options.progress?(done, selected.count)
                        continue
                    }
                    let check = validation?.check()
                    let output = RecordingOutput(writer: writer, check: check)
                    let pages = ViewerPages(site: site, renderer: renderer, output: output, forcedLocale: options.locale)
                    try pages.render(home, contacts: contacts, quotes: quotes)
                    try spool.add(output.entries, key: home.slug + "/")
                    queue.record(PreviousBuild.Viewer(
                        id: home.person.id, slug: home.slug, fingerprint: fingerprint,
                        files: output.entries.count + output.files, bytes: output.bytes))
                    if let check { validation?.finish(check) }
                    let done = queue.finished(pages: output.entries.count, files: output.files, carried: false)
                    options.progress?(done, selected.count)
                }
            } catch {
                queue.fail(error)
            }
        }
        if let error = queue.error { throw error }
        return ViewerTotals(
            pages: queue.pages, files: queue.files, viewers: selected.count - queue.carried.viewers, carried: queue.carried,
            fingerprints: queue.fingerprints.sorted { $0.id < $1.id })
    }

    /// What `renderViewers` did: pages and other files in the viewers' folders (rendered and
    /// carried), viewers rendered, what was carried over, and every viewer's fingerprint.
    struct ViewerTotals {
        var pages: Int
        var files: Int
        var viewers: Int
        var carried: (viewers: Int, pages: Int, files: Int)
        var fingerprints: [PreviousBuild.Viewer]
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
    private(set) var fingerprints: [PreviousBuild.Viewer] = []

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
    func record(_ viewer: PreviousBuild.Viewer) {
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
