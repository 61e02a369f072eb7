/// What the last successful build of a site recorded in the store for the next one
/// (`build_state` and `build_viewer`): the output folder, the digest of the manifest it wrote
/// there, and every viewer's fingerprint and files. The build's own bookkeeping, not data:
/// `vantage import` never touches it.
public struct BuildRecord: Sendable, Hashable {
    /// One viewer as a build left them: slug, fingerprint, and the files in their folder.
    public struct Viewer: Sendable, Hashable {
        /// The person (internal key).
        public var id: Int64
        public var slug: String
        /// The digest of every input of the viewer's pages.
        public var fingerprint: String
        /// Files in the viewer's folder and their bytes.
        public var files: Int
        public var bytes: Int

        /// A viewer's record.
        public init(id: Int64, slug: String, fingerprint: String, files: Int, bytes: Int) {
            self.id = id
            self.slug = slug
            self.fingerprint = fingerprint
            self.files = files
            self.bytes = bytes
        }
    }

    /// The output folder the build wrote (normalised).
    public var output: String
    /// The lowercase hex SHA-256 of the `manifest.json` it wrote.
    public var manifestDigest: String
    /// Every viewer rendered or carried over, by person id.
    public var viewers: [Viewer]
    /// The instant (Unix nanoseconds) just before the build checked its output folder and back
    /// buffer; nil when it was not recorded (an older build).
    public var checkedAt: Int64?

    /// A record.
    public init(output: String, manifestDigest: String, viewers: [Viewer], checkedAt: Int64? = nil) {
        self.output = output
        self.manifestDigest = manifestDigest
        self.viewers = viewers
        self.checkedAt = checkedAt
    }
}

extension Store {
    /// The last build's record, or nil when no build was recorded.
    public func buildRecord() throws -> BuildRecord? {
        try read { database in
            let state = try database.statement(StoreSQL.buildState)
            guard try state.step(), let output = state.text(0), let digest = state.text(1) else { return nil }
            let checkedAt = state.integer(2)
            let statement = try database.statement(StoreSQL.buildViewers)
            var viewers: [BuildRecord.Viewer] = []
            while try statement.step() {
                guard let id = statement.integer(0), let slug = statement.text(1), let fingerprint = statement.text(2),
                    let files = statement.integer(3), let bytes = statement.integer(4)
                else { continue }
                viewers.append(BuildRecord.Viewer(id: id, slug: slug, fingerprint: fingerprint, files: Int(files), bytes: Int(bytes)))
            }
            return BuildRecord(output: output, manifestDigest: digest, viewers: viewers, checkedAt: checkedAt)
        }
    }

    /// Replaces the build's record with `record`, in one transaction.
    public func record(_ record: BuildRecord) throws {
        try write { database in
            try database.execute(StoreSQL.clearBuildViewers)
            let insert = try database.statement(StoreSQL.insertBuildViewer)
            for viewer in record.viewers {
                try insert.run([
                    .integer(viewer.id), .text(viewer.slug), .text(viewer.fingerprint), .integer(Int64(viewer.files)),
                    .integer(Int64(viewer.bytes)),
                ])
            }
            try database.statement(StoreSQL.replaceBuildState).run([
                .text(record.output), .text(record.manifestDigest), record.checkedAt.map { .integer($0) } ?? .null,
            ])
        }
    }
}
