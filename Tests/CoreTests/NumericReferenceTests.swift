import Testing
import VantageCore

/// HTML numeric character references as the mask and the validator read them.
@Suite struct NumericReferenceTests {
    private func read(_ text: String) -> (end: Int, value: UInt32)? {
        let scalars = Array(text.unicodeScalars)
        return NumericReference.read(at: 0, count: scalars.count, { scalars[$0].value })
    }

    @Test(arguments: [
        ("&#64;", 5, 0x40), ("&#064;", 6, 0x40), ("&#x40;", 6, 0x40), ("&#X0040;", 8, 0x40), ("&#x9f;x", 6, 0x9F),
        ("&#133;", 6, 0x85), ("&#x10FFFF;", 10, 0x10FFFF), ("&#00000000000000000064;", 23, 0x40),
    ])
    func readsTheCodePointAndWhereItEnds(_ text: String, _ end: Int, _ value: Int) {
        let reference = read(text)
        #expect(reference?.end == end && reference?.value == UInt32(value), "\(text)")
    }

    @Test(arguments: ["&#;", "&#x;", "&#64", "&#6a;", "&amp;", "&#x110000;", "&#99999999999;", "#64;", "&"])
    func readsNothingElse(_ text: String) {
        #expect(read(text) == nil, "\(text)")
    }
}
