import Foundation
import Testing

@testable import Render

/// The idea list entries rendered once per idea, localizer and variant and spliced into every
/// person's lists (`IdeaEntryCache`, `IdeaEntryWriter`) give the same bytes as rendering every
/// entry in full: the whole site is compared file by file, on an export whose entries differ
/// in every way the holes and the cache's key cover.
@Suite("Idea list entries rendered once")
struct IdeaEntryReuseTests {
    /// Six homes in four locales and five time zones, two pairs sharing a locale and zone
    /// (so one person's lists reuse another's fragments) but with different address books
    /// and last visits; ideas named and anonymous, new to some and not to others, by people
    /// with and without a home; hostile texts, names and ids; page size 2, so neighbours are
    /// on the same page or the next one, and the lists' counts differ between people.
    static let sql = """
        INSERT INTO site (id, title, default_locale, locales, time_zone, default_region, page_size, build_date)
            VALUES (1, 'Reuse <&> "site"', 'en', '["en","fr","ar","ja"]', 'UTC', 'US', 2, 1778400000);
        INSERT INTO person (id, phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at) VALUES
            (1, '+14155550100', 'ana@example.com', 'Ana <b>Lima</b>', 'en-US', 'America/Los_Angeles', 1, 1, 1777000000000000),
            (2, '+14155550101', 'bo@example.com', 'Bo "Berg"', 'en-US', 'America/Los_Angeles', 0, 1, 1778050000000000),
            (3, '+201012345678', 'ahmed@example.com', 'أحمد حسن', 'ar-EG', 'Africa/Cairo', 1, 1, 1778000000000000),
            (4, '+33612345678', 'lea@example.com', 'Léa & Co', 'fr-FR', 'Europe/Paris', 0, 1, NULL),
            (5, '+33612345679', 'luc@example.com', 'Luc', 'fr-FR', 'Europe/Paris', 0, 1, 1776500000000000),
            (6, '+819012345678', 'kei@example.com', 'Kei', 'ja-JP', 'Asia/Tokyo', 0, 1, NULL),
            (7, '+442071234567', 'nora@example.com', NULL, NULL, NULL, 0, 0, NULL);
        INSERT INTO idea (id, text, text_length, submitted_at, author_id, author_name, show_name, for_whom) VALUES
            ('i-1', 'Walk to work on Fridays', 10, 1776000000000000, 1, 'Ana L.', 1, 'self'),
            ('i-2', 'Call grandma, +1 415 555 0100, every Sunday', 10, 1777500000000000, 7, 'Nora <i>F</i>', 0, 'someone'),
            ('i-3', 'Learn one <b>new</b> dish & "taste" it', 10, 1778100000000000, 3, 'Ahmed', 1, 'self'),
            ('i:4', 'Plant a tree <' || char(1) || '0' || char(1) || ' water it', 10, 1778100000000000, 7, 'Nora &amp; F.', 1, 'someone'),
            ('i-5', '</li><li>{{text}} <!-- x --> ''quoted''', 10, 1778200000000000, 2, 'Bo', 1, 'self'),
            ('i-6', 'مرحبا بالجميع', 10, 1778300000000000, 3, 'أحمد', 1, 'someone'),
            ('i-7', 'Read before bed', 10, 1778300000000000, 1, 'Ana Lima', 0, 'self'),
            ('i-8', 'Tea at <' || '1' || '> five', 10, 1778350000000000, 4, '<' || char(1) || '3' || char(1) || 'Léa', 1, 'self'),
            ('i-9', 'A ninth idea', 10, 1778390000000000, 6, 'Kei', 1, 'someone');
        INSERT INTO contact (owner_id, person_id, name) VALUES
            (1, 7, 'Aunt <Nora>'), (2, 7, 'Nora "N"'), (2, 3, 'Ahmed from work'), (5, 4, 'Léa (sister)'),
            (4, 1, 'Ana & family');
        """

    /// Builds the store with the reuse on or off and returns every file's bytes by path.
    static func build(_ store: FixtureStore, reuse: Bool) throws -> (files: [String: Data], report: SiteBuild.Report) {
        let folder = store.folder.appendingPathComponent(reuse ? "reused" : "rendered")
        let output = folder.appendingPathComponent("public").path
        let report = try SiteBuild.run(
            SiteBuild.Options(store: store.path, templates: templatesFolder, output: output, environment: [:]),
            tuning: SiteBuild.Tuning(workers: 2, reusesIdeaEntries: reuse))
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: output)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: output + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = FileManager.default.contents(atPath: output + "/" + path)
            }
        }
        return (files, report)
    }

    @Test("A build that splices the entries is byte for byte the build that renders each in full")
    func splicedEqualsRendered() throws {
        let store = try FixtureStore(sql: Self.sql)
        defer { store.remove() }
        let reused = try Self.build(store, reuse: true)
        let rendered = try Self.build(store, reuse: false)

        #expect(reused.files.keys.sorted() == rendered.files.keys.sorted())
        for (path, bytes) in rendered.files.sorted(by: { $0.key < $1.key }) {
            #expect(reused.files[path] == bytes, "\(path) differs")
        }
        // The comparison is only worth something if the one build did splice and the other
        // did not, and if the export has the cases the holes and the key are there for.
        #expect(!reused.report.ideaEntries.refused)
        #expect(reused.report.ideaEntries.spliced > reused.report.ideaEntries.rendered)
        #expect(reused.report.ideaEntries.fragments > 0)
        #expect(rendered.report.ideaEntries.spliced == 0 && rendered.report.ideaEntries.fragments == 0)
        let all = rendered.files.filter { $0.key.contains("/ideas/") }.map { String(decoding: $0.value, as: UTF8.self) }
        #expect(all.contains { $0.contains("tag-new") } && all.contains { $0.contains("<li class=\"idea\" ") })
        #expect(all.contains { $0.contains("idea-author anonymous") })
        #expect(all.contains { $0.contains("href=\"page-2.html#idea-") } && all.contains { $0.contains("href=\"#idea-") })
        #expect(all.contains { $0.contains("Aunt &lt;Nora&gt;") } && all.contains { $0.contains("Nora &quot;N&quot;") })
        #expect(all.contains { $0.contains("lang=\"ar") } && all.contains { $0.contains("lang=\"ja") })
        #expect(all.contains { $0.contains("idea-i~3A4") })
    }

    @Test("Each person's lists match the same person's lists rendered alone, whoever was rendered first")
    func orderDoesNotMatter() throws {
        // One thread, so every fragment is made by the first person of its locale and zone
        // and then spliced for the others; the pages must not depend on who that was.
        let store = try FixtureStore(sql: Self.sql)
        defer { store.remove() }
        let reference = try Self.build(store, reuse: false).files
        let output = store.folder.appendingPathComponent("one-thread/public").path
        let report = try SiteBuild.run(
            SiteBuild.Options(store: store.path, templates: templatesFolder, output: output, environment: [:]),
            tuning: SiteBuild.Tuning(workers: 1))
        #expect(report.ideaEntries.spliced > 0 && !report.ideaEntries.refused)
        for (path, bytes) in reference where path.contains("/ideas/") {
            #expect(FileManager.default.contents(atPath: output + "/" + path) == bytes, "\(path) differs")
        }
    }

    @Test("A fragment splits at its markers only: escaped text that looks like one is kept")
    func fragmentMarkers() throws {
        let hole = IdeaEntryFragment.Hole.previous
        let bytes = Array(("<li>&lt;\u{1}0\u{1} a" + hole.marker + "b" + IdeaEntryFragment.Hole.author.marker + "</li>").utf8)
        let fragment = try #require(IdeaEntryFragment(rendered: bytes))
        #expect(fragment.holes == [.previous, .author])
        #expect(fragment.segments.map { String(decoding: $0, as: UTF8.self) } == ["<li>&lt;\u{1}0\u{1} a", "b", "</li>"])
        var out: [UInt8] = []
        fragment.splice(into: &out) { hole, output in output.append(contentsOf: Array("[\(hole)]".utf8)) }
        #expect(String(decoding: out, as: UTF8.self) == "<li>&lt;\u{1}0\u{1} a[previous]b[author]</li>")
        // A marker the template mangled (here cut short) is refused, never half-spliced.
        #expect(IdeaEntryFragment(rendered: Array("<li><\u{1}9".utf8)) == nil)
        #expect(IdeaEntryFragment(rendered: Array("<li><\u{1}9\u{1}".utf8)) == nil)
    }
}
