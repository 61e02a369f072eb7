import Testing

@testable import Import

/// The id a line that is not JSON still names (`ImportSession.writtenID`): the first `"id"`
/// member written plainly, as long as the longest id (`RecordID.maximumLength`) at most.
struct WrittenIDTests {
    @Test func theFirstPlainIdOfABrokenLineIsFoundUpToTheLongestId() {
        let longest = String(repeating: "q", count: RecordID.maximumLength)
        #expect(ImportSession.writtenID(in: #"{"id" : "q-7", "text": "Hi", }"#) == "q-7")
        #expect(ImportSession.writtenID(in: #"{"id":"\#(longest)", "text": }"#) == longest)
        // One character too long is no id; nor is one with an escape.
        #expect(ImportSession.writtenID(in: #"{"id":"\#(longest)q", "text": }"#) == nil)
        #expect(ImportSession.writtenID(in: #"{"id":"q\"7", "text": }"#) == nil)
        #expect(ImportSession.writtenID(in: #"{"text": "no id" "#) == nil)
    }
}
