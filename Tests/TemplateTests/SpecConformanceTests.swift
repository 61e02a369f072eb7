import Testing

@testable import Template

/// The official Mustache specification, read from `../shared/conformance/mustache-spec/`:
/// every test of the required modules, each reported as its own case.
@Suite("Mustache specification")
struct SpecConformanceTests {
    @Test func theSpecFilesAreFoundAndHoldEveryTest() throws {
        let cases = try SpecSuite.loaded.get()
        #expect(cases.count == 184)
        #expect(Set(cases.map(\.file)) == Set(SpecSuite.files))
    }

    @Test(arguments: SpecSuite.cases)
    func specCase(_ specCase: SpecCase) throws {
        let rendered = try SpecSuite.render(specCase)
        #expect(rendered == specCase.expected, "template: \(specCase.template.debugDescription)")
    }
}
