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
}
