import Template

/// One idea's list entry (`partials/idea`) rendered once, with holes where the entry differs
/// from one list, page and viewer to the next: the author's name as the viewer knows them,
/// the links to the previous and next ideas, and the "3 of 40" position line. Splicing the
/// hole values into it gives the bytes the partial renders with those values.
///
/// The holes are rendered as markers: `<`, U+0001, the hole's digit, U+0001. They cannot
/// come from anything else the partial writes: text values are escaped (so `<` never comes
/// from them) and hold no C0 control (`XMLText.clean`, which every text from the store goes
/// through), translations and dates are escaped too, and the template's own markup holds no
/// control character.
final class IdeaEntryFragment: Sendable {
    /// A place the entry differs between lists, pages and viewers.
    enum Hole: UInt8, CaseIterable, Sendable {
        /// `author.name`: the viewer's name for the author (the escaped text).
        case author
        /// `prev.href` / `next.href`: the neighbouring ideas' links (the escaped text).
        case previous, next
        /// `position`: `partials/idea-position` rendered for the entry's place in its list.
        case position

        /// The marker the fragment is rendered with.
        var marker: String { "<\u{1}" + String(rawValue) + "\u{1}" }
    }

    /// The bytes between the holes: one more than `holes`.
    let segments: [[UInt8]]
    /// The holes in the order the partial writes them.
    let holes: [Hole]
    /// Bytes held, for the cache's budget.
    let byteCount: Int

    init(segments: [[UInt8]], holes: [Hole]) {
        self.segments = segments
        self.holes = holes
        byteCount = segments.reduce(0) { $0 + $1.count }
    }

    /// Splits the entry rendered with every hole's marker at the markers; nil when a marker
    /// is malformed (which only a template that transforms a hole's value would cause).
    convenience init?(rendered bytes: [UInt8]) {
        var segments: [[UInt8]] = []
        var holes: [Hole] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x3C, index + 1 < bytes.count, bytes[index + 1] == 0x01 else {
                index += 1
                continue
            }
            guard index + 3 < bytes.count, bytes[index + 3] == 0x01, bytes[index + 2] >= 0x30,
                let hole = Hole(rawValue: bytes[index + 2] - 0x30)
            else { return nil }
            segments.append(Array(bytes[start..<index]))
            holes.append(hole)
            index += 4
            start = index
        }
        segments.append(Array(bytes[start...]))
        self.init(segments: segments, holes: holes)
    }

    /// Appends the entry with `fill`'s bytes in the holes.
    func splice(into output: inout [UInt8], fill: (Hole, inout [UInt8]) -> Void) {
        for (index, segment) in segments.enumerated() {
            output.append(contentsOf: segment)
            if index < holes.count { fill(holes[index], &output) }
        }
    }
}
