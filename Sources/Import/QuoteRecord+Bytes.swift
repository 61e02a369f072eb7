import VantageCore

/// Reading a quote straight from its bytes (docs/SCALE.md, "The import", fifth round): no JSON
/// tree, no dictionary, no string per member name. It declines (nil) at anything it is not sure
/// of, and the caller then reads the record with `init(_:at:context:)`, which gives every error
/// message, warning and record path; so the two paths give the same record wherever this one
/// gives one (`QuoteBytesTests` compares them).
///
/// Declined: a member that is unknown (its warning comes from the ordinary path), repeated,
/// missing, null or of another type; a name written with escapes; any check that fails (id
/// syntax, text that shows nothing, NUL, phone, timestamp, a hearer twice); escapes or bytes the parser
/// would refuse; anything after the record's closing brace but whitespace.
extension QuoteRecord {
    private static let names: [StaticString] = ["id", "text", "saidBy", "heardBy", "when", "submittedBy"]

    /// The quote in `bytes` (one JSON value, perhaps with whitespace around it), or nil.
    init?(bytes: UnsafeBufferPointer<UInt8>, context: ReadContext) {
        var reader = RecordBytes(bytes)
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var id: String?, text: String?, saidBy: QuoteContact?, heardBy: [QuoteContact]?, saidAt: DataInstant?
        var submittedBy: String?
        repeat {
            switch reader.memberName(Self.names) {
            case 0:
                guard id == nil, let value = reader.string(), value.isASCII, !value.hasNUL,
                      RecordID.isValid(value.string) else { return nil }
                id = value.string
            case 1:
                guard text == nil, let value = reader.string()?.checked, !VisibleText.showsNothing(value) else { return nil }
                text = value
            case 2:
                guard saidBy == nil, let contact = QuoteContact(reading: &reader, context: context) else { return nil }
                saidBy = contact
            case 3:
                guard heardBy == nil, let hearers = Self.hearers(reading: &reader, context: context) else { return nil }
                heardBy = hearers
            case 4:
                guard saidAt == nil, let value = reader.string(), value.isASCII, !value.hasNUL else { return nil }
                var string = value.string
                guard let instant = string.withUTF8({ try? Timestamp.instant(utf8: $0) }) else { return nil }
                saidAt = instant
            case 5:
                guard submittedBy == nil, let phone = reader.phone(context.phones) else { return nil }
                submittedBy = phone
            default:
                return nil
            }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), reader.finished(), let id, let text, let saidBy, let heardBy, let saidAt,
              let submittedBy else { return nil }
        self.init(id: id, text: text, saidBy: saidBy, heardBy: heardBy, saidAt: saidAt, submittedBy: submittedBy)
    }

    /// `heardBy`: one or more contacts, each phone once.
    private static func hearers(reading reader: inout RecordBytes, context: ReadContext) -> [QuoteContact]? {
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var hearers: [QuoteContact] = []
        hearers.reserveCapacity(4)
        // Past a few hearers, a set of the phones seen (one look across the list for each was
        // quadratic: 64,000 hearers took 14 s).
        var phones: Set<String>?
        repeat {
            guard let hearer = QuoteContact(reading: &reader, context: context) else { return nil }
            if let seen = phones {
                guard !seen.contains(hearer.phone) else { return nil }
                phones!.insert(hearer.phone)
            } else {
                guard !hearers.contains(where: { $0.phone == hearer.phone }) else { return nil }
                if hearers.count == 16 { phones = Set(hearers.map(\.phone) + [hearer.phone]) }
            }
            hearers.append(hearer)
        } while reader.take(UInt8(ascii: ","))
        return reader.take(UInt8(ascii: "]")) ? hearers : nil
    }
}

extension QuoteContact {
    private static let names: [StaticString] = ["phone", "name"]

    /// A contact object `{"phone", "name"}` at the reader's position, or nil.
    init?(reading reader: inout RecordBytes, context: ReadContext) {
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        var phone: String?, name: String?
        repeat {
            switch reader.memberName(Self.names) {
            case 0:
                guard phone == nil, let e164 = reader.phone(context.phones) else { return nil }
                phone = e164
            case 1:
                guard name == nil, let value = reader.string()?.checked else { return nil }
                name = value
            default:
                return nil
            }
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")), let phone, let name else { return nil }
        self.init(phone: phone, name: name)
    }
}
