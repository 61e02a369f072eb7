import VantageCore

/// The templates the build renders by name from its own code, not through a `{{>…}}` of another
/// template: each page kind's template, and the partials it renders for a page's parts. A
/// template that names a partial is checked when the library is compiled; these are checked
/// then too (`missing(in:)`), since some are rendered only when the data asks for them (a hidden
/// phone or email, an unknown person, an idea list): a copy of the templates without one built
/// until an import brought such data, then failed.
enum TemplateName {
    /// What a hidden phone number or email shows (`PersonalDataMask`).
    static let masked = "partials/masked"
    /// The name of a person whose every name was a phone or an email.
    static let unknownPerson = "partials/unknown-person"
    /// An idea's entry in a list, rendered once and reused (`IdeaEntryWriter`).
    static let idea = "partials/idea"
    /// An idea's place in its list ("3 of 12").
    static let ideaPosition = "partials/idea-position"

    /// Every template the build renders by name, in a fixed order.
    static var all: [String] {
        var names: [String] = []
        for kind in PageKind.allCases where !names.contains(kind.template) { names.append(kind.template) }
        return names + [masked, unknownPerson, idea, ideaPosition]
    }

    /// The names of `all` that `known` (the compiled library's) lacks.
    static func missing(in known: [String]) -> [String] {
        let have = Set(known)
        return all.filter { !have.contains($0) }
    }
}
