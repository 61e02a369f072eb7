import Foundation
import Testing
import VantageCore

/// The String Catalog has every key the templates use, in every language the site ships, with
/// every plural form CLDR needs; and no key is left unused.
@Suite("The string catalog")
struct CatalogTests {
    static let languages = ["en", "fr", "ru", "ar", "ja", "pt-BR"]
    /// CLDR's plural categories for integers in each language.
    static let pluralCategories: [String: Set<String>] = [
        "en": ["one", "other"], "fr": ["one", "many", "other"], "ru": ["one", "few", "many", "other"],
        "ar": ["zero", "one", "two", "few", "many", "other"], "ja": ["other"], "pt-BR": ["one", "many", "other"],
    ]

    /// Every `{{#t}}key …{{/t}}` key in the templates.
    static func keysUsed() throws -> Set<String> {
        var keys: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: templatesFolder)
        while let file = walker?.nextObject() as? String {
            guard file.hasSuffix(".mustache") else { continue }
            let text = try String(contentsOfFile: templatesFolder + "/" + file, encoding: .utf8)
            for key in PageChecks.captures(#"\{\{#t\}\}([^ {}]+)"#, in: text) { keys.insert(key) }
        }
        // No keys found (no templates, or another syntax) would make every check below vacuous.
        try #require(keys.count >= 20, "only \(keys.count) {{#t}} keys found in \(templatesFolder)")
        return keys
    }

    static func catalog() throws -> JSONObject {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: templatesFolder + "/Localizable.xcstrings")))
        return try JSONParser.parse(bytes, file: "Localizable.xcstrings").objectValue?["strings"]?.objectValue ?? JSONObject()
    }

    /// The problems of one localization: missing plural forms, format specifiers that differ from English.
    static func problems(key: String, language: String, localization: JSONValue, english: [String]) -> [String] {
        var problems: [String] = []
        var texts: [String] = []
        func plural(_ variations: JSONValue?, _ label: String) {
            guard let plural = variations?.objectValue?["plural"]?.objectValue else { return }
            let present = Set(plural.keys)
            let missing = (pluralCategories[language] ?? []).subtracting(present)
            if !missing.isEmpty { problems.append("\(key) [\(language)] \(label) lacks plural forms \(missing.sorted())") }
            for value in plural.values { texts.append(value.objectValue?["stringUnit"]?.objectValue?["value"]?.stringValue ?? "") }
        }
        let object = localization.objectValue
        if let value = object?["stringUnit"]?.objectValue?["value"]?.stringValue { texts.append(value) }
        plural(object?["variations"], "")
        for (name, substitution) in object?["substitutions"]?.objectValue?.members.map({ $0 }) ?? [] {
            plural(substitution.objectValue?["variations"], "substitution \(name)")
        }
        if texts.isEmpty { problems.append("\(key) [\(language)] has no text") }
        if !english.isEmpty, let top = texts.first, specifiers(top) != specifiers(english[0]) {
            problems.append("\(key) [\(language)] uses \(specifiers(top)), English uses \(specifiers(english[0]))")
        }
        return problems
    }

    /// `%@` and `%#@name@` specifiers, which must match across languages (`%lld` may be left out
    /// by a plural form such as Arabic's "one": "فكرة واحدة").
    static func specifiers(_ text: String) -> [String] {
        PageChecks.captures(#"(%(?:#@[A-Za-z]+@|@))"#, in: text).sorted()
    }

    @Test("Every key the templates use is translated into every shipped language with all plural forms")
    func complete() throws {
        let strings = try Self.catalog()
        var problems: [String] = []
        for key in try Self.keysUsed().sorted() {
            guard let localizations = strings[key]?.objectValue?["localizations"]?.objectValue else {
                problems.append("\(key) is not in the catalog")
                continue
            }
            let english = localizations["en"].flatMap { $0.objectValue?["stringUnit"]?.objectValue?["value"]?.stringValue }.map { [$0] } ?? []
            for language in Self.languages {
                guard let localization = localizations[language] else {
                    problems.append("\(key) has no \(language) translation")
                    continue
                }
                problems += Self.problems(key: key, language: language, localization: localization, english: english)
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("Every key in the catalog is used by a template")
    func noUnusedKeys() throws {
        let unused = Set(try Self.catalog().keys).subtracting(try Self.keysUsed())
        #expect(unused.isEmpty, "unused: \(unused.sorted())")
    }
}
