import Foundation
import Testing

@testable import Template

/// The behaviours of the spec's `~lambdas` module, with Swift closures in place of its snippets
/// in other languages.
@Suite("Lambdas")
struct LambdaTests {
    private func render(_ template: String, _ context: Value, partials: [String: String] = [:]) throws -> String {
        var templates = partials
        templates["main"] = template
        return try TemplateLibrary(templates: templates, mode: .spec).render("main", context: context, localizer: nil)
    }

    /// A call counter a Sendable closure can bump.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }

    @Test func interpolationCallsTheLambda() throws {
        let context: Value = ["lambda": .lambda(Lambda { _ in "world" })]
        #expect(try render("Hello, {{lambda}}!", context) == "Hello, world!")
    }

    @Test func interpolationParsesTheResult() throws {
        let context: Value = ["planet": "world", "lambda": .lambda(Lambda { _ in "{{planet}}" })]
        #expect(try render("Hello, {{lambda}}!", context) == "Hello, world!")
    }

    @Test func interpolationResultUsesTheDefaultDelimiters() throws {
        let context: Value = ["planet": "world", "lambda": .lambda(Lambda { _ in "|planet| => {{planet}}" })]
        #expect(try render("{{= | | =}}\nHello, (|&lambda|)!", context) == "Hello, (|planet| => world)!")
    }

    @Test func interpolationIsNotCached() throws {
        let counter = Counter()
        let context: Value = ["lambda": .lambda(Lambda { _ in String(counter.next()) })]
        #expect(try render("{{lambda}} == {{{lambda}}} == {{lambda}}", context) == "1 == 2 == 3")
    }

    @Test func interpolationResultIsEscapedUnlessTriple() throws {
        let context: Value = ["lambda": .lambda(Lambda { _ in ">" })]
        #expect(try render("<{{lambda}}{{{lambda}}}", context) == "<&gt;>")
    }

    @Test func sectionReceivesTheRawText() throws {
        let context: Value = ["x": "Error!", "lambda": .lambda(Lambda { text in text == "{{x}}" ? "yes" : "no" })]
        #expect(try render("<{{#lambda}}{{x}}{{/lambda}}>", context) == "<yes>")
    }

    @Test func sectionResultIsParsed() throws {
        let context: Value = ["planet": "Earth", "lambda": .lambda(Lambda { text in text + "{{planet}}" + text })]
        #expect(try render("<{{#lambda}}-{{/lambda}}>", context) == "<-Earth->")
    }

    @Test func sectionResultUsesTheCurrentDelimiters() throws {
        let context: Value = [
            "planet": "Earth", "lambda": .lambda(Lambda { text in text + "{{planet}} => |planet|" + text }),
        ]
        #expect(try render("{{= | | =}}<|#lambda|-|/lambda|>", context) == "<-{{planet}} => Earth->")
    }

    @Test func sectionIsNotCached() throws {
        let context: Value = ["lambda": .lambda(Lambda { text in "__" + text + "__" })]
        #expect(try render("{{#lambda}}FILE{{/lambda}} != {{#lambda}}LINE{{/lambda}}", context) == "__FILE__ != __LINE__")
    }

    @Test func invertedSectionTreatsALambdaAsTruthy() throws {
        let context: Value = ["static": "static", "lambda": .lambda(Lambda { _ in "" })]
        #expect(try render("<{{^lambda}}{{static}}{{/lambda}}>", context) == "<>")
    }

    @Test func aLambdaResultRendersInTheCurrentContextStack() throws {
        let context: Value = [
            "name": "outer", "inner": ["name": "inner"], "lambda": .lambda(Lambda { _ in "{{name}}" }),
        ]
        #expect(try render("{{#inner}}{{lambda}}{{/inner}} {{lambda}}", context) == "inner outer")
    }

    @Test func aSyntaxErrorInALambdaResultNamesTheLambda() throws {
        let context: Value = ["lambda": .lambda(Lambda { _ in "{{#open}}" })]
        let error = try #require(throws: TemplateError.self) { try render("line one\n{{lambda}}", context) }
        #expect(error.template == "main (lambda at line 2)")
        #expect(error.message == "section tag 'open' is never closed")
        #expect(error.line == 1 && error.column == 1)
    }
}
