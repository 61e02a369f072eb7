import Foundation
import Store
import VantageCore

extension SiteBuild {
    /// What a build is about to write, worked out before it writes anything.
    public struct Plan: Sendable, Equatable {
        /// People whose parts are rendered, and pages in all (theirs and the site-wide ones).
        public var viewers: Int
        public var pages: Int
        /// Bytes of the pages and files the build renders.
        public var renderedBytes: Int
        /// Bytes it writes to the output's file system (with `--manifest-only`, the manifest's).
        public var writtenBytes: Int
        /// True when the figures are measured on a sample of the people and scaled up.
        public var estimated: Bool
        /// Bytes free on the output's file system (for an unprivileged user).
        public var freeBytes: Int
        /// Bytes the previous output already holds for the people whose parts are rebuilt as
        /// they were (hard links: they take no new room).
        public var reusableBytes: Int

        /// Room the build needs: what it writes, less what it can reuse, and a margin for the
        /// folders and the manifest's spool.
        public var neededBytes: Int { max(0, writtenBytes - reusableBytes) + writtenBytes / 20 + (256 << 10) }
    }

    /// Not enough room on the output's file system: nothing was written.
    public struct NoRoom: Error, CustomStringConvertible, Sendable {
        public var plan: Plan
        public var output: String
        public var description: String {
            "not enough room for \(output): the build needs about \(Self.megabytes(plan.neededBytes)) and its file system has "
                + "\(Self.megabytes(plan.freeBytes)) free; nothing was written. Build less: --viewers SLUG,… for some people, "
                + "--shard K/N for a part on each of several machines, or --manifest-only to check and hash every page without writing it"
        }
        static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
    }

    /// People whose parts are rendered to measure a plan (evenly spread over those chosen).
    static let planSample = 12

    /// Renders a sample of the chosen people in memory (not validated, not written), scales
    /// their pages and bytes up to everyone chosen, and compares what the build will write with
    /// the room on the output's file system. Refuses (`NoRoom`) before anything is written.
    static func planOutput(_ context: BuildContext) throws {
        let chosen = context.chosen
        if !context.options.full {
            // Loaded here, before the output is touched, for the room the kept folders save.
            var output = context.options.output
            while output.count > 1, output.hasSuffix("/") { output.removeLast() }
            context.previous = PreviousBuild.load(store: context.options.store, output: URL(fileURLWithPath: output).path)
        }
        let sample = chosen.isEmpty ? [] : (0..<min(planSample, chosen.count)).map { chosen[$0 * chosen.count / min(planSample, chosen.count)] }
        let store = try Store(path: context.options.store, readOnly: true)
        var sampledPages = 0, sampledBytes = 0, sampledQuotes = 0
        for home in sample {
            let id = home.person.id
            let (contacts, quotes) = try store.readSite { reader in
                (try reader.contacts(owner: id), try reader.visibleQuotes(viewer: id))
            }
            let record = RecordStage()
            try ViewerPages(site: context.site, renderer: context.renderer, output: StagedOutput([record]),
                            forcedLocale: context.options.locale).render(home, contacts: contacts, quotes: quotes)
            sampledPages += record.entries.count
            sampledBytes += record.bytes
            sampledQuotes += quotes.count
        }
        let scale = sample.isEmpty ? 0 : Double(chosen.count) / Double(sample.count)
        let sitePages = context.options.scope.isShard ? 0 : 2 + (context.decisions.isEmpty ? 0 : 1)
        var plan = Plan(
            viewers: chosen.count, pages: Int((Double(sampledPages) * scale).rounded()) + sitePages,
            renderedBytes: Int((Double(sampledBytes) * scale).rounded()) + sitePages * 8_000 + assetBytes(context.options.templates),
            writtenBytes: 0, estimated: sample.count < chosen.count, freeBytes: freeBytes(near: context.options.output),
            reusableBytes: 0)
        // A manifest line is about 200 bytes.
        plan.writtenBytes = context.options.manifestOnly ? plan.pages * 200 : plan.renderedBytes + plan.pages * 200
        if !context.options.manifestOnly, let previous = context.previous {
            let perViewer = chosen.isEmpty ? 0 : plan.renderedBytes / chosen.count
            plan.reusableBytes = chosen.reduce(0) { total, home in
                total + min(perViewer, previous.viewers[home.person.id]?.bytes ?? 0)
            }
        }
        context.plan = plan
        context.options.planned?(plan)
        if plan.neededBytes > plan.freeBytes { throw NoRoom(plan: plan, output: context.options.output) }
    }

    static func assetBytes(_ templates: String) -> Int {
        let root = URL(fileURLWithPath: templates).appendingPathComponent("assets").path
        return SitePages.assetFiles(in: templates).reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int) ?? 0)
        }
    }

    /// Bytes available to an unprivileged user on the file system that holds `path` (or its
    /// nearest existing parent: the output may not exist yet).
    static func freeBytes(near path: String) -> Int {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" { url.deleteLastPathComponent() }
        var stats = statvfs()
        guard statvfs(url.path, &stats) == 0 else { return Int.max }
        let free = UInt64(stats.f_bavail) &* UInt64(stats.f_frsize)
        return free > UInt64(Int.max) ? Int.max : Int(free)
    }
}

extension SiteBuild.Scope {
    var isShard: Bool {
        if case .shard = self { return true }
        return false
    }

    /// True when the build renders fewer than everyone (its output is not a whole site).
    var isPartial: Bool { self != .everyone }
}
