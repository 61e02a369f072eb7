import Foundation
import VantageCore

/// Validates a whole site as its files arrive, from any number of threads, then checks every
/// link between files once they are all known (`finish`).
///
/// The build calls `addPage` for every page it writes (from its rendering threads) and
/// `addFile` for every other file (styles, scripts, images, JSON), then `finish`.
public final class SiteCheck: @unchecked Sendable {
    /// The validator pages go through.
    public let validator: SiteValidator

    private let lock = NSLock()
    private var pageFindings: [Finding] = []
    private var pageIDs: [String: ByteStrings] = [:]
    private var pageTemplates: [String: String] = [:]
    private var files: Set<String> = []
    /// Each page's references, as the page reported them: kept as its array, not copied
    /// reference by reference (each holds five strings, and `add` runs under the lock).
    private var references: [[SiteReference]] = []
    private var pageCount = 0
    /// The whole site's files, when this check holds only a part of its pages (`vantage
    /// check` checks a site a part at a time): links resolve against them, and a fragment into
    /// a page of another part is handed back by `finish` rather than judged.
    private let site: SiteFiles?
    /// The build's check of one person's part of the site (`part`, their folder): the top
    /// folders of the other people's parts (`otherParts`), into which a link is a finding of its
    /// own. A person's pages link only inside their own folder and to the site-wide files, so
    /// that any part can be built alone (`--viewers`, `--shard`) with the same bytes.
    private let part: String?
    private let otherParts: Set<String>
    /// Where a person's part sends its fragments into the site-wide pages, which are checked
    /// apart (the build renders them beside the people's parts).
    private let siteFragments: SiteFragments?

    /// A check that validates pages with `validator`; for one person's part of a site, `part`
    /// names their folder and `otherParts` holds every person's folder (theirs may be in it).
    public init(validator: SiteValidator, part: String? = nil, otherParts: Set<String> = [], siteFragments: SiteFragments? = nil) {
        self.validator = validator
        site = nil
        self.part = part
        self.otherParts = part == nil ? [] : otherParts
        self.siteFragments = part == nil ? nil : siteFragments
    }

    /// A check of some of the pages of a site whose files are all known already (`site`).
    init(validator: SiteValidator, site: SiteFiles) {
        self.validator = validator
        self.site = site
        part = nil
        otherParts = []
        siteFragments = nil
    }

    /// Validates a page and keeps what links need; returns the page's own findings.
    @discardableResult
    public func addPage(path: String, bytes: [UInt8], template: String? = nil) -> PageReport {
        let report = validator.validatePage(path: path, bytes: bytes, template: template)
        add(report)
        return report
    }

    /// Validates a page from bytes the caller keeps alive during the call.
    @discardableResult
    public func addPage(path: String, bytes: UnsafeRawBufferPointer, template: String? = nil) -> PageReport {
        let report = validator.validatePage(path: path, bytes: bytes, template: template)
        add(report)
        return report
    }

    /// Validates a page given as text (its UTF-8 bytes are read in place when possible).
    @discardableResult
    public func addPage(path: String, html: String, template: String? = nil) -> PageReport {
        let report = validator.validatePage(path: path, html: html, template: template)
        add(report)
        return report
    }

    /// Adds a page the caller validated itself with `validator.validatePage`.
    public func add(_ report: PageReport) {
        lock.lock()
        defer { lock.unlock() }
        files.insert(report.path)
        pageCount += 1
        pageFindings += report.findings
        pageIDs[report.path] = report.ids
        if let template = report.template { pageTemplates[report.path] = template }
        if !report.references.isEmpty { references.append(report.references) }
    }

    /// Records findings that are not a page's own validation (the manifest's), no page counted.
    public func addFindings(_ findings: [Finding]) {
        guard !findings.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        pageFindings += findings
    }

    /// Records a file that is not a page (links to it resolve; fragments into it do not).
    public func addFile(path: String) {
        lock.lock()
        defer { lock.unlock() }
        files.insert(path)
    }

    /// Records an SVG file with the ids inside it, so that `icons.svg#bell` resolves.
    public func addFile(path: String, bytes: [UInt8]) {
        let ids = path.hasSuffix(".svg") ? bytes.withUnsafeBytes(DocumentIDs.collect) : nil
        lock.lock()
        defer { lock.unlock() }
        files.insert(path)
        if let ids { pageIDs[path] = ids }
    }

    /// Checks every recorded reference and returns everything found, sorted by file and
    /// position.
    public func finish() -> SiteReport {
        var deferred: [(reference: SiteReference, template: String?)] = []
        return finish(deferring: &deferred)
    }

    /// `finish`, handing back (in `deferred`, with the template of the page each is written
    /// in) the references with a fragment into a page this check does not hold, of the site it
    /// checks a part of.
    func finish(deferring deferred: inout [(reference: SiteReference, template: String?)]) -> SiteReport {
        lock.lock()
        defer { lock.unlock() }
        let folders = site?.folders ?? Self.folders(of: files)
        // Whether some folder is also the name of a file (no real folder can be): if none is,
        // a link to a file needs no folder lookup.
        let filesAreFolders = site?.filesAreFolders ?? Self.someFileIsAFolder(files: files, folders: folders)
        var findings = pageFindings
        var waiting: [(reference: SiteReference, template: String?)] = []
        defer { if let siteFragments, !waiting.isEmpty { siteFragments.wait(waiting) } }
        for reference in references.joined() {
            if siteFragments != nil, reference.fragment != nil, pageIDs[reference.target] == nil,
                files.contains(reference.target), PageName.isPage(reference.target)
            {
                waiting.append((reference, pageTemplates[reference.source]))
                continue
            }
            if let site, reference.fragment != nil, pageIDs[reference.target] == nil, site.pages.contains(reference.target) {
                deferred.append((reference, pageTemplates[reference.source]))
                continue
            }
            guard let (rule, message) = problem(with: reference, folders: folders, filesAreFolders: filesAreFolders)
            else { continue }
            findings.append(Finding(
                rule: rule, file: reference.source, line: reference.line, column: reference.column, message: message,
                template: pageTemplates[reference.source]))
        }
        findings.sort(by: Finding.outputOrder)
        return SiteReport(pageCount: pageCount, fileCount: site?.files.count ?? files.count, findings: findings)
    }

    /// The ids of every page this check holds, by path.
    func idsByPage() -> [String: ByteStrings] {
        lock.lock()
        defer { lock.unlock() }
        return pageIDs
    }

    /// Whether some folder of `folders` is also the name of a file of `files`.
    static func someFileIsAFolder(files: Set<String>, folders: Set<String>) -> Bool {
        folders.count < files.count ? folders.contains(where: files.contains) : files.contains(where: folders.contains)
    }

    /// Every folder that holds a file of `files`: each prefix of its path up to a "/", and "".
    static func folders(of files: Set<String>) -> Set<String> {
        // A plain path (no empty segment) is cut at its slashes, longest prefix first: once a
        // prefix is known, so are the shorter ones. Others are split as the segments read.
        var folders: Set<String> = [""]
        for file in files {
            // (`contains("//")` is Foundation's search, about 9,000 instructions a file; it can
            // only be true where the bytes hold two slashes in a row.)
            if file.hasPrefix("/") || file.hasSuffix("/") || (Self.holdsDoubleSlash(file) && file.contains("//")) {
                var rest = file.split(separator: "/").dropLast()
                while !rest.isEmpty {
                    folders.insert(rest.joined(separator: "/"))
                    rest = rest.dropLast()
                }
                continue
            }
            let bytes = file.utf8
            var slashes: [String.Index] = []
            var index = bytes.startIndex
            while let slash = bytes[index...].firstIndex(of: UInt8(ascii: "/")) {
                slashes.append(slash)
                index = bytes.index(after: slash)
            }
            for slash in slashes.reversed() {
                if !folders.insert(String(file[..<slash])).inserted { break }
            }
        }
        return folders
    }

    /// Whether the UTF-8 of `text` holds "//".
    static func holdsDoubleSlash(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    /// What is wrong with `reference`: a folder first, then no file, then no such fragment.
    /// Each lookup hashes the target, so a file's target is looked up among the folders only
    /// when some file is a folder too.
    private func problem(with reference: SiteReference, folders: Set<String>, filesAreFolders: Bool)
        -> (Finding.Rule, String)?
    {
        let target = reference.target
        let isFile = site?.files.contains(target) ?? files.contains(target)
        if (!isFile || filesAreFolders) && folders.contains(target) {
            return Reference.folderLink(reference.written, folder: target)
        }
        guard isFile else {
            if let part, let top = target.split(separator: "/", maxSplits: 1).first, top != part, target.contains("/"),
                otherParts.contains(String(top))
            {
                return (.brokenLink, "\(reference.written) links into another person's part of the site (\(top)/): a person's "
                    + "pages link only inside their own folder (\(part)/) and to the site-wide pages and files, so that "
                    + "each part can be built alone (--viewers, --shard)")
            }
            return (.brokenLink, "\(reference.written) names no file in the site (\(target))")
        }
        guard let fragment = reference.fragment else { return nil }
        guard let ids = pageIDs[target] ?? site?.documentIDs[target] else {
            return (.brokenFragment, "\(reference.written) names a fragment, but \(target) is not a page")
        }
        return Self.fragmentProblem(reference, fragment: fragment, ids: ids)
    }

    /// A fragment against the ids of the page it names.
    static func fragmentProblem(_ reference: SiteReference, fragment: String, ids: ByteStrings) -> (Finding.Rule, String)? {
        if ids.contains(fragment) { return nil }
        if reference.target == reference.source {
            return (.brokenFragment, "\(reference.written): no id \"\(fragment)\" on this page")
        }
        return (.brokenFragment, "\(reference.written): no id \"\(fragment)\" on \(reference.target)")
    }
}

/// Every file of a site checked a part at a time (`SiteValidator.validate(directory:)`): what
/// each part's links resolve against, known before any page is read.
struct SiteFiles: Sendable {
    let files: Set<String>
    /// The pages among them (`.html`).
    let pages: Set<String>
    let folders: Set<String>
    let filesAreFolders: Bool
    /// The ids of the documents that are not pages (SVG sprites), for fragments into them.
    let documentIDs: [String: ByteStrings]

    init(files: [String], documentIDs: [String: ByteStrings]) {
        self.files = Set(files)
        pages = Set(files.filter(PageName.isPage))
        folders = SiteCheck.folders(of: self.files)
        filesAreFolders = SiteCheck.someFileIsAFolder(files: self.files, folders: folders)
        self.documentIDs = documentIDs
    }
}

/// The outcome of checking a site.
public struct SiteReport: Sendable {
    /// Pages validated.
    public let pageCount: Int
    /// Files in the site, pages included.
    public let fileCount: Int
    /// Every finding, sorted by file, line and column.
    public let findings: [Finding]
    /// True when nothing was found.
    public var isValid: Bool { findings.isEmpty }
}

/// Fragments that the build's checks of people's parts write into the site-wide pages (`index.html#main`):
/// those pages are checked apart, beside the people's parts, so each such fragment waits here
/// for their ids (`learn`), then is judged as `vantage check` judges it (`findings`). Kept by
/// page and fragment, the first `kept` references of each in output order (a template that
/// writes one on every page of a large site, or one into each idea's place on the triage pages,
/// would otherwise hold them all), so the same references are kept whatever order the parts
/// finish in; the rest are counted. A shard keeps none (`kept` 0): the merge judges them.
public final class SiteFragments: @unchecked Sendable {
    private struct Key: Hashable {
        var target: String
        var fragment: String
    }

    private let lock = NSLock()
    private var waiting: [Key: (references: [(reference: SiteReference, template: String?)], count: Int)] = [:]
    private var ids: [String: ByteStrings] = [:]
    /// References kept for each page and fragment.
    let kept: Int

    public init(kept: Int = 20) { self.kept = kept }

    func wait(_ references: [(reference: SiteReference, template: String?)]) {
        guard kept > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        for item in references {
            let key = Key(target: item.reference.target, fragment: item.reference.fragment ?? "")
            var entry = waiting[key] ?? ([], 0)
            entry.count += 1
            // The first `kept` in output order: each new one goes in its place, the last out.
            let place = entry.references.firstIndex { Self.precedes(item.reference, $0.reference) } ?? entry.references.count
            if place < kept {
                entry.references.insert(item, at: place)
                if entry.references.count > kept { entry.references.removeLast() }
            }
            waiting[key] = entry
        }
    }

    private static func precedes(_ a: SiteReference, _ b: SiteReference) -> Bool {
        (a.source, a.line, a.column) < (b.source, b.line, b.column)
    }

    /// Takes the ids of the pages `check` holds (the site-wide pages').
    public func learn(from check: SiteCheck) {
        let learned = check.idsByPage()
        lock.lock()
        defer { lock.unlock() }
        ids.merge(learned) { _, new in new }
    }

    /// The findings of the waiting fragments (in output order), and how many there are in all
    /// (more than the findings when some were only counted).
    public func findings() -> (findings: [Finding], count: Int) {
        lock.lock()
        defer { lock.unlock() }
        var findings: [Finding] = []
        var count = 0
        for (key, entry) in waiting {
            // One page and fragment: one verdict, each reference's own message and place.
            let judged = entry.references.compactMap { reference, template -> Finding? in
                let problem = ids[key.target].map { SiteCheck.fragmentProblem(reference, fragment: key.fragment, ids: $0) }
                    ?? (.brokenFragment, "\(reference.written) names a fragment, but \(key.target) is not a page")
                guard let (rule, message) = problem else { return nil }
                return Finding(rule: rule, file: reference.source, line: reference.line, column: reference.column,
                               message: message, template: template)
            }
            guard !judged.isEmpty else { continue }
            findings += judged
            count += entry.count
        }
        findings.sort(by: Finding.outputOrder)
        return (findings, count)
    }
}
