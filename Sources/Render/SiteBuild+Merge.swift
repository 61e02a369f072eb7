import Foundation
import Store
import VantageCore

/// `--merge SHARD_DIR…`: joins the people's parts built by `--shard K/N` builds (on this
/// machine or others, from the same store) into one site, byte for byte the site one plain
/// build gives. Every shard must be there, once; each must hold exactly the people this store
/// puts in it. The joined pages are validated again (as pages and as link targets), then the
/// site-wide pages are rendered and the whole manifest written.
extension SiteBuild {
    /// A shard build as the merge takes it: its record (`shard.json`), and what it says it wrote,
    /// to hold every person's folder to: its manifest's lines by person (each page's path,
    /// kind, SHA-256 and size) and its record's files besides pages (each path and SHA-256).
    struct ShardBuild: @unchecked Sendable {
        var folder: String
        var record: ShardRecord
        var manifest: [UInt8]
        var runs: [String: ManifestCodec.Run]

        /// The shard's `manifest.json`, as messages name it.
        var manifestPath: String { (folder as NSString).appendingPathComponent(SiteBookkeeping.manifest) }

        /// Reads what the shard build at `folder` wrote about itself. Its manifest is taken by
        /// its runs of lines without parsing it (the merge of the 10,000-person site reads
        /// hundreds of thousands of lines), once its framing shows it whole (`isWhole`); one
        /// that is not is parsed, so that a manifest cut short or edited in a copy is refused
        /// as one, at its line and column, and not as the first page that differs from it.
        static func read(folder: String) throws -> ShardBuild {
            let record = try ShardRecord.read(folder: folder)
            let manifestPath = (folder as NSString).appendingPathComponent(SiteBookkeeping.manifest)
            guard var manifest = OutputFolder.readFile(manifestPath) else {
                throw Diagnostic.error(
                    "--merge: \(folder) has no \(SiteBookkeeping.manifest) of its build: the shard build is incomplete")
            }
            guard SiteMarker.read(output: folder) != nil else {
                let markerPath = (folder as NSString).appendingPathComponent(SiteBookkeeping.marker)
                if FileCheck.exists(markerPath) {
                    let what = FileCheck.readRegularFile(markerPath)?.isEmpty == true ? "is empty" : "is not the marker a vantage build writes"
                    throw Diagnostic.error(
                        "--merge: \(markerPath) \(what) (damaged in a copy?): copy the shard again, or build it again")
                }
                throw Diagnostic.error(
                    "--merge: \(folder) has no \(SiteBookkeeping.marker) of its build (a hidden file: copy it with the shard, "
                        + "e.g. include-hidden-files: true for actions/upload-artifact)")
            }
            var runs = manifest.withUnsafeBytes { ManifestCodec.viewerRuns(in: $0) }
            var shard = ShardBuild(folder: folder, record: record, manifest: manifest, runs: runs)
            if !manifest.withUnsafeBytes({ ManifestCodec.isWhole(runs, of: $0) }) {
                // Its entries as the build writes them: a manifest of the same pages written
                // otherwise (by hand, by another tool) lists the same pages.
                manifest = ManifestCodec.encode(try shard.manifestEntries())
                runs = manifest.withUnsafeBytes { ManifestCodec.viewerRuns(in: $0) }
                shard = ShardBuild(folder: folder, record: record, manifest: manifest, runs: runs)
            }
            // Every person has pages: a manifest that lists none of one (`{"pages": []}`) is not
            // the shard's, whatever its pages are.
            if let slug = record.viewers.first(where: { runs[$0] == nil }) {
                let page = try SiteBuild.shardFiles(of: shard, slug: slug).first { PageName.isPage($0.path) }
                throw shard.refusal(
                    "its \(SiteBookkeeping.manifest) does not match the shard's pages: "
                        + (page.map { "\($0.path) is not in it" } ?? "it lists no page of \(slug)/, nor is there one")
                        + "; copy the shard again, or build it again")
            }
            return shard
        }

        /// The manifest's entries; throws its own error, at its line and column or record,
        /// when it is no manifest.
        func manifestEntries() throws -> [ManifestEntry] {
            do {
                return try ManifestCodec.decode(manifest, file: manifestPath)
            } catch {
                var diagnostic = error
                diagnostic.message = "--merge: shard \(record.shard) in \(folder): its \(SiteBookkeeping.manifest) is damaged "
                    + "(\(error.message)): copy the shard again, or build it again; nothing was written"
                throw diagnostic
            }
        }

        /// The merge's refusal of this shard, for `why`.
        func refusal(_ why: String) -> Diagnostic {
            Diagnostic.error("--merge: shard \(record.shard) in \(folder): \(why); nothing was written")
        }

        /// Throws unless `slug`'s folder holds exactly what this shard's build wrote there: the
        /// pages of its manifest, byte for byte (`pages`: the merge's own lines for what it
        /// found, made as the build makes them), and the other files its record lists, each
        /// with its SHA-256 (`digests`: what the merge found), no more.
        func check(_ slug: String, pages: [ManifestEntry], digests: [String: String]) throws {
            let wrote = runs[slug].map { manifest[$0.range] } ?? []
            let found = ManifestCodec.chunk(pages)
            let refuse = refusal
            if found.elementsEqual(wrote) {
                let prefix = slug + "/"
                let listed = record.files.filter { $0.path.hasPrefix(prefix) }
                for (path, sha256) in listed {
                    guard let digest = digests[path] else { throw refuse("\(path) is missing") }
                    if digest != sha256 {
                        let (wrote, found) = SHA256.shownApart(sha256, digest)
                        throw refuse("\(path) is not the file its build wrote (its SHA-256: \(wrote), found \(found))")
                    }
                }
                let known = Set(listed.map(\.path))
                if let odd = digests.keys.filter({ !known.contains($0) }).min(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                    throw refuse("\(odd) is not a file its build wrote")
                }
                return
            }
            // Name the first page that differs, is missing or is extra.
            let wroteLines = String(decoding: wrote, as: UTF8.self).split(separator: "\n").map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
            let foundLines = String(decoding: found, as: UTF8.self).split(separator: "\n").map { $0.hasSuffix(",") ? $0.dropLast() : $0 }
            let common = min(wroteLines.count, foundLines.count)
            let index = (0..<common).first { wroteLines[$0] != foundLines[$0] } ?? common
            func path(of line: Substring) -> String? {
                (try? JSONParser.parse(Array(line.utf8), file: SiteBookkeeping.manifest))?.objectValue?["path"]?.stringValue
            }
            // A line of the manifest that is no entry (damaged in a copy, its framing whole) is
            // said to be, at its line and column, before any page is blamed for differing from
            // it. The whole manifest is parsed for that only here, where the merge fails.
            if index < wroteLines.count, path(of: wroteLines[index]) == nil { _ = try manifestEntries() }
            let foundPaths = Set(pages.map(\.path))
            if index < wroteLines.count, let written = path(of: wroteLines[index]), !foundPaths.contains(written) {
                throw refuse("\(written) is missing (its manifest: \(wroteLines[index]))")
            }
            if index < wroteLines.count, index < foundLines.count, path(of: wroteLines[index]) == pages[index].path {
                throw refuse("\(pages[index].path) is not the page its build wrote (its manifest: \(wroteLines[index]))")
            }
            if index < pages.count { throw refuse("\(pages[index].path) is not a page its build wrote") }
            throw refuse("\(slug)/ is not what its build wrote")
        }
    }

    /// One file of a shard: where it is, and where it goes in the site.
    struct ShardFile {
        var source: String
        var path: String
        var size: Int
    }

    /// Reads each shard's record, checks that the set is complete and matches the store, and
    /// lists the files of each person's folder.
    static func readShards(_ context: BuildContext) throws {
        var shards: [ShardBuild] = []
        for folder in context.options.merge {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Diagnostic.error("--merge: no shard build at \(folder)")
            }
            shards.append(try ShardBuild.read(folder: folder))
        }
        let counts = Set(shards.map(\.record.shard.count))
        guard counts.count == 1, let count = counts.first else {
            let given = shards.map { "\($0.folder) is \($0.record.shard)" }.joined(separator: ", ")
            throw Diagnostic.error("--merge: the shards come from different splits (\(given))")
        }
        var byIndex: [Int: String] = [:]
        for shard in shards {
            if let other = byIndex[shard.record.shard.index] {
                throw Diagnostic.error("--merge: shard \(shard.record.shard) is given twice (\(other) and \(shard.folder))")
            }
            byIndex[shard.record.shard.index] = shard.folder
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            let names = missing.map { "\($0)/\(count)" }.joined(separator: ", ")
            throw Diagnostic.error(
                "--merge: incomplete: shard\(missing.count == 1 ? "" : "s") \(names) missing (given: "
                    + shards.map { "\($0.record.shard) in \($0.folder)" }.joined(separator: ", ") + "); nothing was written")
        }
        for shard in shards {
            let expected = context.site.homes.filter { shard.record.shard.holds(slug: $0.slug) }.map(\.slug)
            guard expected == shard.record.viewers else {
                // Named, not counted: a person renamed since the shard's build leaves the counts
                // equal, and "10 against 10" reads as no difference at all.
                let (has, puts) = (Set(shard.record.viewers), Set(expected))
                var differences: [String] = []
                if let extra = shard.record.viewers.first(where: { !puts.contains($0) }) {
                    differences.append("it has \(extra)/, which the store does not put in it")
                }
                if let lacking = expected.first(where: { !has.contains($0) }) {
                    differences.append("it lacks \(lacking)/, which the store puts in it")
                }
                if differences.isEmpty { differences.append("it lists them in another order") }
                throw Diagnostic.error(
                    "--merge: shard \(shard.record.shard) in \(shard.folder) holds other people than this store puts in it "
                        + "(\(differences.joined(separator: "; "))): build every shard from the same store")
            }
            // Nothing its build did not write: a stray page, or another shard's person copied in
            // by mistake, would otherwise be dropped without a word.
            let written = Set(shard.record.viewers + [ShardRecord.file, SiteBookkeeping.manifest, SiteBookkeeping.marker])
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: shard.folder)) ?? []).sorted()
            if let stray = entries.first(where: { !written.contains($0) && !isLeftByACopy($0) }) {
                throw Diagnostic.error(
                    "--merge: shard \(shard.record.shard) in \(shard.folder): \(quoted(stray, cutAt: nil)) is not something its build wrote "
                        + "(a shard holds \(ShardRecord.file), \(SiteBookkeeping.manifest), \(SiteBookkeeping.marker) and its people's "
                        + "folders): remove it, or build the shard again; nothing was written")
            }
            // Every person's folder its build wrote: none at all is a shard built with
            // --manifest-only (its manifest lists pages it never wrote), or copied without its
            // folders; one is a folder lost in a copy. Either was named as the first page the
            // manifest lists, with the whole manifest line, as if that page alone were missing.
            let lacking = shard.record.viewers.filter { !FileCheck.exists((shard.folder as NSString).appendingPathComponent($0)) }
            if !lacking.isEmpty, lacking.count == shard.record.viewers.count {
                throw shard.refusal(
                    "it holds none of its people's folders (\(lacking[0])/ first), only its \(SiteBookkeeping.manifest): a shard built "
                        + "with --manifest-only writes no page; build it again without --manifest-only, or copy it again with its folders")
            }
            if let first = lacking.first {
                throw shard.refusal("\(first)/ is missing: copy the shard again, or build it again")
            }
        }
        try checkInputs(of: shards, context)
        context.shards = shards.sorted { $0.record.shard.index < $1.record.shard.index }
        context.chosen = context.site.homes
    }

    /// Throws unless every shard's people were built from what this merge builds from, naming
    /// what differs: first the parts every page is built from (`SiteInputs`: the vantage build,
    /// `--locale`, site.json's settings, the build date, the templates, the catalog, the people
    /// and ideas), as the shard recorded them against this merge's own; then each viewer's
    /// fingerprint (their own data) as the shard recorded it against the one this store gives.
    /// A shard built by another build of vantage, from another import, other templates or
    /// catalog, another locale or under another `SOURCE_DATE_EPOCH` (content whose site.json
    /// has no `buildDate`) would otherwise join pages no plain build gives.
    static func checkInputs(of shards: [ShardBuild], _ context: BuildContext) throws {
        let store = try Store(path: context.options.store, readOnly: true)
        for validated in [true, false] {
            let group = shards.filter { $0.record.validated == validated }
            guard !group.isEmpty else { continue }
            let inputs = siteInputs(context, validate: validated)
            for shard in group.sorted(by: { $0.record.shard.index < $1.record.shard.index }) {
                for (part, digest) in inputs.parts where shard.record.inputs[part] != digest {
                    throw shard.refusal(differing(part, context.options, now: context.site.now))
                }
            }
            let fingerprints = try ViewerFingerprints(
                store: store, homes: context.site.homes, places: context.site.personOrder, siteDigest: inputs.digest
            ).byPerson
            let homes = Dictionary(uniqueKeysWithValues: context.site.homes.map { ($0.slug, $0.person.id) })
            for shard in group.sorted(by: { $0.record.shard.index < $1.record.shard.index }) {
                for (slug, recorded) in zip(shard.record.viewers, shard.record.fingerprints) {
                    guard let id = homes[slug], fingerprints[id] == recorded else {
                        throw shard.refusal(
                            "\(slug)/ was built from other data than this merge's store holds (that person, their address book or "
                                + "the quotes they see differ): build every shard from the same store as the merge")
                    }
                }
            }
        }
    }

    /// Why a shard built with another `part` of the inputs than the merge's is refused, and
    /// what to do.
    static func differing(_ part: SiteInputs.Part, _ options: Options, now: Int64) -> String {
        switch part {
        case .tool:
            return "it was built by another version of vantage than this merge's (\(options.tool)): build every shard and the merge "
                + "with the same vantage"
        case .executable:
            return "it was built by another build of vantage than this merge's (the SHA-256 of the executable differs, though the "
                + "version may be the same): build every shard and the merge with one build of vantage, copied to every machine"
        case .validated:
            return "it was built with other validation than this merge's"
        case .locale:
            return "it was built with another --locale than this merge's (" + (options.locale.map { "--locale " + $0 } ?? "none")
                + "): build every shard and the merge with the same --locale"
        case .settings:
            return "it was built from other site.json settings than this merge's store holds (title, defaultLocale, locales, "
                + "timeZone, pageSize, buildDate or quoteLimit): build every shard from the same store as the merge"
        case .now:
            return "it was built with another build date than this merge's (\(now) in Unix seconds; with no buildDate in "
                + "site.json, it is SOURCE_DATE_EPOCH, else the latest time in the data): build every shard and the merge with the "
                + "same SOURCE_DATE_EPOCH"
        case .templates:
            return "it was built from other templates than this merge's (--templates \(options.templates)): build every shard and "
                + "the merge with the same templates"
        case .catalog:
            return "it was built from another string catalog than this merge's "
                + "(\((options.templates as NSString).appendingPathComponent(BuildFingerprint.catalogFile))): build every shard "
                + "and the merge with the same catalog"
        case .data:
            return "it was built from another import than this merge's store holds (its people's names and folders, the ideas or "
                + "the phones and emails masked differ): build every shard from the same store as the merge"
        }
    }

    /// True for a name in a shard that the merge passes over, at the top and at every depth of
    /// a person's folder: a dot-file or dot-folder (`.DS_Store`, which Finder leaves in every
    /// folder it opens; `._index.html`, `.Trashes`) is something a copy left, never the site's.
    /// No build writes a name that starts with a dot into a person's folder (`SafePath` refuses
    /// one); the shard's own `.vantage-site` at the top is read by name.
    static func isLeftByACopy(_ name: some StringProtocol) -> Bool {
        name.utf8.first == UInt8(ascii: ".")
    }

    /// The files of `slug`'s folder in a shard, in path order; what a copy left in it
    /// (`isLeftByACopy`) is not among them.
    /// A symbolic link, for its folder or for a file in it, is refused: no build writes one,
    /// and a page taken through it would be whatever it leads to.
    static func shardFiles(of shard: ShardBuild, slug: String) throws -> [ShardFile] {
        let root = (shard.folder as NSString).appendingPathComponent(slug)
        let link = "a symbolic link, which a build never writes: copy the files themselves into the shard"
        var info = stat()
        if lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK { throw shard.refusal("\(slug)/ is \(link)") }
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw Diagnostic.error("--merge: \(root) is missing: the shard build is incomplete")
        }
        var files: [ShardFile] = []
        while let relative = walker.nextObject() as? String {
            if relative.split(separator: "/").contains(where: isLeftByACopy) { continue }
            let type = walker.fileAttributes?[.type] as? FileAttributeType
            if type == .typeSymbolicLink { throw shard.refusal("\(slug)/\(relative) is \(link)") }
            guard type == .typeRegular else { continue }
            let size = (walker.fileAttributes?[.size] as? Int) ?? 0
            files.append(ShardFile(source: root + "/" + relative, path: slug + "/" + relative, size: size))
        }
        return files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// What the merge will write: the shards' files and the site-wide pages.
    static func planMerge(_ context: BuildContext) throws {
        var pages = 0, bytes = 0, entries = 0
        for shard in context.shards {
            for slug in shard.record.viewers {
                let files = try shardFiles(of: shard, slug: slug)
                entries += files.count + folders(of: files.map(\.path))
                for file in files {
                    if PageName.isPage(file.path) { pages += 1 }
                    bytes += file.size
                }
            }
        }
        let sitePages = sitePageCount(context)
        let rendered = bytes + sitePages * 8_000 + assetBytes(context.options.templates)
        var plan = Plan(
            viewers: context.chosen.count, pages: pages + sitePages, renderedBytes: rendered,
            writtenBytes: Plan.writtenBytes(rendered: rendered, pages: pages + sitePages, manifestOnly: context.options.manifestOnly),
            estimated: false, freeBytes: freeBytes(near: context.options.output), reusableBytes: 0)
        plan.entries = context.options.manifestOnly ? 2 : entries + sitePages + 64
        plan.freeEntries = freeEntries(near: context.options.output)
        context.plan = plan
        context.options.planned?(plan)
        if plan.lacksRoom {
            throw NoRoom(
                plan: plan, output: context.options.output, manifestOnly: context.options.manifestOnly, merge: true,
                hadSite: holdsABuild(context.options.output))
        }
    }

    /// Takes every person's folder from its shard through the same stages as a rendered one
    /// (validate, write, record), on one thread per core.
    static func joinShards(_ context: BuildContext) throws {
        let work = context.shards.flatMap { shard in shard.record.viewers.map { (shard: shard, slug: $0) } }
        let queue = ViewerQueue(count: work.count)
        let (writer, spool, validation) = (context.writer!, context.spool!, context.validation)
        let manifestOnly = context.options.manifestOnly
        let progress = context.options.progress
        let workers = max(1, min(context.tuning.workers ?? ProcessInfo.processInfo.activeProcessorCount, work.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            do {
                while let index = queue.next() {
                    let (shard, slug) = work[index]
                    let validate = validation?.stage(viewer: slug)
                    let record = RecordStage()
                    let output = StagedOutput([validate, manifestOnly ? nil : WriteStage(writer: writer), record])
                    let files = try shardFiles(of: shard, slug: slug)
                    var digests: [String: String] = [:]
                    for file in files {
                        guard let data = FileManager.default.contents(atPath: file.source) else {
                            throw Diagnostic.error("--merge: cannot read \(file.source)")
                        }
                        let bytes = Array(data)
                        if PageName.isPage(file.path) {
                            guard let kind = pageKind(of: bytes) else {
                                throw Diagnostic.error("--merge: \(file.source) is not a page vantage built (no data-page)")
                            }
                            let template = kind.template
                            try output.page(RenderedPage(path: file.path, kind: kind, template: template, viewer: slug, bytes: bytes))
                        } else {
                            digests[file.path] = SHA256.hex(bytes)
                            try output.file(file.path, bytes: bytes)
                        }
                    }
                    try shard.check(slug, pages: record.entries, digests: digests)
                    try spool.add(record.entries, key: slug + "/")
                    if let validate { validation?.finish(validate.check) }
                    let done = queue.finished(pages: record.entries.count, files: record.files, carried: false)
                    progress?(done, work.count)
                }
            } catch {
                queue.fail(error)
            }
        }
        if let error = queue.error { throw error }
        context.report.pages += queue.pages
        context.report.otherFiles += queue.files
        context.report.viewersRendered = work.count
    }

    /// The kind a page declares (`<body data-page="…">`).
    static func pageKind(of bytes: [UInt8]) -> PageKind? {
        let marker = Array(#"data-page=""#.utf8)
        guard bytes.count > marker.count else { return nil }
        var index = 0
        while index + marker.count < bytes.count {
            if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
                let start = index + marker.count
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                return PageKind(rawValue: String(decoding: bytes[start..<end], as: UTF8.self))
            }
            index += 1
        }
        return nil
    }
}
