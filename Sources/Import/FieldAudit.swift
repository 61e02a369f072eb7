import Foundation
import VantageCore

/// Collects the fields that do not reach the store: unknown fields (warned once per field and
/// file, never silently dropped) and password fields (dropped, with a warning). Warnings come
/// out in the order they were first met, which is the order of the files and records; other
/// warnings of the import are kept in the same sequence.
final class FieldAudit {
    private struct Finding {
        var first: RecordLocation
        var name: String
        var isPassword: Bool
    }

    /// Field findings (by their index in `fields`), and other warnings, in the order they were
    /// first met.
    private enum Entry {
        case field(Int)
        case note(Diagnostic)
    }

    private var order: [Entry] = []
    /// One entry per field and file. Past `keptLimit` fields (a record of a million made-up
    /// names held a gigabyte and printed a million lines) new fields are counted, not kept.
    /// Keyed by the bytes of the file and the field's path, so by code points as the readers
    /// look fields up: "café" in NFC and in NFD are two fields, each warned about with its own
    /// count (as Strings they were one, said to be in two records when one record had both).
    private var fields = FirstMetTally<[UInt8], Finding>(limit: keptLimit)
    /// The most field findings kept, and listed: the rest are one line.
    static let keptLimit = 1_000
    static let listedLimit = 100
    /// Every finding and note so far, repeats included: a record that changed it has a warning.
    private(set) var noted = 0

    /// Adds a warning that is not about a field (a merge note, an ignored file).
    func note(_ warning: Diagnostic) {
        noted += 1
        order.append(.note(warning))
    }

    /// True when a field of this name must never be stored ("password" in any case, anywhere
    /// in the name).
    static func isPassword(_ name: String) -> Bool { PasswordNames.isPassword(name) }

    /// Records every member of `object` (at `location`) that is not in `known`.
    func check(_ object: JSONObject, at location: RecordLocation, known: [String]) {
        // By code points, as the readers look fields up (`JSONObject` subscript): a name only
        // canonically equivalent to a known one is not read, so it is reported.
        for key in object.keys where !known.contains(where: { JSONObject.sameName($0, key) }) {
            note(key, at: location.member(key))
        }
    }

    private func note(_ key: String, at location: RecordLocation) {
        noted += 1
        let id = Array((location.file + "\u{0}" + location.fieldPattern).utf8)
        if let index = fields.note(id, at: Finding(first: location, name: key, isPassword: Self.isPassword(key))) {
            order.append(.field(index))
        }
    }

    /// Adds what `other` (the audit of the records that follow) found, as if it had been
    /// found here: counts add up, a field first met there is first met there.
    func absorb(_ other: FieldAudit) {
        var keptHere: [Int: Int] = [:]
        fields.absorb(other.fields) { otherIndex, index in keptHere[otherIndex] = index }
        for entry in other.order {
            switch entry {
            case .note(let warning):
                order.append(.note(warning))
            case .field(let otherIndex):
                if let index = keptHere[otherIndex] { order.append(.field(index)) }
            }
        }
    }

    /// One warning per field and file, naming the first record that had it, for the first
    /// `listedLimit` fields; then one line for the rest.
    var warnings: [Diagnostic] {
        let listed = fields.listed(Self.listedLimit)
        var result: [Diagnostic] = []
        for entry in order {
            switch entry {
            case .note(let warning):
                result.append(warning)
            case .field(let index) where index < listed.entries.endIndex:
                result.append(Self.warning(fields.entries[index]))
            case .field:
                continue
            }
        }
        let unlisted = listed.unlistedPlaces
        if unlisted > 0 {
            result.append(.warning(FirstMetTally<[UInt8], Finding>.unlistedLine("unknown or password fields", places: unlisted, "are not stored")))
        }
        return result
    }

    private static func warning(_ entry: FirstMetTally<[UInt8], Finding>.Entry) -> Diagnostic {
        let finding = entry.first
        let records = entry.count == 1 ? "1 record" : "\(entry.count) records"
        let message = finding.isPassword
            ? "dropped the password field \(quoted(finding.name)): passwords never reach the store (in \(records))"
            : "unknown field \(quoted(finding.name)) is not stored (in \(records))"
        return Diagnostic.warning(message, at: finding.first.source)
    }
}
