import Foundation
import Template
import VantageCore

/// Renders pages: the compiled templates (shared by every thread), the string catalog, and one
/// `Localizer` per locale and time zone, created on first use and shared (formatters are
/// costly to create and safe to share).
public final class PageRenderer: @unchecked Sendable {
    /// The compiled templates.
    public let library: TemplateLibrary
    let catalog: StringCatalog?
    let now: Date
    let mode: TemplateMode
    private let lock = NSLock()
    private var localizers: [String: Localizer] = [:]

    /// The idea list entries rendered once for the whole build; nil renders each in full.
    let ideaEntries: IdeaEntryCache?

    /// A renderer over compiled templates and a catalog; `now` is the build's now.
    /// `reusesIdeaEntries`: render each idea's list entry once per locale, time zone and
    /// variant (`IdeaEntryCache`) rather than once per person and list; the pages are the same.
    public init(
        library: TemplateLibrary, catalog: StringCatalog?, now: Int64, mode: TemplateMode = .strict,
        reusesIdeaEntries: Bool = true
    ) {
        self.library = library
        self.catalog = catalog
        self.now = Date(timeIntervalSince1970: TimeInterval(now))
        self.mode = mode
        ideaEntries = reusesIdeaEntries ? IdeaEntryCache() : nil
    }

    /// The localizer for `locale` in `timeZone`.
    public func localizer(locale: String, timeZone: String) -> Localizer {
        let key = locale + "\u{0}" + timeZone
        lock.lock()
        defer { lock.unlock() }
        if let cached = localizers[key] { return cached }
        let localizer = Localizer(catalog: catalog, locale: locale, timeZone: timeZone, now: now, mode: mode)
        localizers[key] = localizer
        return localizer
    }

    /// One page: `template` (by default the kind's) rendered with the page's `fields` plus
    /// the frame every page has (kind, site, viewer, links, now).
    public func render(
        _ kind: PageKind, template: String? = nil, fields: [String: Value], frame: PageFrame, localizer: Localizer
    ) throws -> RenderedPage {
        let template = template ?? kind.template
        // The page's fields, then the frame's members (which win over a field of the same
        // name), as one `Value.fields`: inserting them into the fields' dictionary hashed
        // every name again and grew it on every page.
        var members: [(String, Value)] = []
        members.reserveCapacity(fields.count + 5)
        for (key, value) in fields where !PageRenderer.isFrameName(key) { members.append((key, value)) }
        members.append(("kind", .string(kind.rawValue)))
        members.append(("site", .fields(["title": .string(frame.siteTitle)])))
        members.append(("viewer", frame.viewer?.value ?? .bool(false)))
        members.append(("links", frame.links))
        members.append(("now", .number(Double(frame.now))))
        do {
            let bytes = try library.renderUTF8(template, context: .fields(Fields(members)), localizer: localizer)
            // Masked phones and emails, and unknown people, take their visible form from the
            // templates (partials/masked, partials/unknown-person) in the page's language.
            let shown = try PersonalDataMask.reveal(
                bytes, masked: { try self.partial(TemplateName.masked, localizer) },
                unknown: { try self.partial(TemplateName.unknownPerson, localizer) })
            return RenderedPage(path: frame.path, kind: kind, template: template, viewer: frame.viewer?.slug, bytes: shown)
        } catch let error as TemplateError {
            throw RenderError(page: frame.path, template: error.diagnostic)
        }
    }

    /// Whether `name` is one of the members every page's context has besides its fields
    /// (compared, not hashed: this is asked for every field of every page).
    static func isFrameName(_ name: String) -> Bool {
        switch name.utf8.count {
        case 3: return name == "now"
        case 4: return name == "kind" || name == "site"
        case 5: return name == "links"
        case 6: return name == "viewer"
        default: return false
        }
    }

    /// A part of the page at `page` (an idea list entry) rendered on its own: the bytes the
    /// page's template would write for it. `trimmingLineBreak` drops its final line breaks.
    func fragment(
        _ name: String, context: Value, localizer: Localizer, page: String, trimmingLineBreak: Bool = false
    ) throws -> [UInt8] {
        do throws(TemplateError) {
            var bytes = try library.renderUTF8(name, context: context, localizer: localizer)
            if trimmingLineBreak { while bytes.last == 0x0A { bytes.removeLast() } }
            return bytes
        } catch {
            throw RenderError(page: page, template: error.diagnostic)
        }
    }

    /// A text-only partial rendered on its own, without its final line break.
    private func partial(_ name: String, _ localizer: Localizer) throws(TemplateError) -> [UInt8] {
        var bytes = try library.renderUTF8(name, context: .map([:]), localizer: localizer)
        while bytes.last == 0x0A { bytes.removeLast() }
        return bytes
    }

    /// A script (a search index) with masked spans and unknown people shown as the catalog's
    /// texts, escaped for a JSON string.
    func revealJSON(_ bytes: [UInt8], localizer: Localizer) throws -> [UInt8] {
        try PersonalDataMask.reveal(
            bytes, masked: { PersonalDataMask.jsonEscaped(try localizer.string(PersonalDataMask.maskedKey)) },
            unknown: { PersonalDataMask.jsonEscaped(try localizer.string(PersonalDataMask.unknownKey)) })
    }
}

/// What every page's context holds besides its own fields.
public struct PageFrame: Sendable {
    /// The page's path from the site root (for error messages).
    public var path: String
    public var siteTitle: String
    public var viewer: ViewerBadge?
    /// `ViewerLinks.value` or `SiteLinks.value`.
    public var links: Value
    public var now: Int64
}

/// A page that could not be rendered: the page and the template's diagnostic (template, line,
/// column, message).
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var page: String
    public var template: Diagnostic
    /// The template's diagnostic, prefixed with the page being rendered.
    public var diagnostic: Diagnostic {
        var tagged = template
        tagged.message = "while rendering \(page): \(template.message)"
        return tagged
    }
    public var description: String { diagnostic.description }
}
