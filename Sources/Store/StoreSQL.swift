/// The queries the site build runs, written once. Each is a plain SQL constant (bind the
/// numbered parameters) with a typed wrapper on `Database` in `Database+Queries.swift`.
/// Those marked "index ranges" are checked with EXPLAIN QUERY PLAN by ImportTests.
public enum StoreSQL {
    /// Columns of `quote` in `StoredQuote` order, prefixed `q.`.
    static let quoteColumns = "q.id, q.text, q.said_by, q.said_by_name, q.said_at, q.submitted_by"
    /// Columns of `idea` in `StoredIdea` order, prefixed `i.`.
    static let ideaColumns = "i.id, i.text, i.text_length, i.submitted_at, i.author_id, i.author_name, i.show_name, i.for_whom"
    /// Columns of `person` in `StoredPerson` order.
    static let personColumns = "id, phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at"

    /// The quotes viewer ?1 sees, newest first (index ranges: quote_by_speaker, hearer_feed).
    public static let visibleQuotes = """
        SELECT \(quoteColumns)
        FROM visible_quote v JOIN quote q ON q.id = v.quote_id
        WHERE v.viewer_id = ?1
        ORDER BY v.said_at DESC, v.quote_id
        """

    /// How many quotes viewer ?1 sees (index ranges).
    public static let visibleQuoteCount = "SELECT count(*) FROM visible_quote WHERE viewer_id = ?1"

    /// The quotes said by person ?2 that viewer ?1 sees, newest first (index ranges).
    public static let visibleQuotesSaidBy = """
        SELECT \(quoteColumns)
        FROM visible_quote v JOIN quote q ON q.id = v.quote_id
        WHERE v.viewer_id = ?1 AND q.said_by = ?2
        ORDER BY v.said_at DESC, v.quote_id
        """

    /// Whether viewer ?1 sees quote ?2: one row when visible, none otherwise.
    public static let isQuoteVisible = """
        SELECT 1 FROM quote q WHERE q.id = ?2 AND (q.said_by = ?1
            OR EXISTS (SELECT 1 FROM hearer h WHERE h.quote_id = q.id AND h.person_id = ?1))
        """

    /// The hearers of quote ?1 in export order.
    public static let hearers = """
        SELECT quote_id, position, person_id, name FROM hearer WHERE quote_id = ?1 ORDER BY position
        """

    /// The ideas new to viewer ?1, newest first: submitted after the viewer's last Change Jar
    /// visit (every idea when never visited) and not written by the viewer (index range:
    /// idea_newest).
    public static let newIdeas = """
        SELECT \(ideaColumns)
        FROM idea i
        WHERE i.submitted_at > coalesce((SELECT last_visit_at FROM person WHERE id = ?1), -9223372036854775808)
          AND i.author_id <> ?1
        ORDER BY i.submitted_at DESC, i.id
        """

    /// Every idea, newest first (read in idea_newest order, no sort).
    public static let ideasNewestFirst = "SELECT \(ideaColumns) FROM idea i ORDER BY i.submitted_at DESC, i.id"

    /// The ideas written by person ?1, newest first (index range: idea_by_author).
    public static let ideasByAuthor = """
        SELECT \(ideaColumns) FROM idea i WHERE i.author_id = ?1 ORDER BY i.submitted_at DESC, i.id
        """

    /// One person by id ?1.
    public static let personByID = "SELECT \(personColumns) FROM person WHERE id = ?1"

    /// One person by E.164 phone ?1.
    public static let personByPhone = "SELECT \(personColumns) FROM person WHERE phone = ?1"

    /// One person by lower-cased email ?1.
    public static let personByEmail = "SELECT \(personColumns) FROM person WHERE email = ?1"

    /// The people with a home (users of either app), by phone then email.
    public static let peopleWithHomes = """
        SELECT \(personColumns) FROM person WHERE quotes_user = 1 OR changejar_user = 1
        ORDER BY phone IS NULL, phone, email
        """

    /// Every person mentioned by a quote viewer ?1 sees (speakers and hearers, the viewer
    /// included), for "quotes said by P" pages; by phone.
    public static let peopleInVisibleQuotes = """
        SELECT \(personColumns) FROM person WHERE id IN (
            SELECT q.said_by FROM visible_quote v JOIN quote q ON q.id = v.quote_id WHERE v.viewer_id = ?1
            UNION
            SELECT h.person_id FROM visible_quote v JOIN hearer h ON h.quote_id = v.quote_id WHERE v.viewer_id = ?1)
        ORDER BY phone IS NULL, phone, email
        """

    /// The name viewer ?1 has for person ?2 in their Quotes contacts (primary key lookup).
    public static let contactName = "SELECT name FROM contact WHERE owner_id = ?1 AND person_id = ?2"

    /// The name recorded with the most recent quote visible to viewer ?1 that mentions
    /// person ?2 (as speaker or hearer): naming rule 3 for headings not tied to one quote.
    public static let latestRecordedName = """
        SELECT name FROM (
            SELECT q.said_by_name AS name, q.said_at AS said_at, q.id AS quote_id
            FROM visible_quote v JOIN quote q ON q.id = v.quote_id
            WHERE v.viewer_id = ?1 AND q.said_by = ?2
            UNION ALL
            SELECT h.name, v.said_at, h.quote_id
            FROM visible_quote v JOIN hearer h ON h.quote_id = v.quote_id AND h.person_id = ?2
            WHERE v.viewer_id = ?1)
        ORDER BY said_at DESC, quote_id DESC LIMIT 1
        """

    /// The review decisions, by reviewer then item.
    public static let reviews = """
        SELECT reviewer, item, action, until, list, decided_at, exported_at FROM review ORDER BY reviewer, item
        """

    /// The site settings row.
    public static let site = """
        SELECT title, default_locale, locales, time_zone, default_region, page_size, build_date FROM site WHERE id = 1
        """

    /// The latest instant anywhere in the data (quotes, ideas, visits, reviews), or NULL.
    public static let latestInstant = """
        SELECT max(t) FROM (
            SELECT max(said_at) AS t FROM quote
            UNION ALL SELECT max(submitted_at) FROM idea
            UNION ALL SELECT max(last_visit_at) FROM person
            UNION ALL SELECT max(decided_at) FROM review
            UNION ALL SELECT max(exported_at) FROM review)
        """
}
