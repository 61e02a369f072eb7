import VantageCore

extension PageText {
    /// A JSON document as pretty-printed lines (two-space indent, one member or element per
    /// line), so a changed search-index entry shows as the member that changed. Strings are
    /// written for reading, without the HTML-safety escapes of the site's own JSON.
    public static func jsonLines(_ value: JSONValue) -> [String] {
        JSONWriter.string(value, pretty: true, htmlSafe: false)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
