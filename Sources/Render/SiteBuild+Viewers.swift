import Foundation
import VantageCore

extension SiteBuild {
    /// Renders every viewer on `workers` threads. Each thread has its own store connection
    /// (SQLite connections are not shared) and takes the next viewer when it is done with one,
    /// so memory stays at one viewer per thread. The first error stops every thread.
    static func renderViewers(
        site: SiteModel, renderer: PageRenderer, writer: SiteWriter, spool: ManifestSpool,
        validation: PageValidation?, options: Options
    ) throws -> (pages: Int, files: Int, viewers: Int) {
        let stride = max(1, options.viewerStride)
        let selected = Swift.stride(from: 0, to: site.homes.count, by: stride).map { site.homes[$0] }
        let queue = ViewerQueue(count: selected.count)
        let workers = max(1, min(options.workers ?? ProcessInfo.processInfo.activeProcessorCount, selected.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do {
                let store = try SiteStore(path: options.store)
                while let index = queue.next() {
                    let home = selected[index]
                    let check = validation?.check()
                    let output = RecordingOutput(writer: writer, check: check)
                    let pages = ViewerPages(site: site, renderer: renderer, output: output, forcedLocale: options.locale)
                    try pages.render(home, store: store)
                    try spool.add(output.entries, key: home.slug + "/")
                    if let check { validation?.finish(check) }
                    let done = queue.finished(pages: output.entries.count, files: output.files)
                    options.progress?(done, selected.count)
                }
            } catch {
                queue.fail(error)
            }
        }
        if let error = queue.error { throw error }
        return (queue.pages, queue.files, selected.count)
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

    init(count: Int) { self.count = count }

    /// The next viewer to render, or nil when all are taken or a thread failed.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    /// Records a finished viewer; returns how many are done.
    func finished(pages: Int, files: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        self.pages += pages
        self.files += files
        done += 1
        return done
    }

    /// Records a failure; the first one wins and stops the queue.
    func fail(_ error: Error) {
        lock.lock()
        defer { lock.unlock() }
        if self.error == nil { self.error = error }
    }
}
