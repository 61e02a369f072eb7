import Testing

@testable import Template

/// `Value.fields`, the small map kept in order that the site builds for list entries and page
/// contexts: every template reads it exactly as it reads the same members as a `.map`.
@Suite("Fields values read as maps")
struct FieldsValueTests {
    static let templates = [
        "page": """
            {{#items}}<li id="{{id}}">{{text}} by {{speaker.name}} ({{speaker.href}}){{#isNew}} NEW{{/isNew}}\
            {{^isNew}} old{{/isNew}} in {{title}}</li>{{/items}}{{#speaker}}[{{name}}]{{/speaker}}{{#many}}\
            {{m0}}{{m9}}{{m16}}{{/many}}|{{many.m17}}|{{title}}
            """,
    ]

    /// The same context built with `.map` everywhere and with `.fields` everywhere.
    static func context(fields: Bool) -> Value {
        func map(_ pairs: [(String, Value)]) -> Value {
            if fields { return .fields(Fields(pairs)) }
            var members: [String: Value] = [:]
            for (key, value) in pairs { members[key] = value }
            return .map(members)
        }
        let speaker = map([("name", "Ana <Lima>"), ("href", "../ana/")])
        let items: [Value] = [
            map([("id", "q1"), ("text", "Hi & bye"), ("speaker", speaker), ("isNew", true)]),
            map([("id", "q2"), ("text", ""), ("speaker", map([("name", "Bea"), ("href", "b")])), ("isNew", false)]),
        ]
        // More members than the context stack flattens (16): read by name, not by slot.
        let many = map((0..<18).map { ("m\($0)", .string("<\($0)>")) })
        return map([("items", .list(items)), ("speaker", speaker), ("many", many), ("title", "T")])
    }

    @Test func rendersAsTheSameMap() throws {
        for mode in [TemplateMode.strict, .spec] {
            let library = try TemplateLibrary(templates: Self.templates, mode: mode)
            let asMap = try library.render("page", context: Self.context(fields: false), localizer: nil)
            let asFields = try library.render("page", context: Self.context(fields: true), localizer: nil)
            #expect(asFields == asMap)
            #expect(asFields.hasPrefix(#"<li id="q1">Hi &amp; bye by Ana &lt;Lima&gt; (../ana/) NEW in T</li>"#))
            #expect(asFields.hasSuffix("[Ana &lt;Lima&gt;]&lt;0&gt;&lt;9&gt;&lt;16&gt;|&lt;17&gt;|T"))
        }
    }

    @Test func missingMembersAreNamedAsForAMap() throws {
        let library = try TemplateLibrary(templates: ["page": "{{user.name}} {{user.email}}", "whole": "{{user}}"], mode: .strict)
        let user: Value = .fields(["name": "Ana"])
        let missing = try #require(throws: TemplateError.self) {
            _ = try library.render("page", context: .fields(["user": user]), localizer: nil)
        }
        #expect(missing.message == "'user' has no member 'email'")
        let whole = try #require(throws: TemplateError.self) {
            _ = try library.render("whole", context: .fields(["user": user]), localizer: nil)
        }
        #expect(whole.message == "'user' is a map: use a section to show its contents")
    }

    @Test func membersAreFoundByName() {
        let value: Value = .fields(["a": 1, "bb": "x", "ab": true])
        #expect(value.isTruthy)
        #expect(value.kindDescription == "a map")
        guard case .string(let text)? = value["bb"], case .bool(true)? = value["ab"], case .number(1)? = value["a"] else {
            Issue.record("members not found")
            return
        }
        #expect(text == "x")
        #expect(value["b"] == nil && value["abc"] == nil)
        let empty: Value = .fields([:])
        #expect(empty.isTruthy && empty["a"] == nil)
    }
}
