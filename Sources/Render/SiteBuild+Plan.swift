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
        /// What those take on the file system: each file and folder whole blocks (a page of 3 KB
        /// takes 4 KB on most), so more than `writtenBytes`.
        public var diskBytes = 0
        /// True when the figures are measured on a sample of the people and scaled up.
        public var estimated: Bool
        /// Bytes free on the output's file system (for an unprivileged user).
        public var freeBytes: Int
        /// Bytes the previous output already holds for the people whose parts are rebuilt as
        /// they were (hard links: they take no new room).
        public var reusableBytes: Int
        /// Files and folders the build creates (inodes), the inodes free on the output's file
        /// system (`Int.max` where it has no fixed number, as on btrfs), and the files and
        /// folders the previous output already holds for the people rebuilt as they were.
        public var entries: Int = 0
        public var freeEntries: Int = .max
        public var reusableEntries: Int = 0

        /// The manifest's bytes per page: a manifest line is about 200 bytes.
        static let manifestBytesPerPage = 200

        /// What a build of `pages` pages whose files are `rendered` bytes writes: the manifest
        /// alone with `--manifest-only`, else those files and the manifest.
        static func writtenBytes(rendered: Int, pages: Int, manifestOnly: Bool) -> Int {
            (manifestOnly ? 0 : rendered) + pages * manifestBytesPerPage
        }

        /// Inodes the build needs, with the same margin as its bytes. A file system can run
        /// out of inodes long before bytes (a tmpfs, or ext4 made with few): a site is mostly
        /// small files, one folder per "quotes said by" page.
        public var neededEntries: Int {
            let new = max(0, entries - reusableEntries)
            return new + new / 20 + 64
        }
        /// True when the output's file system lacks the bytes or the inodes.
        public var lacksRoom: Bool { neededBytes > freeBytes || neededEntries > freeEntries }

        /// Room the build needs: the blocks of what it writes, less what it can reuse, and a margin
        /// of a tenth of that for the sample's error and the manifest's spool (a tenth of the
        /// whole site refused a rebuild that changed nothing on a disk with room for it).
        public var neededBytes: Int {
            let new = max(0, max(diskBytes, writtenBytes) - reusableBytes)
            return new + new / 10 + (256 << 10)
        }
    }

    /// Not enough room on the output's file system: the site was not changed (the store keeps
    /// what the build imported first).
    public struct NoRoom: Error, CustomStringConvertible, Sendable {
        public var plan: Plan
        public var output: String
        /// The build was `--manifest-only` already: the advice leaves that out.
        public var manifestOnly = false
        /// The build was a `--merge`, which writes the whole site whatever it is given: it cannot
        /// build less (it was told to build some people, or a shard, when its shards were built).
        public var merge = false
        /// The output held what a build wrote (its manifest or its marker) when the build was
        /// refused: the message says that site was not changed, and otherwise that nothing was
        /// written (there was no site to leave as it was).
        public var hadSite = true
        public var description: String {
            let short = plan.neededBytes > plan.freeBytes
                ? "the build needs about \(Self.megabytes(plan.neededBytes)) and its file system has \(Self.megabytes(plan.freeBytes)) free"
                : "the build creates about \(plan.neededEntries) files and folders and its file system has inodes for "
                    + "\(plan.freeEntries) more"
            let advice: String
            if merge {
                advice = "A merge writes the whole site: give it an --out on a file system with more room"
                    + (manifestOnly ? "" : ", or add --manifest-only to check and hash every page without writing it")
            } else {
                advice = "Build less: --viewers SLUG,… for some people"
                    + (manifestOnly ? " or --shard K/N for a part on each of several machines"
                        : ", --shard K/N for a part on each of several machines, or --manifest-only to check and hash every page without writing it")
            }
            return "not enough room for \(output): \(short); " + (hadSite ? "the site was not changed. " : "nothing was written. ") + advice
        }
        static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
    }

    /// Whether `output` holds what a build wrote there: its manifest or its marker (a site, a
    /// part, or a manifest alone).
    static func holdsABuild(_ output: String) -> Bool {
        FileCheck.exists((output as NSString).appendingPathComponent(SitePath.manifest))
            || FileCheck.exists((output as NSString).appendingPathComponent(SiteBookkeeping.marker))
    }

    /// The site-wide pages a build renders: the "view as" index, the ideas' review pages and,
    /// with decisions, the review report (`sitePages`).
    static func sitePageCount(_ context: BuildContext) -> Int {
        1 + Pagination(itemCount: context.site.ideas.count, pageSize: context.site.settings.pageSize).pageCount
            + (context.decisions.isEmpty ? 0 : 1)
    }

    /// People whose parts are rendered to measure a plan (evenly spread over those chosen).
    static let planSample = 12

    /// Renders a sample of the chosen people in memory (not validated, not written), scales
    /// their pages and bytes up to everyone chosen, and compares what the build will write with
    /// the room on the output's file system. Refuses (`NoRoom`) before anything is written. The
    /// previous build (for the room its kept folders save) was loaded by the pass's step.
    static func planOutput(_ context: BuildContext) throws {
        let chosen = context.chosen
        let store = try Store(path: context.options.store, readOnly: true)
        // A part's size grows with the quotes its person is in: the sample is spread evenly
        // over the people and holds the one in the most quotes, and the others' sizes are read
        // off a line through the sample's (one person who hears 6,000 quotes is a third of a
        // site, which an even sample of twelve misses). On a rebuild that recorded everyone's
        // part, the size each part had then stands in for the quotes (no read of the store).
        let counts: [Int64: Int]
        if let viewers = context.previous?.viewers, chosen.allSatisfy({ viewers[$0.person.id] != nil }) {
            counts = viewers.mapValues(\.bytes)
        } else {
            counts = chosen.isEmpty ? [:] : try store.readSite { try $0.quoteCounts() }
        }
        let quotesOf = { (home: SiteModel.Home) in Double(counts[home.person.id] ?? 0) }
        var sampleIndices = chosen.isEmpty ? [] : (0..<min(planSample, chosen.count)).map { $0 * chosen.count / min(planSample, chosen.count) }
        let most = chosen.map(quotesOf).max() ?? 0
        if let heaviest = chosen.indices.first(where: { quotesOf(chosen[$0]) == most }), !sampleIndices.contains(heaviest) {
            sampleIndices[sampleIndices.count - 1] = heaviest
        }
        let sample = sampleIndices.map { chosen[$0] }
        var sampledPages = 0, sampledBytes = 0, sampledDisk = 0, sampledEntries = 0
        var measured: [PartSize] = []
        let block = blockSize(near: context.options.output)
        for home in sample {
            let id = home.person.id
            let (contacts, quotes) = try store.readSite { reader in
                (try reader.contacts(owner: id), try reader.visibleQuotes(viewer: id))
            }
            let record = RecordStage(blockSize: block)
            try ViewerPages(site: context.site, renderer: context.renderer, output: StagedOutput([record]),
                            forcedLocale: context.options.locale).render(home, contacts: contacts, quotes: quotes)
            let folders = Self.folders(of: record.entries.map(\.path))
            let entries = record.entries.count + record.files + folders
            let disk = record.diskBytes + folders * block
            sampledPages += record.entries.count
            sampledEntries += entries
            sampledBytes += record.bytes
            sampledDisk += disk
            measured.append(PartSize(
                quotes: quotesOf(home), pages: Double(record.entries.count), bytes: Double(record.bytes),
                disk: Double(disk), entries: Double(entries)))
        }
        let sampled = Set(sampleIndices)
        let others = chosen.indices.filter { !sampled.contains($0) }.map { quotesOf(chosen[$0]) }
        func total(_ size: KeyPath<PartSize, Double>) -> Int {
            Int(Self.extrapolated(measured.map { ($0.quotes, $0[keyPath: size]) }, others: others).rounded())
        }
        let sitePages = context.options.scope.isShard ? 0 : sitePageCount(context)
        let assets = assetBytes(context.options.templates)
        var plan = Plan(
            viewers: chosen.count, pages: total(\.pages) + sitePages,
            renderedBytes: total(\.bytes) + sitePages * 8_000 + assets,
            writtenBytes: 0, estimated: sample.count < chosen.count, freeBytes: freeBytes(near: context.options.output),
            reusableBytes: 0)
        plan.entries = context.options.manifestOnly ? 2 : total(\.entries) + sitePages + 64
        plan.freeEntries = freeEntries(near: context.options.output)
        plan.writtenBytes = Plan.writtenBytes(
            rendered: plan.renderedBytes, pages: plan.pages, manifestOnly: context.options.manifestOnly)
        plan.diskBytes = context.options.manifestOnly ? plan.writtenBytes
            : total(\.disk) + sitePages * 8_192 + assets + plan.pages * Plan.manifestBytesPerPage
        if !context.options.manifestOnly, let previous = context.previous {
            // Counted in blocks, as the room needed is: a person's bytes then take this much more.
            let diskRatio = sampledBytes == 0 ? 1 : max(1, Double(sampledDisk) / Double(sampledBytes))
            let perViewer = chosen.isEmpty ? 0 : Int(Double(plan.renderedBytes) * diskRatio) / chosen.count
            // The record counts a person's files; their folders come in the sample's proportion.
            let perViewerEntries = chosen.isEmpty ? 0 : plan.entries / chosen.count
            let entriesPerFile = sampledPages == 0 ? 1 : Double(sampledEntries) / Double(sampledPages)
            // What the previous build's folders of the people `carried` accepts save: each
            // person's own size as recorded, the whole no more than the people's part of the
            // plan (each capped at the average instead left a rebuild that changes nothing
            // needing room for the larger half of the site again).
            let viewersDisk = perViewer * chosen.count, viewersEntries = perViewerEntries * chosen.count
            // On tmpfs a hard link takes an inode of its count: a kept person's files save
            // inodes only where the back buffer already holds their folder (kept as it is, no
            // link made); after a first build there is none, and every kept file is a new link.
            let backBuffer = Self.linksTakeEntries(near: context.options.output) ? Self.backBuffer(of: context.options.output) ?? "" : nil
            func reuse(_ carried: (SiteModel.Home, BuildRecord.Viewer) -> Bool) -> (bytes: Int, entries: Int) {
                let total = chosen.reduce((0, 0)) { total, home in
                    guard let before = previous.viewers[home.person.id], carried(home, before) else { return total }
                    let savesEntries = backBuffer.map { FileManager.default.fileExists(atPath: $0 + "/" + home.slug) } ?? true
                    return (total.0 + Int(Double(before.bytes) * diskRatio),
                            total.1 + (savesEntries ? Int(Double(before.files) * entriesPerFile) : 0))
                }
                return (min(total.0, viewersDisk), min(total.1, viewersEntries))
            }
            // Everyone the previous build rendered, at first: the pass that tells who changed
            // runs meanwhile, and is waited for only when the room is that tight.
            (plan.reusableBytes, plan.reusableEntries) = reuse { _, _ in true }
            var unchanged = plan
            (unchanged.reusableBytes, unchanged.reusableEntries) = (0, 0)
            if unchanged.lacksRoom, let pass = context.pass, case .success(let scanned) = pass.value {
                (plan.reusableBytes, plan.reusableEntries) = reuse { home, before in
                    before.slug == home.slug && scanned.byPerson[home.person.id] == before.fingerprint
                }
            }
        }
        if plan.lacksRoom {
            // The back buffer is pruned before anything is written: what only it holds (a failed
            // build's pages, say) is room the build gets back. Walked only when the room is short.
            let back = backBufferRoom(output: context.options.output)
            plan.freeBytes = plan.freeBytes > Int.max - back.bytes ? Int.max : plan.freeBytes + back.bytes
            plan.freeEntries = plan.freeEntries > Int.max - back.entries ? Int.max : plan.freeEntries + back.entries
        }
        context.plan = plan
        context.options.planned?(plan)
        if plan.lacksRoom {
            throw NoRoom(
                plan: plan, output: context.options.output, manifestOnly: context.options.manifestOnly,
                hadSite: holdsABuild(context.options.output))
        }
    }

    /// The output's back buffer (`.NAME.building` beside it, links followed), nil when the
    /// output's path cannot be resolved.
    static func backBuffer(of output: String) -> String? {
        guard let resolved = try? OutputFolder.resolve(URL(fileURLWithPath: OutputFolder.named(output)).path) else { return nil }
        return SiteWriter.stagingPath(of: URL(fileURLWithPath: resolved))
    }

    /// The room the prune of the output's back buffer gives back: the blocks of its files that
    /// no other name links (a file hard-linked from the live site frees nothing), and its
    /// entries (those files, and its folders).
    static func backBufferRoom(output: String) -> (bytes: Int, entries: Int) {
        guard let staging = backBuffer(of: output), let walker = FileManager.default.enumerator(atPath: staging) else { return (0, 0) }
        var bytes = 0, entries = 0
        var info = stat()
        while let path = walker.nextObject() as? String {
            guard lstat(staging + "/" + path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                entries += 1
            } else if info.st_nlink == 1 {
                entries += 1
                bytes += Int(info.st_blocks) * 512
            }
        }
        return (bytes, entries)
    }

    /// The distinct folders that hold `paths` (site-relative file paths), their parents included.
    static func folders(of paths: [String]) -> Int {
        var folders = Set<Substring>()
        for path in paths {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if !folders.insert(folder).inserted { break }
            }
        }
        return folders.count
    }

    /// One sampled person's part: the quotes they are in, and what their pages came to.
    struct PartSize {
        var quotes, pages, bytes, disk, entries: Double
    }

    /// The sum of a size over everyone: the sample's own, measured, plus each other person's
    /// read off the least-squares line of the sample's sizes against the quotes each is in
    /// (`others`), never below nothing; a line that falls as the quotes grow (the sample's
    /// noise) is taken flat, at the sample's mean.
    static func extrapolated(_ sample: [(quotes: Double, size: Double)], others: [Double]) -> Double {
        guard !sample.isEmpty else { return 0 }
        let count = Double(sample.count)
        let meanQuotes = sample.reduce(0) { $0 + $1.quotes } / count
        let meanSize = sample.reduce(0) { $0 + $1.size } / count
        var spread = 0.0, together = 0.0
        for (quotes, size) in sample {
            spread += (quotes - meanQuotes) * (quotes - meanQuotes)
            together += (quotes - meanQuotes) * (size - meanSize)
        }
        let slope = spread > 0 ? max(0, together / spread) : 0
        let base = meanSize - slope * meanQuotes
        return sample.reduce(0) { $0 + $1.size } + others.reduce(0) { $0 + max(0, base + slope * $1) }
    }

    static func assetBytes(_ templates: String) -> Int {
        let root = URL(fileURLWithPath: templates).appendingPathComponent("assets").path
        // An estimate: assets that cannot be read are refused by the compile step before it.
        return ((try? SitePages.assetFiles(in: templates)) ?? []).reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int) ?? 0)
        }
    }

    /// `path`, or its nearest existing parent (the output may not exist yet): where its file
    /// system is asked about.
    static func nearestExisting(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" { url.deleteLastPathComponent() }
        return url.path
    }

    /// Bytes available to an unprivileged user on the file system that holds `path`.
    static func freeBytes(near path: String) -> Int {
        var stats = statvfs()
        guard statvfs(nearestExisting(path), &stats) == 0 else { return Int.max }
        let free = UInt64(stats.f_bavail) &* UInt64(stats.f_frsize)
        return free > UInt64(Int.max) ? Int.max : Int(free)
    }

    /// The block size of the file system that holds `path`: the unit every file's room is
    /// counted in. 4096 when it cannot be read.
    static func blockSize(near path: String) -> Int {
        var stats = statvfs()
        guard statvfs(nearestExisting(path), &stats) == 0, stats.f_frsize > 0, stats.f_frsize <= 1 << 20 else { return 4096 }
        return Int(stats.f_frsize)
    }

    /// Inodes available to an unprivileged user there; `Int.max` when the file system has no
    /// fixed number (it reports none in all).
    static func freeEntries(near path: String) -> Int {
        var stats = statvfs()
        guard statvfs(nearestExisting(path), &stats) == 0, stats.f_files > 0 else { return .max }
        return stats.f_favail > UInt64(Int.max) ? Int.max : Int(stats.f_favail)
    }

    /// True when a hard link takes an inode of the file system's count, as on tmpfs (each link
    /// is charged to `nr_inodes`): there a kept file saves bytes but no entry.
    static func linksTakeEntries(near path: String) -> Bool {
        let resolved = PathText.resolved(path)
        // The file system of the longest mount point above it (/proc/self/mounts: device,
        // mount point with spaces as \040, type, …).
        guard let mounts = FileCheck.readProcFile("/proc/self/mounts") else { return false }
        var best = (length: -1, type: "")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            let point = fields[1].replacingOccurrences(of: "\\040", with: " ")
            let inside = point == "/" || resolved == point || resolved.hasPrefix(point + "/")
            if inside, point.count > best.length { best = (point.count, String(fields[2])) }
        }
        return best.type == "tmpfs"
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
