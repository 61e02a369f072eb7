import Foundation
import Testing

@testable import Validate

/// `LineCursor` (the scan's link positions, asked in document order) gives `LineIndex`'s line
/// and column for every offset, in order, out of order and out of range; and the scan's
/// other byte-level helpers agree with the searches they replace.
@Suite("Line cursor and byte helpers")
struct LineCursorTests {
    static let page = Array("<!DOCTYPE html>\n<p>zoë\r\n\n  <a href=\"x\">é 漢字</a>\n\n<b>🙂</b>\nlast".utf8)

    @Test func everyOffsetInOrder() {
        Self.page.withUnsafeBytes { bytes in
            let index = LineIndex(bytes)
            var cursor = LineCursor(bytes)
            for offset in -2...(bytes.count + 2) {
                let (line, column) = cursor.position(of: offset)
                let expected = index.position(of: offset)
                #expect(line == expected.line && column == expected.column, "offset \(offset)")
            }
        }
    }

    @Test func offsetsOutOfOrder() {
        Self.page.withUnsafeBytes { bytes in
            let index = LineIndex(bytes)
            var cursor = LineCursor(bytes)
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<500 {
                let offset = Int.random(in: 0...bytes.count, using: &generator)
                let (line, column) = cursor.position(of: offset)
                let expected = index.position(of: offset)
                #expect(line == expected.line && column == expected.column, "offset \(offset)")
            }
        }
    }

    /// Lines and columns counted from the top of the page, for every offset: what both the index
    /// and the cursor (each counting on from the place asked before it) must give, in any order.
    @Test func bothCountOnCorrectlyInAnyOrder() {
        func naive(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> (Int, Int) {
            var (line, column) = (1, 1)
            for index in 0..<max(0, min(offset, bytes.count)) {
                if bytes[index] == 0x0A { (line, column) = (line + 1, 1) } else if bytes[index] & 0xC0 != 0x80 { column += 1 }
            }
            return (line, column)
        }
        Self.page.withUnsafeBytes { bytes in
            let index = LineIndex(bytes)
            var cursor = LineCursor(bytes)
            var generator = SystemRandomNumberGenerator()
            let offsets = Array(0...bytes.count) + (0..<500).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
            for offset in offsets {
                let expected = naive(bytes, offset)
                #expect(index.position(of: offset) == expected, "offset \(offset)")
                #expect(cursor.position(of: offset) == expected, "offset \(offset)")
            }
        }
    }

    @Test func emptyPage() {
        [UInt8]().withUnsafeBytes { bytes in
            var cursor = LineCursor(bytes)
            #expect(cursor.position(of: 0) == (1, 1))
            #expect(cursor.position(of: 5) == (1, 1))
        }
    }

    @Test func attributeOffsets() {
        let tag = Array(#"<a title="href=x" data-href='y' href="z">"#.utf8)
        tag.withUnsafeBytes { bytes in
            let start = StartTag(bytes: bytes, span: ParsedPage.TagSpan(start: 0, length: tag.count, selfClosed: false))
            #expect(start.offset(ofAttribute: "href") == 32)
            #expect(start.offset(ofAttribute: "title") == 3)
            #expect(start.offset(ofAttribute: "data-href") == 18)
            #expect(start.offset(ofAttribute: "hre") == nil)
            #expect(start.offset(ofAttribute: "src") == nil)
        }
    }

    @Test(arguments: ["a//b", "//", "a/b/c", "a/", "", "/", "é//", "a/\u{301}/b"])
    func doubleSlashes(path: String) {
        #expect(SiteCheck.holdsDoubleSlash(path) == path.utf8.indices.contains { index in
            path.utf8[index] == UInt8(ascii: "/") && path.utf8.index(after: index) < path.utf8.endIndex
                && path.utf8[path.utf8.index(after: index)] == UInt8(ascii: "/")
        })
        // Where the bytes hold none, Foundation's search finds none either.
        if !SiteCheck.holdsDoubleSlash(path) { #expect(!path.contains("//")) }
    }
}
