import Foundation
import VantageCore

extension SiteValidator {
    /// Validates every `.html` page under `directory` (on `threads` threads) and checks links
    /// and fragments across the site. Throws a `Diagnostic` when the directory cannot be read.
    public func validate(directory: String, threads: Int = 2) throws -> SiteReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw Diagnostic.error("no such directory", at: SourceLocation(file: directory))
        }
        guard isDirectory.boolValue else { throw Diagnostic.error("not a directory", at: SourceLocation(file: directory)) }
        // A site given by a symbolic link (a build's `--out` may be one) is read where it leads.
        let named = directory
        let directory = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        let listing = try Self.listing(of: directory, shownAs: named)
        let files = listing.files
        let pages = files.filter(PageName.isPage)
        // Nothing to check is no verdict: a wrong folder (or a build that wrote nothing) must
        // not pass as a valid site.
        guard !pages.isEmpty else {
            throw Diagnostic.error("no page to check: expected a built site (its .html files)", at: SourceLocation(file: named))
        }
        // What is not a page or a part: no build writes such a name, and a report cannot show it
        // as it is; the manifest's findings.
        let others = SiteCheck(validator: self)
        others.addFindings(listing.strays.map { odd in
            Finding(rule: .manifest, file: odd.path, line: 1, column: 1, message: odd.message)
        })
        // A page no build checks: named `.htm`, `.xhtml` or in capitals, a server sends it as a
        // page all the same.
        others.addFindings(files.filter { PageName.looksLikePage($0) && !PageName.isPage($0) }.map { path in
            Finding(rule: .manifest, file: path, line: 1, column: 1,
                    message: "a page named otherwise than .html, which no build checks or writes; rename it to .html or remove it")
        })
        var documentIDs: [String: ByteStrings] = [:]
        for file in files where file.hasSuffix(".svg") {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file) else {
                throw Self.unreadable(file, in: directory, shownAs: named)
            }
            if let ids = data.withUnsafeBytes(DocumentIDs.collect) { documentIDs[file] = ids }
        }
        let site = SiteFiles(files: files, documentIDs: documentIDs)
        let manifest = try Self.manifest(in: directory, files: files, check: others, shownAs: named)

        // A part at a time (the pages of one top folder, a person's part of a built site): its
        // pages' ids and links are let go once its links are checked, so memory stays that of
        // a part, not of the whole site (about 5 KB a page: 4 GB for a site of 860,000 pages).
        // A fragment into a page of another part waits for the end, when that page is read again.
        var findings: [Finding] = []
        var pageCount = 0
        var deferred: [(reference: SiteReference, template: String?)] = []
        for part in Self.parts(of: pages) {
            let check = SiteCheck(validator: self, site: site)
            let next = PageQueue(count: part.count)
            let unreadable = FirstUnreadable()
            DispatchQueue.concurrentPerform(iterations: max(1, min(threads, part.count))) { _ in
                while let index = next.take() {
                    let path = part[index]
                    guard let data = FileManager.default.contents(atPath: directory + "/" + path) else {
                        unreadable.note(path)
                        continue
                    }
                    data.withUnsafeBytes { bytes in
                        _ = check.addPage(path: path, bytes: bytes)
                        if let manifest, !manifest.others.contains(path) {
                            others.addFindings(Self.manifestFindings(path: path, bytes: bytes, listed: manifest.pages[path]))
                        }
                    }
                }
            }
            // A page that cannot be read is no finding on the page (exit 1) but a site that cannot
            // be checked (exit 2), as an unreadable file is for every command.
            if let path = unreadable.path { throw Self.unreadable(path, in: directory, shownAs: named) }
            let report = check.finish(deferring: &deferred)
            pageCount += report.pageCount
            findings += report.findings
        }
        let byTarget = Dictionary(grouping: deferred, by: \.reference.target)
        for target in byTarget.keys.sorted() {
            let ids = FileManager.default.contents(atPath: directory + "/" + target).map { data in
                data.withUnsafeBytes { validatePage(path: target, bytes: $0).ids }
            } ?? ByteStrings()
            for (reference, template) in byTarget[target] ?? [] {
                guard let fragment = reference.fragment,
                    let (rule, message) = SiteCheck.fragmentProblem(reference, fragment: fragment, ids: ids)
                else { continue }
                findings.append(Finding(
                    rule: rule, file: reference.source, line: reference.line, column: reference.column, message: message,
                    template: template))
            }
        }
        findings += others.finish().findings
        findings.sort(by: Finding.outputOrder)
        return SiteReport(pageCount: pageCount, fileCount: files.count, findings: findings)
    }

    /// The pages by the top folder they are in (the pages beside `index.html` are one part), in
    /// the order of their first page.
    static func parts(of pages: [String]) -> [[String]] {
        var index: [Substring: Int] = [:]
        var parts: [[String]] = []
        for page in pages {
            let top = page.firstIndex(of: "/").map { page[..<$0] } ?? ""
            if let known = index[top] {
                parts[known].append(page)
            } else {
                index[top] = parts.count
                parts.append([page])
            }
        }
        return parts
    }

    /// The pages `manifest.json` lists, by path, when the site has one (nil: none, as in a
    /// site not built by vantage), and the files besides pages that the build's marker lists
    /// (pages copied from `content/static/` among them, which no manifest lists); a manifest
    /// that cannot be read, and every page it lists that is not in the site, are findings on it.
    static func manifest(in directory: String, files: [String], check: SiteCheck, shownAs named: String? = nil) throws
        -> (pages: [String: ManifestEntry], others: Set<String>)?
    {
        let file = SiteBookkeeping.manifest
        guard let bytes = FileCheck.readRegularFile(directory + "/" + file) else {
            // A folder (or a link, a pipe) by that name is no manifest, and not no manifest either;
            // a file that cannot be read (no permission) is a site that cannot be checked.
            var status = stat()
            if lstat(directory + "/" + file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
                throw Self.unreadable(file, in: directory, shownAs: named ?? directory)
            }
            if lstat(directory + "/" + file, &status) == 0 {
                check.addFindings([Finding(rule: .manifest, file: file, line: 1, column: 1,
                                           message: "manifest.json cannot be read: it is not a file")])
            }
            return nil
        }
        let entries: [ManifestEntry]
        do {
            entries = try ManifestCodec.decode(bytes, file: file)
        } catch {
            // A syntax error has its line and column; a bad entry its record path (`pages[3].sha256`),
            // said in the message and placed on the entry's line where the build's one entry a
            // line shows it.
            let recordPath = error.location?.recordPath
            let index = recordPath.flatMap { path -> Int? in
                guard path.hasPrefix("pages["), let end = path.firstIndex(of: "]") else { return nil }
                return Int(path[path.index(path.startIndex, offsetBy: 6)..<end])
            }
            let line = error.location?.line ?? index.flatMap { Self.entryLines(in: bytes, count: nil)?.dropFirst($0).first } ?? 1
            check.addFindings([Finding(rule: .manifest, file: file, line: line, column: error.location?.column ?? 1,
                                       message: "manifest.json cannot be read: \(recordPath.map { $0 + ": " } ?? "")\(error.message)")])
            return nil
        }
        let present = Set(files)
        let missing = entries.indices.filter { !present.contains(entries[$0].path) }
        let lines = missing.isEmpty ? nil : Self.entryLines(in: bytes, count: entries.count)
        check.addFindings(missing.map { index in
            Finding(rule: .manifest, file: file, line: lines?[index] ?? 1, column: 1,
                    message: "manifest.json lists \(entries[index].path), which is not in the site")
        })
        let others = SiteMarker.read(output: directory)?.files ?? []
        return (Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }), others)
    }

    /// The line of each entry of a manifest written as the build writes it, one entry a line
    /// (a line that starts with `{` after the first); nil when the lines are not `count` entries
    /// (a manifest laid out by hand), where `count` is known.
    static func entryLines(in bytes: [UInt8], count: Int?) -> [Int]? {
        var lines: [Int] = []
        var line = 1
        var atStart = true
        for byte in bytes {
            if byte == 0x0A {
                line += 1
                atStart = true
            } else if atStart, byte != 0x20, byte != 0x09, byte != 0x0D {
                if byte == UInt8(ascii: "{"), line > 1 { lines.append(line) }
                atStart = false
            }
        }
        if let count, lines.count != count { return nil }
        if count == nil {
            // Unknown how many entries a broken manifest has: its lines are taken only when each
            // holds one entry as the build writes it (`{"path":` once), not two to a line.
            let key = Array(#""path":"#.utf8)
            for text in bytes.split(separator: 0x0A).dropFirst() where text.first == UInt8(ascii: "{") {
                var found = 0
                var index = text.startIndex
                while index + key.count <= text.endIndex {
                    if text[index..<(index + key.count)].elementsEqual(key) { found += 1; index += key.count } else { index += 1 }
                }
                if found != 1 || !text.dropFirst().starts(with: key) { return nil }
            }
        }
        return lines
    }

    /// A page against its manifest entry: not listed, or other bytes than the build wrote.
    static func manifestFindings(path: String, bytes: UnsafeRawBufferPointer, listed: ManifestEntry?) -> [Finding] {
        guard let listed else {
            return [Finding(rule: .manifest, file: path, line: 1, column: 1,
                            message: "the page is not in manifest.json: its build did not write it")]
        }
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { SHA256.digest(bytes, into: $0.baseAddress!) }
        let hex = SHA256.hexString(digest)
        guard hex != listed.sha256 || bytes.count != listed.bytes else { return [] }
        let (written, found) = SHA256.shownApart(listed.sha256, hex)
        return [Finding(rule: .manifest, file: path, line: 1, column: 1,
                        message: "the page is not the one its build wrote (manifest.json: \(listed.bytes) bytes, SHA-256 \(written); "
                            + "found \(bytes.count) bytes, \(found)): edited since? vantage build --full writes it again")]
    }

    /// Why the file `path` of the site (which is there) cannot be read: exit 2, naming it.
    static func unreadable(_ path: String, in directory: String, shownAs named: String) -> Diagnostic {
        FileCheck.unreadable(directory + "/" + path, shownAs: PathText.joined(named, path))
    }

    /// Every regular file beneath `directory`, relative to it, sorted.
    static func listFiles(in directory: String) throws -> [String] { try listing(of: directory).files }

    /// The files beneath `directory` (sorted) and the names no build writes, as
    /// `FileTree.regularFiles` reads a built site: symbolic links are not followed. Throws,
    /// naming the folder as within `shownAs`, when a folder in it cannot be listed: its pages
    /// are not known, and taken for absent they were findings of a manifest listing them.
    static func listing(of directory: String, shownAs: String? = nil) throws -> FileTree.Listing {
        guard var listing = FileTree.regularFiles(under: directory) else {
            throw FileCheck.unlistable(directory, shownAs: shownAs)
        }
        if let unlisted = listing.unlisted.min() {
            throw Diagnostic.error(unlisted.message, at: SourceLocation(file: PathText.joined(shownAs ?? directory, unlisted.path)))
        }
        listing.files.sort()
        listing.strays.sort()
        return listing
    }
}

/// The first (by path) page the worker threads could not read, if any.
private final class FirstUnreadable: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var path: String?

    func note(_ page: String) {
        lock.lock()
        defer { lock.unlock() }
        if path.map({ page.utf8.lexicographicallyPrecedes($0.utf8) }) ?? true { path = page }
    }
}

/// Hands out page indexes to worker threads.
private final class PageQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        defer { nextIndex += 1 }
        return nextIndex
    }
}
