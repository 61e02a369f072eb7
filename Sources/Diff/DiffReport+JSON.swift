import VantageCore

extension DiffReport {
    /// The report as one JSON document (members in a fixed order, written by `JSONWriter`).
    public var json: JSONValue {
        var root = JSONObject()
        root.add("old", .string(oldName))
        root.add("new", .string(newName))
        root.add("identical", .bool(isIdentical))
        root.add("comparedContent", .bool(comparedContent))
        var summary = JSONObject()
        summary.add("pagesCompared", .number(Double(pagesCompared)))
        summary.add("changed", .number(Double(changedCount)))
        summary.add("added", .number(Double(addedCount)))
        summary.add("removed", .number(Double(removedCount)))
        summary.add("viewers", .number(Double(viewerCount)))
        summary.add("line", .string(summaryLine))
        root.add("summary", .object(summary))
        root.add("groups", .array(groups.map { group in
            var object = JSONObject()
            if let slug = group.slug { object.add("viewer", .string(slug)) }
            object.add("name", .string(group.name))
            object.add("presence", .string(group.presence.rawValue))
            object.add("headline", .string(group.headline))
            object.add("pages", .array(group.pages.map { pageJSON($0) }))
            return .object(object)
        }))
        return .object(root)
    }

    private func pageJSON(_ page: PageReport) -> JSONValue {
        var object = JSONObject()
        object.add("path", .string(page.path))
        object.add("status", .string(page.status.rawValue))
        if let kind = page.kind { object.add("kind", .string(kind)) }
        object.add("label", .string(page.label))
        if let number = page.pageNumber { object.add("page", .number(Double(number))) }
        func side(_ entry: ManifestEntry) -> JSONValue {
            .object(JSONObject(keys: ["sha256", "bytes"], values: [.string(entry.sha256), .number(Double(entry.bytes))]))
        }
        if let old = page.old { object.add("old", side(old)) }
        if let new = page.new { object.add("new", side(new)) }
        switch page.content {
        case .text(let deletions, let insertions, let hunks)?:
            object.add("insertions", .number(Double(insertions)))
            object.add("deletions", .number(Double(deletions)))
            if !statOnly {
                object.add("hunks", .array(hunks.map { hunk in
                    var value = JSONObject()
                    value.add("header", .string(hunk.header))
                    value.add("oldStart", .number(Double(hunk.oldStart)))
                    value.add("oldCount", .number(Double(hunk.oldCount)))
                    value.add("newStart", .number(Double(hunk.newStart)))
                    value.add("newCount", .number(Double(hunk.newCount)))
                    value.add("lines", .array(hunk.lines.map { .string($0.rendered) }))
                    return .object(value)
                }))
            }
        case .binary?: object.add("binary", .bool(true))
        case nil: break
        }
        return .object(object)
    }
}

extension JSONObject {
    /// Appends a member (document order is output order).
    mutating func add(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }
}
