/// The home page's jar: one paper slip per idea, up to a jarful, the oldest at the bottom and
/// the newest on top, new ones highlighted. Only numbers come from here (positions, angles,
/// tones); the drawing itself is markup in `templates/partials/jar.mustache`.
enum JarDrawing {
    /// Slips that fit in the drawing (ten rows of four).
    static let capacity = 40

    /// The slips for the site's newest ideas, jittered by a stable hash of each idea's id so
    /// that the jar looks hand-filled and the same on every build.
    static func slips(site: SiteModel, isNew: [Bool]) -> [JarSlip] {
        let count = min(site.ideas.count, capacity)
        var slips: [JarSlip] = []
        slips.reserveCapacity(count)
        for slot in 0..<count {
            // Slot 0 is the bottom-left; the oldest of the shown ideas goes there.
            let index = count - 1 - slot
            let hash = site.ideaHashes[index]
            let row = slot / 4
            let column = slot % 4
            let jitterX = Int(hash & 0x3) - 1
            let jitterY = Int((hash >> 2) & 0x3) - 1
            let angle = Int((hash >> 4) % 25) - 12
            slips.append(JarSlip(
                x: 15 + column * 23 + jitterX, y: 128 - row * 9 + jitterY, angle: angle,
                tone: Int((hash >> 12) % 4), isNew: isNew[index]))
        }
        return slips
    }
}
