import Foundation
import VantageCore

extension SiteReport {
    /// The output formats of `vantage check`.
    public enum Format: String, Sendable, CaseIterable {
        /// `file:line:col: error: message (from template X)`, one finding a line.
        case text
        /// One JSON document: counts and every finding.
        case json
        /// GitHub workflow annotations: `::error file=…,line=…,col=…::message`.
        case github
    }

    /// The findings in `format`, with page paths prefixed by `root` (the directory as the user
    /// named it, so paths are clickable and annotations land on the right files).
    public func formatted(_ format: Format, root: String) -> String {
        let prefix = Finding.pathPrefix(root: root)
        switch format {
        case .text:
            return Finding.textReport(findings, root: root)
        case .github:
            return findings.map { finding in
                let file = WorkflowCommand.escapeProperty(prefix + finding.file)
                return "::error file=\(file),line=\(finding.line),col=\(finding.column)::\(WorkflowCommand.escapeData(oneLine(finding.attributedMessage)))\n"
            }.joined()
        case .json:
            return JSONWriter.string(json(prefix: prefix), pretty: true) + "\n"
        }
    }

    /// One line for standard error: what was checked and how it went.
    public var summary: String {
        let pages = pageCount == 1 ? "1 page" : "\(pageCount) pages"
        let files = fileCount == 1 ? "1 file" : "\(fileCount) files"
        if findings.isEmpty { return "checked \(pages) (\(files)): valid" }
        let errors = findings.count == 1 ? "1 error" : "\(findings.count) errors"
        return "checked \(pages) (\(files)): \(errors)"
    }

    private func json(prefix: String) -> JSONValue {
        let items: [JSONValue] = findings.map { finding in
            var object = JSONObject(
                keys: ["file", "line", "column", "rule", "message"],
                values: [
                    .string(prefix + finding.file), .number(Double(finding.line)), .number(Double(finding.column)),
                    .string(finding.rule.rawValue), .string(finding.message),
                ])
            if let template = finding.template {
                object.keys.append("template")
                object.values.append(.string(template))
            }
            return .object(object)
        }
        return .object(JSONObject(
            keys: ["valid", "pages", "files", "errors", "findings"],
            values: [
                .bool(isValid), .number(Double(pageCount)), .number(Double(fileCount)),
                .number(Double(findings.count)), .array(items),
            ]))
    }
}
