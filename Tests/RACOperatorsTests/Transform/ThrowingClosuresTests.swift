import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The forms of the operators whose closure may throw the signal's `Failure` (RxSwift's throwing
// closures): for each, the values before the throw, the thrown error, the source disposed before
// the error is sent, the source's own error and completion, the empty case, and a second
// subscription starting afresh. A closure that does not throw keeps the plain operator.

/// Throws `TestError(code)` when `value == trigger`, else returns `value`.
private func check(_ value: Int, throwsAt trigger: Int, code: Int = 7) throws(TestError) -> Int {
    if value == trigger { throw TestError(code) }
    return value
}

/// Feeds `values` to `apply(probe.signal)` one by one and returns the events, with whether the
/// probe's subscription was gone when the error arrived.
private func play<Result>(
    _ values: [Int], through apply: (Signal<Int, TestError>) -> Signal<Result, TestError>
) -> (events: [Event<Result, TestError>], disposedBeforeError: Bool?, disposals: Int) {
    let probe = ProbeSource<Int, TestError>()
    let log = EventLog<Result, TestError>()
    var disposedBeforeError: Bool?
    log.record(apply(probe.signal)) { event in
        if case .error = event { disposedBeforeError = !probe.isSubscribed }
    }
    for value in values { probe.sendNext(value) }
    return (log.events, disposedBeforeError, probe.disposals)
}

@Suite("Closures that may throw the signal's Failure", .checksRelease)
struct ThrowingClosuresTests {
    @Test("a closure that does not throw keeps the plain operator (and its stage)")
    func plainFormsStayPlain() {
        let plain = numbers([1]).filter { $0 > 0 }
        let throwing = numbers([1]).filter { (value: Int) throws(TestError) in
            try check(value, throwsAt: 0) > 0
        }
        #expect(String(describing: type(of: plain)).contains("Predicate<"))
        #expect(!String(describing: type(of: throwing)).contains("Predicate<"))
        #expect(eventsOf(plain) == [.next(1), .completed])
        #expect(eventsOf(throwing) == [.next(1), .completed])
    }

    @Test("filter: values that pass until the predicate throws")
    func filter() {
        let run = play([1, 2, 3, 4]) {
            $0.filter { (value: Int) throws(TestError) in try check(value, throwsAt: 3) % 2 == 0 }
        }
        #expect(run.events == [.next(2), .error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        let filtered = { (source: Signal<Int, TestError>) in
            source.filter { (value: Int) throws(TestError) in try check(value, throwsAt: 9) > 1 }
        }
        #expect(eventsOf(filtered(numbers([1, 2, 3]))) == [.next(2), .next(3), .completed])
        #expect(eventsOf(filtered(numbers([]))) == [.completed])
        #expect(eventsOf(filtered(failing(after: [2]))) == [.next(2), .error(TestError(1))])
        #expect(disposalReachesSource(filtered))
        // An optional value that is nil passes as itself.
        let optionals = Signal<Int?, TestError>(values: [nil, 1]).filter { (_: Int?) throws(TestError) in true
        }
        #expect(eventsOf(optionals) == [.next(nil), .next(1), .completed])
    }

    @Test("scan and scan(into:): each accumulation until reduce throws; each subscription starts afresh")
    func scan() {
        let summed = { (source: Signal<Int, TestError>) in
            source.scan(0) { (running: Int, value: Int) throws(TestError) in
                running + (try check(value, throwsAt: 3))
            }
        }
        let run = play([1, 2, 3, 4], through: summed)
        #expect(run.events == [.next(1), .next(3), .error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        let twice = summed(numbers([1, 2]))
        #expect(eventsOf(twice) == [.next(1), .next(3), .completed])
        #expect(eventsOf(twice) == [.next(1), .next(3), .completed])
        #expect(eventsOf(summed(numbers([]))) == [.completed])
        #expect(eventsOf(summed(failing(after: [1]))) == [.next(1), .error(TestError(1))])
        #expect(disposalReachesSource(summed))

        let collected = numbers([1, 2, 3]).scan(into: [Int]()) {
            (running: inout [Int], value: Int) throws(TestError) in
            running.append(try check(value, throwsAt: 3))
        }
        #expect(eventsOf(collected) == [.next([1]), .next([1, 2]), .error(TestError(7))])
        #expect(eventsOf(collected) == [.next([1]), .next([1, 2]), .error(TestError(7))])
    }

    @Test("aggregate: the final accumulation, the start for an empty signal, or the thrown error alone")
    func aggregate() {
        let summed = { (source: Signal<Int, TestError>) in
            source.aggregate(0) { (running: Int, value: Int) throws(TestError) in
                running + (try check(value, throwsAt: 3))
            }
        }
        #expect(eventsOf(summed(numbers([1, 2]))) == [.next(3), .completed])
        #expect(eventsOf(summed(numbers([]))) == [.next(0), .completed])
        let run = play([1, 2, 3], through: summed)
        #expect(run.events == [.error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        #expect(eventsOf(summed(failing(after: [1]))) == [.error(TestError(1))])
        #expect(disposalReachesSource(summed))
    }

    @Test("reduceEach: the reduction of each tuple until it throws (combineLatest's result selector)")
    func reduceEach() {
        let pairs = Signal<(Int, Int), TestError>(values: [(1, 2), (3, 4), (5, 6)])
        let reduced = pairs.reduceEach { (left: Int, right: Int) throws(TestError) in
            try check(left, throwsAt: 3) + right
        }
        #expect(eventsOf(reduced) == [.next(3), .error(TestError(7))])
        let combined = Signal.combineLatest(numbers([1]), numbers([2, 3]))
            .reduceEach { (left: Int, right: Int) throws(TestError) in left * (try check(right, throwsAt: 9))
            }
        #expect(eventsOf(combined) == [.next(2), .next(3), .completed])
        #expect(
            eventsOf(
                Signal<(Int, Int), TestError>.empty.reduceEach { (a: Int, b: Int) throws(TestError) in a + b }
            ) == [.completed])
    }

    @Test("skip(while:): the predicate is called only while skipping, and may throw then")
    func skipWhile() {
        let calls = Log<Int>()
        let skipping = { (source: Signal<Int, TestError>) in
            source.skip(while: { (value: Int) throws(TestError) in
                calls.append(value)
                return try check(value, throwsAt: 9) < 3
            })
        }
        #expect(eventsOf(skipping(numbers([1, 2, 3, 1, 9]))) == [.next(3), .next(1), .next(9), .completed])
        #expect(calls.all == [1, 2, 3])
        // A second subscription skips again.
        #expect(eventsOf(skipping(numbers([1, 4]))) == [.next(4), .completed])
        let run = play([1, 9, 2], through: skipping)
        #expect(run.events == [.error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        #expect(eventsOf(skipping(numbers([]))) == [.completed])
        #expect(eventsOf(skipping(failing(after: [1]))) == [.error(TestError(1))])
        #expect(disposalReachesSource(skipping))
    }

    @Test("distinctUntilChanged(by:): values unlike the previous one, until the comparer throws")
    func distinct() {
        let distinct = { (source: Signal<Int, TestError>) in
            source.distinctUntilChanged { (previous: Int, value: Int) throws(TestError) in
                previous == (try check(value, throwsAt: 9))
            }
        }
        let run = play([1, 1, 2, 9, 3], through: distinct)
        #expect(run.events == [.next(1), .next(2), .error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        let twice = distinct(numbers([1, 1, 2]))
        #expect(eventsOf(twice) == [.next(1), .next(2), .completed])
        #expect(eventsOf(twice) == [.next(1), .next(2), .completed])
        #expect(eventsOf(distinct(numbers([]))) == [.completed])
        #expect(eventsOf(distinct(failing(after: [1]))) == [.next(1), .error(TestError(1))])
        #expect(disposalReachesSource(distinct))
    }

    @Test("flattenMap: a throwing transform disposes the source and the inner signals")
    func flattenMap() {
        let inner = ProbeSource<Int, TestError>()
        let run = play([1, 2]) { source in
            source.flattenMap { (value: Int) throws(TestError) -> Signal<Int, TestError> in
                _ = try check(value, throwsAt: 2)
                return inner.signal
            }
        }
        #expect(run.events == [.error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        #expect(inner.subscriptions == 1 && inner.disposals == 1)
        let doubled = numbers([1, 2]).flattenMap { (value: Int) throws(TestError) in
            Signal(values: [value, value])
        }
        #expect(eventsOf(doubled) == [.next(1), .next(1), .next(2), .next(2), .completed])
        #expect(
            eventsOf(numbers([]).flattenMap { (v: Int) throws(TestError) in Signal(value: v) }) == [
                .completed
            ])
    }

    @Test("groupBy: a throwing key fails the outer signal and every group")
    func groupBy() {
        let groups = EventLog<Int, TestError>()
        let keys = Log<Int>()
        let outer = EventLog<Int, TestError>()
        let probe = ProbeSource<Int, TestError>()
        let grouped = probe.signal.groupBy { (value: Int) throws(TestError) in
            try check(value, throwsAt: 3) % 2
        }
        outer.record(
            grouped.map { group in
                keys.append(group.key)
                groups.record(group)
                return group.key
            })
        for value in [1, 2, 3] { probe.sendNext(value) }
        #expect(keys.all == [1, 0])
        #expect(outer.events == [.next(1), .next(0), .error(TestError(7))])
        #expect(groups.events == [.next(1), .next(2), .error(TestError(7)), .error(TestError(7))])
        #expect(probe.disposals == 1)
    }

    @Test("withLatest(from:_:): a throwing selector disposes both inputs, then fails")
    func withLatest() {
        let other = ProbeSource<Int, TestError>()
        let run = play([1, 2, 3]) { source in
            source.withLatest(from: other.signal.startWith(10)) {
                (value: Int, latest: Int) throws(TestError) in
                try check(value, throwsAt: 2) + latest
            }
        }
        #expect(run.events == [.next(11), .error(TestError(7))])
        #expect(run.disposedBeforeError == true && other.disposals == 1)
    }

    @Test("doNext, doError, doCompleted: a thrown error takes the place of the event")
    func sideEffects() {
        let seen = Log<Int>()
        let run = play([1, 2, 3]) { source in
            source.doNext { (value: Int) throws(TestError) in
                seen.append(value)
                _ = try check(value, throwsAt: 2)
            }
        }
        #expect(run.events == [.next(1), .error(TestError(7))])
        #expect(run.disposedBeforeError == true)
        #expect(seen.all == [1, 2])
        #expect(eventsOf(numbers([1]).doNext { (_: Int) throws(TestError) in }) == [.next(1), .completed])

        let replaced = failing(after: [1]).doError { (error: TestError) throws(TestError) in
            throw TestError(error.code + 1)
        }
        #expect(eventsOf(replaced) == [.next(1), .error(TestError(2))])
        let kept = failing(after: []).doError { (_: TestError) throws(TestError) in }
        #expect(eventsOf(kept) == [.error(TestError(1))])

        let completions = Log<String>()
        let failed = numbers([1]).doCompleted { () throws(TestError) in
            completions.append("done")
            throw TestError(3)
        }
        #expect(eventsOf(failed) == [.next(1), .error(TestError(3))])
        #expect(
            eventsOf(numbers([]).doCompleted { () throws(TestError) in completions.append("done") }) == [
                .completed
            ])
        #expect(completions.all == ["done", "done"])
        #expect(
            eventsOf(failing(after: []).doCompleted { () throws(TestError) in completions.append("x") }) == [
                .error(TestError(1))
            ])
        #expect(completions.all == ["done", "done"])
    }
}
