import VantageCore

/// A usage error: an unknown command or option, or a missing or malformed value. Exit code 2.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var command: String?
    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
    public var description: String { message }
}

/// The arguments of one command, consumed option by option; whatever is left over at the end
/// is reported as unknown.
public struct Arguments {
    private var items: [String]
    private var consumed: [Bool]
    /// The command the arguments belong to, for messages.
    public let command: String

    public init(_ items: [String], command: String) {
        self.items = items
        self.consumed = Array(repeating: false, count: items.count)
        self.command = command
        // Everything after "--" is positional.
        if let dashDash = items.firstIndex(of: "--") { consumed[dashDash] = true }
    }

    private var dashDashIndex: Int { items.firstIndex(of: "--") ?? items.count }

    /// True when `--name` is present (and consumes it).
    public mutating func flag(_ name: String) throws(UsageError) -> Bool {
        var found = false
        for index in 0..<dashDashIndex where !consumed[index] {
            if items[index] == "--\(name)" {
                consumed[index] = true
                found = true
            } else if items[index].hasPrefix("--\(name)=") {
                throw UsageError("--\(name) takes no value", command: command)
            }
        }
        return found
    }

    /// The value of `--name VALUE` or `--name=VALUE` (the last one wins, so a script can
    /// override a default it passed), or nil.
    public mutating func option(_ name: String) throws(UsageError) -> String? {
        try options(name).last
    }

    /// The value of an option that chooses what the command does (`--shard K/N`), where the
    /// last one winning would silently drop the other: two different values are a usage error.
    public mutating func single(_ name: String) throws(UsageError) -> String? {
        let values = try options(name)
        if let other = values.first(where: { $0 != values[0] }) {
            throw UsageError("--\(name) is given twice (\(quoted(values[0])) and \(quoted(other))): give it once", command: command)
        }
        return values.first
    }

    /// Every value given for a repeatable option.
    public mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var index = 0
        while index < dashDashIndex {
            defer { index += 1 }
            guard !consumed[index] else { continue }
            let item = items[index]
            if item == "--\(name)" {
                consumed[index] = true
                guard index + 1 < items.count, !consumed[index + 1], index + 1 != dashDashIndex else {
                    throw UsageError("--\(name) needs a value", command: command)
                }
                // The next item is another option, the value left out (`--out --full` built a
                // site into the folder `--full`): a value that starts so is written `--out=--x`.
                let next = items[index + 1]
                if next.hasPrefix("--"), next.count > 2 {
                    throw UsageError(
                        "--\(name) needs a value, found the option \(next) (a value that starts with -- is written --\(name)=\(next))",
                        command: command)
                }
                values.append(items[index + 1])
                consumed[index + 1] = true
                index += 1
            } else if item.hasPrefix("--\(name)=") {
                consumed[index] = true
                values.append(String(item.dropFirst(name.count + 3)))
            }
        }
        return values
    }

    /// The value of an option naming a file or folder, as `option` gives it, with each run of
    /// slashes written as one (the same path to the system). Foundation's URLs read `a//..` as
    /// `a` rather than as `a`'s parent, so `--out ..//../site` wrote the site one folder too
    /// deep, and a store spelt so escaped its lock.
    /// A path that starts with `~` is a file or folder of that name in the current one (the
    /// shell expands `~` before the tool sees it; given quoted, it is a name): written `./~…`,
    /// since Foundation's file URLs read a leading `~` as the home folder, and some steps took
    /// `--content '~/c'` as `./~/c` and others as the home's `c`.
    public mutating func path(_ name: String) throws(UsageError) -> String? {
        try option(name).map(Arguments.literalPath)
    }

    /// `path` for an option that names a file (`--db`, `--rejects`, `--data`): a path that ends
    /// in a slash names a folder, and is refused here (`--db s.sqlite/` imported into the file
    /// `s.sqlite`, then the build could not open the store it had just written).
    public mutating func filePath(_ name: String) throws(UsageError) -> String? {
        guard let path = try path(name) else { return nil }
        if path.hasSuffix("/") {
            throw UsageError("--\(name) names a file, and \(quoted(path)) ends in a slash, as a folder does", command: command)
        }
        return path
    }

    /// `positionals`, each a path (`path`).
    public mutating func positionalPaths(max: Int) throws(UsageError) -> [String] {
        try positionals(max: max).map(Arguments.literalPath)
    }

    /// A flag followed by a list of paths (`--merge A B`), or given its first one (`--merge=A B`):
    /// nil when absent, else the paths.
    public mutating func pathList(_ name: String) throws(UsageError) -> [String]? {
        var given = false
        var inline: [String] = []
        for index in 0..<dashDashIndex where !consumed[index] {
            if items[index] == "--\(name)" {
                consumed[index] = true
                given = true
            } else if items[index].hasPrefix("--\(name)=") {
                consumed[index] = true
                given = true
                inline.append(String(items[index].dropFirst(name.count + 3)))
            }
        }
        guard given else { return nil }
        return inline.map(Arguments.literalPath) + (try positionalPaths(max: Int.max))
    }

    /// A path as given, each run of slashes written as one, a leading `~` made relative.
    static func literalPath(_ path: String) -> String {
        let single = singleSlashes(path)
        return single.hasPrefix("~") ? "./" + single : single
    }

    /// `path` with every run of slashes written as one.
    static func singleSlashes(_ path: String) -> String {
        guard path.utf8.count > 1, path.contains("//") else { return path }
        var result = ""
        var previous: Character? = nil
        for character in path where !(character == "/" && previous == "/") {
            result.append(character)
            previous = character
        }
        return result
    }

    /// An option that must be one of `choices`.
    public mutating func choice(_ name: String, _ choices: [String], default defaultValue: String) throws(UsageError) -> String {
        guard let value = try option(name) else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError("--\(name) must be one of \(choices.joined(separator: ", ")), not '\(value)'", command: command)
        }
        return value
    }

    /// An option holding a non-negative integer.
    public mutating func integer(_ name: String) throws(UsageError) -> Int? {
        guard let value = try option(name) else { return nil }
        guard let number = Int(value), number >= 0 else {
            throw UsageError("--\(name) needs a whole number, not '\(value)'", command: command)
        }
        return number
    }

    /// The remaining positional arguments; any remaining `-x`/`--x` is an unknown option.
    public mutating func positionals(max: Int) throws(UsageError) -> [String] {
        var result: [String] = []
        for index in 0..<items.count where !consumed[index] {
            let item = items[index]
            if index < dashDashIndex, item.hasPrefix("-"), item != "-" {
                throw UsageError("unknown option '\(item)'", command: command)
            }
            result.append(item)
            consumed[index] = true
        }
        if result.count > max {
            throw UsageError("unexpected argument '\(result[max])'", command: command)
        }
        return result
    }

    /// Fails on anything not consumed.
    public mutating func finish() throws(UsageError) {
        _ = try positionals(max: 0)
    }
}
