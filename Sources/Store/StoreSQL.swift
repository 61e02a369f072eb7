/// The SQL the site build runs, written once: `SiteReader` and `BuildRecord` execute these
/// constants and nothing else, and `allReads` lists every read so a test can hold each one to
/// its query plan (EXPLAIN QUERY PLAN: index searches, no table scans where it matters).
/// Parameters are numbered (`?1`, `?2`). No read selects a phone or an email column.
public enum StoreSQL {
    /// The `site` row (one row, id 1).
    public static let site = """
        SELECT title, default_locale, locales, time_zone, page_size, build_date, quote_limit FROM site WHERE id = 1
        """

    /// Every person by id: only "has an email" comes out of the contact details.
    public static let people = """
        SELECT id, name, locale, time_zone, email IS NOT NULL, quotes_user, changejar_user, last_visit_at,
            phone IS NOT NULL, coalesce(appearance, id)
        FROM person ORDER BY id
        """

    /// Every idea, newest first, ties by id (read in idea_newest order, no sort).
    public static let ideas = """
        SELECT id, text, submitted_at, author_id, author_name, show_name, for_whom
        FROM idea ORDER BY submitted_at DESC, id
        """

    /// The quotes viewer ?1 sees, newest first (ties: id), one row per quote: read through
    /// `visible_quote`, THE visibility rule (SQLite pushes the viewer into both halves of the
    /// view: index ranges on quote_by_speaker and hearer_feed, not a scan). Each quote's hearers
    /// are read after it (`quoteHearers`): joined here, every quote's row was repeated once
    /// per hearer, text and all, through the sort.
    public static let visibleQuotes = """
        SELECT q.id, q.text, q.said_by, q.said_by_name, q.said_at
        FROM visible_quote v
        JOIN quote q ON q.id = v.quote_id
        WHERE v.viewer_id = ?1
        ORDER BY v.said_at DESC, v.quote_id
        """

    /// The hearers of quote ?1 with their places in the export (a primary key range, in person
    /// order: the reader puts them in export order).
    public static let quoteHearers = "SELECT position, person_id, name FROM hearer WHERE quote_id = ?1"

    /// Viewer ?1's address book (primary key range). The import reads it too, to resolve the
    /// handles of a submissions file as the build names them.
    public static let contacts = "SELECT person_id, name FROM contact WHERE owner_id = ?1"

    /// A stored decision's columns, in the order `StoredReview(row:)` reads them.
    static let reviewColumns = "reviewer, item, action, until, list, decided_at, exported_at"

    /// Every reviewer's latest decision, by item then reviewer (`reviewColumns`).
    public static let reviews = "SELECT \(reviewColumns) FROM review ORDER BY item, reviewer"

    /// How many quotes each person is in, as speaker or hearer (both feed indexes, read in
    /// order: no table is touched). A quote a person both says and hears counts twice.
    public static let quoteCounts = """
        SELECT person, sum(n) FROM (
            SELECT said_by AS person, count(*) AS n FROM quote INDEXED BY quote_by_speaker GROUP BY said_by
            UNION ALL
            SELECT person_id, count(*) FROM hearer INDEXED BY hearer_feed GROUP BY person_id)
        GROUP BY person
        """

    /// How many quotes the store holds.
    public static let quoteCount = "SELECT count(*) FROM quote"

    /// The text of quote ?1 (primary key lookup).
    public static let quoteText = "SELECT text FROM quote WHERE id = ?1"

    /// The latest instant of the records (ideas, quotes, visits: microseconds), and of the
    /// reviews (seconds); each NULL when there is none. (The aggregate `max` passes over a
    /// table without rows; the scalar `max` of several values would be NULL for one NULL.)
    public static let latestInstant = """
        SELECT (SELECT max(latest) FROM (
                    SELECT max(submitted_at) AS latest FROM idea
                    UNION ALL SELECT max(said_at) FROM quote
                    UNION ALL SELECT max(last_visit_at) FROM person)),
               (SELECT max(max(decided_at, exported_at)) FROM review)
        """

    /// The last build's output folder, manifest digest and check time (`build_state`, one row).
    public static let buildState = "SELECT output, manifest_sha256, checked_at FROM build_state WHERE id = 1"

    /// Every viewer the last build rendered or carried over.
    public static let buildViewers = "SELECT person_id, slug, fingerprint, files, bytes FROM build_viewer"

    /// Replaces the build's record: these three run in one transaction.
    static let clearBuildViewers = "DELETE FROM build_viewer"
    static let insertBuildViewer = "INSERT INTO build_viewer (person_id, slug, fingerprint, files, bytes) VALUES (?1, ?2, ?3, ?4, ?5)"
    static let replaceBuildState = "INSERT OR REPLACE INTO build_state (id, output, manifest_sha256, checked_at) VALUES (1, ?1, ?2, ?3)"

    /// Every stored decision, by reviewer then item (the importer merges review files into these).
    public static let reviewsByReviewer = "SELECT \(reviewColumns) FROM review ORDER BY reviewer, item"

    /// Every read the build runs, for the query-plan test.
    public static let allReads = [
        site, people, ideas, visibleQuotes, quoteHearers, contacts, reviews, quoteCount, quoteText, latestInstant, buildState,
        buildViewers,
    ]
}
