import VantageCore

/// A rendered page on its way out: where it goes, its kind, the template it was rendered from
/// (for a finding's "(from template X)"), whose part of the site it is in, and its bytes.
public struct RenderedPage: Sendable {
    public var path: String
    public var kind: PageKind
    public var template: String
    /// The viewer's slug; nil on a site-wide page.
    public var viewer: String?
    public var bytes: [UInt8]

    public init(path: String, kind: PageKind, template: String, viewer: String?, bytes: [UInt8]) {
        self.path = path
        self.kind = kind
        self.template = template
        self.viewer = viewer
        self.bytes = bytes
    }
}

/// Where rendered files go: the pages and other files of one part of the site (one viewer,
/// or the site-wide pages).
public protocol PageOutput: AnyObject {
    /// An HTML page.
    func page(_ page: RenderedPage) throws
    /// Any other file (stylesheet, search index).
    func file(_ path: String, bytes: [UInt8]) throws
}

/// One stage of the way out (swift-mustache's one stage per file): `ValidateStage`,
/// `WriteStage`, `RecordStage`.
protocol PageStage: AnyObject {
    func take(_ page: RenderedPage) throws
    func take(file path: String, bytes: [UInt8]) throws
}

/// A `PageOutput` that hands every page and file to its stages in order (validate, write,
/// record): a stage that throws stops the page there.
final class StagedOutput: PageOutput {
    let stages: [any PageStage]

    init(_ stages: [(any PageStage)?]) { self.stages = stages.compactMap { $0 } }

    func page(_ page: RenderedPage) throws {
        for stage in stages { try stage.take(page) }
    }

    func file(_ path: String, bytes: [UInt8]) throws {
        for stage in stages { try stage.take(file: path, bytes: bytes) }
    }
}
