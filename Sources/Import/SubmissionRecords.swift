import VantageCore

/// The header of a submissions file (`submissions/*.json`, DATA.md): whose part of the site
/// it was composed in, when it was downloaded, and what was composed.
struct SubmissionFileHeader {
    static let fields = ["submittedBy", "exportedAt", "quotes", "ideas"]

    let submittedBy: String
    let exportedAt: Int64
    let quotes: [JSONValue]
    let ideas: [JSONValue]

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context,
                                expected: "an object (submittedBy, exportedAt, quotes, ideas)")
        submittedBy = try fields.nonEmptyString("submittedBy", expected: "the slug of a person's part of the site")
        exportedAt = try fields.instant("exportedAt").seconds
        quotes = fields.optional("quotes") == nil ? [] : try fields.array("quotes", expected: "an array of quotes")
        ideas = fields.optional("ideas") == nil ? [] : try fields.array("ideas", expected: "an array of ideas")
    }
}

/// What every submitted record has: the id the browser gave it, unique among the records of
/// its kind that one person submitted, so that importing the same file again finds the same
/// rows. It follows the syntax of every other record id (`RecordID`): the site writes letters
/// and digits, and a file written by hand may use `note-1` as an export may.
enum SubmissionID {
    static func localID(_ fields: Fields) throws(Diagnostic) -> String {
        try fields.recordID("localId", expected: "the id the site gave the record")
    }

    /// The stored id of a submitted record: `s-` and 14 lower-case letters of a SHA-256 of what
    /// the site shows of it (its kind, its instant and its text as published, phones and emails
    /// masked), and of nothing else. The id is published (`data-id`), and a digest can be
    /// reversed by trying every input it could have: so neither who sent it (the author of an
    /// anonymous idea, the submitter of a quote; a digest of the slug would be found again by
    /// trying every slug of the index), nor a phone in its text before it was masked (the page
    /// shows the rest of the text and the instant: 10⁷ tries found the number), nor its
    /// `localId` (which a hand-written file may make a phone's digits) goes into it. Letters
    /// only, so an id never holds a phone. Records alike in all three get `-2`, `-3`
    /// (`Assigner`); the same file imported again gives the same ids.
    static func stored(kind: String, publishedText text: String, instant: DataInstant) -> String {
        let input = Array("vantage-submission-2\u{0}\(kind)\u{0}\(instant.microseconds)\u{0}\(text)".utf8)
        let digest = SHA256.hex(input)
        var value = UInt64(digest.prefix(16), radix: 16) ?? 0
        var letters = "s-"
        for _ in 0..<14 {
            letters.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "a") + UInt8(value % 26)))
            value /= 26
        }
        return letters
    }

    /// Gives each submitted record of one import its id. A `localId` met again for the same
    /// person with the same record (text, instant, and `details`: a quote's people, an idea's
    /// choices) is the same record (the outbox keeps what it downloaded until the import, so a
    /// second download holds the first's records again): nil, it is stored once. With anything
    /// else different it is refused, naming the first: which one would be stored must not depend
    /// on the files' names. Two different records whose ids would be the same (the same text,
    /// instant and `localId` from two people) get `-2`, `-3`, … in the order the files are read.
    struct Assigner {
        /// Each record met, by person, kind and `localId`: what it holds and where it was.
        private var seen: [String: (record: String, at: String)] = [:]
        /// Every id given so far in this import.
        private(set) var assigned: Set<String> = []

        mutating func id(submittedBy: String, kind: String, localID: String, text: String, publishedText: String,
                         instant: DataInstant, details: [String], at location: RecordLocation) throws(Diagnostic) -> String? {
            let key = submittedBy + "\u{0}" + kind + "\u{0}" + localID
            let record = (["\(instant.microseconds)", text] + details).joined(separator: "\u{0}")
            if let earlier = seen[key] {
                guard earlier.record.utf8.elementsEqual(record.utf8) else {
                    throw location.member("localId").error(
                        "expected a unique localId for this person, found \(quoted(localID)) a second time, "
                            + "with other words, another time or other \(kind == "quote" ? "people" : "choices") (also \(earlier.at))")
                }
                return nil
            }
            seen[key] = (record, location.reference)
            let base = SubmissionID.stored(kind: kind, publishedText: publishedText, instant: instant)
            var id = base
            var suffix = 2
            while !assigned.insert(id).inserted {
                id = base + "-\(suffix)"
                suffix += 1
            }
            return id
        }
    }
}

/// A quote composed on the Add Quote screen: the people are handles of the submitter's part.
struct SubmittedQuote {
    static let fields = ["localId", "text", "saidBy", "heardBy", "when", "part"]

    let location: RecordLocation
    let localID: String
    let text: String
    let saidBy: String
    let heardBy: [String]
    let saidAt: DataInstant
    /// The signature of the part the quote was composed in (`ViewerHandles.signature`), as the
    /// Add Quote screen writes it; nil in a file without it.
    let part: String?

    init(_ value: JSONValue, at location: RecordLocation, quoteLimit: Int, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (a quote)")
        self.location = location
        localID = try SubmissionID.localID(fields)
        text = try fields.string("text", expected: "the words said (1 to \(quoteLimit) characters)")
        try QuoteRecord.checkLength(text, limit: quoteLimit, at: location.member("text"))
        try checkVisible(text, expected: "the words said (1 to \(quoteLimit) characters)", at: location.member("text"))
        let handle = "the handle of a person in the submitter's part of the site"
        saidBy = try fields.nonEmptyString("saidBy", expected: handle)
        let hearers = try fields.array("heardBy", expected: "an array of one or more handles")
        if hearers.isEmpty {
            throw location.member("heardBy").error("expected an array of one or more handles, found an empty array")
        }
        var heardBy: [String] = []
        for (index, hearer) in hearers.enumerated() {
            guard case .string(let text) = hearer, !text.isEmpty else {
                throw location.member("heardBy").element(index).error("expected \(handle), found \(hearer.kindDescription)")
            }
            if let first = heardBy.firstIndex(of: text) {
                throw location.member("heardBy").element(index).error(
                    "expected each hearer once, found \(quoted(text)) again (also heardBy[\(first)])")
            }
            heardBy.append(text)
        }
        self.heardBy = heardBy
        saidAt = try fields.instant("when")
        let signature = "the signature of the part the quote was composed in (16 lower-case hex digits)"
        part = try fields.optionalString("part", expected: signature)
        // The screen writes `data-part` as it is: anything else is a mistake in the file, not a
        // part the site no longer has.
        if let part, part.utf8.count != 16 || !part.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) {
            throw location.member("part").error("expected \(signature), found \(quoted(part))")
        }
    }
}

/// An idea composed on the Submit Idea screen; its author is the submitter.
struct SubmittedIdea {
    static let fields = ["localId", "text", "showName", "for", "submittedAt"]

    let location: RecordLocation
    let localID: String
    let text: String
    let textLength: Int
    let showName: Bool
    let forWhom: String
    let submittedAt: DataInstant

    init(_ value: JSONValue, at location: RecordLocation, context: ReadContext) throws(Diagnostic) {
        let fields = try Fields(value, at: location, known: Self.fields, context: context, expected: "an object (an idea)")
        self.location = location
        localID = try SubmissionID.localID(fields)
        (text, textLength) = try IdeaRecord.text(fields, at: location)
        showName = try fields.bool("showName")
        forWhom = try IdeaRecord.audience(fields)
        submittedAt = try fields.instant("submittedAt")
    }
}
