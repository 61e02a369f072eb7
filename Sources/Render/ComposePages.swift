import Foundation
import Store
import Template
import VantageCore

/// The two creation screens of the apps, one of each per person (OUTPUT.md, Submit Idea and
/// Add Quote), in that person's part of the site and language:
///
/// ```
/// <viewer>/ideas/submit.html   kind submit-idea    Change Jar's Idea Submission
/// <viewer>/quotes/add.html     kind compose-quote  Quotes' Add Quote (text, then SAID / HEARD / WHEN)
/// ```
///
/// The site is static: `templates/assets/compose.js` validates what is composed, keeps it in
/// the browser and downloads it as a submissions file (DATA.md) for the next import. The
/// people offered in SAID and HEARD are exactly `ViewerHandles`: the viewer's address book,
/// the people in the quotes they see, and themselves, each under their handle.
extension SitePath {
    /// A viewer's Submit Idea screen.
    public static func submitIdea(_ viewer: String) -> String { "\(viewer)/ideas/submit.html" }
    /// A viewer's Add Quote screen.
    public static func addQuote(_ viewer: String) -> String { "\(viewer)/quotes/add.html" }
}

extension ViewerPages {
    /// DATA.md: an idea holds 1 to 160 characters.
    static let ideaLimit = SiteSettings.ideaLimit

    /// Renders the Submit Idea and Add Quote screens of the viewer.
    func renderCompose(_ lists: QuoteLists, for viewer: Viewer) throws {
        let shared: [String: Value] = [
            "initial": .string(Resident.initial(of: viewer.badge.name)),
            "timeZone": .string(site.timeZone(for: viewer.person)),
        ]
        var idea = shared
        idea["limit"] = Self.ideaLimit.value
        // Where "Closed" → back goes without scripts (with them, the previous screen).
        let ideaPath = SitePath.submitIdea(viewer.slug)
        idea["back"] = .string(ViewerLinks(page: ideaPath, viewer: viewer.slug).ideasAll)
        try emit(.submitIdea, path: ideaPath, fields: idea, for: viewer)

        var quote = shared
        quote["limit"] = site.settings.quoteLimit.value
        // WHEN's bounds: the data's range on the person's clock.
        let zone = TimeZone(identifier: site.timeZone(for: viewer.person)) ?? TimeZone(identifier: "UTC")!
        let minutes = BuildInstant.dataMinutes { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
        quote["whenMin"] = .string(minutes.first)
        quote["whenMax"] = .string(minutes.last)
        let quotePath = SitePath.addQuote(viewer.slug)
        quote["back"] = .string(ViewerLinks(page: quotePath, viewer: viewer.slug).feed)
        quote["said"] = .fields(["field": .string("said"), "max": 1.value, "isSaid": .bool(true)])
        quote["heard"] = .fields(["field": .string("heard"), "max": 0.value, "isSaid": .bool(false)])
        // Quotes are said and heard by phones: a person without one (a Change Jar user who
        // never joined Quotes) is told so, and the form (kept, with its hooks) is disabled and
        // offers no one, rather than offering themselves, whom the import would refuse.
        let offered = viewer.person.hasPhone ? lists.handles.entries : []
        quote["canQuote"] = .bool(viewer.person.hasPhone)
        // People named alike (two contacts called Danny, three unknown people) are told apart
        // by their handles, which the page holds anyway.
        var sameName: [String: Int] = [:]
        for entry in offered { sameName[entry.name, default: 0] += 1 }
        // compose.js writes a picked person's name into a chip and into its sentences ("Remove
        // …", "Added: …", the outbox's "SAID … · HEARD …"): the build gives it both forms, by
        // the rule of every other sentence of the page (`Localizer.inSentence`), so that the
        // script keeps no rule of its own for direction controls or isolation. Each form is
        // written only where it differs from the one before (the name the option shows, then
        // the chip's): nearly every name is all three, and a viewer's lists offer hundreds.
        quote["people"] = .list(offered.map { entry in
            let namedAlike = sameName[entry.name, default: 0] > 1
            let label = DirectionControls.balanced(entry.name) + (namedAlike ? " " + entry.handle : "")
            let inText = viewer.localizer.inSentence(label)
            return .fields([
                "handle": .string(entry.handle), "name": .string(entry.name), "isViewer": .bool(entry.isViewer),
                "namedAlike": .bool(namedAlike), "chipName": .string(label == entry.name ? "" : label),
                "nameInText": .string(inText == label ? "" : inText),
            ])
        })
        quote["hasPeople"] = .bool(!offered.isEmpty)
        // Which handle names whom here: written with each quote, so that the import reads its
        // handles in this part even when another file's quotes have moved one since.
        quote["part"] = .string(lists.handles.signature)
        try emit(.composeQuote, path: quotePath, fields: quote, for: viewer)
    }
}
