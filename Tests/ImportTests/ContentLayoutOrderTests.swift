import Foundation
import Testing

@testable import Import

/// The files of a content folder are read in the order of their names' bytes, whatever order
/// the file system lists them in.
struct ContentLayoutOrderTests {
    /// Names written composed and decomposed (`é.json` and `é.json`) are two files, equal
    /// as Swift strings: sorted as strings, their order was the listing's, which differs from
    /// one file system to another (tmpfs in CI, ext4 at home), and the later file's decisions
    /// win. Eight such pairs, each in byte order: the decomposed name (`e` is 0x65) first.
    @Test func namesAlikeButForTheirFormAreOrderedByTheirBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reviews"), withIntermediateDirectories: true)
        var names: [String] = []
        for letter in ["é", "ü", "ñ", "å", "ö", "ç", "è", "à"] {
            let composed = letter.precomposedStringWithCanonicalMapping
            let decomposed = letter.decomposedStringWithCanonicalMapping
            #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
            names += [composed + ".json", decomposed + ".json"]
        }
        for name in names.shuffled() {
            try Data("{}".utf8).write(to: folder.appendingPathComponent("reviews").appendingPathComponent(name))
        }
        let layout = try ContentLayout(directory: folder.path)
        let read = layout.reviews.map { Array(($0.path as NSString).lastPathComponent.utf8) }
        #expect(read.count == 16)
        #expect(read == read.sorted { $0.lexicographicallyPrecedes($1) })
    }
}
