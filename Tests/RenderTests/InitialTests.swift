import Testing

@testable import Render

/// The letter in a person's picture (the "view as" index, Submit Idea): the first character of
/// the name that shows, whatever invisible characters the name begins with.
@Suite("A person's initial")
struct InitialTests {
    @Test(arguments: [
        ("ana Lima", "A"),
        ("\u{FEFF}Ivo", "I"), ("\u{200B}zoë", "Z"), ("\u{00A0} bo", "B"), ("\u{202E}ebA", "E"),
        ("\u{2068}Ivo \u{2069}Iso", "I"), ("\u{3164}\u{0301}Ümit", "Ü"), ("ß", "SS"), ("إلياس", "إ"),
        ("\u{200B}\u{2060}", "?"), ("", "?"), ("\u{E000}", "?"),
    ])
    func theFirstCharacterThatShows(name: String, initial: String) {
        #expect(Resident.initial(of: name) == initial)
    }
}
