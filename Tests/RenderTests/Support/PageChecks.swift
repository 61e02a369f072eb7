import Foundation
import FoundationXML
import Testing

/// Checks on built pages that tests share: XML well-formedness, links, and small HTML lookups
/// by regular expression (the pages are generated, so their shape is known).
enum PageChecks {
    /// The XML parser's complaint about `text`, or nil when it is well-formed.
    static func wellFormednessError(_ text: String) -> String? {
        let parser = XMLParser(data: Data(text.utf8))
        if parser.parse() { return nil }
        return "line \(parser.lineNumber), column \(parser.columnNumber): \(parser.parserError.map { "\($0)" } ?? "unknown")"
    }

    /// Every match of `pattern`'s first capture group in `text`.
    static func captures(_ pattern: String, in text: String) -> [String] {
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        } catch {
            // A broken pattern matching nothing would let every "never contains" check pass.
            Issue.record("invalid pattern \(pattern): \(error)")
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The relative links (`href`, `src`) of a page that do not resolve to a file of the site,
    /// or whose fragment names no `id` in that file.
    static func brokenLinks(page: String, text: String, site: BuiltSite) -> [String] {
        var broken: [String] = []
        for link in captures(#"(?:href|src)="([^"]*)""#, in: text) {
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts[0])
            let fragment = parts.count > 1 ? String(parts[1]) : nil
            let target = file.isEmpty ? page : resolve(file, from: page)
            guard let target, FileManager.default.fileExists(atPath: site.output + "/" + target) else {
                broken.append(link)
                continue
            }
            if let fragment, !site.text(target).contains("id=\"\(fragment)\"") { broken.append(link) }
        }
        return broken
    }

    /// A relative link resolved against the page's folder; nil when it leaves the site.
    static func resolve(_ link: String, from page: String) -> String? {
        guard !link.contains(":"), !link.hasPrefix("/") else { return nil }
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for component in link.split(separator: "/") {
            if component == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if component != "." {
                parts.append(String(component))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The `data-id`s of the list items (`<li … data-id="…">`) of a page, in order.
    static func listedIDs(_ text: String) -> [String] {
        captures(#"<li class="[^"]*" id="[^"]*" data-id="([^"]*)""#, in: text)
    }

    /// The `data-id`s of the items that carry `data-new`.
    static func newIDs(_ text: String) -> [String] {
        captures(#"data-id="([^"]*)" data-new="""#, in: text)
    }

    /// The markup of the list item with `data-id="id"`.
    static func item(_ id: String, in text: String) -> String? {
        guard let start = text.range(of: "data-id=\"\(id)\"") else { return nil }
        // List items hold no nested list items, so the first end tag closes this one.
        guard let end = text.range(of: "</li>", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.lowerBound..<end.lowerBound])
    }

    /// The `lang` and `dir` of the `html` element.
    static func languageAndDirection(_ text: String) -> (String, String) {
        (captures(#"<html [^>]*lang="([^"]*)""#, in: text).first ?? "", captures(#"<html [^>]*dir="([^"]*)""#, in: text).first ?? "")
    }
}
