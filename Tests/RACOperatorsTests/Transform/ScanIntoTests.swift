import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: scan(into:_:)", .checksRelease)
struct ScanIntoTests {
    @Test("sends each accumulation, changed in place; errors, completion and disposal pass through")
    func marbles() throws {
        try expectMarbles(
            { $0.scan(into: "") { $0 += $1 } },
            input: ["a": "a", "b": "b", "c": "c"], output: ["x": "a", "y": "ab", "z": "abc"],
            error: TestError(1),
            [
                MarbleCase("-a-b-c-|", "-x-y-z-|", ["^------!"]),
                MarbleCase("---|", "---|", ["^--!"]),
                MarbleCase("-a-#", "-x-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-x-", ["^--!"], disposeAt: 3),
            ])
    }

    @Test("each subscription starts from its own copy of the initial value")
    func freshPerSubscription() {
        let signal = Signal<Int, Never>(values: [1, 2, 3]).scan(into: [Int]()) { $0.append($1) }
        #expect(EventLog.of(signal).values == [[1], [1, 2], [1, 2, 3]])
        #expect(EventLog.of(signal).values == [[1], [1, 2], [1, 2, 3]])
    }

    @Test("a value sent from the callback is accumulated after the current one")
    func reentrancy() {
        let subject = Subject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.scan(into: 0) { $0 += $1 }.subscribe(next: { sum in
            received.append(sum)
            if sum == 1 { subject.sendNext(10) }
        })
        subject.sendNext(1)
        subject.sendNext(100)
        #expect(received == [1, 11, 111])
        subscription.dispose()
    }
}
