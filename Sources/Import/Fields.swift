import Foundation
import VantageCore

/// The members of one JSON object of a record, read with the checks DATA.md asks for. Every
/// failure is a `Diagnostic` naming the file, the record path of the member and what was
/// expected; every string comes back NFC.
struct Fields {
    let object: JSONObject
    let location: RecordLocation
    let context: ReadContext

    /// Reads `value` as an object at `location`, reporting members not in `known`.
    init(_ value: JSONValue, at location: RecordLocation, known: [String], context: ReadContext, expected: String = "an object")
        throws(Diagnostic)
    {
        guard case .object(let object) = value else {
            throw location.error("expected \(expected), found \(value.kindDescription)")
        }
        self.object = object
        self.location = location
        self.context = context
        context.audit.check(object, at: location, known: known)
    }

    /// The value of a required member (present and not null).
    func required(_ key: String, expected: String) throws(Diagnostic) -> JSONValue {
        guard let value = optional(key) else { throw absent(key, expected: expected) }
        return value
    }

    /// The error of a member that is needed and absent or null (`optional` gave nil): whether it
    /// is missing or null is said as it is.
    func absent(_ key: String, expected: String) -> Diagnostic {
        location.member(key).error("expected \(expected)" + (object[key] == nil ? "; the field is missing" : ", found null"))
    }

    /// The value of an optional member; nil when absent or null.
    func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// A required string, NFC.
    func string(_ key: String, expected: String = "a string") throws(Diagnostic) -> String {
        try string(of: try required(key, expected: expected), key, expected: expected)
    }

    /// An optional string, NFC.
    func optionalString(_ key: String, expected: String = "a string") throws(Diagnostic) -> String? {
        guard let value = optional(key) else { return nil }
        return try string(of: value, key, expected: expected)
    }

    /// A required string with something in it to see (`VisibleText`), NFC: a name or a text of
    /// white space or invisible characters only is refused as an empty one is.
    func visibleString(_ key: String, expected: String) throws(Diagnostic) -> String {
        let text = try nonEmptyString(key, expected: expected)
        try checkVisible(text, expected: expected, at: location.member(key))
        return text
    }

    /// A required string with at least one character, NFC.
    func nonEmptyString(_ key: String, expected: String) throws(Diagnostic) -> String {
        let text = try string(key, expected: expected)
        if text.isEmpty { throw location.member(key).error("expected \(expected), found an empty string") }
        return text
    }

    private func string(of value: JSONValue, _ key: String, expected: String) throws(Diagnostic) -> String {
        guard case .string(let text) = value else {
            throw location.member(key).error("expected \(expected), found \(value.kindDescription)")
        }
        // JSON allows `\u0000`; no text of the apps holds one, and the store cannot keep it.
        if Self.containsNUL(text) {
            throw location.member(key).error("expected \(expected) without NUL characters (U+0000), found \(quoted(text))")
        }
        return TextNormalization.nfc(text)
    }

    /// True when `text` holds U+0000 (`memchr` over its bytes: this runs for every string).
    static func containsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false } ?? text.utf8.contains(0)
    }

    /// A required idea or quote id, in the syntax of `RecordID`.
    func recordID(_ key: String, expected: String) throws(Diagnostic) -> String {
        let id = try string(key, expected: expected)
        guard RecordID.isValid(id) else {
            throw location.member(key).error("expected \(expected): \(RecordID.syntax); found \(quoted(id))")
        }
        return id
    }

    /// A required boolean.
    func bool(_ key: String) throws(Diagnostic) -> Bool {
        let value = try required(key, expected: "true or false")
        guard case .bool(let flag) = value else {
            throw location.member(key).error("expected true or false, found \(value.kindDescription)")
        }
        return flag
    }

    /// A required member that must be one of `choices`.
    func choice(_ key: String, _ choices: [String]) throws(Diagnostic) -> String {
        let expected = Self.describe(choices)
        let text = try string(key, expected: expected)
        guard choices.contains(text) else { throw location.member(key).error("expected \(expected), found \(quoted(text))") }
        return text
    }

    /// A required phone number, in E.164.
    func phone(_ key: String) throws(Diagnostic) -> String {
        try phone(of: try string(key, expected: "a phone number"), key)
    }

    /// An optional phone number, in E.164.
    func optionalPhone(_ key: String) throws(Diagnostic) -> String? {
        guard let text = try optionalString(key, expected: "a phone number") else { return nil }
        return try phone(of: text, key)
    }

    private func phone(of text: String, _ key: String) throws(Diagnostic) -> String {
        do {
            return try context.phones.e164(text)
        } catch {
            throw location.member(key).error("expected a phone number, found \(quoted(text)): \(error.reason)")
        }
    }

    /// A required email, lower-cased.
    func email(_ key: String) throws(Diagnostic) -> String {
        try email(of: try string(key, expected: "an email address"), key)
    }

    /// An optional email, lower-cased.
    func optionalEmail(_ key: String) throws(Diagnostic) -> String? {
        guard let text = try optionalString(key, expected: "an email address") else { return nil }
        return try email(of: text, key)
    }

    private func email(of text: String, _ key: String) throws(Diagnostic) -> String {
        guard let email = TextNormalization.email(text) else {
            throw location.member(key).error("expected an email address, found \(quoted(text))")
        }
        return email
    }

    /// A required timestamp with an offset.
    func instant(_ key: String) throws(Diagnostic) -> DataInstant {
        try instant(of: try string(key, expected: Self.timestamp), key)
    }

    /// An optional timestamp with an offset.
    /// `outOfRange`, when given, words the error of an instant outside the data's range (for
    /// a field whose own range is narrower and says so).
    func optionalInstant(_ key: String, outOfRange: ((String) -> Diagnostic)? = nil) throws(Diagnostic) -> DataInstant? {
        guard let text = try optionalString(key, expected: Self.timestamp) else { return nil }
        return try instant(of: text, key, outOfRange: outOfRange)
    }

    private static let timestamp = "an ISO 8601 timestamp with an offset"

    private func instant(of text: String, _ key: String, outOfRange: ((String) -> Diagnostic)? = nil) throws(Diagnostic) -> DataInstant {
        do {
            return try Timestamp.instant(text)
        } catch {
            if error == .outOfRange, let outOfRange { throw outOfRange(text) }
            throw location.member(key).error("expected \(Self.timestamp), found \(quoted(text)): \(error.reason)")
        }
    }

    /// An optional BCP 47 language tag, in canonical case.
    func optionalLanguageTag(_ key: String) throws(Diagnostic) -> String? {
        guard let text = try optionalString(key, expected: Self.languageTag) else { return nil }
        guard let tag = TextNormalization.languageTag(text) else {
            let why = TextNormalization.holdsDigitsOfAPhone(text)
                ? ", which holds 5 digits or more (a locale is shown on the person's pages, and a phone number never is)" : ""
            throw location.member(key).error("expected \(Self.languageTag), found \(quoted(text))\(why)")
        }
        return tag
    }

    /// A required BCP 47 language tag.
    func languageTag(_ key: String) throws(Diagnostic) -> String {
        _ = try required(key, expected: Self.languageTag)
        return try optionalLanguageTag(key)!
    }

    /// What a locale must be, in messages: a tag that names a language, which pages can be in
    /// (a private-use `x-…` or grandfathered `i-…` tag names none).
    static let languageTag = "a BCP 47 language tag that starts with its language, such as \"pt-BR\""

    /// An optional IANA time zone.
    func optionalTimeZone(_ key: String) throws(Diagnostic) -> String? {
        guard let text = try optionalString(key, expected: Self.timeZone) else { return nil }
        guard TextNormalization.isTimeZone(text) else {
            throw location.member(key).error("expected \(Self.timeZone), found \(quoted(text))")
        }
        return text
    }

    /// A required IANA time zone.
    func timeZone(_ key: String) throws(Diagnostic) -> String {
        _ = try required(key, expected: Self.timeZone)
        return try optionalTimeZone(key)!
    }

    private static let timeZone = "an IANA time zone such as \"America/Sao_Paulo\""

    /// A required array.
    func array(_ key: String, expected: String) throws(Diagnostic) -> [JSONValue] {
        let value = try required(key, expected: expected)
        guard case .array(let elements) = value else {
            throw location.member(key).error("expected \(expected), found \(value.kindDescription)")
        }
        return elements
    }

    /// "a", "a" or "b", "a", "b" or "c" — each quoted.
    static func describe(_ choices: [String]) -> String {
        let quotedChoices = choices.map { "\"\($0)\"" }
        guard quotedChoices.count > 1 else { return quotedChoices.first ?? "" }
        return quotedChoices.dropLast().joined(separator: ", ") + " or " + quotedChoices.last!
    }
}

/// Refuses a text that is not empty but shows nothing (`VisibleText`): white space or
/// invisible characters only, which the site's screens refuse as empty too.
func checkVisible(_ text: String, expected: String, at location: RecordLocation) throws(Diagnostic) {
    if !text.isEmpty, VisibleText.showsNothing(text) {
        throw location.error("expected \(expected), found \(quoted(text)), which shows nothing")
    }
}

/// What record readers share: the phone reader for the site's default region and the audit
/// of fields that are not stored.
final class ReadContext {
    let phones: PhoneNumberReader
    let audit: FieldAudit

    init(phones: PhoneNumberReader, audit: FieldAudit) {
        self.phones = phones
        self.audit = audit
    }
}
