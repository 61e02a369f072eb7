import VantageCore

/// The localisation helpers: `t`, `date`, `number`, `andList`, `lang` and `dir`.
extension Renderer {
    mutating func renderLocaleName(_ name: LocaleName) throws(TemplateError) {
        guard let localizer else {
            guard let value = try resolve(name.fallback.path, at: name.fallback.offset) else { return }
            if case .string(let text) = value {
                if name.fallback.escaped { output.appendEscaped(text) } else { output.append(text) }
            }
            return
        }
        // A tag is letters, digits and hyphens (the Localizer's own, from LanguageTagCase or
        // ICU), escaped all the same: a Localizer made in code may be given any text.
        switch name.kind {
        case .language: output.appendEscaped(localizer.htmlLanguage)
        case .direction: output.appendEscaped(localizer.direction)
        case .formatting: output.appendEscaped(localizer.languageTag)
        case .listPattern: output.appendEscaped(localizer.listPattern)
        }
    }

    /// A helper section; `start..<end` is its body, rendered as an ordinary section when there
    /// is no Localizer (spec mode).
    mutating func renderHelper(_ helper: HelperSection, _ program: Program, _ start: Int, _ end: Int)
        throws(TemplateError)
    {
        guard let localizer else {
            if strict {
                throw source.error(
                    "'{{#\(helper.fallback.path.text)}}' is a localisation helper: render with a Localizer",
                    at: helper.call.offset)
            }
            try renderSection(helper.fallback, program, start, end)
            return
        }
        let call = helper.call
        switch call.kind {
        case .translate(let key):
            try translate(key, helper, localizer)
        case .date(let style):
            let value = try value(of: call.first!, at: call.offset)
            guard var seconds = instant(in: value) else {
                if case .null = value { return }
                try report(
                    "date: expected Unix seconds, a date (2026-05-02) or an ISO 8601 instant with Z or an offset (2026-05-02T08:30:00+09:00), got \(describe(value))", localizer: localizer,
                    at: call.offset)
                return
            }
            // A date without a time is a day of the calendar: `day` shows it as written, and
            // every other style the instant it starts at in the viewer's zone: `iso` with its
            // offset (`2026-06-01T00:00:00-04:00`), as every `<time datetime>` holds an instant,
            // `medium` at that time (it read midnight UTC: "May 31, 2026 at 8:00 PM" in New York).
            var isCalendarDay = false
            if case .string(let text) = value, text.utf8.count == 10, Timestamp.calendarDate(text) != nil { isCalendarDay = true }
            let calendarDay = isCalendarDay && style == .day
            if isCalendarDay, style != .day { seconds = localizer.formatters.startOfDay(calendarDay: seconds) }
            // A date past the calendar ICU shows as the data's (years 1583 to 9998) would be
            // shown as another day, or a year that is not the instant's; a day of the calendar,
            // shown as written, may be in 9999.
            let end = isCalendarDay ? Double(BuildInstant.end) + 366 * 86_400 : Double(BuildInstant.end)
            guard seconds >= Double(BuildInstant.dataStart), seconds < end else {
                try report(
                    "date: expected an instant \(BuildInstant.dataRangeDescription), got \(describe(value))",
                    localizer: localizer, at: call.offset)
                return
            }
            let tag = calendarDay ? 6 : style.index
            if !memo.dates.write(seconds.bitPattern, 0, tag: tag, into: &output) {
                let start = output.count
                // ISO 8601 is written by `ISODate`, not ICU: cheaper than the shared memo's room.
                if style == .iso {
                    localizer.appendEscapedDate(seconds, style: style, calendarDay: calendarDay, into: &output)
                } else {
                    sharedKey.reset(SharedFormatMemo.dateKind)
                    sharedKey.append(UInt8(tag))
                    sharedKey.append(seconds.bitPattern)
                    if !localizer.sharedMemo.write(sharedKey, into: &output) {
                        localizer.appendEscapedDate(seconds, style: style, calendarDay: calendarDay, into: &output)
                        localizer.sharedMemo.store(sharedKey, output.written(from: start))
                    }
                }
                memo.dates.store(output.written(from: start), for: seconds.bitPattern, 0, tag: tag)
            }
        case .number:
            let value = try value(of: call.first!, at: call.offset)
            guard let number = TranslationBuilder.number(in: value) else {
                if case .null = value { return }
                try report("number: expected a number, got \(describe(value))", localizer: localizer, at: call.offset)
                return
            }
            output.appendEscaped(localizer.format(number: number))
        case .andList:
            let value = try value(of: call.first!, at: call.offset)
            guard case .list(let elements) = value else {
                if case .null = value { return }
                try report("andList: expected a list, got \(describe(value))", localizer: localizer, at: call.offset)
                return
            }
            var items: [String] = []
            items.reserveCapacity(elements.count)  // grown from empty, a list of three allocates three times
            for element in elements {
                switch element {
                // A direction control a name opens is closed within it (one it closes is opened),
                // so it cannot reorder the names after it: the site's data is so already.
                case .string(let text): items.append(DirectionControls.balanced(text))
                case .number(let number): items.append(localizer.format(number: number))
                default:
                    try report(
                        "andList: expected a list of strings, found \(element.kindDescription)", localizer: localizer,
                        at: call.offset)
                }
            }
            sharedKey.reset(SharedFormatMemo.listKind)
            for item in items { sharedKey.append(item) }
            if !localizer.sharedMemo.write(sharedKey, into: &output) {
                let start = output.count
                output.appendEscaped(localizer.format(list: items))
                localizer.sharedMemo.store(sharedKey, output.written(from: start))
            }
        }
    }

    /// `{{#t}}key args{{/t}}`. When every argument is a number (or there is none) the output
    /// depends on the string and that number only, so it is memoised.
    private mutating func translate(_ key: String, _ helper: HelperSection, _ localizer: Localizer)
        throws(TemplateError)
    {
        let call = helper.call
        let resolution = resolution(of: key, for: helper, localizer)
        // The common case, no argument or one number, is looked up in the memo before any
        // argument list is built.
        var numeric = call.arguments.count <= 1
        var number = 0.0
        var single: Value? = nil
        if numeric, let first = call.first {
            let value = try value(of: first, at: call.offset)
            if case .number(let given) = value { number = given } else { numeric = false }
            single = value
        }
        // The string's identity (an object's address, below 2^48 in a process's address space)
        // with the argument's name number in the top 16 bits: one entry per string and name.
        let memoKey = numeric ? resolution.identity.flatMap { identity -> UInt64? in
            guard identity >> 48 == 0, call.firstNameNumber < 1 << 16 else { return nil }
            return identity | call.firstNameNumber << 48
        } : nil
        // What the tag's place allows (markup, no links, plain text, one line): one entry of
        // the memo each.
        let place = max(helper.place, self.place)
        let tag = UInt8(truncatingIfNeeded: call.arguments.count) & 0x3F | place.rawValue << 6
        if let memoKey, memo.translations.write(memoKey, number.bitPattern, tag: tag, into: &output) { return }
        var arguments: [(name: String?, value: Value)] = []
        if let single {
            arguments = [(call.arguments[0].name, single)]
        } else {
            for argument in call.arguments {
                arguments.append((argument.name, try value(of: argument.value, at: call.offset)))
            }
        }
        let start = output.count
        let outcome = localizer.translate(
            resolution, key: key, arguments: arguments, into: &output, escape: true, markup: !place.isPlain)
        if let markdown = outcome.markdown { try writeMarkdown(markdown, links: place == .markup) }
        if outcome.missingKey {
            try report(localizer.missingKeyMessage(key), localizer: localizer, at: call.offset)
        }
        for problem in outcome.problems { try report(problem, localizer: localizer, at: call.offset) }
        var lineBreak = false
        if place == .singleLine, output.written(from: start).contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            lineBreak = true
            try report(
                "\(localizer.describe(key, resolution)) holds a line break here, where HTML allows one line only"
                    + " (the value or placeholder of an <input>)", localizer: localizer, at: call.offset)
        }
        // Markdown is written through this library's templates, so it is not shared between
        // libraries through the Localizer's memo.
        if let memoKey, outcome.problems.isEmpty, outcome.markdown == nil, !lineBreak {
            memo.translations.store(output.written(from: start), for: memoKey, number.bitPattern, tag: tag)
        }
    }

    /// The catalog entry for a `{{#t}}` tag, looked up once per tag in the memo's pool (whose
    /// Localizers share catalog, language chain and device, hence resolutions). The tag's key is
    /// kept with it, so a tag object at a reused address never gets another key's entry.
    private mutating func resolution(of key: String, for helper: HelperSection, _ localizer: Localizer) -> Resolution {
        let identity = UInt64(UInt(bitPattern: ObjectIdentifier(helper)))
        if let known = memo.resolutions.value(for: identity), known.key == key { return known.resolution }
        let resolution = localizer.resolve(key)
        memo.resolutions.set((key, resolution), for: identity)
        return resolution
    }

    private mutating func value(of argument: HelperCall.Argument, at offset: Int) throws(TemplateError) -> Value {
        switch argument {
        case .literal(let text): return .string(text)
        case .path(let path): return try resolve(path, at: offset) ?? .null
        }
    }

    private func instant(in value: Value) -> Double? {
        switch value {
        case .number(let seconds): return seconds
        case .string(let text): return Localizer.seconds(from: text)
        default: return nil
        }
    }

    private func describe(_ value: Value) -> String {
        if case .string(let text) = value { return "\(quoted(text))" }
        return value.kindDescription
    }

    /// A helper problem: an error in strict mode, a warning otherwise. The Localizer's mode
    /// decides, since it is the catalog's and locale's problem.
    private func report(_ message: String, localizer: Localizer, at offset: Int) throws(TemplateError) {
        let error = source.error(message, at: offset)
        if localizer.mode == .strict || strict { throw error }
        var warning = error.diagnostic
        warning.severity = .warning
        localizer.warn(warning)
    }
}
