import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// `TestError(2)` for a `ValueCountError`: the marbles' `#` is the source's `TestError(1)`.
private func countError(_ error: ValueCountError) -> TestError { TestError(2) }

@Suite("Filter: element(at:), single() and their ValueCountError", .checksRelease)
struct ElementAtSingleTests {
    @Test("element(at:raising:) sends the value at the index, then completes, disposing the source")
    func elementAt() throws {
        try expectMarbles(
            { $0.element(at: 1, raising: countError) },
            [
                MarbleCase("-a-b-c-|", "---(b|)", ["^--!"]),
                MarbleCase("-a-#", "---#", ["^--!"]),
                MarbleCase("-a-b-#", "---(b|)", ["^--!"]),
                MarbleCase("-a-b-c-|", "--", ["^-!"], disposeAt: 2),
            ])
        try expectMarbles(
            { $0.element(at: 0, raising: countError) },
            [MarbleCase("--a-b-|", "--(a|)", ["^-!"])])
    }

    @Test("element(at:raising:) fails with the error made from indexOutOfRange when the source ends first")
    func elementAtTooFew() throws {
        let errors = Log<ValueCountError>()
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-|", error: TestError(1))
        let result = source.element(at: 2) { error in
            errors.append(error)
            return TestError(2)
        }
        try scheduler.expect(result, toEmit: "-----#", error: TestError(2))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        #expect(errors.all == [.indexOutOfRange(index: 2, count: 2)])
        // The empty case.
        let emptyScheduler = TestScheduler(checksRelease: true)
        let empty = try emptyScheduler.createColdSignal("--|", error: TestError(1))
        try emptyScheduler.expect(
            empty.element(at: 0, raising: countError), toEmit: "--#", error: TestError(2))
    }

    @Test("element(at:) on a signal that cannot fail fails with the ValueCountError itself")
    func elementAtNever() {
        let values = Signal<String, Never>(values: ["a", "b", "c"])
        #expect(eventsOf(values.element(at: 2)) == [.next("c"), .completed])
        #expect(eventsOf(values.element(at: 3)) == [.error(.indexOutOfRange(index: 3, count: 3))])
        #expect(
            eventsOf(Signal<String, Never>.empty.element(at: 0)) == [
                .error(.indexOutOfRange(index: 0, count: 0))
            ])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in
                source.element(at: 3, raising: countError)
            })
    }

    @Test("element(at:): a value sent back into the source from the value's callback is not sent")
    func elementAtReentrant() {
        let source = Subject<Int, Never>()
        let log = EventLog<Int, ValueCountError>()
        log.record(source.element(at: 0)) { event in
            if case .next(1) = event { source.sendNext(2) }
        }
        source.sendNext(1)
        #expect(log.events == [.next(1), .completed])
        #expect(source.subscriberCount == 0)
    }

    @Test("single(raising:) sends the only value with the completion; fails on none or a second")
    func single() throws {
        // `#` is the ValueCountError's TestError(2) here.
        try expectMarbles(
            { $0.single(raising: countError) }, input: letters, output: letters, error: TestError(2),
            [
                MarbleCase("-a---|", "-----(a|)", ["^----!"]),
                MarbleCase("-a-b-c-|", "---#", ["^--!"]),
                MarbleCase("---|", "---#", ["^--!"]),
                MarbleCase("|", "#", ["(^!)"]),
                MarbleCase("-a---|", "---", ["^--!"], disposeAt: 3),
            ])
        // The source's own error (TestError(1)) is forwarded.
        try expectMarbles({ $0.single(raising: countError) }, [MarbleCase("-a-#", "---#", ["^--!"])])
    }

    @Test("single() on a signal that cannot fail fails with noValues or moreThanOneValue")
    func singleNever() {
        #expect(eventsOf(Signal<String, Never>(value: "a").single()) == [.next("a"), .completed])
        #expect(eventsOf(Signal<String, Never>.empty.single()) == [.error(.noValues)])
        #expect(
            eventsOf(Signal<String, Never>(values: ["a", "b", "c"]).single()) == [.error(.moreThanOneValue)])
        #expect(
            disposalReachesSource { (source: Signal<Int, TestError>) in source.single(raising: countError) })
        #expect(ValueCountError.noValues.description.contains("no values"))
        #expect(
            ValueCountError.indexOutOfRange(index: 2, count: 1).description
                == "no value at index 2: the signal completed after 1 value")
    }

    @Test("a negative index stops with a message naming the call and the value")
    func negativeIndex() async {
        let never = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.element(at: -1)
        }
        let neverMessage = String(decoding: never?.standardErrorContent ?? [], as: UTF8.self)
        #expect(neverMessage.contains("element(at:)") && neverMessage.contains("-1"))
        let raising = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, TestError>.never.element(at: -2, raising: { _ in TestError(2) })
        }
        let raisingMessage = String(decoding: raising?.standardErrorContent ?? [], as: UTF8.self)
        #expect(raisingMessage.contains("element(at:raising:)") && raisingMessage.contains("-2"))
    }
}
