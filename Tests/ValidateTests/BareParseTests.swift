import Foundation
import Testing
@testable import Validate

/// `BareParse` (the benchmarks' floor under validation) parses with the pooled contexts the
/// validator uses: it must tell well-formed bytes from the rest, and give each context back
/// with the handlers it had, so that validation after it finds what it finds without it.
@Suite struct BareParseTests {
    @Test func tellsWellFormedPagesFromTheRest() throws {
        for file in try Fixtures.sitePages() {
            let bytes = try Fixtures.bytes(Fixtures.site + "/" + file)
            #expect(bytes.withUnsafeBytes(BareParse.parse), "\(file)")
        }
        let page = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>one</p></body></html>\n"
        #expect(Array(page.utf8).withUnsafeBytes(BareParse.parse))
        for broken in [
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>one</body></html>\n",
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p a=1>one</p></body></html>\n",
            "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>&nbsp;</body></html>\n",
            "",
        ] {
            #expect(!Array(broken.utf8).withUnsafeBytes(BareParse.parse), "\(broken)")
        }
    }

    /// Bare parses between validations (on one thread, so the same pooled context serves
    /// both) leave every page's findings as they were.
    @Test func validationAfterABareParseIsUnchanged() throws {
        let validator = SiteValidator(reusesStructures: true)
        var pages = try Fixtures.sitePages().map { ($0, try Fixtures.bytes(Fixtures.site + "/" + $0)) }
        for fixture in StructureReuseTests.brokenFixtures {
            pages.append(("people/ana-lima/\(fixture).html", try Fixtures.bytes(Fixtures.broken + "/\(fixture).html")))
        }
        let before = pages.map { validator.validatePage(path: $0.0, bytes: $0.1).findings.map(\.message) }
        var after: [[String]] = []
        for (path, bytes) in pages {
            _ = bytes.withUnsafeBytes(BareParse.parse)
            after.append(validator.validatePage(path: path, bytes: bytes).findings.map(\.message))
        }
        #expect(after == before)
        #expect(before.filter { !$0.isEmpty }.count > 5)
    }
}
