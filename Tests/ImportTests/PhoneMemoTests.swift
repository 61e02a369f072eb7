import Foundation
@testable import Import
import Testing
import VantageCore

/// The phone memo remembers every number it took (a direct-mapped table let numbers of one slot
/// evict each other, so an export's numbers were parsed again and again) as its stripes grow,
/// keeps numbers apart that differ only in leading zeros or a `+`, stops remembering when a
/// stripe is full at its largest, and
/// gives the same answers from several threads.
struct PhoneMemoTests {
    private func key(_ digits: UInt64, count: UInt8 = 11, international: Bool = true) -> PhoneMemo.Key {
        PhoneMemo.Key(digits: digits, count: count, international: international)
    }

    @Test func everyNumberTakenStaysRemembered() {
        let memo = PhoneMemo()
        // 100,000 numbers, ten times the peer workload's: every stripe's table doubles several
        // times on the way (512 slots a stripe hold 24,576 numbers in all), and keeps them all.
        let numbers = (0..<100_000).map { 1_555_000_0000 + UInt64($0) * 7919 }
        for number in numbers { memo.remember(.success("+\(number)"), for: key(number)) }
        #expect(memo.count == numbers.count)
        for number in numbers {
            #expect((try? memo.answer(for: key(number))?.get()) == "+\(number)")
        }
        #expect(memo.answer(for: key(1_555_000_0000 + 1)) == nil)
    }

    @Test func leadingZerosAndPlusMakeOtherNumbers() {
        let memo = PhoneMemo()
        memo.remember(.success("+4412"), for: key(123, count: 3, international: false))
        memo.remember(.success("+4413"), for: key(123, count: 4, international: false))  // 0123
        memo.remember(.failure(.empty), for: key(123, count: 3, international: true))
        #expect((try? memo.answer(for: key(123, count: 3, international: false))?.get()) == "+4412")
        #expect((try? memo.answer(for: key(123, count: 4, international: false))?.get()) == "+4413")
        #expect(memo.answer(for: key(123, count: 3, international: true)).map { if case .failure(.empty) = $0 { true } else { false } } == true)
        // A second answer for a remembered number does not replace the first.
        memo.remember(.success("+4414"), for: key(123, count: 3, international: false))
        #expect((try? memo.answer(for: key(123, count: 3, international: false))?.get()) == "+4412")
        #expect(memo.count == 3)
    }

    @Test func onlyAnE164FormIsKeptAsDigits() {
        let memo = PhoneMemo()
        memo.remember(.success("+1 415"), for: key(1415))
        memo.remember(.success("+0415"), for: key(415))
        memo.remember(.success("+14155550100"), for: key(14155550100))
        #expect(memo.answer(for: key(1415)) == nil)
        #expect(memo.answer(for: key(415)) == nil)
        #expect((try? memo.answer(for: key(14155550100))?.get()) == "+14155550100")
        #expect(memo.count == 1)
    }

    @Test func answersKeepEveryDigitAndOnlyKeysThatFitAreKept() {
        let memo = PhoneMemo()
        // E.164 numbers of every length, with every digit in every place, read back as written.
        var numbers: [String] = []
        for length in 1...15 {
            for start in 1...9 {
                numbers.append("+" + String((0..<length).map { Character(String((start + $0 * 7) % 10 == 0 && $0 == 0 ? 1 : (start + $0 * 7) % 10)) }))
            }
        }
        for (index, number) in numbers.enumerated() { memo.remember(.success(number), for: key(UInt64(index), count: 17)) }
        for (index, number) in numbers.enumerated() {
            #expect((try? memo.answer(for: key(UInt64(index), count: 17))?.get()) == number)
        }
        // Digits that fit in 57 bits beside the count and flags (every number of 17 digits) are
        // kept; larger ones are not remembered at all.
        let seventeen: UInt64 = 99_999_999_999_999_999
        memo.remember(.success("+4412"), for: key(seventeen, count: 17))
        memo.remember(.success("+4413"), for: key(1 << 57, count: 18))
        memo.remember(.failure(.empty), for: key(1 << 62, count: 19))
        #expect((try? memo.answer(for: key(seventeen, count: 17))?.get()) == "+4412")
        #expect(memo.answer(for: key(1 << 57, count: 18)) == nil)
        #expect(memo.answer(for: key(1 << 62, count: 19)) == nil)
        #expect(memo.count == numbers.count + 1)
    }

    @Test func aFullStripeRemembersNoMore() {
        let memo = PhoneMemo()
        let total = 1_000_000
        for number in 0..<UInt64(total) { memo.remember(.success("+\(number + 1)"), for: key(number)) }
        #expect(memo.count == PhoneMemo.stripeLimit << PhoneMemo.stripeBits)
        // What it does answer is right, and the refused numbers are simply not known.
        var answered = 0
        for number in 0..<UInt64(total) {
            guard let answer = memo.answer(for: key(number)) else { continue }
            answered += 1
            #expect((try? answer.get()) == "+\(number + 1)")
        }
        #expect(answered == memo.count)
    }

    @Test func readersOnSeveralThreadsGetOneReadersAnswers() {
        let texts = (0..<3_000).map { "+1 (415) 555-\(String(format: "%04d", $0 % 1_500))" } + ["+1 415", "abc", "00 44 20 7946 0018"]
        let alone = PhoneNumberReader(defaultRegion: PhoneRegion.named("US")!)
        let expected = texts.map { text in Result { () throws(PhoneNumberProblem) in try alone.e164(text) } }
        let shared = PhoneNumberReader(defaultRegion: PhoneRegion.named("US")!)
        let threads = 4
        let results = ParallelMap.map(count: threads) { thread -> [Result<String, PhoneNumberProblem>] in
            // Each thread goes through the texts from another starting point, so that they race.
            let order = Array(texts.indices.dropFirst(thread * 700)) + Array(texts.indices.prefix(thread * 700))
            var mine = [Result<String, PhoneNumberProblem>?](repeating: nil, count: texts.count)
            for index in order { mine[index] = Result { () throws(PhoneNumberProblem) in try shared.e164(texts[index]) } }
            return mine.map { $0! }
        }
        for thread in 0..<threads { #expect(results[thread] == expected) }
    }
}
