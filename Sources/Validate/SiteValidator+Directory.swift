import Foundation
import VantageCore

extension SiteValidator {
    /// Validates every `.html` page under `directory` (on `threads` threads) and checks links
    /// and fragments across the site. Throws a `Diagnostic` when the directory cannot be read.
    public func validate(directory: String, threads: Int = 2) throws -> SiteReport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw Diagnostic.error("no such directory: \(directory)")
        }
        guard isDirectory.boolValue else { throw Diagnostic.error("not a directory: \(directory)") }
        let files = try Self.listFiles(in: directory)
        let check = SiteCheck(validator: self)
        let pages = files.filter { $0.hasSuffix(".html") }
        // Nothing to check is no verdict: a wrong folder (or a build that wrote nothing) must
        // not pass as a valid site.
        guard !pages.isEmpty else { throw Diagnostic.error("no page to check in \(directory): expected a built site (its .html files)") }
        for file in files where !file.hasSuffix(".html") {
            if file.hasSuffix(".svg"), let data = FileManager.default.contents(atPath: directory + "/" + file) {
                check.addFile(path: file, bytes: [UInt8](data))
            } else {
                check.addFile(path: file)
            }
        }
        let next = PageQueue(count: pages.count)
        DispatchQueue.concurrentPerform(iterations: max(1, threads)) { _ in
            while let index = next.take() {
                let path = pages[index]
                guard let data = FileManager.default.contents(atPath: directory + "/" + path) else {
                    check.add(PageReport(path: path, kind: nil, findings: [
                        Finding(rule: .malformed, file: path, line: 1, column: 1, message: "the page cannot be read")
                    ]))
                    continue
                }
                data.withUnsafeBytes { _ = check.addPage(path: path, bytes: $0) }
            }
        }
        return check.finish()
    }

    /// Every regular file beneath `directory`, relative to it, sorted.
    static func listFiles(in directory: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw Diagnostic.error("cannot read the directory \(directory)")
        }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(path) }
        }
        return files.sorted()
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
