import Foundation

/// The same numbers every run: a linear congruential sequence, for tests that try many cases.
struct SeededNumbers {
    var state: UInt64

    /// The next number, from 0 to `bound` less one.
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
}

/// A path for the file `name` in a new folder of its own under the temporary directory; remove
/// it with `removeScratch`.
func scratchPath(_ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vantage-scratch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}

/// Removes the folder `scratchPath` made for `path`, and everything in it.
func removeScratch(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}
