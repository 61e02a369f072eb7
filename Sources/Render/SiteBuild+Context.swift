import Foundation
import Store
import Template
import VantageCore

extension SiteBuild {
    /// What the steps share: the options, the report they fill in, and what each step leaves
    /// for the later ones. A step reads only what an earlier step set (the list's order in
    /// `steps` is the contract), hence the implicitly unwrapped values.
    final class BuildContext {
        let options: Options
        let tuning: Tuning
        var report = Report()
        /// "open the store".
        var store: Store!
        /// "load the site from the store".
        var site: SiteModel!
        var decisions: [StoredReview] = []
        /// "choose the people to build" (or the shards' people, for a merge).
        var chosen: [SiteModel.Home] = []
        /// "read the shards": each shard folder with its record.
        var shards: [SiteBuild.ShardBuild] = []
        /// "plan the output".
        var plan: Plan?
        /// "compile the templates".
        var renderer: PageRenderer!
        /// "prepare the output": the staging writer, the manifest being collected, the
        /// validation (nil when off), the site-wide part of every fingerprint, and the previous
        /// build when it can be trusted.
        var writer: SiteWriter!
        /// From the start of the build until "prepare the output" takes it over: the output's
        /// lock and checks (`SiteWriter.startPreparing`).
        var preparing: SiteWriter.Preparing?
        var spool: ManifestSpool!
        var validation: PageValidation?
        var siteDigest = ""
        var previous: PreviousBuild?
        /// "start the pass over the store", on a rebuild: the pass, running (`ViewerFingerprints`).
        var pass: Concurrent<Result<ViewerFingerprints, any Error>>?
        /// "render every viewer's pages": the site-wide pages, rendering beside the viewers
        /// (`sitePages`); "render the site-wide pages" takes what they added.
        var sitePages: Concurrent<Result<(pages: Int, files: Int), any Error>>?
        /// "render every viewer's pages", on a rebuild: every chosen home's fingerprint.
        var scannedFingerprints: ViewerFingerprints?
        var started = Date()
        /// "render every viewer's pages": each rendered or carried viewer's record, by id.
        var fingerprints: [BuildRecord.Viewer] = []

        init(options: Options, tuning: Tuning) {
            self.options = options
            self.tuning = tuning
        }
    }

    /// A context handed to a thread of the build's own (`Concurrent`): the steps that run
    /// beside others (the pass, the site-wide pages) only read what earlier steps set.
    struct SharedContext: @unchecked Sendable {
        let context: BuildContext
    }

    /// One named step of the build.
    struct Step {
        let name: String
        let body: (BuildContext) throws -> Void

        init(_ name: String, _ body: @escaping (BuildContext) throws -> Void) {
            self.name = name
            self.body = body
        }

        /// Runs the step, tagging an error that names no file with the step's name (a
        /// template's error already names its page, a catalog's its file and record; validation
        /// findings are reported as they are).
        func run(_ context: BuildContext) throws {
            do {
                try body(context)
            } catch let error as RenderError {
                throw error.diagnostic
            } catch let error as TemplateError {
                // A template's error names its file, line and column: said as they are, first.
                throw error.diagnostic
            } catch let failure as ValidationFailure {
                throw failure
            } catch let noRoom as NoRoom {
                throw noRoom
            } catch var diagnostic as Diagnostic {
                // A diagnostic that names its file says where already; one that does not is
                // told by the step. Only the message changes: the quoted line and its caret stay.
                if diagnostic.location == nil { diagnostic.message = "\(name): \(diagnostic.message)" }
                throw diagnostic
            } catch {
                throw Diagnostic.error("\(name): \(error)")
            }
        }
    }
}
