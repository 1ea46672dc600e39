import Foundation
import RACOperators
import RACTestSupport
import Testing

private typealias IntEvent = Event<Int, ProbeError>

private func numbers(_ values: [Int]) -> Signal<Int, ProbeError> {
    Signal(values: values)
}

@Suite("Transform operators: map family", .checksRelease)
struct TransformMapTests {
    @Test("map sends transform(value) and forwards completion")
    func map() {
        #expect(eventsOf(numbers([1, 2, 3]).map { $0 * 2 }) == [.next(2), .next(4), .next(6), .completed])
        #expect(eventsOf(numbers([]).map { $0 * 2 }) == [.completed])
    }

    @Test("map forwards an error mid-stream and calls the transform no more")
    func mapError() {
        let probe = ProbeSource<Int, ProbeError>()
        let calls = Lines()
        let log = EventLog.of(
            probe.signal.map { value -> Int in
                calls.append("\(value)")
                return value + 1
            })
        probe.sendNext(1)
        probe.sendError(ProbeError(7))
        probe.sendNext(2)
        #expect(log.events == [.next(2), .error(ProbeError(7))])
        #expect(calls.all == ["1"])
        #expect(probe.disposals == 1)
    }

    @Test("map: disposing the result disposes the source; the result is cold per subscription")
    func mapDisposal() {
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.map { $0 } })
        let probe = ProbeSource<Int, ProbeError>()
        let mapped = probe.signal.map { $0 * 10 }
        let first = EventLog.of(mapped)
        let second = EventLog.of(mapped)
        #expect(probe.subscriptions == 2)
        probe.sendNext(1)
        probe.sendCompleted()
        #expect(first.events == [.next(10), .completed])
        #expect(second.events == first.events)
    }

    @Test("map: a value sent into the source from the subscriber is delivered nested")
    func mapReentrancy() {
        let subject = Subject<Int, ProbeError>()
        let log = EventLog<Int, ProbeError>()
        log.record(subject.map { $0 * 2 }) { event in
            if event == .next(2) { subject.sendNext(5) }
        }
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(log.events == [.next(2), .next(10), .completed])
    }

    @Test("mapReplace sends the same value for every value")
    func mapReplace() {
        #expect(eventsOf(numbers([1, 2]).mapReplace("x")) == [.next("x"), .next("x"), .completed])
        #expect(eventsOf(numbers([]).mapReplace("x")) == [.completed])
        #expect(
            eventsOf(Signal<Int, ProbeError>(error: ProbeError(1)).mapReplace("x")) == [.error(ProbeError(1))]
        )
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.mapReplace(0) })
    }

    @Test("reduceEach spreads tuples of any arity into the closure")
    func reduceEach() {
        let pairs = Signal<(Int, Int), ProbeError>(values: [(1, 2), (3, 4)])
        #expect(eventsOf(pairs.reduceEach { $0 + $1 }) == [.next(3), .next(7), .completed])
        let mixed = Signal<(Int, String, Bool), ProbeError>(values: [(1, "a", true)])
        #expect(eventsOf(mixed.reduceEach { n, s, b in "\(n)\(s)\(b)" }) == [.next("1atrue"), .completed])
        let six = Signal<(Int, Int, Int, Int, Int, Int), ProbeError>(value: (1, 2, 3, 4, 5, 6))
        let sixSum: Signal<Int, ProbeError> = six.reduceEach { [$0, $1, $2, $3, $4, $5].reduce(0, +) }
        #expect(eventsOf(sixSum) == [.next(21), .completed])
        let seven = Signal<(Int, Int, Int, Int, Int, Int, Int), Never>(value: (1, 1, 1, 1, 1, 1, 1))
        let sevenSum: Signal<Int, Never> = seven.reduceEach { [$0, $1, $2, $3, $4, $5, $6].reduce(0, +) }
        #expect(eventsOf(sevenSum) == [.next(7), .completed])
        #expect(eventsOf(Signal<(Int, Int), ProbeError>.empty.reduceEach(+)) == [.completed])
    }

    @Test("reduceEach forwards errors and disposal")
    func reduceEachErrorAndDisposal() {
        let probe = ProbeSource<(Int, Int), ProbeError>()
        let log = EventLog.of(probe.signal.reduceEach(*))
        probe.sendNext((2, 3))
        probe.sendError(ProbeError(2))
        #expect(log.events == [.next(6), .error(ProbeError(2))])
        #expect(disposalReachesSource { (source: Signal<(Int, Int), ProbeError>) in source.reduceEach(+) })
    }

    @Test("reduceApply calls the function in each tuple with the rest of the tuple")
    func reduceApply() {
        let one = Signal<((Int) -> Int, Int), ProbeError>(values: [({ $0 * 10 }, 9), ({ $0 + 1 }, 1)])
        #expect(eventsOf(one.reduceApply()) == [.next(90), .next(2), .completed])
        let two = Signal<((Int, Int) -> Int, Int, Int), ProbeError>(value: ({ $0 * $1 }, 3, 4))
        #expect(eventsOf(two.reduceApply()) == [.next(12), .completed])
        let three = Signal<((Int, Int, Int) -> Int, Int, Int, Int), ProbeError>(
            value: ({ $0 + $1 * $2 }, 2, 3, 8))
        #expect(eventsOf(three.reduceApply()) == [.next(26), .completed])
        let four = Signal<((Int, Int, Int, Int) -> Int, Int, Int, Int, Int), Never>(
            value: ({ $0 + $1 + $2 + $3 }, 1, 2, 3, 4))
        #expect(eventsOf(four.reduceApply()) == [.next(10), .completed])
        let five = Signal<((Int, Int, Int, Int, String) -> String, Int, Int, Int, Int, String), Never>(
            value: ({ "\($4)\($0 + $1 + $2 + $3)" }, 1, 2, 3, 4, "s"))
        #expect(eventsOf(five.reduceApply()) == [.next("s10"), .completed])
    }

    @Test("reduceApply forwards empty, errors and disposal")
    func reduceApplyTerminals() {
        typealias Apply = ((Int) -> Int, Int)
        #expect(eventsOf(Signal<Apply, ProbeError>.empty.reduceApply()) == [.completed])
        #expect(
            eventsOf(Signal<Apply, ProbeError>(error: ProbeError(3)).reduceApply()) == [.error(ProbeError(3))]
        )
        #expect(disposalReachesSource { (source: Signal<Apply, ProbeError>) in source.reduceApply() })
    }

    @Test("mapError transforms the error; values and completion pass")
    func mapErrorOperator() {
        struct Wrapped: Error, Equatable { let inner: ProbeError }
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.mapError { Wrapped(inner: $0) })
        probe.sendNext(1)
        probe.sendError(ProbeError(4))
        #expect(log.events == [.next(1), .error(Wrapped(inner: ProbeError(4)))])
        #expect(eventsOf(numbers([1]).mapError { Wrapped(inner: $0) }) == [.next(1), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.mapError { $0 } })
    }

    @Test("promoteError retypes a signal that cannot fail")
    func promoteError() {
        let promoted: Signal<Int, ProbeError> = Signal<Int, Never>(values: [1, 2]).promoteError()
        #expect(eventsOf(promoted) == [.next(1), .next(2), .completed])
        let explicit = Signal<Int, Never>.empty.promoteError(ProbeError.self)
        #expect(eventsOf(explicit) == [.completed])
        #expect(
            disposalReachesSource { (source: Signal<Int, Never>) in source.promoteError(ProbeError.self) })
    }
}

@Suite("Transform operators: try", .checksRelease)
struct TransformTryTests {
    @Test("tryMap sends mapped values until the transform throws, then fails")
    func tryMap() {
        let mapped = numbers([1, 2, 3]).tryMap { (value: Int) throws(ProbeError) -> Int in
            if value == 2 { throw ProbeError(2) }
            return value * 10
        }
        #expect(eventsOf(mapped) == [.next(10), .error(ProbeError(2))])
        #expect(eventsOf(numbers([1, 3]).tryMap { $0 * 10 }) == [.next(10), .next(30), .completed])
        #expect(eventsOf(numbers([]).tryMap { $0 }) == [.completed])
    }

    @Test("tryMap disposes the source before sending the thrown error; a reentrant value is ignored")
    func tryMapDisposesFirst() {
        let probe = ProbeSource<Int, ProbeError>()
        let calls = Lines()
        let log = EventLog<Int, ProbeError>()
        var subscribedAtError: Bool?
        log.record(
            probe.signal.tryMap { (value: Int) throws(ProbeError) -> Int in
                calls.append("\(value)")
                if value == 2 { throw ProbeError(9) }
                return value
            }
        ) { event in
            if case .error = event {
                subscribedAtError = probe.isSubscribed
                probe.sendNext(3)
            }
        }
        probe.sendNext(1)
        probe.sendNext(2)
        #expect(log.events == [.next(1), .error(ProbeError(9))])
        #expect(subscribedAtError == false)
        #expect(calls.all == ["1", "2"])
        #expect(probe.disposals == 1)
    }

    @Test("tryMap forwards a source error and disposal")
    func tryMapTerminals() {
        #expect(
            eventsOf(Signal<Int, ProbeError>(error: ProbeError(1)).tryMap { $0 }) == [.error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.tryMap { $0 } })
    }

    @Test("attempt passes values that pass the check and fails with what the check throws")
    func attempt() {
        let checked = numbers([1, 2, 3]).attempt { (value: Int) throws(ProbeError) in
            if value == 2 { throw ProbeError(5) }
        }
        #expect(eventsOf(checked) == [.next(1), .error(ProbeError(5))])
        #expect(eventsOf(numbers([1, 3]).attempt { _ in }) == [.next(1), .next(3), .completed])
        #expect(eventsOf(numbers([]).attempt { _ in }) == [.completed])
        #expect(
            eventsOf(Signal<Int, ProbeError>(error: ProbeError(1)).attempt { _ in }) == [
                .error(ProbeError(1))
            ])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.attempt { _ in } })

        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.attempt { (_: Int) throws(ProbeError) in throw ProbeError(6) })
        probe.sendNext(1)
        #expect(log.events == [.error(ProbeError(6))])
        #expect(!probe.isSubscribed && probe.disposals == 1)
    }
}

@Suite("Transform operators: scan, aggregate, collect, combinePrevious", .checksRelease)
struct TransformFoldTests {
    @Test("scan sends each running accumulation, not the start; restarts per subscription")
    func scan() {
        let scanned = numbers([1, 2, 3]).scan(0, +)
        #expect(eventsOf(scanned) == [.next(1), .next(3), .next(6), .completed])
        #expect(eventsOf(scanned) == [.next(1), .next(3), .next(6), .completed])
        #expect(eventsOf(numbers([]).scan(0, +)) == [.completed])
    }

    @Test("scan(withIndex:) passes indices from 0 for each subscription")
    func scanWithIndex() {
        let scanned = Signal<String, ProbeError>(values: ["a", "b", "c"]).scan("") { $0 + $1 + "\($2)" }
        let expected: [Event<String, ProbeError>] = [.next("a0"), .next("a0b1"), .next("a0b1c2"), .completed]
        #expect(eventsOf(scanned) == expected)
        #expect(eventsOf(scanned) == expected)
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in
                source.scan(0, withIndex: { $0 + $2 })
            })
    }

    @Test("scan forwards an error mid-stream and disposal")
    func scanErrorAndDisposal() {
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.scan(10, +))
        probe.sendNext(1)
        probe.sendError(ProbeError(1))
        #expect(log.events == [.next(11), .error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.scan(0, +) })
    }

    @Test("scan updates its state before forwarding, so reentrant values accumulate in order")
    func scanReentrancy() {
        weak var weakSubject: Subject<Int, ProbeError>?
        do {
            let subject = Subject<Int, ProbeError>()
            weakSubject = subject
            let log = EventLog<Int, ProbeError>()
            let subscription = log.record(subject.scan(0, +)) { event in
                if event == .next(1) { subject.sendNext(10) }
            }
            subject.sendNext(1)
            subject.sendNext(100)
            #expect(log.events == [.next(1), .next(11), .next(111)])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("aggregate sends only the final accumulation on completion; the start if empty")
    func aggregate() {
        #expect(eventsOf(numbers([1, 2, 3]).aggregate(0, +)) == [.next(6), .completed])
        #expect(eventsOf(numbers([]).aggregate(42, +)) == [.next(42), .completed])
        #expect(eventsOf(numbers([5, 6]).aggregate(0, withIndex: { $0 + $2 })) == [.next(1), .completed])

        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.aggregate(0, +))
        probe.sendNext(1)
        probe.sendNext(2)
        #expect(log.events.isEmpty)
        probe.sendError(ProbeError(3))
        #expect(log.events == [.error(ProbeError(3))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.aggregate(0, +) })
    }

    @Test("aggregate(startFactory:) calls the factory once per subscription, at subscription")
    func aggregateStartFactory() {
        final class Bag {
            var items: [Int] = []
        }
        let calls = Lines()
        let probe = ProbeSource<Int, ProbeError>()
        let aggregated = probe.signal.aggregate(startFactory: { () -> Bag in
            calls.append("factory")
            return Bag()
        }) { bag, value in
            bag.items.append(value)
            return bag
        }
        .map(\.items)
        #expect(calls.all.isEmpty)
        let first = EventLog.of(aggregated)
        #expect(calls.all == ["factory"])
        probe.sendNext(1)
        let second = EventLog.of(aggregated)
        probe.sendNext(2)
        probe.sendCompleted()
        #expect(calls.all == ["factory", "factory"])
        #expect(first.events == [.next([1, 2]), .completed])
        #expect(second.events == [.next([2]), .completed])
        #expect(eventsOf(numbers([]).aggregate(startFactory: { 7 }, +)) == [.next(7), .completed])
        #expect(
            eventsOf(Signal<Int, ProbeError>(error: ProbeError(1)).aggregate(startFactory: { 0 }, +)) == [
                .error(ProbeError(1))
            ])
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in
                source.aggregate(startFactory: { 0 }, +)
            })
    }

    @Test("collect sends one array on completion, [] when empty; an error sends nothing else")
    func collect() {
        #expect(eventsOf(numbers([1, 2, 3]).collect()) == [.next([1, 2, 3]), .completed])
        #expect(eventsOf(numbers([]).collect()) == [.next([]), .completed])
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.collect())
        probe.sendNext(1)
        #expect(log.events.isEmpty)
        probe.sendError(ProbeError(1))
        #expect(log.events == [.error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.collect() })
        let collected = numbers([4, 5]).collect()
        #expect(eventsOf(collected) == eventsOf(collected))
    }

    @Test("combinePrevious combines each value with the previous source value, starting from start")
    func combinePrevious() {
        #expect(
            eventsOf(numbers([1, 2, 3]).combinePrevious(0, +)) == [.next(1), .next(3), .next(5), .completed])
        let pairs = numbers([1, 2]).combinePrevious(0) { "\($0)->\($1)" }
        #expect(eventsOf(pairs) == [.next("0->1"), .next("1->2"), .completed])
        #expect(eventsOf(pairs) == [.next("0->1"), .next("1->2"), .completed])
        #expect(eventsOf(numbers([]).combinePrevious(0, +)) == [.completed])
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.combinePrevious(0, +))
        probe.sendNext(4)
        probe.sendError(ProbeError(2))
        #expect(log.events == [.next(4), .error(ProbeError(2))])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.combinePrevious(0, +) })
    }

    @Test("combinePrevious records the previous value before forwarding (reentrancy)")
    func combinePreviousReentrancy() {
        weak var weakSubject: Subject<Int, ProbeError>?
        do {
            let subject = Subject<Int, ProbeError>()
            weakSubject = subject
            let log = EventLog<String, ProbeError>()
            let subscription = log.record(subject.combinePrevious(0) { "\($0)-\($1)" }) { event in
                if event == .next("0-1") { subject.sendNext(2) }
            }
            subject.sendNext(1)
            subject.sendNext(3)
            #expect(log.values == ["0-1", "1-2", "2-3"])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }
}

@Suite("Transform operators: materialize, dematerialize", .checksRelease)
struct TransformMaterializeTests {
    @Test("materialize sends each event as a value, then completes")
    func materialize() {
        #expect(
            eventsOf(numbers([1, 2]).materialize()) == [
                .next(.next(1)), .next(.next(2)), .next(.completed), .completed,
            ])
        #expect(eventsOf(numbers([]).materialize()) == [.next(.completed), .completed])
        let probe = ProbeSource<Int, ProbeError>()
        let log = EventLog.of(probe.signal.materialize())
        probe.sendNext(1)
        probe.sendError(ProbeError(8))
        #expect(log.events == [.next(.next(1)), .next(.error(ProbeError(8))), .completed])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.materialize() })
    }

    @Test("dematerialize turns event values back into events; round trip is the identity")
    func dematerialize() {
        let events: [IntEvent] = [.next(1), .next(2), .error(ProbeError(1)), .next(3)]
        let signal = Signal<IntEvent, Never>(values: events)
        #expect(eventsOf(signal.dematerialize()) == [.next(1), .next(2), .error(ProbeError(1))])
        let completing = Signal<IntEvent, Never>(values: [.next(1), .completed, .next(2)])
        #expect(eventsOf(completing.dematerialize()) == [.next(1), .completed])
        #expect(
            eventsOf(Signal<IntEvent, Never>(values: [.next(5)]).dematerialize()) == [.next(5), .completed])
        #expect(eventsOf(Signal<IntEvent, Never>.empty.dematerialize()) == [.completed])
        #expect(eventsOf(numbers([1, 2]).materialize().dematerialize()) == [.next(1), .next(2), .completed])
        let failing = Signal<Int, ProbeError>(error: ProbeError(3))
        #expect(eventsOf(failing.materialize().dematerialize()) == [.error(ProbeError(3))])
    }

    @Test("dematerialize disposes the source at an inner terminal event, and on disposal")
    func dematerializeDisposal() {
        let probe = ProbeSource<IntEvent, Never>()
        let log = EventLog<Int, ProbeError>()
        var subscribedAtCompletion: Bool?
        log.record(probe.signal.dematerialize()) { event in
            if event == .completed { subscribedAtCompletion = probe.isSubscribed }
        }
        probe.sendNext(.next(1))
        probe.sendNext(.completed)
        #expect(log.events == [.next(1), .completed])
        #expect(subscribedAtCompletion == false)
        #expect(probe.disposals == 1)
        #expect(
            disposalReachesSource { (source: Signal<IntEvent, Never>) -> Signal<Int, ProbeError> in
                source.dematerialize()
            })
    }
}

@Suite("Transform operators: not, and, or", .checksRelease)
struct TransformBooleanTests {
    @Test("not negates each boolean")
    func not() {
        let signal = Signal<Bool, ProbeError>(values: [true, false])
        #expect(eventsOf(signal.not()) == [.next(false), .next(true), .completed])
        #expect(eventsOf(Signal<Bool, ProbeError>.empty.not()) == [.completed])
        #expect(eventsOf(Signal<Bool, ProbeError>(error: ProbeError(1)).not()) == [.error(ProbeError(1))])
        #expect(disposalReachesSource { (source: Signal<Bool, ProbeError>) in source.not() })
    }

    @Test("and/or on tuples of 2 to 6 booleans")
    func tuples() {
        let two = Signal<(Bool, Bool), Never>(values: [(true, true), (true, false), (false, false)])
        #expect(eventsOf(two.and()) == [.next(true), .next(false), .next(false), .completed])
        #expect(eventsOf(two.or()) == [.next(true), .next(true), .next(false), .completed])
        let three = Signal<(Bool, Bool, Bool), Never>(values: [(true, true, true), (false, false, true)])
        #expect(eventsOf(three.and()) == [.next(true), .next(false), .completed])
        #expect(eventsOf(three.or()) == [.next(true), .next(true), .completed])
        let four = Signal<(Bool, Bool, Bool, Bool), Never>(values: [(true, true, true, false)])
        #expect(eventsOf(four.and()) == [.next(false), .completed])
        #expect(eventsOf(four.or()) == [.next(true), .completed])
        let five = Signal<(Bool, Bool, Bool, Bool, Bool), Never>(values: [(false, false, false, false, false)]
        )
        #expect(eventsOf(five.and()) == [.next(false), .completed])
        #expect(eventsOf(five.or()) == [.next(false), .completed])
        let six = Signal<(Bool, Bool, Bool, Bool, Bool, Bool), Never>(values: [
            (true, true, true, true, true, true)
        ])
        #expect(eventsOf(six.and()) == [.next(true), .completed])
        #expect(eventsOf(six.or()) == [.next(true), .completed])
    }

    @Test("and/or on arrays of booleans; errors, completion and disposal pass through")
    func arrays() {
        let arrays = Signal<[Bool], ProbeError>(values: [[true], [true, false], [false, false, true]])
        #expect(eventsOf(arrays.and()) == [.next(true), .next(false), .next(false), .completed])
        #expect(eventsOf(arrays.or()) == [.next(true), .next(true), .next(true), .completed])
        #expect(eventsOf(Signal<[Bool], ProbeError>(error: ProbeError(2)).and()) == [.error(ProbeError(2))])
        #expect(
            eventsOf(Signal<(Bool, Bool), ProbeError>(error: ProbeError(2)).or()) == [.error(ProbeError(2))])
        #expect(disposalReachesSource { (source: Signal<[Bool], ProbeError>) in source.and() })
        #expect(disposalReachesSource { (source: Signal<(Bool, Bool), ProbeError>) in source.or() })
    }

    @Test("and/or on an empty array stop with a message naming the call")
    func emptyArrayIsAProgrammerError() async {
        let and = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<[Bool], Never>(value: []).and().subscribe(next: { _ in })
        }
        let andMessage = String(decoding: and?.standardErrorContent ?? [], as: UTF8.self)
        #expect(andMessage.contains("and()"))
        #expect(andMessage.contains("[]"))
        let or = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<[Bool], Never>(value: []).or().subscribe(next: { _ in })
        }
        let orMessage = String(decoding: or?.standardErrorContent ?? [], as: UTF8.self)
        #expect(orMessage.contains("or()"))
        #expect(orMessage.contains("[]"))
    }
}

@Suite("Transform operators release what they capture", .checksRelease)
struct TransformDeallocationTests {
    @Test("after completion, a transform chain releases its closures and captured objects")
    func releasedAfterCompletion() {
        let subject = Subject<Int, ProbeError>()
        weak var weakCaptured: DeallocProbe?
        let log = EventLog<[Int], ProbeError>()
        do {
            let captured = DeallocProbe()
            weakCaptured = captured
            let chain =
                subject
                .map { [captured] value in withExtendedLifetime(captured) { value * 2 } }
                .scan(0) { [captured] running, value in withExtendedLifetime(captured) { running + value } }
                .tryMap { [captured] value in withExtendedLifetime(captured) { value } }
                .combinePrevious(0) { [captured] _, value in withExtendedLifetime(captured) { value } }
                .collect()
            log.record(chain)
        }
        subject.sendNext(1)
        #expect(weakCaptured != nil)
        subject.sendCompleted()
        #expect(log.events == [.next([2]), .completed])
        #expect(weakCaptured == nil)
        #expect(subject.subscriberCount == 0)
    }

    @Test("after disposal, a transform chain releases its closures and captured objects")
    func releasedAfterDisposal() {
        let subject = Subject<Int, ProbeError>()
        weak var weakCaptured: DeallocProbe?
        var subscription: (any Disposable)?
        do {
            let captured = DeallocProbe()
            weakCaptured = captured
            let chain =
                subject
                .map { [captured] value in withExtendedLifetime(captured) { value } }
                .aggregate(startFactory: { [captured] in withExtendedLifetime(captured) { 0 } }, +)
                .materialize()
            subscription = chain.subscribe(next: { _ in })
        }
        #expect(weakCaptured != nil)
        subscription?.dispose()
        #expect(weakCaptured == nil)
        #expect(subject.subscriberCount == 0)
    }
}

@Suite("Transform and filter operators under concurrent senders", .checksRelease)
struct TransformConcurrencyTests {
    @Test("per-subscription state stays consistent when values arrive from several threads")
    func concurrentSenders() {
        let subject = Subject<Int, ProbeError>()
        let sums = EventLog<Int, ProbeError>()
        let counted = EventLog<[Int], ProbeError>()
        let firstHundred = EventLog<Int, ProbeError>()
        sums.record(subject.map { $0 * 2 }.filter { $0 > 0 }.scan(0, +).takeLast(1))
        counted.record(subject.combinePrevious(0) { _, value in value }.collect())
        firstHundred.record(subject.skip(10).take(100))
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for value in 1...500 { subject.sendNext(value) }
        }
        subject.sendCompleted()
        #expect(sums.events == [.next(4 * 2 * (500 * 501 / 2)), .completed])
        #expect(counted.values.first?.count == 2000)
        #expect(firstHundred.values.count == 100)
        #expect(firstHundred.events.last == .completed)
    }
}

@Suite("Operator debug names", .checksRelease)
struct OperatorDebugNameTests {
    @Test("with RAC_DEBUG_SIGNAL_NAMES set, operators name their results as RAC does")
    func debugNames() async {
        await #expect(processExitsWith: .success) {
            setenv("RAC_DEBUG_SIGNAL_NAMES", "1", 1)
            let source = Signal<Int, Never>(values: [1]).named("src")
            let names = [
                source.map { $0 }.name,
                source.filter { _ in true }.name,
                source.take(2).name,
                source.scan(0, +).name,
                source.doNext { _ in }.name,
                source.logAll(to: { _ in }).name,
            ]
            let expected = [
                "[src] -map:", "[src] -filter:", "[src] -take: 2", "[src] -scanWithStart: 0 reduce:",
                "[src] -doNext:", "src",
            ]
            exit(names == expected ? 0 : 1)
        }
    }
}
