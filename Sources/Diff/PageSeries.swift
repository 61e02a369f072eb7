import VantageCore

/// Which page of a paginated list a file is, worked out from the manifest without assuming
/// one URL layout: a page is page N when its path ends in a page number (`…/2/index.html`,
/// `…/page/2/index.html`, `…/page-2.html`, `…/said-2.html` after `…/said.html`) and the
/// first page of the same list (same viewer and kind, the path without that ending) is in the
/// same manifest. A folder named like `dad-2/` is a name, not a page number: only a file
/// name's `-N` counts, and not in a list named after a person (`PageKind.namesAPerson`): a
/// person's slug may end in `-2` (`…/by/dad-2.html` is Dad 2's page, not page 2 of Dad's).
struct PageSeries {
    private let manifest: Manifest

    /// Page numbers looked up in `manifest`.
    init(_ manifest: Manifest) { self.manifest = manifest }

    /// The page number of `page` (2 or more), or nil when it is a first or single page.
    func pageNumber(of page: ManifestEntry) -> Int? { position(of: page).number }

    /// The list a page belongs to (its first page's stem) and its page number (nil for a
    /// first or single page): the order a report lists a list's pages in.
    func position(of page: ManifestEntry) -> (list: String, number: Int?) {
        let fileName = page.path.split(separator: "/").last.map(String.init) ?? page.path
        let fromFolder = fileName.hasPrefix("index.")
        let stem = Self.stem(page.path)
        let dashNumbers = !fromFolder && !PageKind.namesAPerson(page.kind)
        for (base, number) in Self.candidates(stem, fromFileName: dashNumbers) where number >= 2 {
            if hasFirstPage(base, like: page) { return (base, number) }
        }
        return (stem, nil)
    }

    /// True when the list's first page, whose path is `base.ext` or `base/index.ext`, is in
    /// the manifest with the same viewer and kind. Two binary searches, no index of every page.
    private func hasFirstPage(_ base: String, like page: ManifestEntry) -> Bool {
        for prefix in [base + "/index.", base + "."] {
            for candidate in manifest.pages(under: prefix)
            // A folder without a manifest is walked, its pages' kinds and viewers unknown until
            // read: unknown matches (only the changed pages are read, not their first pages).
            where Self.stem(candidate.path) == base && (candidate.viewer == nil || candidate.viewer == page.viewer)
                && (candidate.kind == nil || candidate.kind == page.kind) {
                return true
            }
        }
        return false
    }

    /// The path without its extension and without a final `index`: the name of the list.
    static func stem(_ path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if var last = components.popLast() {
            if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
            if last != "index" || components.isEmpty { components.append(last) }
        }
        return components.joined(separator: "/")
    }

    /// The (first page's stem, page number) readings of a stem, most specific first.
    static func candidates(_ stem: String, fromFileName: Bool = true) -> [(String, Int)] {
        var components = stem.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = components.popLast() else { return [] }
        let parent = components.joined(separator: "/")
        var result: [(String, Int)] = []
        if let number = Int(last), last.allSatisfy(\.isASCII) {
            // `…/page/2` belongs to `…`; `…/2` to its parent.
            if let marker = components.last, marker == "page" || marker == "p" {
                result.append((components.dropLast().joined(separator: "/"), number))
            }
            result.append((parent, number))
        }
        for prefix in ["page-", "page_", "page", "index-", "index_", "p"] where last.hasPrefix(prefix) {
            let digits = last.dropFirst(prefix.count)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) {
                result.append((parent, number))
                break
            }
        }
        // `said-2` follows `said`, in the same folder.
        if fromFileName, let dash = last.lastIndex(where: { $0 == "-" || $0 == "_" }), dash != last.startIndex {
            let digits = last[last.index(after: dash)...]
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) {
                result.append(((parent.isEmpty ? "" : parent + "/") + last[..<dash], number))
            }
        }
        return result
    }
}
