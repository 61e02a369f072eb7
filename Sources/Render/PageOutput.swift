/// Where rendered files go. The build writes through a `SiteWriter` and records manifest
/// entries; tests can keep files in memory.
public protocol PageOutput: AnyObject {
    /// An HTML page of `kind` (`data-page`), in `viewer`'s part of the site or site-wide (nil).
    func page(_ path: String, kind: String, viewer: String?, bytes: [UInt8]) throws
    /// Any other file (stylesheet, search index).
    func file(_ path: String, bytes: [UInt8]) throws
}
