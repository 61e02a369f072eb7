import Foundation
@preconcurrency import CLibXML2

/// The build's way through a page: libxml2 parses it with SAX callbacks and builds no tree,
/// and the callbacks run `PageInspection`'s checks on the raw bytes of each event while
/// writing the page's `PageStructure`. A page comes out `clean` only when all of these hold:
///
/// - it starts with `<!DOCTYPE html>` (so libxml2 reads it as UTF-8, without an XML
///   declaration, an internal subset or entities of its own), and libxml2 reported nothing
///   at all while parsing it, not even a warning;
/// - no check found anything, and nothing turned up that the scan leaves to the tree
///   (processing instructions, CDATA, entity references, `&` in an attribute value, text in
///   a `<script src>`, an element whose attributes no attribute set of the schema accepts);
/// - its structure is one the content schema has accepted before (`PageSchema.hasAccepted`).
///
/// A page that meets the first two but has a new structure goes to the content schema
/// alone (`newStructure`), as a skeleton of its structure (`StructureSkeleton`), and the
/// schema then learns the structure if it accepts it. Every
/// other page — and one the content schema refuses — is validated again from the beginning
/// on a tree (`PageInspection`, `PageSchema.validate`), which reports exactly what
/// `vantage check` does.
/// So the scan never has to word a finding: it only has to be sure there is none, and where
/// it is not sure, it hands the page on. `PageScanTests` hold it to the tree's verdicts.
struct PageScan {
    /// Why a page needs the tree.
    enum Handover: String, CaseIterable {
        /// Not `<!DOCTYPE html>` first, or too large to parse in one call.
        case notPlain = "no plain doctype"
        /// libxml2 reported an error or a warning, or no parser context was available.
        case parser = "parser message"
        /// A construct the scan does not check itself (see the type's comment).
        case unusual = "construct left to the tree"
        /// A check found something: the tree words the finding.
        case finding = "finding"
        /// The content schema has not accepted this structure yet (counted for a page the
        /// scan found clean, whose tree then goes to the content schema only).
        case newStructure = "structure not accepted yet"
    }

    /// What a clean page tells the site check: as `PageReport` holds it.
    struct Clean {
        var kind: String?
        var ids: ByteStrings
        var references: [SiteReference]
        /// Empty for a page of a known structure (`read`'s `knownStructure`).
        var structure: [UInt8]
    }

    enum Outcome {
        case clean(Clean)
        /// Nothing found, but the structure is new: the content schema has to see a tree.
        case newStructure(Clean)
        case needsTree(Handover)
    }

    static let doctype = Array("<!DOCTYPE html>".utf8)

    /// Scans one page; `schema` decides whether its structure is known.
    static func scan(path: String, bytes: UnsafeRawBufferPointer, schema: PageSchema) -> Outcome {
        let scan = read(path: path, bytes: bytes, schema: schema, lookingUp: true)
        if let handover = scan.handover { return .needsTree(handover) }
        let clean = Clean(kind: scan.kind, ids: scan.ids, references: scan.siteReferences, structure: scan.structure)
        return scan.knownStructure ? .clean(clean) : .newStructure(clean)
    }

    /// Reads one page through the scan's callbacks. With `lookingUp`, a clean page's
    /// structure is looked up (`knownStructure`); a known one is not handed out (`structure`
    /// is then empty) and its buffer serves the next page.
    static func read(path: String, bytes: UnsafeRawBufferPointer, schema: PageSchema, lookingUp: Bool = false) -> PageScan {
        guard let base = bytes.baseAddress, bytes.count > doctype.count, bytes.count < Int(Int32.max),
            memcmp(base, doctype, doctype.count) == 0
        else { return PageScan(handover: .notPlain, path: path, bytes: bytes, model: schema.model) }
        if ForbiddenCodePoints.any(in: bytes) {
            return PageScan(handover: .finding, path: path, bytes: bytes, model: schema.model)
        }
        guard var parser = ParserPool.shared.take() else {
            return PageScan(handover: .parser, path: path, bytes: bytes, model: schema.model)
        }
        if parser.scan?.schema !== schema { parser.scan = ScanContext(schema: schema) }
        let scanContext = parser.scan!
        // The scan lives behind a pointer for the parse: the callbacks reach it through the
        // context's `_private`, and state behind a pointer is free of the dynamic exclusivity
        // checks every access to a class's stored property costs.
        let vocabulary = scanContext.vocabulary ?? ScanVocabulary(model: schema.model)
        scanContext.vocabulary = nil  // the scan holds the only reference: no copy on write
        let links = scanContext.links ?? LinkMemo()
        scanContext.links = nil
        // Moved out of the context, not copied: a second reference would make the scan's first
        // append to each array copy it.
        let buffers = scanContext.buffers.take() ?? Buffers()
        let state = UnsafeMutablePointer<PageScan>.allocate(capacity: 1)
        state.initialize(to: PageScan(path: path, bytes: bytes, vocabulary: vocabulary, links: links, buffers: buffers))
        if !parser.read(bytes, handler: scanContext.handler, state: UnsafeMutableRawPointer(state)) {
            state.pointee.handOver(.parser)
        }
        var scan = state.move()
        state.deallocate()
        scanContext.vocabulary = scan.vocabulary
        scanContext.links = scan.links
        scan.finish()
        if lookingUp, scan.handover == nil, schema.hasAccepted(scan.structure) { scan.knownStructure = true }
        scanContext.buffers = scan.giveBuffers(keepingStructure: !scan.knownStructure)
        ParserPool.shared.give(parser, afterParsing: bytes.count)
        return scan
    }

    /// Arrays a scan fills and empties on every page, kept with the parser context so that
    /// pages do not allocate them anew (each would be a malloc per page).
    struct Buffers {
        var structure: [UInt8] = []
        var open: [Unmanaged<ScanElement>] = []
        var checked: [(slot: Unmanaged<ScanSlot>, value: UnsafeBufferPointer<UInt8>)] = []

        /// With room for a usual page, or (`reserving: false`) none at all.
        init(reserving: Bool = true) {
            guard reserving else { return }
            structure.reserveCapacity(4096)
            open.reserveCapacity(32)
            checked.reserveCapacity(16)
        }
    }

    /// The buffers back, emptied: the structure too unless the caller keeps it (then a new
    /// one is made for the next page).
    private mutating func giveBuffers(keepingStructure: Bool) -> Buffers {
        var buffers = Buffers(reserving: false)
        swap(&buffers.open, &open)
        swap(&buffers.checked, &checked)
        buffers.open.removeAll(keepingCapacity: true)
        buffers.checked.removeAll(keepingCapacity: true)
        if keepingStructure {
            buffers.structure.reserveCapacity(4096)
        } else {
            swap(&buffers.structure, &structure)
            buffers.structure.removeAll(keepingCapacity: true)
        }
        return buffers
    }

    // MARK: State of one scan

    let path: String
    let bytes: UnsafeRawBufferPointer
    /// The page's path cut at its slashes, made when a link is first resolved (most links
    /// are found in the memo, resolved on an earlier page).
    private var pagePath: PagePath?
    var vocabulary: ScanVocabulary
    /// Set once the page needs the tree; the callbacks then return at once.
    private(set) var handover: Handover?

    /// The page's structure, written as `PageStructure` writes it from a tree (empty once
    /// read when the structure was looked up and known).
    private(set) var structure: [UInt8] = []
    /// True when `read` looked the structure up and the content schema has accepted it.
    private(set) var knownStructure = false
    /// The text node being read: 0 none, 3 only whitespace so far, 4 text (`PageStructure`).
    var textRun: UInt8 = 0

    var kind: String?
    /// The page's ids, as libxml2 handed their bytes over (no string made per id).
    var ids = ByteStrings()
    var siteReferences: [SiteReference] = []
    var pendingFragments: [String] = []
    var pendingIDReferences: [String] = []
    /// Controls without a label around them or a name, by id (nil: no id).
    var unlabelledControls: [String?] = []
    /// The ids `<label for>` names, by their bytes (as `ids`).
    var labelTargets = ByteStrings()

    /// The elements open around the cursor, innermost last (unretained: the vocabulary keeps
    /// them alive).
    var open: [Unmanaged<ScanElement>] = []
    /// HTML labels open around the cursor.
    var labels = 0
    /// Buttons open around the cursor that no attribute names, with whether text or an
    /// image's alternative text inside has named them yet.
    var unnamedButtons: [(depth: Int, named: Bool)] = []
    /// Open `<script>` (with `src` or not) and `<style>` elements: their text is raw text.
    /// `cursor` is where the start tag ends.
    var rawText: [(depth: Int, special: ScanElement.Special, hasSource: Bool, cursor: Int)] = []
    /// The text of the open `<style>`.
    var styleText: [UInt8] = []
    /// Reused for each element's checked attributes.
    /// (The slots live as long as the vocabulary, which outlives the scan: no reference
    /// counting per attribute.)
    var checked: [(slot: Unmanaged<ScanSlot>, value: UnsafeBufferPointer<UInt8>)] = []

    /// Byte offset of the current start tag's end (its `>` or `/>`), for positions.
    var tagCursor = 0
    /// libxml2's input buffer during the current start tag: its start and end, and the page
    /// offset of its start (nil outside a start tag's callback).
    var input: (base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>?, offset: Int)?
    /// Lines and columns of the links' places, which come in document order.
    var lineCursor: LineCursor
    /// Links resolved on this and earlier pages (and the numbers of this page's folders).
    let links: LinkMemo
    // Last in the struct on purpose: with these three after `labels`, the debug build (Swift
    // 6.3.1, -Onone) crashed copying a PageScan in `startElement` (a garbage reference retained),
    // even with the fields unused; the release build and an AddressSanitizer build of that
    // layout ran clean.
    /// The page's `<meta>` elements so far.
    var metas = 0
    /// The depth of the open `<title>` (-1: none), and whether text that is not whitespace has
    /// come inside it.
    var titleDepth = -1
    var titleHasText = false
    /// The `for` of each open `<label>` (nil: none), copied.
    var labelFors: [[UInt8]?] = []
    /// The ids of the elements a label can name (`labelTargets` must be among them).
    var labelableIDs = ByteStrings()
    /// The page's `<meta name="description">` elements so far.
    var descriptions = 0

    /// A scan that ended before it began.
    private init(handover: Handover, path: String, bytes: UnsafeRawBufferPointer, model: SchemaModel) {
        self.init(path: path, bytes: bytes, vocabulary: ScanVocabulary(model: model), links: LinkMemo())
        self.handover = handover
    }

    init(path: String, bytes: UnsafeRawBufferPointer, vocabulary: ScanVocabulary, links: LinkMemo, buffers: Buffers = Buffers()) {
        links.startPage(path)
        self.path = path
        self.bytes = bytes
        self.lineCursor = LineCursor(bytes)
        self.vocabulary = vocabulary
        self.links = links
        structure = buffers.structure
        open = buffers.open
        checked = buffers.checked
    }

    /// The page's path, cut at its slashes (`pagePath`).
    mutating func page() -> PagePath {
        if let pagePath { return pagePath }
        let page = PagePath(path)
        pagePath = page
        return page
    }

    mutating func handOver(_ reason: Handover) {
        if handover == nil { handover = reason }
    }

    /// Resolves what needs the whole page: labels named by `for`, `#id` links, id lists.
    private mutating func finish() {
        guard handover == nil else { return }
        for control in unlabelledControls where !(control.map(labelTargets.contains) ?? false) {
            return handOver(.finding)
        }
        for id in pendingFragments where !ids.contains(id) { return handOver(.finding) }
        for id in pendingIDReferences where !ids.contains(id) { return handOver(.finding) }
        if !labelTargets.allSatisfy(labelableIDs.contains) { return handOver(.finding) }
    }

    // MARK: Structure

    mutating func flushText() {
        if textRun != 0 {
            structure.append(textRun)
            textRun = 0
        }
    }

    mutating func appendStructure(_ bytes: UnsafeBufferPointer<UInt8>) { structure.append(contentsOf: bytes) }

    mutating func appendStructure(_ byte: UInt8) { structure.append(byte) }
}

/// How many pages a validator scanned clean, and how many it handed to the tree, by reason
/// (for benchmarks and tests; counting costs a lock per page).
public final class ScanCounts: @unchecked Sendable {
    /// The build's validators count here (`vantage-bench build` prints it); a count per
    /// process, reset by `reset`.
    public static let build = ScanCounts()

    private let lock = NSLock()
    private var clean = 0
    private var handed: [PageScan.Handover: Int] = [:]
    private var folded = 0
    private var compacted = 0

    func count(_ outcome: PageScan.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        switch outcome {
        case .clean: clean += 1
        case .newStructure: handed[.newStructure, default: 0] += 1
        case .needsTree(let reason): handed[reason, default: 0] += 1
        }
    }

    /// An empty count.
    public init() {}

    /// Forgets every count (the benchmark, between builds).
    public func reset() {
        lock.lock()
        defer { lock.unlock() }
        clean = 0
        handed = [:]
        folded = 0
        compacted = 0
    }

    /// Counts a page of a new structure accepted by its folded structure (`StructureClasses`).
    func countFolded() {
        lock.lock()
        defer { lock.unlock() }
        folded += 1
    }

    /// Counts a page of a new structure accepted on a compacted skeleton
    /// (`StructureClasses.compacted`).
    func countCompacted() {
        lock.lock()
        defer { lock.unlock() }
        compacted += 1
    }

    /// Pages of a new structure that RELAX NG accepted on a compacted skeleton.
    public var compactedAcceptances: Int {
        lock.lock()
        defer { lock.unlock() }
        return compacted
    }

    /// Pages of a new structure accepted by their folded structure, without RELAX NG.
    public var foldedAcceptances: Int {
        lock.lock()
        defer { lock.unlock() }
        return folded
    }

    /// Pages scanned clean.
    public var scanned: Int {
        lock.lock()
        defer { lock.unlock() }
        return clean
    }

    /// Pages handed to the tree, by reason in words, in a fixed order.
    public var handedOver: [(reason: String, pages: Int)] {
        lock.lock()
        defer { lock.unlock() }
        return PageScan.Handover.allCases.compactMap { reason in handed[reason].map { (reason.rawValue, $0) } }
    }
}
