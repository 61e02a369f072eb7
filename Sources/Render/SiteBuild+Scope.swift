import Foundation
import VantageCore

extension SiteBuild {
    /// Which people's parts of the site a build renders. Every page of a part is byte for
    /// byte the page a full build writes; only the pages that list everyone (the index) list
    /// just the homes that were built.
    public enum Scope: Sendable, Equatable {
        /// Everyone, and the site-wide pages.
        case everyone
        /// `--viewers`: these people (by the slug of their folder), and the site-wide pages.
        case viewers([String])
        /// `--shard K/N`: the people of one shard, without the site-wide pages (`--merge`
        /// renders those once every shard is built).
        case shard(Shard)
    }

    /// Shard `index` of `count` (1-based, as written: `--shard 2/3`). A person's shard is a
    /// function of the slug of their folder alone (`StableHash`), so every machine that builds
    /// from the same store puts everyone in the same shard.
    public struct Shard: Sendable, Hashable, CustomStringConvertible {
        public let index: Int
        public let count: Int

        /// The most shards a site is split into (far more machines than any team has).
        public static let maximumCount = 100_000

        /// Reads `K/N` with 1 ≤ K ≤ N ≤ `maximumCount`; nil for anything else (`0/3`, `4/3`,
        /// `abc`, `1/0`).
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= Self.maximumCount,
                (1...count).contains(index)
            else { return nil }
            self.index = index
            self.count = count
        }

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// True when the person whose folder is `slug` belongs to this shard.
        public func holds(slug: String) -> Bool { Self.index(of: slug, count: count) == index }

        /// The shard (1-based) of the person whose folder is `slug`, among `count`.
        public static func index(of slug: String, count: Int) -> Int { Int(StableHash.of(slug) % UInt64(count)) + 1 }

        public var description: String { "\(index)/\(count)" }
    }

    /// The folder name `given` means when it is one spelled otherwise: percent-encoded, in
    /// capitals, or with the slashes of a path around it; or the person's name as the index
    /// shows it, accents and spaces and all (`Léa Martin`, `léa-martin`, in NFC or NFD), which
    /// `Slug.fold` makes the folder name of; or folder names separated by spaces rather than
    /// commas (`ana-lima bo-berg`: then the list as `--viewers` takes it). Nil when it is none.
    static func folderMeant(by given: String, among folders: [String: SiteModel.Home]) -> String? {
        func meant(_ given: String) -> String? {
            let spelled = (given.removingPercentEncoding ?? given).lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if folders[spelled] != nil { return spelled }
            let folded = Slug.fold(spelled)
            return folders[folded] != nil ? folded : nil
        }
        if let one = meant(given) { return one != given ? one : nil }
        let words = given.split(whereSeparator: \.isWhitespace).map(String.init)
        guard words.count > 1 else { return nil }
        let each = words.compactMap(meant)
        return each.count == words.count ? each.joined(separator: ",") : nil
    }

    /// The homes a build renders: the scope's, then every `viewerStride`-th of those.
    static func choosePeople(_ context: BuildContext) throws {
        let homes = context.site.homes
        var chosen: [SiteModel.Home]
        switch context.options.scope {
        case .everyone:
            chosen = homes
        case .viewers(let slugs):
            let bySlug = Dictionary(homes.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
            let unknown = slugs.filter { bySlug[$0] == nil }
            if !unknown.isEmpty {
                let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
                // A folder name spelled otherwise (`ANA-LIMA`, `ana-lima/`, `ana%2Dlima`, as copied
                // from an address) is named as it is; else any slug shows what one looks like.
                let meant = unknown.count == 1 ? Self.folderMeant(by: unknown[0], among: bySlug) : nil
                throw Diagnostic.error(
                    "--viewers: no person has the folder \(names) "
                        + (meant.map { "(did you mean '\($0)'?)" } ?? "(a slug as in the index, such as '\(homes.first?.slug ?? "ana-lima")')"))
            }
            let wanted = Set(slugs)
            chosen = homes.filter { wanted.contains($0.slug) }
        case .shard(let shard):
            chosen = homes.filter { shard.holds(slug: $0.slug) }
        }
        let stride = max(1, context.tuning.viewerStride)
        if stride > 1 { chosen = Swift.stride(from: 0, to: chosen.count, by: stride).map { chosen[$0] } }
        context.chosen = chosen
    }
}

/// What a `--shard K/N` build leaves beside its pages for `--merge`: which shard it is, whose
/// parts it holds, and what each part was built from (`shard.json`, a file no page links to and
/// the merge does not copy).
struct ShardRecord: Equatable {
    static let file = SiteBookkeeping.shard
    var shard: SiteBuild.Shard
    /// The slugs of the people in the shard, sorted as their folders are.
    var viewers: [String]
    /// Each viewer's fingerprint (`BuildFingerprint.viewer`: the data, templates, catalog,
    /// settings and tool their pages were built from), in the order of `viewers`.
    var fingerprints: [String]
    /// Whether the shard's pages were validated (part of every fingerprint).
    var validated: Bool
    /// What the shard's pages were built from, part by part (`SiteInputs`: the tool and the
    /// SHA-256 of its executable, `--locale`, site.json's settings, the build date, the
    /// templates, the catalog, the people and ideas every page shows): the merge names the
    /// part that differs from its own.
    var inputs: SiteInputs
    /// The SHA-256 of each file in the people's folders that is not a page (a search index),
    /// sorted by path: the manifest holds the pages' digests, and the merge holds these files
    /// to theirs (one cut short or swapped in a copy would otherwise be published).
    var files: [(path: String, sha256: String)]

    static func == (a: Self, b: Self) -> Bool {
        a.shard == b.shard && a.viewers == b.viewers && a.fingerprints == b.fingerprints && a.validated == b.validated
            && a.inputs == b.inputs && a.files.elementsEqual(b.files, by: { $0 == $1 })
    }

    var bytes: [UInt8] {
        let object = JSONValue.object(JSONObject(
            keys: ["shard", "of", "validated", "inputs", "viewers", "fingerprints", "files"],
            values: [.number(Double(shard.index)), .number(Double(shard.count)), .bool(validated),
                     .object(JSONObject(keys: inputs.parts.map(\.0.rawValue), values: inputs.parts.map { .string($0.1) })),
                     .array(viewers.map { .string($0) }), .array(fingerprints.map { .string($0) }),
                     .object(JSONObject(keys: files.map(\.path), values: files.map { .string($0.sha256) }))]))
        return Array((JSONWriter.string(object) + "\n").utf8)
    }

    /// Reads `folder/shard.json`; throws naming the file when it is missing or not one.
    static func read(folder: String) throws -> ShardRecord {
        let path = (folder as NSString).appendingPathComponent(file)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic.error("\(folder) is not a shard build: it has no \(file) (build it with --shard K/N)")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(Array(data), file: path) } catch {
            throw Diagnostic.error("\(path): not a shard record: \(error)")
        }
        guard case .object(let object) = value, case .number(let index)? = object["shard"], case .number(let count)? = object["of"],
            case .array(let list)? = object["viewers"], count >= 1, index >= 1, index <= count, index == index.rounded(),
            count == count.rounded()
        else { throw Diagnostic.error("\(path): not a shard record (expected shard, of and viewers)") }
        let viewers = list.compactMap { value -> String? in if case .string(let slug) = value { return slug } else { return nil } }
        guard viewers.count == list.count else { throw Diagnostic.error("\(path): viewers must be folder names") }
        guard case .array(let digests)? = object["fingerprints"], case .bool(let validated)? = object["validated"] else {
            throw Diagnostic.error(
                "\(path): the shard record does not say what its pages were built from (built by an older vantage?): build the shard again")
        }
        let fingerprints = digests.compactMap { value -> String? in if case .string(let digest) = value { return digest } else { return nil } }
        guard fingerprints.count == viewers.count, fingerprints.count == digests.count else {
            throw Diagnostic.error("\(path): not a shard record (expected a fingerprint per viewer)")
        }
        guard case .object(let listed)? = object["files"] else {
            throw Diagnostic.error(
                "\(path): the shard record does not list the digests of its files besides pages (built by an older vantage?): "
                    + "build the shard again")
        }
        guard case .object(let given)? = object["inputs"] else {
            throw Diagnostic.error(
                "\(path): the shard record does not say what its pages were built from, part by part (built by an older vantage?): "
                    + "build the shard again")
        }
        var parts: [(SiteInputs.Part, String)] = []
        for (name, value) in zip(given.keys, given.values) {
            guard let part = SiteInputs.Part(rawValue: name), case .string(let digest) = value else {
                throw Diagnostic.error("\(path): inputs: \(quoted(name)) is not a part a build records (built by another vantage?): "
                    + "build the shard again")
            }
            parts.append((part, digest))
        }
        var files: [(path: String, sha256: String)] = []
        for (file, digest) in zip(listed.keys, listed.values) {
            guard case .string(let sha256) = digest else { throw Diagnostic.error("\(path): files: expected a SHA-256 for \(quoted(file))") }
            files.append((file, sha256))
        }
        return ShardRecord(
            shard: SiteBuild.Shard(index: Int(index), count: Int(count)), viewers: viewers, fingerprints: fingerprints,
            validated: validated, inputs: SiteInputs(parts: parts), files: files)
    }
}
