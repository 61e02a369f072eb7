/// GitHub Actions' workflow commands (`::error file=…,line=…::message`), as `vantage check` and
/// `vantage diff` write them with `--format github`: the one copy of their escaping.
public enum WorkflowCommand {
    /// A command's message: `%`, carriage returns and line feeds escaped, so that data cannot
    /// end the command and start one of its own.
    public static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property's value (`file=`, `title=`), which also reserves `:` and `,`.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
