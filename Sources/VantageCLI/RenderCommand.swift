import Foundation
import Render
import Template
import VantageCore

/// `vantage render`: renders one Mustache template with a JSON document as its context and
/// writes exactly the rendered text to standard output.
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render one Mustache template with a JSON document as its context"
    static let help = """
        Usage: vantage render TEMPLATE --data FILE.json [options]

        Renders TEMPLATE with the JSON document as its context and writes exactly the
        rendered text to standard output (nothing added). Partials and parents are
        looked up in the template's folder unless --partials names another one; only
        the templates TEMPLATE reaches are compiled (all of them if it uses a dynamic
        name such as {{>*name}}).

        Options:
          --data FILE.json          the context (required)
          --partials DIR            where {{>name}} and {{<name}} look for name.mustache
          --locale TAG              the viewer's language, e.g. fr, pt-BR (default: the
                                    catalog's source language, else en)
          --time-zone TZ            IANA time zone for dates, e.g. Europe/Paris (default:
                                    UTC); an unknown one is a usage error
          --strings FILE.xcstrings  the String Catalog {{#t}} reads
          --device NAME             which device variations strings use: iphone (the
                                    default), ipad, ipod, mac, applewatch, appletv,
                                    applevision; a string without that device's case
                                    uses its "other" case
          --now INSTANT             what relative dates count from: ISO 8601
                                    (2026-05-05T09:30:00Z) or Unix seconds in decimal
                                    (1777710600) (default: SOURCE_DATE_EPOCH, else the clock)
          --strict                  a missing variable, partial, parent or string is an
                                    error (the site build's mode); otherwise the Mustache
                                    spec applies: missing values render as nothing and a
                                    missing string shows as ⟦key⟧ with a warning

        \(VantageCLI.exitCodes)

        """

    let template: String
    let data: String
    let partials: String?
    let locale: String?
    let timeZone: String
    let strings: String?
    let device: String
    let now: Date?
    let strict: Bool

    /// The devices Xcode's String Catalogs vary by.
    static let devices = StringCatalog.devices

    init(arguments: inout Arguments) throws(UsageError) {
        guard let data = try arguments.filePath("data") else {
            throw UsageError("--data FILE.json is required", command: Self.name)
        }
        self.data = data
        partials = try arguments.path("partials")
        if let given = try arguments.option("locale") {
            guard let tag = LanguageTagCase.canonical(given) else {
                throw UsageError("--locale needs a language tag such as en, fr or pt-BR, not '\(given)'", command: Self.name)
            }
            locale = tag
        } else {
            locale = nil
        }
        timeZone = try arguments.option("time-zone") ?? "UTC"
        guard TimeZone(identifier: timeZone) != nil else {
            throw UsageError(
                "--time-zone: unknown time zone '\(timeZone)' (expected an IANA name such as Europe/Paris, or UTC)",
                command: Self.name)
        }
        strings = try arguments.filePath("strings")
        device = try arguments.option("device") ?? Localizer.defaultDevice
        guard RenderCommand.devices.contains(device) else {
            throw UsageError(
                "--device: unknown device '\(device)' (expected one of \(RenderCommand.devices.joined(separator: ", ")))",
                command: Self.name)
        }
        if let instant = try arguments.option("now") {
            guard let date = Localizer.instant(from: instant) else {
                throw UsageError(
                    "--now: expected an ISO 8601 instant (2026-05-05T09:30:00Z) or Unix seconds in decimal (1777710600), not '\(instant)'",
                    command: Self.name)
            }
            guard date.timeIntervalSince1970 >= Double(BuildInstant.dataStart), date.timeIntervalSince1970 < Double(BuildInstant.end) else {
                throw UsageError(
                    "--now: expected an instant \(BuildInstant.dataRangeDescription), not '\(instant)'", command: Self.name)
            }
            now = date
        } else {
            now = nil
        }
        strict = try arguments.flag("strict")
        let positionals = try arguments.positionalPaths(max: 1)
        guard let template = positionals.first else {
            throw UsageError("which template? give its path", command: Self.name)
        }
        self.template = template
    }

    func run(console: Console) throws -> ExitCode {
        do {
            return try render(console: console)
        } catch let error as TemplateError {
            throw error.diagnostic
        }
    }

    private func render(console: Console) throws -> ExitCode {
        let mode: TemplateMode = strict ? .strict : .spec
        guard let bytes = FileManager.default.contents(atPath: data) else {
            throw Diagnostic.error("cannot read the data file", at: SourceLocation(file: data))
        }
        let context = Value(json: try JSONParser.parse(Array(bytes), file: data))
        let folder = partials ?? PathText.parent(of: template)
        let (library, name) = try TemplateLibrary.load(
            template: template, partials: folder.isEmpty ? "." : folder, mode: mode)
        let catalog = try strings.map { try StringCatalog(path: $0) }
        // Before the page: a member Xcode does not write (`"stringunit"`) may be why it shows a key.
        for warning in catalog?.warnings ?? [] { console.err(warning.description) }
        var clock = now
        if clock == nil, let epoch = try BuildClock.sourceDateEpoch(ProcessInfo.processInfo.environment) {
            clock = Date(timeIntervalSince1970: TimeInterval(epoch))
        }
        if clock == nil, library.usesRelativeDates {
            console.err("warning: relative dates count from the current time; pass --now for a reproducible result")
        }
        let localizer = Localizer(
            catalog: catalog, locale: locale ?? catalog?.sourceLanguage ?? "en", timeZone: timeZone,
            now: clock ?? Date(), mode: mode, device: device)
        console.out(try library.render(name, context: context, localizer: localizer))
        for warning in localizer.warnings { console.err(warning.description) }
        return .success
    }
}
