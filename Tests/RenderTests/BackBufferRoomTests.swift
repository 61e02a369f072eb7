import Foundation
import Testing

@testable import Render

/// The room check counts what the prune of the back buffer gives back: a failed build's files
/// left in `.public.building` are room for the next build, hard links of the live site are not.
/// Real folders and files.
@Suite("The back buffer's room")
struct BackBufferRoomTests {
    @Test("Files only the back buffer holds count with their blocks; hard links of the live site count for nothing")
    func onlyUnsharedFilesCount() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("back-room-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (live, back) = (root + "/public", root + "/.public.building")
        try FileManager.default.createDirectory(atPath: live + "/ana", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: back + "/ana/quotes", withIntermediateDirectories: true)
        try Data(repeating: 7, count: 300_000).write(to: URL(fileURLWithPath: live + "/ana/index.html"))
        try FileManager.default.linkItem(atPath: live + "/ana/index.html", toPath: back + "/ana/index.html")
        try Data(repeating: 1, count: 1_000_000).write(to: URL(fileURLWithPath: back + "/ana/quotes/index.html"))
        try Data(repeating: 2, count: 5_000).write(to: URL(fileURLWithPath: back + "/left.html"))
        let room = SiteBuild.backBufferRoom(output: live)
        // Two folders and two unshared files; the blocks of 1,000,000 and 5,000 bytes.
        #expect(room.entries == 4)
        #expect(room.bytes >= 1_005_000 && room.bytes < 1_005_000 + 3 * 65_536, "\(room.bytes)")
        #expect(SiteBuild.backBufferRoom(output: root + "/elsewhere") == (0, 0))
    }
}
