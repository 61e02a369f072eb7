-- The small fixture site for golden files: four people with a home (an English, a French,
-- an Arabic and a Japanese one named "CON"), two contact-only speakers (one recorded as
-- "../../etc/passwd"), an idea author without a home; quotes each viewer sees differently;
-- ideas anonymous and named; two reviews. Page size 2, so lists paginate.
INSERT INTO site (id, title, default_locale, locales, time_zone, default_region, page_size, build_date)
    VALUES (1, 'Fixture', 'en', '["en","fr","ar","ja"]', 'UTC', 'US', 2, 1778400000);
INSERT INTO person (id, phone, email, name, locale, time_zone, quotes_user, changejar_user, last_visit_at) VALUES
    (1, '+14155550100', 'ana@example.com', 'Ana Lima', 'en-US', 'America/Los_Angeles', 1, 1, 1777000000000000),
    (2, '+33612345678', NULL, 'Léa Martin', 'fr-FR', 'Europe/Paris', 1, 0, NULL),
    (3, '+201012345678', 'ahmed@example.com', 'أحمد حسن', 'ar-EG', 'Africa/Cairo', 1, 1, 1778000000000000),
    (4, '+14155550199', NULL, NULL, NULL, NULL, 0, 0, NULL),
    (5, NULL, 'nora@example.com', NULL, NULL, NULL, 0, 0, NULL),
    (6, '+819012345678', NULL, 'CON', 'ja-JP', 'Asia/Tokyo', 1, 0, NULL),
    (7, '+442071234567', NULL, NULL, NULL, NULL, 0, 0, NULL);
INSERT INTO idea (id, text, text_length, submitted_at, author_id, author_name, show_name, for_whom) VALUES
    ('i-1', 'Walk to work on Fridays', 23, 1776000000000000, 1, 'Ana L.', 1, 'self'),
    ('i-2', 'Call grandma every Sunday', 25, 1777500000000000, 5, 'Nora Fitzgerald', 0, 'someone'),
    ('i-3', 'Learn to cook one <b>new</b> dish a week', 40, 1778100000000000, 3, 'Ahmed', 1, 'self'),
    ('i-4', 'Plant a tree & water it', 23, 1778100000000000, 5, 'Nora Fitzgerald', 1, 'someone'),
    ('i-0', 'Read before bed', 15, 1778100000000000, 1, 'Ana Lima', 0, 'self');
INSERT INTO quote (id, text, said_by, said_by_name, said_at, submitted_by) VALUES
    ('q-1', 'I never said I was a morning person.', 4, 'Dad', 1777000000000000, 1),
    ('q-2', 'Ça va aller.', 2, 'Léa', 1777100000000000, 2),
    ('q-3', 'Secret between Léa and Ahmed', 2, 'Léa M.', 1777200000000000, 2),
    ('q-4', 'Ana says "hi" <script>alert(1)</script>', 1, 'Ana', 1777200000000000, 1),
    ('q-5', 'Konnichiwa from the dots', 7, '../../etc/passwd', 1777300000000000, 6);
INSERT INTO hearer (quote_id, position, person_id, name, said_at) VALUES
    ('q-1', 0, 1, 'Ana', 1777000000000000),
    ('q-1', 1, 2, 'Léa', 1777000000000000),
    ('q-2', 0, 1, 'Ana', 1777100000000000),
    ('q-3', 0, 3, 'Ahmed', 1777200000000000),
    ('q-4', 0, 4, 'Papa', 1777200000000000),
    ('q-4', 1, 1, 'Me', 1777200000000000),
    ('q-5', 0, 6, 'Con', 1777300000000000);
INSERT INTO contact (owner_id, person_id, name) VALUES (2, 4, 'Monsieur Lima'), (1, 2, 'Lélé');
INSERT INTO review (reviewer, item, action, until, list, decided_at, exported_at) VALUES
    ('Board', 'i-3', 'later', '2026-06-01', NULL, 1778300000, 1778310000),
    ('Board', 'q-2', 'list', NULL, 'Newsletter', 1778300100, 1778310000),
    ('Lead', 'i-3', 'archive', NULL, NULL, 1778300200, 1778310000);
