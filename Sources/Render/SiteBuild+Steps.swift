import Foundation
import Store
import Template
import VantageCore

/// The bodies of the build's steps other than the viewers' (`SiteBuild+Viewers`), in the
/// order `SiteBuild.steps` runs them.
extension SiteBuild {
    /// Opens the store read-only: its schema version is checked here.
    static func openStore(_ context: BuildContext) throws {
        context.store = try Store(path: context.options.store, readOnly: true)
    }

    /// Reads what every page shares, from one snapshot, and settles the build's now.
    static func loadSite(_ context: BuildContext) throws {
        let options = context.options
        // Every text is masked as it enters the model (PersonalDataMask): the mask knows the
        // export's phones and emails, read from the store and used for nothing else. (The store
        // lock keeps an import from changing them between this read and the snapshot below.)
        let mask = try context.store.read { try PersonalDataMask(store: $0) }
        try context.store.readSite { reader in
            let settings = try reader.settings()
            let now = try BuildClock.now(
                settings: settings, environment: options.environment, latestInData: reader.latestInstant())
            context.report.now = now.seconds
            context.report.nowSource = now.source
            context.site = SiteModel(
                settings: settings, now: now.seconds, people: try reader.people(), ideas: try reader.ideas(), mask: mask)
            context.report.quotes = try reader.quoteCount()
            context.decisions = try reader.reviews()
        }
        context.report.homes = context.site.homes.count
        context.report.people = context.site.personCount
        context.report.ideas = context.site.ideas.count
    }

    /// Compiles the templates (strict mode) and loads the string catalog.
    static func compileTemplates(_ context: BuildContext) throws {
        let templates = context.options.templates
        let library = try TemplateLibrary(directory: templates, mode: .strict)
        // The templates the build renders by name must be there before any page is, whatever
        // the data asks for.
        if let name = TemplateName.missing(in: library.names).first {
            let file = name + TemplateLibrary.fileExtension
            throw Diagnostic.error(
                "the build renders the template '\(name)', which is not in the templates folder; restore \(file)",
                at: SourceLocation(file: (templates as NSString).appendingPathComponent(file)))
        }
        // The mask's marker in a template would be shown as the masked text on every page
        // (and no page check could tell): refused where it is written.
        if let error = library.firstUse(
            of: PersonalDataMask.marker, why: "cannot be in a template: Vantage marks hidden phone numbers and emails with it")
        {
            throw error
        }
        // As the user named the folder (a message names `templates/Localizable.xcstrings`, as it
        // names every other input, not the absolute path the current folder makes of it).
        let catalogPath = (templates as NSString).appendingPathComponent("Localizable.xcstrings")
        // A name that is there but leads nowhere (a dangling link) is a catalog that cannot be
        // read, said so, not the absence of one.
        let catalog = FileCheck.exists(catalogPath) ? try StringCatalog(path: catalogPath) : nil
        context.renderer = PageRenderer(
            library: library, catalog: catalog, now: context.site.now,
            reusesIdeaEntries: context.tuning.reusesIdeaEntries)
        // Members Xcode does not write (`"comments"`), as the reader met them.
        context.report.warnings += catalog?.warnings ?? []
        context.report.warnings += coverageWarnings(
            catalog: catalog, path: catalogPath, locales: context.site.settings.locales, forced: context.options.locale)
    }

    /// site.json's `locales` are "the locales the site's strings are checked for": for each, the
    /// strings its readers would see in another language (the catalog's source, or the key).
    /// `--locale` (`forced`), the one language of every page, is checked too when site.json
    /// does not list it (`--locale xx` with a catalog that has no `xx` shows every page in the
    /// source language).
    static func coverageWarnings(catalog: StringCatalog?, path: String, locales: [String], forced: String? = nil)
        -> [Diagnostic]
    {
        guard let catalog else { return [] }
        var checked = locales.map { (setting: "site.json locales", locale: $0) }
        if let forced, !locales.contains(where: { (LanguageTagCase.canonical($0) ?? $0) == (LanguageTagCase.canonical(forced) ?? forced) }) {
            checked.append((setting: "--locale \(forced)", locale: forced))
        }
        // Keys quoted: Xcode's keys are often sentences ("Hello, %@!"), which a list would run together.
        func listed(_ items: [String]) -> String {
            items.prefix(5).joined(separator: ", ") + (items.count > 5 ? " and \(items.count - 5) more" : "")
        }
        return checked.flatMap { setting, locale -> [Diagnostic] in
            var warnings: [Diagnostic] = []
            let missing = catalog.untranslatedKeys(for: locale)
            if !missing.isEmpty {
                warnings.append(Diagnostic.warning(
                    "\(setting): \(missing.count == 1 ? "1 string has" : "\(missing.count) strings have") no \(locale) "
                        + "translation, so \(locale) pages show \(missing.count == 1 ? "it" : "them") in \(catalog.sourceLanguage): \(listed(missing.map { quoted($0) }))",
                    at: SourceLocation(file: path)))
            }
            // Translated, but without every plural form the language needs for a count.
            let plurals = catalog.missingPluralForms(for: locale)
            if !plurals.isEmpty {
                let named = plurals.map { "\(quoted($0.key)) (\($0.categories.map(\.rawValue).joined(separator: ", ")))" }
                warnings.append(Diagnostic.warning(
                    "\(setting): \(plurals.count == 1 ? "1 string lacks" : "\(plurals.count) strings lack") plural forms \(locale) "
                        + "needs, so \(locale) pages show those counts in the other form: \(listed(named))",
                    at: SourceLocation(file: path)))
            }
            return warnings
        }
    }

    /// On a rebuild (not `--full`, and a previous build in the output to trust), loads that
    /// build and starts the pass over the store that works out every chosen home's fingerprint
    /// (`ViewerFingerprints`) on a thread of its own: compiling the templates, the plan and the
    /// writer's check of the back buffer run meanwhile ("prepare the output" waits for it). The
    /// pass is bound by the processor, the back buffer's check by system calls.
    static func startFingerprintPass(_ context: BuildContext) throws {
        let options = context.options
        guard !options.full else { return }
        // Loaded before the output is touched, for the plan (the room the kept folders save).
        let output = OutputFolder.named(options.output)
        // As the writer names it (and the record): symbolic links followed.
        let path = URL(fileURLWithPath: (try? OutputFolder.resolve(URL(fileURLWithPath: output).path)) ?? output).path
        context.previous = PreviousBuild.load(store: options.store, output: path, checked: options.checkedOutput)
        guard context.previous != nil else { return }
        let (homes, places, digest) = (context.chosen, context.site.personOrder, siteDigest(context))
        context.siteDigest = digest
        context.pass = Concurrent {
            Result {
                try ViewerFingerprints(store: Store(path: options.store, readOnly: true), homes: homes, places: places, siteDigest: digest)
            }
        }
    }

    /// The part of every viewer's fingerprint that they all share (`BuildFingerprint.inputs`).
    static func siteDigest(_ context: BuildContext, validate: Bool? = nil) -> String {
        siteInputs(context, validate: validate).digest
    }

    /// What every viewer's pages are built from, part by part. Shards and merges name their
    /// executable by the SHA-256 of its bytes, not by its file's time and inode: the merge
    /// compares what the shards were built from, on machines each with its own copy of the
    /// same build of vantage (`ShardRecord`).
    static func siteInputs(_ context: BuildContext, validate: Bool? = nil) -> SiteInputs {
        let options = context.options
        let portable = options.scope.isShard || !options.merge.isEmpty
        return BuildFingerprint.inputs(
            context.site, templates: options.templates, forcedLocale: options.locale, tool: options.tool,
            mask: context.site.mask.digest, executable: portable ? ExecutableIdentity.digest : ExecutableIdentity.current,
            validate: validate ?? context.tuning.validate)
    }

    /// Opens the staging folder and the manifest spool, and takes the pass's fingerprints.
    static func prepareOutput(_ context: BuildContext) throws {
        let (options, tuning) = (context.options, context.tuning)
        if context.siteDigest.isEmpty { context.siteDigest = siteDigest(context) }
        defer { _ = context.pass?.value }  // the pass never outlives the step, whatever happens
        let preparation = try context.preparing?.preparation()
            ?? SiteWriter.prepare(output: options.output, store: options.store, checked: options.checkedOutput)
        context.preparing = nil  // the writer holds the lock now, or released it failing
        context.writer = try SiteWriter(preparation)
        context.writer.writesAPart = options.scope.isPartial || options.manifestOnly
        if let pass = context.pass { context.scannedFingerprints = try pass.value.get() }
        context.spool = try ManifestSpool(spoolPath: context.writer.staging + ".manifest")
        if tuning.validate || tuning.parseOnly {
            context.validation = PageValidation(
                siteFiles: try siteFiles(options, site: context.site, hasReviews: !context.decisions.isEmpty),
                homeSlugs: context.site.homeSlugSet, shard: options.scope.isShard, parseOnly: tuning.parseOnly)
        }
        if context.previous == nil, !options.full {
            context.previous = PreviousBuild.load(store: options.store, output: context.writer.output, checked: options.checkedOutput)
        }
        context.report.incremental = context.previous != nil
        context.started = Date()
    }

    /// The index, the review pages and report, and the assets: taken from "render every
    /// viewer's pages", which renders them on a thread of their own beside the viewers, or
    /// rendered here (a merge).
    static func renderSitePages(_ context: BuildContext) throws {
        let added = try context.sitePages.map { try $0.value.get() } ?? sitePages(context)
        context.sitePages = nil
        context.report.pages += added.pages
        context.report.otherFiles += added.files
    }

    /// Renders, validates and writes the site-wide pages and copies the assets and static
    /// files; returns the pages and other files added. Reads the context and changes nothing
    /// in it (the spool, the writer and the validation take pages from any thread), so that it
    /// can run beside the viewers.
    static func sitePages(_ context: BuildContext) throws -> (pages: Int, files: Int) {
        let site = context.site!
        let validation = context.validation
        // The index lists the homes that were built (all of them, but for --viewers).
        let built = context.options.scope.isPartial ? context.chosen : site.homes
        let validate = validation?.stage(
            extraFiles: built.flatMap { [SitePath.home($0.slug), ListLocation.quoteReview($0.slug).path(page: 1)] })
        let record = RecordStage()
        let write = context.options.manifestOnly ? nil : WriteStage(writer: context.writer)
        let pages = SitePages(
            site: site, renderer: context.renderer, output: StagedOutput([validate, write, record]),
            forcedLocale: context.options.locale)
        try pages.renderIndex(hasReviews: !context.decisions.isEmpty, homes: built)
        try pages.renderIdeaReview()
        if !context.decisions.isEmpty {
            let texts = try context.store.readSite { try $0.quoteTexts(ids: Array(Set(context.decisions.map(\.item))).sorted()) }
            try pages.renderReviews(context.decisions, quoteTexts: texts)
        }
        try pages.copyAssets(from: context.options.templates)
        for entry in record.entries { try context.spool.add([entry], key: entry.path) }
        var files = record.files
        // The output's own top-level dot-files are carried into the new site: published, so
        // held to the static files' rule.
        try StaticFiles.checkCarried(in: context.writer.output, mask: site.mask)
        if let folder = context.options.staticFolder {
            // The site's own top-level names: every person's folder (built or not, so every kind
            // of build refuses what a full build refuses), the site-wide pages' and the assets'.
            let siteTops = site.homeSlugSet.union(record.entries.map { StaticFiles.topLevel(of: $0.path) })
                .union([StaticFiles.topLevel(of: SitePath.assets)])
            // A manifest-only build writes none of them (nor lists them: no manifest does), but
            // holds them to every rule a full build does, and its links to them resolve alike.
            let copied = try StaticFiles.copy(
                from: folder, into: context.options.manifestOnly ? nil : context.writer, check: validate?.check,
                mask: site.mask, siteTops: siteTops)
            if !context.options.manifestOnly { files += copied }
        }
        if let validate { validation?.finish(validate.check, sitePages: true) }
        return (record.entries.count, files)
    }

    /// Fails the build when any page had a finding (the previous output stays).
    static func checkPages(_ context: BuildContext) throws {
        guard let validation = context.validation else { return }
        // A shard renders no site-wide page: its fragments into them are judged by the merge,
        // which checks every page again and renders those.
        if !context.options.scope.isShard { validation.finishSiteFragments() }
        let result = validation.result
        context.report.validatedPages = result.pages
        if result.count > 0 { throw ValidationFailure(findings: result.findings, count: result.count, pages: result.pages) }
    }

    /// Writes `manifest.json` from the spool (a shard's lists its own pages only), and a
    /// shard's record for the merge.
    static func writeManifest(_ context: BuildContext) throws {
        // The live manifest's digest was checked against the record: a new digest means new
        // bytes, which need not be compared with it (150 MB on the peer workload).
        let liveDigest = context.writer.ownership?.manifestDigest
        try context.writer.write(SitePath.manifest, producing: { emit in try context.spool.document(emit) }, knownToDiffer: {
            liveDigest != nil && context.spool.digest != nil && liveDigest != context.spool.digest
        })
        context.report.otherFiles += 2  // the manifest, and the marker the commit writes
        if case .shard(let shard) = context.options.scope {
            let fingerprints = Dictionary(uniqueKeysWithValues: context.fingerprints.map { ($0.id, $0.fingerprint) })
            let record = ShardRecord(
                shard: shard, viewers: context.chosen.map(\.slug), fingerprints: context.chosen.map { fingerprints[$0.person.id] ?? "" },
                validated: context.tuning.validate, inputs: siteInputs(context), files: try context.writer.stagedFileDigests(under: Set(context.chosen.map(\.slug))))
            try context.writer.write(ShardRecord.file, bytes: record.bytes)
            context.report.otherFiles += 1
        }
    }

    /// Swaps the staging folder in as the output.
    static func swap(_ context: BuildContext) throws {
        context.report.counts = try context.writer.commit()
        context.report.renderSeconds = Date().timeIntervalSince(context.started)
    }

    /// The files outside any viewer's folder that viewer pages may link to: the site-wide
    /// pages, the assets and the static files (`content/static/`, copied into every build).
    static func siteFiles(_ options: Options, site: SiteModel, hasReviews: Bool) throws -> [String] {
        var files = [SitePath.index, SitePath.manifest]
        if hasReviews { files.append(SitePath.reviews) }
        files += Pagination(itemCount: site.ideas.count, pageSize: site.settings.pageSize).pages(at: .ideaReview).map(\.path)
        files += try SitePages.assetFiles(in: options.templates).map { "assets/" + $0 }
        // A static folder that cannot be listed is refused, by name, where the files are copied.
        if let folder = options.staticFolder { files += (try? StaticFiles.list(folder)) ?? [] }
        return files
    }
}
