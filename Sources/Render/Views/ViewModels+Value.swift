import Template
import VantageCore

/// Conversions of the view models to template values. Keys a template may test are always
/// present (false or null rather than absent), because the site renders in strict mode, where
/// a missing name is an error, and because a missing key would let Mustache's context stack
/// find a same-named key of an enclosing value.

extension Optional where Wrapped == String {
    /// A link as a section value: `{href}` or false.
    var linkValue: Value { map { .fields(["href": .string($0)]) } ?? .bool(false) }
}

extension Int {
    var value: Value { .number(Double(self)) }
}

extension Int64 {
    var value: Value { .number(Double(self)) }
}

extension ViewerLinks {
    var value: Value {
        .fields([
            "index": .string(index), "stylesheet": .string(stylesheet), "reviews": .string(reviews),
            "assets": .string(assets), "home": .string(home), "settings": .string(settings), "search": .string(search),
            "searchIndex": .string(searchIndex), "ideasNew": .string(ideasNew), "ideasMine": .string(ideasMine),
            "ideasAll": .string(ideasAll), "ideasBrowse": .string(ideasBrowse), "feed": .string(feed),
            "said": .string(said), "heard": .string(heard), "submitIdea": .string(submitIdea),
            "addQuote": .string(addQuote),
        ])
    }
}

extension SiteLinks {
    var value: Value {
        .fields([
            "index": .string(index), "stylesheet": .string(stylesheet), "reviews": .string(reviews),
            "assets": .string(assets),
        ])
    }
}

extension ViewerBadge {
    var value: Value { .fields(["slug": .string(slug), "name": .string(name), "namedAlike": .bool(isNamedAlike)]) }
}

extension Pager {
    /// The pager, or false when the list fits on one page. `afterFirst` marks the pages after
    /// the first, whose titles name the page so that no two pages of a list share one.
    var value: Value {
        guard pageCount > 1 else { return .bool(false) }
        return .fields([
            "page": page.value, "pageCount": pageCount.value, "afterFirst": .bool(page > 1),
            "prev": previous.linkValue, "next": next.linkValue,
        ])
    }
}

extension IdeaEntry {
    var value: Value { value(position: position.value) }

    /// The value `partials/idea` renders: `position` is its position line as rendered
    /// (`partials/idea-position`). With `markers`, the author's name, the links and the
    /// position are `IdeaEntryFragment`'s hole markers instead.
    func value(position: Value, markers: Bool = false) -> Value {
        func shown(_ text: String, _ hole: IdeaEntryFragment.Hole) -> Value {
            markers ? .html(hole.marker) : .string(text)
        }
        return .fields([
            "id": .string(id), "fragment": .string(fragment), "text": .string(text), "isNew": .bool(isNew),
            "author": authorName.map { .fields(["name": shown($0, .author)]) } ?? .bool(false),
            "submittedAt": .number(submittedAt), "forSelf": .bool(forSelf),
            "position": markers ? .html(IdeaEntryFragment.Hole.position.marker) : position,
            "prev": previous.map { .fields(["href": shown($0, .previous)]) } ?? .bool(false),
            "next": next.map { .fields(["href": shown($0, .next)]) } ?? .bool(false),
        ])
    }
}

extension QuoteEntry {
    var value: Value {
        .fields([
            "id": .string(id), "fragment": .string(fragment), "text": .string(text),
            "speaker": .fields(["name": .string(speakerName), "href": .string(speakerLink)]),
            "hearers": .list(hearerNames.map { .string($0) }), "saidAt": .number(saidAt),
        ])
    }
}

extension IdeaListKind {
    /// The flags the idea-list templates branch on.
    func listValue(count: Int) -> Value {
        .fields([
            "isNew": .bool(self == .new), "isMine": .bool(self == .mine), "isAll": .bool(self == .all),
            "isBrowse": .bool(self == .browse), "count": count.value,
        ])
    }
}

extension QuoteListKind {
    /// The flags the quote-list templates branch on.
    func listValue(count: Int) -> Value {
        var speaker = ""
        var handle: String?
        var isBy = false
        if case .by(let name, let alike) = self {
            speaker = name
            handle = alike
            isBy = true
        }
        return .fields([
            "isFeed": .bool(self == .feed), "isSaid": .bool(self == .said), "isHeard": .bool(self == .heard),
            "isBy": .bool(isBy), "speaker": .string(speaker), "speakerHandle": handle.map { .string($0) } ?? .bool(false),
            "count": count.value,
        ])
    }
}

extension JarSlip {
    var value: Value {
        // The rotation's centre is the slip's centre (slips are 22 × 11).
        .fields([
            "x": x.value, "y": y.value, "angle": angle.value, "cx": (x + 11).value, "cy": (y + 5).value,
            "tone": tone.value, "isNew": .bool(isNew),
        ])
    }
}

extension Resident {
    /// The letter in a person's picture: the first character of `name` that shows (a name may
    /// begin with a bidi isolate, U+FEFF or a no-break space), in capitals; "?" when none does,
    /// and for the unknown person (a private-use marker until the page is finished).
    static func initial(of name: String) -> String {
        guard let first = name.first(where: { $0.unicodeScalars.first.map(VisibleText.isVisible) ?? false }),
              first.unicodeScalars.first?.properties.generalCategory != .privateUse
        else { return "?" }
        return String(first).uppercased()
    }

    var value: Value {
        let initial = Self.initial(of: name)
        return .fields([
            "href": .string(SitePath.home(slug)), "name": .string(name), "locale": locale.map { .string($0) } ?? .bool(false),
            "initial": .string(initial), "changeJar": .bool(usesChangeJar), "quotes": .bool(usesQuotes),
            "reviewHref": .string(ListLocation.quoteReview(slug).path(page: 1)),
            // Unknown people (a name that was only a phone or an email) look alike, and so do
            // people of one name: their folder tells a reviewer which is which (it holds no more
            // than "person-2" or "maria-silva-2").
            "showFolder": .bool(isNamedAlike || name == PersonalDataMask.unknownName), "folder": .string(slug),
        ])
    }
}
