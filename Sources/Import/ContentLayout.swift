import Foundation
import VantageCore

/// The export files found in a content directory (DATA.md): each record type comes from one
/// JSON file or from its JSON Lines twin, never both.
struct ContentLayout {
    /// One input file: its path on disk and its name in messages.
    struct File: Equatable {
        let path: String
        let name: String
        var isJSONLines: Bool { path.hasSuffix(".jsonl") }
    }

    let site: File?
    let changeJarUsers: File?
    let ideas: File?
    /// `quotes/export.json` (users, quotes and contacts in one document).
    let quotesExport: File?
    let quotesUsers: File?
    let quotes: File?
    let contacts: File?
    let reviews: [File]
    /// `submissions/*.json`, in name order: what people composed on the site.
    let submissions: [File]
    /// Files that are no export file, reported as warnings.
    let ignored: [File]
    /// The folder each app's files are in, as messages name it (`content/quotes`).
    let quotesFolder: String
    let changeJarFolder: String

    /// Whether some records are streamed from JSON Lines (whose memory must stay flat).
    var streamsRecords: Bool {
        ([changeJarUsers, ideas, quotesUsers, quotes, contacts].compactMap { $0 } + reviews + submissions).contains(where: \.isJSONLines)
    }

    /// Finds the files under `directory` (named in messages as the user wrote it).
    init(directory: String) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Diagnostic.error("no content directory here (expected changejar/, quotes/, reviews/ and site.json)",
                                   at: SourceLocation(file: directory))
        }
        // A content folder that cannot be entered would look empty: every file in it "missing".
        // (Listing it is not needed: its files are known by name.)
        guard access(directory, X_OK) == 0 else {
            throw Diagnostic.error(
                "cannot read the files in the folder: \(String(cString: strerror(errno)))", at: SourceLocation(file: directory))
        }
        func file(_ relative: String) -> File {
            let name = PathText.joined(directory, relative)
            return File(path: name, name: name)
        }
        func existing(_ relative: String) -> File? {
            let candidate = file(relative)
            // Anything with the name counts, even a folder or a dangling link: reading it then
            // fails with a message naming it, where taking it for absent would remove every
            // record it held.
            return FileCheck.exists(candidate.path) ? candidate : nil
        }
        func one(_ folder: String, _ base: String) throws(Diagnostic) -> File? {
            let json = existing("\(folder)/\(base).json")
            let lines = existing("\(folder)/\(base).jsonl")
            if json != nil, lines != nil {
                throw Diagnostic.error("both \(base).json and \(base).jsonl exist; keep one",
                                       at: SourceLocation(file: file(folder).name))
            }
            return json ?? lines
        }
        // Each app's folder is a folder that can be read, or absent.
        for folder in ["changejar", "quotes", "reviews", "submissions"] {
            if let problem = FileCheck.folderProblem(at: file(folder).path) {
                throw Diagnostic.error(problem,
                                       at: SourceLocation(file: file(folder).name))
            }
        }
        var ignored: [File] = []
        func listing(_ folder: String) throws(Diagnostic) -> [String] {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: file(folder).path)) ?? [])
                // In the order of their bytes: `String`'s order takes a name written composed and
                // the same written decomposed (`é.json`, `é.json`) as equal, leaving their order,
                // and so which file's decisions are read last, to the file system's listing.
                .filter { !$0.hasPrefix(".") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            // A name that is not UTF-8 comes back with U+FFFD in place of its bytes, which names
            // no file: said as what it is, not as a file that does not exist.
            for name in names where name.unicodeScalars.contains("\u{FFFD}") && !FileCheck.exists(file(folder + "/" + name).path) {
                throw Diagnostic.error(
                    "a file here is named with bytes that are not UTF-8 (shown as \(quoted(name))), which cannot be named in a message or a rejects file: rename it",
                    at: SourceLocation(file: file(folder).name))
            }
            return names
        }

        site = existing("site.json")
        changeJarUsers = try one("changejar", "users")
        ideas = try one("changejar", "ideas")
        for name in try listing("changejar") where !["users.json", "users.jsonl", "ideas.json", "ideas.jsonl"].contains(name) {
            ignored.append(file("changejar/" + name))
        }

        quotesExport = existing("quotes/export.json")
        quotesUsers = existing("quotes/users.jsonl")
        quotes = existing("quotes/quotes.jsonl")
        contacts = existing("quotes/contacts.jsonl")
        if quotesExport != nil, let twin = quotesUsers ?? quotes ?? contacts {
            throw Diagnostic.error(
                "both export.json and \(PathText.name(of: twin.name)) exist; give the Quotes export either as export.json or as JSON Lines",
                at: SourceLocation(file: file("quotes").name))
        }
        for name in try listing("quotes")
        where !["export.json", "users.jsonl", "quotes.jsonl", "contacts.jsonl"].contains(name) {
            ignored.append(file("quotes/" + name))
        }

        var reviews: [File] = []
        for name in try listing("reviews") {
            if name.hasSuffix(".json") { reviews.append(file("reviews/" + name)) } else { ignored.append(file("reviews/" + name)) }
        }
        self.reviews = reviews
        var submissions: [File] = []
        for name in try listing("submissions") {
            if name.hasSuffix(".json") { submissions.append(file("submissions/" + name)) } else { ignored.append(file("submissions/" + name)) }
        }
        self.submissions = submissions
        self.ignored = ignored
        quotesFolder = file("quotes").name
        changeJarFolder = file("changejar").name
        // A folder with no export in it at all is a wrong --content, not an export with no
        // records: taken for one, it would remove every record from the store.
        let found: [File?] = [site, changeJarUsers, ideas, quotesExport, quotesUsers, quotes, contacts]
        if found.allSatisfy({ $0 == nil }), reviews.isEmpty, submissions.isEmpty,
           !["changejar", "quotes", "reviews", "submissions"].contains(where: { FileCheck.exists(file($0).path) }) {
            throw Diagnostic.error(
                "no export here (expected changejar/, quotes/, reviews/, submissions/ or site.json); an export with no records still has its folders",
                at: SourceLocation(file: directory))
        }
    }
}
