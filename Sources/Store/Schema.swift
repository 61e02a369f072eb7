/// The store's schema as ordered, named migrations. Applied in order and recorded in
/// `PRAGMA user_version`; a migration is never edited once released, only followed by another.
///
/// Conventions: instants are INTEGER Unix seconds (UTC), except the records' own (a quote's
/// `when`, an idea's `submittedAt`, a user's `lastVisitAt`: Unix microseconds, see the sixth
/// migration); phones are E.164 text; emails are lower-cased; all text is NFC. `person.id` is internal and never reaches the output.
public enum Schema {
    /// A named step from one schema version to the next.
    public struct Migration: Sendable {
        /// What the step does, for messages.
        public let name: String
        /// The statements of the step, run in one transaction.
        public let sql: String
    }

    /// The schema version a store has once every migration is applied.
    public static var currentVersion: Int { migrations.count }

    /// Every migration, oldest first. The schema version is the number applied.
    public static let migrations: [Migration] = [
        Migration(name: "create the store", sql: """
            CREATE TABLE site (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                title TEXT,
                default_locale TEXT NOT NULL DEFAULT 'en',
                locales TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(locales) AND json_type(locales) = 'array'),
                time_zone TEXT NOT NULL DEFAULT 'UTC',
                default_region TEXT NOT NULL DEFAULT 'US' CHECK (default_region GLOB '[A-Z][A-Z]'),
                page_size INTEGER NOT NULL DEFAULT 50 CHECK (page_size > 0),
                build_date INTEGER               -- site.json buildDate; NULL: see Store.buildDate
            );

            -- One row per person, merged across the apps by phone or email.
            -- A person has a home when they are a user of either app.
            CREATE TABLE person (
                id INTEGER PRIMARY KEY,
                phone TEXT UNIQUE CHECK (phone IS NULL OR (phone GLOB '+[1-9]*' AND NOT substr(phone, 2) GLOB '*[^0-9]*')),
                email TEXT UNIQUE CHECK (email IS NULL OR (email = lower(email) AND email LIKE '_%@_%')),
                name TEXT CHECK (name IS NULL OR length(name) >= 1), -- the name the person chose (Quotes wins); NULL for contacts
                locale TEXT,
                time_zone TEXT,
                quotes_user INTEGER NOT NULL DEFAULT 0 CHECK (quotes_user IN (0, 1)),
                changejar_user INTEGER NOT NULL DEFAULT 0 CHECK (changejar_user IN (0, 1)),
                last_visit_at INTEGER,           -- Change Jar lastVisitAt; NULL: never visited
                CHECK (phone IS NOT NULL OR email IS NOT NULL),
                CHECK (NOT quotes_user OR phone IS NOT NULL),
                CHECK (NOT changejar_user OR email IS NOT NULL),
                CHECK (NOT (quotes_user OR changejar_user) OR name IS NOT NULL),
                CHECK (quotes_user OR changejar_user OR (name IS NULL AND last_visit_at IS NULL))
            );

            CREATE TABLE idea (
                id TEXT PRIMARY KEY NOT NULL,
                text TEXT NOT NULL,
                text_length INTEGER NOT NULL CHECK (text_length BETWEEN 1 AND 160), -- grapheme clusters
                submitted_at INTEGER NOT NULL,
                author_id INTEGER NOT NULL REFERENCES person(id),
                author_name TEXT NOT NULL,       -- the name recorded with the idea
                show_name INTEGER NOT NULL CHECK (show_name IN (0, 1)),
                for_whom TEXT NOT NULL CHECK (for_whom IN ('self', 'someone')),
                CHECK (length(text) >= text_length)
            ) WITHOUT ROWID;
            CREATE INDEX idea_newest ON idea (submitted_at DESC, id);
            CREATE INDEX idea_by_author ON idea (author_id, submitted_at DESC, id);

            CREATE TABLE quote (
                id TEXT PRIMARY KEY NOT NULL,
                text TEXT NOT NULL CHECK (length(text) >= 1),
                said_by INTEGER NOT NULL REFERENCES person(id),
                said_by_name TEXT NOT NULL,      -- the name the submitter had for the speaker
                said_at INTEGER NOT NULL,        -- the quote's `when`
                submitted_by INTEGER NOT NULL REFERENCES person(id)
            ) WITHOUT ROWID;
            CREATE INDEX quote_by_speaker ON quote (said_by, said_at DESC, id);

            -- heardBy: one row per hearer, `position` keeps export order (read ORDER BY position).
            -- said_at is copied from the quote so that a hearer's feed is one index range.
            -- The key is (quote, person): a person hears a quote once.
            CREATE TABLE hearer (
                quote_id TEXT NOT NULL REFERENCES quote(id) ON DELETE CASCADE,
                position INTEGER NOT NULL CHECK (position >= 0),
                person_id INTEGER NOT NULL REFERENCES person(id),
                name TEXT NOT NULL,
                said_at INTEGER NOT NULL,
                PRIMARY KEY (quote_id, person_id)
            ) WITHOUT ROWID;
            CREATE INDEX hearer_feed ON hearer (person_id, said_at DESC, quote_id);

            -- Address-book entries of registered Quotes users.
            CREATE TABLE contact (
                owner_id INTEGER NOT NULL REFERENCES person(id),
                person_id INTEGER NOT NULL REFERENCES person(id),
                name TEXT NOT NULL,
                PRIMARY KEY (owner_id, person_id)
            ) WITHOUT ROWID;

            -- The latest decision per reviewer and item.
            CREATE TABLE review (
                reviewer TEXT NOT NULL,
                item TEXT NOT NULL,
                action TEXT NOT NULL CHECK (action IN ('archive', 'delete', 'later', 'list')),
                until TEXT CHECK (until IS NULL OR until GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]*'),
                list TEXT,
                decided_at INTEGER NOT NULL,
                exported_at INTEGER NOT NULL,
                CHECK ((action = 'later') = (until IS NOT NULL)),
                CHECK ((action = 'list') = (list IS NOT NULL)),
                PRIMARY KEY (reviewer, item)
            ) WITHOUT ROWID;

            -- THE visibility rule (DATA.md): a viewer sees a quote exactly when the viewer said it
            -- or heard it. Everything that shows quotes to a viewer reads through this view.
            -- UNION ALL (with the speaker's own hearer row left out) rather than UNION: SQLite
            -- pushes `viewer_id = ?` into both arms only for UNION ALL, so a viewer's quotes are
            -- two index ranges (quote_by_speaker, hearer_feed) and never a scan.
            CREATE VIEW visible_quote (viewer_id, quote_id, said_at) AS
                SELECT said_by, id, said_at FROM quote
                UNION ALL
                SELECT h.person_id, h.quote_id, h.said_at FROM hearer h
                WHERE NOT EXISTS (SELECT 1 FROM quote s WHERE s.id = h.quote_id AND s.said_by = h.person_id);
            """),
        Migration(name: "record the last build for incremental rebuilds", sql: """
            -- What the last successful build rendered, so the next one can carry over the part of
            -- every viewer whose inputs did not change (docs/SITE.md, Incremental builds). The
            -- fingerprints are SHA-256 digests of rendered inputs (never of a phone or an email).
            CREATE TABLE build_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                output TEXT NOT NULL,            -- the output folder, as given to the build
                manifest_sha256 TEXT NOT NULL    -- the digest of that build's manifest.json
            );
            CREATE TABLE build_viewer (
                person_id INTEGER PRIMARY KEY,
                slug TEXT NOT NULL,
                fingerprint TEXT NOT NULL,       -- hex SHA-256 of everything the viewer's pages depend on
                files INTEGER NOT NULL,          -- files in the viewer's folder (pages and others)
                bytes INTEGER NOT NULL           -- their total size
            );
            """),
        Migration(name: "the quote limit of the Add Quote screen", sql: """
            -- site.json quoteLimit: the longest quote (in characters) the site's Add Quote screen and
            -- the import of content/submissions/ accept.
            ALTER TABLE site ADD COLUMN quote_limit INTEGER NOT NULL DEFAULT 280 CHECK (quote_limit BETWEEN 1 AND 100000);
            """),
        Migration(name: "when the last build checked its output folder", sql: """
            -- The instant (Unix nanoseconds) just before the last build checked every folder of its
            -- output and back buffer: a folder whose change time is older was checked by it and has
            -- not changed since, so the next build need not list it (docs/SITE.md, Sealed folders).
            ALTER TABLE build_state ADD COLUMN checked_at INTEGER;
            """),
        Migration(name: "what the last import read of the quote records", sql: """
            -- The import's memory of the quote records it stored (docs/IMPORT.md, Re-importing), per
            -- batch of 256 records (`batch` k holds the file's records 256k to 256k+255): a batch
            -- whose bytes, and whose context (the users and settings it is read against), are those
            -- of the last import stored exactly these rows again, so it is not read again.
            CREATE TABLE import_quote_batch (
                batch INTEGER PRIMARY KEY,
                digest_high INTEGER NOT NULL,    -- the first 128 bits of a SHA-256 of its records' bytes
                digest_low INTEGER NOT NULL,
                records TEXT NOT NULL            -- a line per record: its quote id, then the speaker's
                                                 -- and each hearer's E.164 phone, space-separated
            );
            -- The SHA-256 of everything the stored records were read against (ImportSession.quoteContext).
            CREATE TABLE import_state (
                kind TEXT PRIMARY KEY NOT NULL,
                context TEXT NOT NULL
            );
            """),
        Migration(name: "the records' instants to the microsecond", sql: """
            -- A quote's `when`, an idea's `submittedAt` and a user's `lastVisitAt` order the lists
            -- and decide what is new, so a fraction of a second is kept: these columns hold Unix
            -- microseconds from here on (`DataInstant`). The stored seconds are whole seconds.
            UPDATE idea SET submitted_at = submitted_at * 1000000;
            UPDATE quote SET said_at = said_at * 1000000;
            UPDATE hearer SET said_at = said_at * 1000000;
            UPDATE person SET last_visit_at = last_visit_at * 1000000 WHERE last_visit_at IS NOT NULL;
            """),
        Migration(name: "the order the export names people in", sql: """
            -- The order in which the last import met each person (users, then the records that name
            -- them, file by file): equal names get "-2", "-3" in this order, so a person's slug is a
            -- function of the export, not of the store's history (row ids grow with every import).
            ALTER TABLE person ADD COLUMN appearance INTEGER;
            UPDATE person SET appearance = id;
            """),
    ]
}
