import Validate

/// Checks each page as it goes out (libxml2, the schema, links; `PageValidation`), naming
/// the template it came from in findings.
final class ValidateStage: PageStage {
    let check: SiteCheck
    let parseOnly: Bool

    init(check: SiteCheck, parseOnly: Bool = false) {
        self.check = check
        self.parseOnly = parseOnly
    }

    func take(_ page: RenderedPage) throws {
        if parseOnly {
            _ = page.bytes.withUnsafeBytes(BareParse.parse)
            return
        }
        _ = check.addPage(path: page.path, bytes: page.bytes, template: page.template)
    }

    /// Other files are link targets; an SVG is also parsed (it is markup).
    func take(file path: String, bytes: [UInt8]) throws {
        if path.hasSuffix(".svg") { check.addFile(path: path, bytes: bytes) } else { check.addFile(path: path) }
    }
}
