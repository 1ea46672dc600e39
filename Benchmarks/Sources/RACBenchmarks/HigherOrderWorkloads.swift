import OpenCombine
import RACCore
import RACOperators
import RACSchedulers

// Workloads 5c, 5d and 9–15 (issue 19): the higher-order operators, a deep chain of maps, retry, and the
// two-input and scheduler hops of the hot path. Each is built as workloads 1–8 are: the same
// counts for the three implementations, the result summed into a `Sink` and kept alive by
// `blackHole`.

// MARK: - 5c, 5d, 9 and 10: inner signals of ten values

// Workload 5b merges 100 signals of many values each, so its cost per value leaves out what each
// inner signal costs. Workloads 5c and 5d merge exactly the inputs of concat (10) and
// switchToLatest (9), ten values per inner signal, so that those operators compare with merge on
// the same work. Their ids do not contain another workload's id ("merging", not "merge"), since
// `--filter` matches substrings.

/// The hand loop of the workloads whose inner signal number `start` sends
/// `start..<start + valuesEach`.
func innerRangesLoop(inners: Int, valuesEach: Int) -> () -> Void {
    {
        let sink = Sink()
        let receive: (Int) -> Void = opaque { sink.total &+= $0 }
        for start in 0..<inners {
            for value in start..<start + valuesEach { receive(value) }
        }
        blackHole(sink.total)
    }
}

/// `signals` cold signals built in the run (as workload 5b builds its signals), joined by
/// `join` (ours) and by OpenCombine's `flatMap` with at most `maxPublishers` at once.
func coldInners(
    id: String, title: String, signals: Int, valuesEach: Int,
    join: @escaping ([Signal<Int, Never>]) -> Signal<Int, Never>, maxPublishers: Subscribers.Demand
) -> Workload {
    Workload(
        id: id, title: title, unit: "value", operations: signals * valuesEach,
        ours: {
            let sink = Sink()
            join((0..<signals).map { start in Signal<Int, Never>(values: start..<start + valuesEach) })
                .subscribe(next: { sink.total &+= $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            // OpenCombine 0.14 has no MergeMany, and concatenates two publishers (`Concatenate`),
            // not a collection: the Combine way for both is flatMap over the collection.
            let cancellable = (0..<signals).map { start in (start..<start + valuesEach).publisher }.publisher
                .flatMap(maxPublishers: maxPublishers) { $0 }
                .sink { sink.total &+= $0 }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: innerRangesLoop(inners: signals, valuesEach: valuesEach))
}

/// A subject of subjects, flattened by `flatten` (ours) and `flattenOC` (OpenCombine): each new
/// inner subject is sent, then receives `valuesEach` values.
func innerSubjects<Flattened: Publisher<Int, Never>>(
    id: String, title: String, inners: Int, valuesEach: Int,
    flatten: @escaping (Signal<Signal<Int, Never>, Never>) -> Signal<Int, Never>,
    flattenOC: @escaping (PassthroughSubject<PassthroughSubject<Int, Never>, Never>) -> Flattened
) -> Workload {
    Workload(
        id: id, title: title, unit: "value", operations: inners * valuesEach,
        ours: {
            let sink = Sink()
            let outer = Subject<Signal<Int, Never>, Never>()
            let subscription = flatten(outer).subscribe(next: { sink.total &+= $0 })
            for start in 0..<inners {
                let inner = Subject<Int, Never>()
                outer.sendNext(inner)
                for value in start..<start + valuesEach { inner.sendNext(value) }
            }
            outer.sendCompleted()
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let cancellable = flattenOC(outer).sink { sink.total &+= $0 }
            for start in 0..<inners {
                let inner = PassthroughSubject<Int, Never>()
                outer.send(inner)
                for value in start..<start + valuesEach { inner.send(value) }
            }
            outer.send(completion: .finished)
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: innerRangesLoop(inners: inners, valuesEach: valuesEach))
}

/// 5c: `Signal.merge` of the input of workload 10 (concat).
func mergeColdInners(signals: Int, valuesEach: Int) -> Workload {
    coldInners(
        id: "merging-cold-inners", title: "5c merge of \(signals) signals × \(valuesEach) (as 10)",
        signals: signals, valuesEach: valuesEach, join: { Signal.merge($0) }, maxPublishers: .unlimited)
}

/// 5d: `flatten()` (merge) of the input of workload 9 (switchToLatest).
func mergeInnerSubjects(inners: Int, valuesEach: Int) -> Workload {
    innerSubjects(
        id: "merging-inner-subjects", title: "5d flatten of \(inners) inner subjects × \(valuesEach) (as 9)",
        inners: inners, valuesEach: valuesEach, flatten: { $0.flatten() }, flattenOC: { $0.flatMap { $0 } })
}

/// 9: a subject of subjects through `switchToLatest`.
func switchToLatest(inners: Int, valuesEach: Int) -> Workload {
    innerSubjects(
        id: "switchToLatest", title: "9 switchToLatest \(inners) inner subjects × \(valuesEach)",
        inners: inners, valuesEach: valuesEach, flatten: { $0.switchToLatest() },
        flattenOC: { $0.switchToLatest() })
}

/// 10: `Signal.concat` of `signals` cold signals.
func concat(signals: Int, valuesEach: Int) -> Workload {
    coldInners(
        id: "concat", title: "10 concat of \(signals) signals × \(valuesEach)",
        signals: signals, valuesEach: valuesEach, join: { Signal.concat($0) }, maxPublishers: .max(1))
}

// MARK: - 11. flatten(4)

/// A cold signal of `inners` cold inner signals, at most four subscribed at once.
func flatten4(inners: Int, valuesEach: Int) -> Workload {
    Workload(
        id: "flatten4", title: "11 flatten(4) of \(inners) inner × \(valuesEach)", unit: "value",
        operations: inners * valuesEach,
        ours: {
            let sink = Sink()
            Signal<Int, Never>(values: 0..<inners)
                .map { start in Signal<Int, Never>(values: start..<start + valuesEach) }
                .flatten(4)
                .subscribe(next: { sink.total &+= $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let cancellable = (0..<inners).publisher
                .flatMap(maxPublishers: .max(4)) { start in (start..<start + valuesEach).publisher }
                .sink { sink.total &+= $0 }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: innerRangesLoop(inners: inners, valuesEach: valuesEach))
}

// MARK: - 12. twenty maps

/// A subject through twenty `map`s. Per value; a hop costs a twentieth of it.
func map20(values: Int) -> Workload {
    Workload(
        id: "map20", title: "12 subject → 20 × map → sink", unit: "value",
        operations: values,
        ours: {
            let sink = Sink()
            let subject = Subject<Int, Never>()
            // Four lines of five: one expression of twenty takes the type checker too long.
            let m5 = subject.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let m10 = m5.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let m15 = m10.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let m20 = m15.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let subscription = m20.subscribe(next: { sink.total &+= $0 })
            for value in 0..<values { subject.sendNext(value) }
            subject.sendCompleted()
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            // OpenCombine (as Combine) fuses `map` after `map` into one `Map` whose closure calls
            // the twenty closures: one subscriber per value instead of twenty.
            let m5 = subject.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let m10 = m5.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let m15 = m10.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let m20 = m15.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }.map { $0 &+ 1 }
            let cancellable = m20.sink { sink.total &+= $0 }
            for value in 0..<values { subject.send(value) }
            subject.send(completion: .finished)
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let transforms: [(Int) -> Int] = (0..<20).map { _ in opaque { $0 &+ 1 } }
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            for value in 0..<values {
                var mapped = value
                for transform in transforms { mapped = transform(mapped) }
                receive(mapped)
            }
            blackHole(sink.total)
        })
}

// MARK: - 13. retry

/// The error of the failing attempts of workload 13.
struct AttemptFailed: Error {}

/// A cold signal that fails on each of its first `failures` subscriptions and then sends one
/// value and completes, retried `failures` times. Per attempt (`failures + 1` of them).
func retry(failures: Int) -> Workload {
    Workload(
        id: "retry", title: "13 retry, \(failures) failures then success", unit: "attempt",
        operations: failures + 1,
        ours: {
            let sink = Sink()
            Signal<Int, AttemptFailed> { subscriber in
                sink.count &+= 1
                if sink.count <= failures {
                    subscriber.sendError(AttemptFailed())
                } else {
                    subscriber.sendNext(sink.count)
                    subscriber.sendCompleted()
                }
                return nil
            }
            .retry(failures)
            .subscribe(next: { sink.total &+= $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let cancellable = Deferred { () -> Result<Int, AttemptFailed>.OCombine.Publisher in
                sink.count &+= 1
                return Result.OCombine.Publisher(
                    sink.count <= failures ? .failure(AttemptFailed()) : .success(sink.count))
            }
            .retry(failures)
            .sink(receiveCompletion: { _ in }, receiveValue: { sink.total &+= $0 })
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let attempt: () -> Result<Int, AttemptFailed> = opaque {
                sink.count &+= 1
                return sink.count <= failures ? .failure(AttemptFailed()) : .success(sink.count)
            }
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            var remaining = failures
            while true {
                if case .success(let value) = attempt() {
                    receive(value)
                    break
                }
                if remaining == 0 { break }
                remaining -= 1
            }
            blackHole(sink.total)
        })
}

// MARK: - 14. take(until:) on the hot path

/// A subject → take(until: a subject that never fires) → sink.
func takeUntil(values: Int) -> Workload {
    Workload(
        id: "takeUntil", title: "14 subject → take(until: subject) → sink", unit: "value",
        operations: values,
        ours: {
            let sink = Sink()
            let subject = Subject<Int, Never>()
            let trigger = Subject<Void, Never>()
            let subscription = subject.take(until: trigger).subscribe(next: { sink.total &+= $0 })
            for value in 0..<values { subject.sendNext(value) }
            subject.sendCompleted()
            subscription.dispose()
            blackHole(sink.total)
            blackHole(trigger)
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let trigger = PassthroughSubject<Void, Never>()
            let cancellable = subject.prefix(untilOutputFrom: trigger).sink { sink.total &+= $0 }
            for value in 0..<values { subject.send(value) }
            subject.send(completion: .finished)
            cancellable.cancel()
            blackHole(sink.total)
            blackHole(trigger)
        },
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            let triggered: () -> Bool = opaque { false }
            for value in 0..<values {
                if triggered() { break }
                receive(value)
            }
            blackHole(sink.total)
        })
}

// MARK: - 15. deliver(on: immediate) on the hot path

/// A subject → deliver(on: the immediate scheduler) → sink.
func deliverOn(values: Int) -> Workload {
    Workload(
        id: "deliverOn", title: "15 subject → deliver(on: immediate) → sink", unit: "value",
        operations: values,
        ours: {
            let sink = Sink()
            let subject = Subject<Int, Never>()
            let subscription = subject.deliver(on: RACSchedulers.Scheduler.immediate).subscribe(next: {
                sink.total &+= $0
            })
            for value in 0..<values { subject.sendNext(value) }
            subject.sendCompleted()
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.receive(on: OpenCombine.ImmediateScheduler.shared).sink {
                sink.total &+= $0
            }
            for value in 0..<values { subject.send(value) }
            subject.send(completion: .finished)
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            let schedule: (() -> Void) -> Void = opaque { action in action() }
            for value in 0..<values {
                schedule { receive(value) }
            }
            blackHole(sink.total)
        })
}

// MARK: - 16. throttle (RAC's debounce) in virtual time

/// A subject → `throttle(1 ms, on:)` a virtual-time scheduler → sink. The values come in pairs:
/// the first is followed by half the interval (so the second replaces it before its timer fires),
/// the second by the whole interval (so its timer fires and it is sent). Per value: a timer
/// scheduled, half of them cancelled and half run, half of the values sent.
func debounce(values: Int) -> Workload {
    let interval = Duration.milliseconds(1)
    let half = interval / 2
    return Workload(
        id: "debounce", title: "16 subject → throttle (debounce) on a VirtualTimeScheduler → sink", unit: "value",
        operations: values,
        ours: {
            let sink = Sink()
            let scheduler = VirtualTimeScheduler()
            let subject = Subject<Int, Never>()
            let subscription = subject.throttle(interval, on: scheduler).subscribe(next: { sink.total &+= $0 })
            for value in 0..<values {
                subject.sendNext(value)
                scheduler.advance(by: value & 1 == 0 ? half : interval)
            }
            subject.sendCompleted()
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: nil,
        loop: {
            // The same schedule by hand: a held value and its due time.
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            var now: Int64 = 0
            var held: (value: Int, due: Int64)?
            for value in 0..<values {
                held = (value, now + 1_000_000)
                now += value & 1 == 0 ? 500_000 : 1_000_000
                if let pending = held, pending.due <= now {
                    receive(pending.value)
                    held = nil
                }
            }
            blackHole(sink.total)
        })
}
