/// Writes each page and file into the new site through the site writer.
final class WriteStage: PageStage {
    let writer: SiteWriter

    init(writer: SiteWriter) { self.writer = writer }

    func take(_ page: RenderedPage) throws { try writer.write(page.path, bytes: page.bytes) }

    func take(file path: String, bytes: [UInt8]) throws { try writer.write(path, bytes: bytes) }
}
