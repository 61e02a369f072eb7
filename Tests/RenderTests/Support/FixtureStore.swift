import Foundation
import Store

/// A store built from SQL for tests of the render's reads: the schema's migrations, then
/// `sql`. Lives in a fresh temporary folder that the caller removes.
struct FixtureStore {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init(sql: String) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("render-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try Database(path: folder.appendingPathComponent("store.sqlite").path)
        for migration in Schema.migrations { try database.execute(migration.sql) }
        try database.execute("PRAGMA user_version = \(Schema.migrations.count)")
        try database.execute(sql)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// A small store: three people with homes, a contact-only speaker, an idea author without a
/// home; quotes that each viewer sees differently.
let smallStoreSQL = """
    INSERT INTO site (id, title, default_locale, locales, time_zone, default_region, page_size, build_date)
        VALUES (1, 'Fixture', 'en', '["en","fr","ar"]', 'UTC', 'US', 2, 1778400000);
    INSERT INTO person (id, phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at) VALUES
        (1, '+14155550100', 'ana@example.com', 'Ana Lima', 'en-US', 'America/Los_Angeles', 1, 1, 1777000000),
        (2, '+33612345678', NULL, 'Léa Martin', 'fr-FR', 'Europe/Paris', 1, 0, NULL),
        (3, '+201012345678', 'ahmed@example.com', 'أحمد حسن', 'ar-EG', 'Africa/Cairo', 1, 1, 1778000000),
        (4, '+14155550199', NULL, NULL, NULL, NULL, 0, 0, NULL),
        (5, NULL, 'nora@example.com', NULL, NULL, NULL, 0, 0, NULL);
    INSERT INTO idea (id, text, text_length, submitted_at, author_id, author_name, show_name, for_whom) VALUES
        ('i-1', 'Walk to work on Fridays', 23, 1776000000, 1, 'Ana L.', 1, 'self'),
        ('i-2', 'Call grandma every Sunday', 25, 1777500000, 5, 'Nora Fitzgerald', 0, 'someone'),
        ('i-3', 'Learn to cook one <b>new</b> dish a week', 40, 1778100000, 3, 'Ahmed', 1, 'self'),
        ('i-4', 'Plant a tree', 12, 1778100000, 5, 'Nora Fitzgerald', 1, 'someone'),
        ('i-0', 'Read before bed', 15, 1778100000, 1, 'Ana Lima', 0, 'self');
    INSERT INTO quote (id, text, said_by, said_by_name, said_at, submitted_by) VALUES
        ('q-1', 'I never said I was a morning person.', 4, 'Dad', 1777000000, 1),
        ('q-2', 'Ça va aller.', 2, 'Léa', 1777100000, 2),
        ('q-3', 'Secret between Léa and Ahmed', 2, 'Léa M.', 1777200000, 2),
        ('q-4', 'Ana says hi', 1, 'Ana', 1777200000, 1);
    INSERT INTO hearer (quote_id, position, person_id, name, said_at) VALUES
        ('q-1', 0, 1, 'Ana', 1777000000),
        ('q-1', 1, 2, 'Léa', 1777000000),
        ('q-2', 0, 1, 'Ana', 1777100000),
        ('q-3', 0, 3, 'Ahmed', 1777200000),
        ('q-4', 0, 4, 'Papa', 1777200000),
        ('q-4', 1, 1, 'Me', 1777200000);
    INSERT INTO contact (owner_id, person_id, name) VALUES (2, 4, 'Monsieur Lima'), (1, 2, 'Lélé');
    """
