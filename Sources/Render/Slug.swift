import Foundation
import VantageCore

/// File-name-safe slugs folded from display names: lower-case ASCII letters, digits and single
/// hyphens, never empty, never a dot-name, never a path, never a name some file system reserves.
///
/// A slug is only ever folded from a name the reader of the page already sees; never from a
/// phone number or an email (a hash of either can be reversed by brute force).
public enum Slug {
    /// Longest slug kept (before a "-2"-style suffix); longer names are cut at a hyphen.
    public static let maximumLength = 40

    /// Names a slug must never take: Windows device names (they cannot be files there, whatever
    /// the extension) and the site's own top-level names.
    public static let reserved: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul", "assets", "review", "reviews", "manifest", "index"]
        for digit in 0...9 {
            names.insert("com\(digit)")
            names.insert("lpt\(digit)")
        }
        return names
    }()

    /// How much of a name is folded, in characters: a slug keeps 40, and ICU's transliteration
    /// takes time that grows with the square of a text's length (a name of a million `é` took
    /// 44 s of CPU).
    static let foldedLength = 1_024

    /// The name folded to `[a-z0-9-]`, or "" when nothing usable remains (for example "!!!").
    /// Non-Latin scripts are transliterated (ICU's Any-Latin), so Arabic and Japanese names give
    /// readable slugs too. Only the first `foldedLength` characters of a name are read.
    public static func fold(_ name: String) -> String {
        var name = name
        if name.utf8.count > foldedLength, name.count > foldedLength { name = String(name.prefix(foldedLength)) }
        var latin = name
        if !name.utf8.allSatisfy({ $0 < 0x80 }) {
            latin = name.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false) ?? ""
        }
        var slug = ""
        var pendingHyphen = false
        for byte in latin.utf8 {
            let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 0x20 : byte
            let isWordByte = (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
            // Apostrophes join ("O'Brien" → "obrien"); everything else separates words.
            if byte == 0x27 { continue }
            if isWordByte {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(Unicode.Scalar(lower))
            } else {
                pendingHyphen = true
            }
        }
        return truncate(withoutLongNumbers(slug))
    }

    /// A slug is published as a folder or file name: when its digits are 7 or more in all (a
    /// phone the mask did not know to hide, written with separators a slug drops: `312’555’0181`
    /// folds to `3125550181`), they go, and the words are kept.
    static func withoutLongNumbers(_ slug: String) -> String {
        guard slug.utf8.count(where: { $0 >= 0x30 && $0 <= 0x39 }) >= PhoneDigits.shaped else { return slug }
        let words = slug.split(separator: "-").map { $0.filter { !$0.isNumber } }.filter { !$0.isEmpty }
        return words.joined(separator: "-")
    }

    /// Cuts `slug` to `maximumLength`, at the last hyphen when there is one in reach.
    static func truncate(_ slug: String) -> String {
        guard slug.utf8.count > maximumLength else { return slug }
        let cut = String(slug.prefix(maximumLength))
        if let hyphen = cut.lastIndex(of: "-"), hyphen > cut.startIndex {
            return String(cut[..<hyphen])
        }
        return cut
    }
}

/// Hands out distinct slugs: the first claim of a base gets it as is, later claims get "-2",
/// "-3", … Reserved names count as already taken. Claims are made in a deterministic order
/// (the caller's), so the same data always gives the same slugs.
public struct SlugAllocator: Sendable {
    /// Slugs taken elsewhere (shared, never copied: Set is copy-on-write and is only read here).
    private let shared: Set<String>
    private var taken: Set<String> = []
    /// For each base numbered before, the number to try next: every number below it is taken
    /// (slugs are never given back), so the 20,000th "Maria Silva" does not try 2 to 20,000
    /// again (which made a build quadratic in the people named alike).
    private var nextNumber: [String: Int] = [:]
    /// What a name with nothing usable in it becomes.
    public let fallback: String

    /// An allocator where `shared` (plus `Slug.reserved`) are unavailable.
    public init(taken shared: Set<String> = [], fallback: String = "person") {
        self.shared = shared
        self.fallback = fallback
    }

    /// A slug for `name`, distinct from every slug handed out or taken before.
    public mutating func claim(name: String?) -> String {
        var base = name.map(Slug.fold) ?? ""
        if base.isEmpty { base = fallback }
        return claim(base: base)
    }

    /// A slug built on `base` (already folded), distinct from every one handed out before.
    public mutating func claim(base: String) -> String {
        if take(base) { return base }
        var number = nextNumber[base] ?? 2
        while !take("\(base)-\(number)") { number += 1 }
        nextNumber[base] = number + 1
        return "\(base)-\(number)"
    }

    /// True when `slug` is taken or reserved.
    public func isTaken(_ slug: String) -> Bool {
        Slug.reserved.contains(slug) || shared.contains(slug) || taken.contains(slug)
    }

    private mutating func take(_ slug: String) -> Bool {
        guard !Slug.reserved.contains(slug), !shared.contains(slug) else { return false }
        return taken.insert(slug).inserted
    }
}
