import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Transform: compactMap, compacted", .checksRelease)
struct CompactMapTests {
    @Test("compactMap sends the non-nil results, and passes errors, completion and disposal through")
    func compactMap() throws {
        try expectMarbles(
            { $0.compactMap { $0 == "b" ? nil : $0.uppercased() } },
            input: ["a": "a", "b": "b", "c": "c"], output: ["A": "A", "C": "C"], error: TestError(1),
            [
                MarbleCase("-a-b-c-|", "-A---C-|", ["^------!"]),
                MarbleCase("--|", "--|", ["^-!"]),
                MarbleCase("-a-#", "-A-#", ["^--!"]),
                MarbleCase("-a-b-c-|", "-A--", ["^---!"], disposeAt: 4),
            ])
    }

    @Test("compactMap calls the transform once per value, and not after a disposal")
    func transformCalls() {
        let subject = Subject<Int, Never>()
        var calls: [Int] = []
        var received: [String] = []
        let subscription = subject.compactMap { value -> String? in
            calls.append(value)
            return value.isMultiple(of: 2) ? "\(value)" : nil
        }.subscribe(next: { received.append($0) })
        subject.sendNext(1)
        subject.sendNext(2)
        subscription.dispose()
        subject.sendNext(4)
        #expect(calls == [1, 2])
        #expect(received == ["2"])
    }

    @Test("compacted() unwraps the values that are not nil")
    func compacted() {
        let values: [Int?] = [1, nil, 3, nil]
        #expect(
            eventsOf(Signal<Int?, TestError>(values: values).compacted()) == [.next(1), .next(3), .completed])
        #expect(eventsOf(Signal<Int?, TestError>(values: [nil, nil]).compacted()) == [.completed])
    }

    @Test("the chain lets go of the transform when the subscription ends")
    func releasesTransform() {
        let subject = Subject<Int, Never>()
        weak var weakToken: Token?
        var subscription: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            subscription = subject.compactMap { value -> Int? in withExtendedLifetime(token) { value } }
                .subscribe(next: { _ in })
        }
        #expect(weakToken != nil)
        subject.sendCompleted()
        #expect(weakToken == nil)
        _ = subscription
    }
}
