import Foundation
import Testing
import VantageCore

/// `PathText`: a file's folder and name from the path's text, as `NSString` gives them, without
/// its trap on one-character names (`vantage import --db s`, `vantage render a` crashed).
struct PathTextTests {
    @Test(arguments: [
        ("a", "", "a"), ("ab", "", "ab"), ("./a", ".", "a"), ("/a", "/", "a"), ("/", "/", "/"), ("", "", ""),
        ("/tmp/x/", "/tmp", "x"), ("/tmp//x", "/tmp", "x"), ("d/a", "d", "a"), ("d/e/store.sqlite", "d/e", "store.sqlite"),
        ("a/", "", "a"), ("//", "/", "/"),
    ])
    func parentAndName(_ path: String, _ parent: String, _ name: String) {
        #expect(PathText.parent(of: path) == parent, "\(path)")
        #expect(PathText.name(of: path) == name, "\(path)")
    }

    /// A site's file, a template or a listing problem as messages name it: one slash between
    /// the folder as the user named it and the relative path, the folder alone for "" (the
    /// rule `vantage diff`, `vantage check` and the template folder once each wrote).
    @Test(arguments: [
        ("public", "a/index.html", "public/a/index.html"), ("public/", "a/index.html", "public/a/index.html"),
        ("/", "manifest.json", "/manifest.json"), ("public", "", "public"), ("public/", "", "public/"),
        (".", "x.html", "./x.html"),
    ])
    func joined(_ folder: String, _ relative: String, _ expected: String) {
        #expect(PathText.joined(folder, relative) == expected)
    }
}
