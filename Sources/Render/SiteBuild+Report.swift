import VantageCore
extension SiteBuild {
    /// What a build did.
    public struct Report: Sendable {
        /// People with a home.
        public var homes = 0
        /// Homes whose pages were rendered (all of them unless `viewerStride` > 1).
        public var viewersRendered = 0
        /// Everyone in the store (homes, contacts, idea authors).
        public var people = 0
        public var quotes = 0
        public var ideas = 0
        /// HTML pages rendered.
        public var pages = 0
        /// Bytes of the people's parts of the site (pages and other files, rendered or carried
        /// over), written or not (`--manifest-only`).
        public var viewerBytes = 0
        /// Other files (search indexes, assets, the manifest).
        public var otherFiles = 0
        public var counts = SiteWriter.Counts()
        /// The build's now and where it came from.
        public var now: Int64 = 0
        public var nowSource: BuildClock.Source = .epoch
        /// Seconds spent rendering and writing (excluding loading the store and compiling).
        public var renderSeconds: Double = 0
        /// Pages validated (0 when validation is off).
        public var validatedPages = 0
        /// Homes whose part of the site was carried over from the previous build unrendered
        /// (their inputs had not changed), and the pages and other files that came with them.
        public var viewersCarried = 0
        public var pagesCarried = 0
        public var otherFilesCarried = 0
        /// HTML pages rendered by this build (`pages` less the carried ones).
        public var pagesRendered: Int { pages - pagesCarried }
        /// True when the build could use a previous build's record (it was not `--full`, and
        /// the store's record matched the output folder's manifest).
        public var incremental = false
        /// Why the build could not be recorded for the next incremental build, if it could not.
        public var recordWarning: String?
        /// Warnings about the inputs (site.json's `locales` the catalog does not cover).
        public var warnings: [Diagnostic] = []
        /// The idea list entries rendered once and spliced into every list
        /// (`SiteBuild.Tuning.reusesIdeaEntries`), the planning's renders included.
        public var ideaEntries = IdeaEntryReuse()
    }
}
