import Store

/// The site's handle rule, as the importer needs it to read `content/submissions/`: a
/// submissions file names people by the handles the site gave them in the submitter's part
/// (DATA.md, Submissions from the site), and only the site knows how it chose them. The
/// rule itself lives in the render (`ViewerHandles`); the command line hands it to the import
/// (`ImportOptions.handles`), so that the import resolves a handle with the very code that
/// wrote it and there is one rule, not two that could drift apart.
public protocol SubmissionHandleRule: Sendable {
    /// The site's people as the import has them (every person of this import, by id), ready
    /// to resolve the handles of any viewer's part. `phones` and `emails` are the same
    /// people's, only so that names shaped like them are masked as the build masks them (they
    /// are never a handle, nor part of one).
    func site(people: [HandlePerson], phones: [String], emails: [String]) -> any SubmissionHandleSite
    /// The slug the rule folds `name` to, before any `-2` that tells equal names apart: a
    /// handle that is a rejected user's slug names the rejection in its message.
    func slug(of name: String) -> String
    /// Whether the site shows `name` as a name (not one that is only a phone or an email,
    /// which it masks): where a Quotes user's chosen name does not, their Change Jar name is
    /// the person's (DATA.md: the Quotes record wins where both give a name).
    func readsAsName(_ name: String) -> Bool
}

/// The people of one import, as the handle rule sees them.
public protocol SubmissionHandleSite {
    /// The person whose part of the site has the folder `slug`, if anyone's does.
    func viewer(slug: String) -> Int64?
    /// Every handle in `viewer`'s part: `contacts` is the viewer's address book (person id →
    /// name), `quotes` the quotes the viewer sees, newest first (ties: id ascending).
    func part(viewer: Int64, contacts: [Int64: String], quotes: [HandleQuote]) -> SubmissionPart
    /// `text` as the site shows it: every phone and email masked as the build masks them.
    func published(_ text: String) -> String
}

/// One viewer's part of the site as the handle rule makes it.
public struct SubmissionPart: Sendable {
    /// Each handle with the person and the name the viewer knows them by.
    public let handles: [String: (person: Int64, name: String)]
    /// The part's signature, as the Add Quote screen writes it with each quote (`part`).
    public let signature: String

    public init(handles: [String: (person: Int64, name: String)], signature: String) {
        self.handles = handles
        self.signature = signature
    }
}

/// A person, without phone or email: what the handle rule may use.
public struct HandlePerson: Sendable {
    public let id: Int64
    /// The name the person chose as a user (nil for contacts and idea authors).
    public let name: String?
    public let isQuotesUser: Bool
    public let isChangeJarUser: Bool
    /// Where the export names the person among everyone (equal names' slugs follow it).
    public let order: Int64

    public init(id: Int64, name: String?, isQuotesUser: Bool, isChangeJarUser: Bool, order: Int64) {
        self.order = order
        self.id = id
        self.name = name
        self.isQuotesUser = isQuotesUser
        self.isChangeJarUser = isChangeJarUser
    }
}

/// A quote a viewer sees, as the handle rule sees it: who said it and who heard it, with the
/// names recorded with it.
public struct HandleQuote: Sendable {
    public let id: String
    public let speaker: Int64
    public let speakerName: String
    public let hearers: [(person: Int64, name: String)]

    public init(id: String, speaker: Int64, speakerName: String, hearers: [(person: Int64, name: String)]) {
        self.id = id
        self.speaker = speaker
        self.speakerName = speakerName
        self.hearers = hearers
    }
}
