import Testing

@testable import Render

@Suite("Slugs")
struct SlugTests {
    /// A slug is a path: seven digits or more in all (a phone the mask did not know, written
    /// with what a slug drops) go, the words stay.
    @Test func longNumbersLeaveSlugs() {
        #expect(Slug.fold("Pal 312’555’0181") == "pal")
        #expect(Slug.fold("Grace 212|555|0148 Carter") == "grace-carter")
        #expect(Slug.fold("Agent 007") == "agent-007")
        #expect(Slug.fold("Room 101 Floor 23") == "room-101-floor-23")
        #expect(Slug.fold("R2D2 4155550100x") == "rd-x")
    }

    @Test(arguments: [
        ("Ana Lima", "ana-lima"),
        ("  Ana   LIMA  ", "ana-lima"),
        ("José da Silva", "jose-da-silva"),
        ("Ærøskøbing Straße", "aeroskobing-strasse"),
        ("O'Brien", "obrien"),
        ("Привет Мир", "privet-mir"),
        ("../../x", "x"),
        ("a/b", "a-b"),
        (".hidden", "hidden"),
        ("!!!", ""),
        ("", ""),
        ("😀", ""),
    ])
    func folds(name: String, expected: String) {
        #expect(Slug.fold(name) == expected)
    }

    @Test("Arabic and Japanese names are transliterated to Latin letters")
    func transliterates() {
        let arabic = Slug.fold("محمد علي")
        let japanese = Slug.fold("さくら")
        #expect(arabic.hasPrefix("m"))
        #expect(!arabic.isEmpty && japanese == "sakura")
    }

    @Test("Every name gives a safe file name: letters, digits, hyphens; never empty, reserved, or a dot-name")
    func alwaysSafe() throws {
        let nasty = [
            "../../x", "CON", "con", "Aux", "LPT1", "com9", "a/b", "a\\b", ".hidden", "..", ".", "!!!", "", " ",
            "assets", "Index", "manifest", "nul.txt", String(repeating: "long name ", count: 40), "\u{0}\u{1}",
            "محمد", "山田太郎", "😀😀", "-a-", "x\ny",
        ]
        var allocator = SlugAllocator()
        var seen: Set<String> = []
        for name in nasty {
            let slug = allocator.claim(name: name)
            #expect(!slug.isEmpty)
            #expect(slug.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
            #expect(!slug.hasPrefix("-") && !slug.hasSuffix("-"))
            #expect(!Slug.reserved.contains(slug))
            #expect(slug.utf8.count <= Slug.maximumLength + 4)
            #expect(seen.insert(slug).inserted, "slug \(slug) handed out twice")
            try SafePath.check(slug + "/index.html")
        }
    }

    @Test("Reserved device names are suffixed rather than used")
    func reserved() {
        var allocator = SlugAllocator()
        #expect(allocator.claim(name: "CON") == "con-2")
        #expect(allocator.claim(name: "assets") == "assets-2")
    }

    @Test("Equal names get distinct slugs, the same ones on every run")
    func distinctAndStable() {
        func run() -> [String] {
            var allocator = SlugAllocator()
            return ["Ana Lima", "Ana Lima", "ana lima", "Ana-Lima 2", "!!!", "???"].map { allocator.claim(name: $0) }
        }
        let first = run()
        #expect(first == ["ana-lima", "ana-lima-2", "ana-lima-3", "ana-lima-2-2", "person", "person-2"])
        #expect(run() == first)
    }

    /// Names alike are numbered from where the last one stopped (the 20,000th "Maria Silva"
    /// tried 2 to 20,000 again): the slugs are the smallest free numbers all the same, held to
    /// a plain search over names alike, names that are numbered slugs themselves and reserved ones.
    @Test func numberingFromTheLastNumberGivesTheSmallestFree() {
        let pool = ["Ana", "ana", "Ana 2", "ana-3", "Ana-2-2", "CON", "con-2", "!!!", "person-2", "Bo"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var allocator = SlugAllocator(taken: ["ana-5"])
            var reference: Set<String> = ["ana-5"]
            for _ in 0..<200 {
                let name = pool.randomElement(using: &generator)!
                var base = Slug.fold(name)
                if base.isEmpty { base = "person" }
                var expected = base
                if Slug.reserved.contains(base) || reference.contains(base) {
                    var number = 2
                    while Slug.reserved.contains("\(base)-\(number)") || reference.contains("\(base)-\(number)") { number += 1 }
                    expected = "\(base)-\(number)"
                }
                reference.insert(expected)
                #expect(allocator.claim(name: name) == expected)
            }
        }
    }

    @Test("Slugs kept apart from a shared set are never taken from it")
    func sharedSet() {
        var allocator = SlugAllocator(taken: ["dad", "dad-2"])
        #expect(allocator.claim(name: "Dad") == "dad-3")
        #expect(allocator.isTaken("dad-2"))
    }

    @Test("Long names are cut at a word boundary")
    func truncates() {
        let slug = Slug.fold("Maria Aparecida dos Santos Oliveira de Souza Pereira")
        #expect(slug == "maria-aparecida-dos-santos-oliveira-de")
        #expect(slug.utf8.count <= Slug.maximumLength)
    }

    /// Only a name's first 1,024 characters are folded (a slug keeps 40; ICU's transliteration
    /// of a million `é` took 44 s): what comes after them never reaches the slug.
    @Test func onlyTheStartOfAVeryLongNameIsFolded() {
        let long = String(repeating: "é", count: 1_000_000)
        #expect(Slug.fold(long) == String(repeating: "e", count: 40))
        #expect(Slug.fold(String(repeating: "!", count: 1_020) + " Ana") == "ana")
        #expect(Slug.fold(String(repeating: "!", count: 1_021) + " Ana") == "an")
    }
}
