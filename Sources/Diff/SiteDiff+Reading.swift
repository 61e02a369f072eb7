import VantageCore

extension SiteDiff {
    /// What reading one differing page gave: its content comparison and, for a page that
    /// names a person, its heading.
    struct Reading: Sendable {
        var content: PageReport.Content?
        /// The person a "quotes said by P" page names: read from the page (`personHeading`);
        /// failing that, its whole heading, a sentence around the name (`isWholeHeading`).
        var heading: String?
        var isWholeHeading = false

        /// Reads the person from `sides` (the new page first): the name read from either
        /// side's links before either's whole heading. False when no side has a heading.
        mutating func readPerson(_ sides: [UInt8]..., path: String) -> Bool {
            if let name = sides.lazy.compactMap({ PageText.personHeading($0, path: path) }).first {
                (heading, isWholeHeading) = (name, false)
            } else if let whole = sides.lazy.compactMap(PageText.firstHeading).first {
                (heading, isWholeHeading) = (whole, true)
            } else {
                return false
            }
            return true
        }
    }

    /// Reads the differing pages (in parallel; results in input order): both sides of each
    /// changed page are turned into lines and diffed; a "quotes said by" page is read for its
    /// heading. Nothing is read when a side is only a manifest.
    static func read(
        _ changes: [PageChange], old: BuiltSite, new: BuiltSite, readable: Bool, options: Options
    ) throws(Diagnostic) -> [Reading] {
        let results = ParallelMap.map(count: changes.count) { index -> Result<Reading, Diagnostic> in
            let change = changes[index]
            do {
                var reading = Reading()
                let namesPerson = PageKind.namesAPerson(change.kind)
                guard change.status == .changed else {
                    let side = change.status == .added ? new : old
                    if namesPerson, side.hasFiles { _ = reading.readPerson(try side.read(change.path), path: change.path) }
                    return .success(reading)
                }
                guard readable else {
                    // One side is a manifest alone: the name is read from the side with files.
                    if namesPerson, let side = [new, old].first(where: \.hasFiles) {
                        _ = reading.readPerson(try side.read(change.path), path: change.path)
                    }
                    return .success(reading)
                }
                let oldBytes = try old.read(change.path), newBytes = try new.read(change.path)
                if namesPerson {
                    _ = reading.readPerson(newBytes, oldBytes, path: change.path)
                }
                reading.content = content(oldBytes, newBytes, path: change.path, options: options)
                return .success(reading)
            } catch let error as Diagnostic {
                return .failure(error)
            } catch {
                return .failure(Diagnostic.error("\(error)"))
            }
        }
        // The first failure in path order, so the message does not depend on thread timing.
        var readings: [Reading] = []
        readings.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let reading): readings.append(reading)
            case .failure(let diagnostic): throw diagnostic
            }
        }
        return readings
    }

    /// The line diff of two versions of a page.
    static func content(_ oldBytes: [UInt8], _ newBytes: [UInt8], path: String, options: Options) -> PageReport.Content {
        guard let oldLines = PageText.lines(of: oldBytes, path: path),
            let newLines = PageText.lines(of: newBytes, path: path)
        else { return .binary }
        let diff = LineDiff(old: oldLines, new: newLines)
        let (deletions, insertions) = diff.counts
        let hunks = options.statOnly ? [] : diff.hunks(old: oldLines, new: newLines, context: options.context)
        return .text(deletions: deletions, insertions: insertions, hunks: hunks)
    }

    /// For sites without a manifest: the kind and viewer of each differing page from its
    /// `<body>` hooks; other files under a folder named like a known viewer belong to that
    /// viewer.
    static func fillHooks(_ changes: [PageChange], old: BuiltSite, new: BuiltSite) -> [PageChange] {
        let hooks = ParallelMap.map(count: changes.count) { index -> (kind: String?, viewer: String?)? in
            let change = changes[index]
            guard change.kind == nil, change.viewer == nil else { return nil }
            guard PageName.looksLikePage(change.path) else { return nil }
            let side = change.new != nil && new.hasFiles ? new : old
            guard side.hasFiles, let bytes = try? side.read(change.path) else { return nil }
            return PageText.bodyHooks(bytes)
        }
        var filled = changes
        var viewers = Set<String>()
        for (index, hook) in hooks.enumerated() {
            guard let hook else { continue }
            filled[index].setHooks(kind: hook.kind, viewer: hook.viewer)
            if let viewer = hook.viewer { viewers.insert(viewer) }
        }
        // Other files (a search index) belong to the viewer whose folder holds them; a folder
        // is a viewer's when one of its shallowest pages says so.
        var folders = Set<String>()
        for change in filled where change.kind == nil && change.viewer == nil {
            let first = String(change.path.prefix { $0 != "/" })
            if first != change.path, !viewers.contains(first) { folders.insert(first) }
        }
        for folder in folders.sorted() where [new, old].contains(where: { probeHooks(under: folder, in: $0)?.hooks.viewer == folder }) {
            viewers.insert(folder)
        }
        for index in filled.indices where filled[index].kind == nil && filled[index].viewer == nil {
            let first = String(filled[index].path.prefix { $0 != "/" })
            if first != filled[index].path, viewers.contains(first) {
                filled[index].setHooks(kind: PageKind.unlisted(path: filled[index].path, viewer: first), viewer: first)
            }
        }
        return filled
    }

    /// Display names from each viewer's home page `<h1>` (OUTPUT.md), from the new site when
    /// the viewer is there, else the old; a viewer without a readable home keeps its slug.
    /// Home pages are found through the manifest, or among the differing pages when a side
    /// was walked (its manifest knows no kinds).
    static func viewerNames(_ changes: [PageChange], old: BuiltSite, new: BuiltSite) -> [String: String] {
        let slugs = Set(changes.compactMap(\.viewer))
        guard !slugs.isEmpty else { return [:] }
        func homes(_ site: BuiltSite, _ entry: (PageChange) -> ManifestEntry?) -> [String: String] {
            guard site.hasFiles else { return [:] }
            var found: [String: String] = [:]
            let listed = site.manifest.pages.lazy.filter { $0.kind == PageKind.home.rawValue }
            for page in Array(listed) + changes.compactMap(entry).filter({ $0.kind == PageKind.home.rawValue }) {
                if let viewer = page.viewer, slugs.contains(viewer), found[viewer] == nil { found[viewer] = page.path }
            }
            return found
        }
        let newHomes = homes(new, \.new), oldHomes = homes(old, \.old)
        let ordered = slugs.sorted()
        let names = ParallelMap.map(count: ordered.count) { index -> String? in
            let slug = ordered[index]
            if let path = newHomes[slug], let bytes = try? new.read(path), let name = PageText.firstHeading(bytes) { return name }
            if let path = oldHomes[slug], let bytes = try? old.read(path), let name = PageText.firstHeading(bytes) { return name }
            for site in [new, old] where newHomes[slug] == nil && oldHomes[slug] == nil {
                if let name = walkedHomeName(slug, in: site) { return name }
            }
            return nil
        }
        var result: [String: String] = [:]
        for (slug, name) in zip(ordered, names) { if let name { result[slug] = name } }
        return result
    }
}

extension SiteDiff {
    /// Pages read, at most, to find a viewer's home in a site without a manifest.
    static let walkedHomeProbes = 8

    /// A walked site knows no kinds, so the home is looked for among the shallowest pages in
    /// the folder named like the viewer, by their `<body>` hooks.
    static func walkedHomeName(_ slug: String, in site: BuiltSite) -> String? {
        guard let found = probeHooks(under: slug, in: site, want: { $0.kind == PageKind.home.rawValue && $0.viewer == slug }) else { return nil }
        return PageText.firstHeading(found.bytes)
    }

    /// The body hooks of the first of the shallowest pages under `folder` that `want`s them,
    /// reading at most `walkedHomeProbes` pages; only for a walked site.
    static func probeHooks(
        under folder: String, in site: BuiltSite,
        want: ((kind: String?, viewer: String?)) -> Bool = { $0.viewer != nil }
    ) -> (hooks: (kind: String?, viewer: String?), bytes: [UInt8])? {
        guard case .walked = site.manifest.origin, site.hasFiles else { return nil }
        let candidates = site.manifest.pages(under: folder + "/")
            .filter { PageName.looksLikePage($0.path) }
            .map(\.path)
            .sorted { lhs, rhs in
                let (a, b) = (lhs.split(separator: "/").count, rhs.split(separator: "/").count)
                return a != b ? a < b : PathOrder.precedes(lhs, rhs)
            }
        for path in candidates.prefix(walkedHomeProbes) {
            guard let bytes = try? site.read(path) else { continue }
            let hooks = PageText.bodyHooks(bytes)
            if want(hooks) { return (hooks, bytes) }
        }
        return nil
    }
}

extension PageChange {
    /// Records hooks read from the page itself on both sides' entries.
    mutating func setHooks(kind: String?, viewer: String?) {
        old?.kind = kind; old?.viewer = viewer
        new?.kind = kind; new?.viewer = viewer
    }
}
