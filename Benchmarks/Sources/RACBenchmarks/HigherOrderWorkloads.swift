import OpenCombine
import RACCore
import RACOperators
import RACSchedulers

// Workloads 9–15 (issue 19): the higher-order operators, a deep chain of maps, retry, and the
// two-input and scheduler hops of the hot path. Each is built as workloads 1–8 are: the same
// counts for the three implementations, the result summed into a `Sink` and kept alive by
// `blackHole`.

// MARK: - 9. switchToLatest

/// A subject of subjects: each new inner subject is sent, then receives `valuesEach` values.
func switchToLatest(inners: Int, valuesEach: Int) -> Workload {
    Workload(
        id: "switchToLatest", title: "9 switchToLatest \(inners) inner subjects × \(valuesEach)",
        unit: "value",
        operations: inners * valuesEach,
        ours: {
            let sink = Sink()
            let outer = Subject<Signal<Int, Never>, Never>()
            let subscription = outer.switchToLatest().subscribe(next: { sink.total &+= $0 })
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
            let cancellable = outer.switchToLatest().sink { sink.total &+= $0 }
            for start in 0..<inners {
                let inner = PassthroughSubject<Int, Never>()
                outer.send(inner)
                for value in start..<start + valuesEach { inner.send(value) }
            }
            outer.send(completion: .finished)
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            for start in 0..<inners {
                for value in start..<start + valuesEach { receive(value) }
            }
            blackHole(sink.total)
        })
}

// MARK: - 10. concat

/// `Signal.concat` of `signals` cold signals, built in the run as workload 5b builds its signals.
func concat(signals: Int, valuesEach: Int) -> Workload {
    Workload(
        id: "concat", title: "10 concat of \(signals) signals × \(valuesEach)", unit: "value",
        operations: signals * valuesEach,
        ours: {
            let sink = Sink()
            Signal.concat(
                (0..<signals).map { start in Signal<Int, Never>(values: start..<start + valuesEach) }
            )
            .subscribe(next: { sink.total &+= $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            // OpenCombine 0.14 concatenates two publishers (`Concatenate`), not a collection: the
            // Combine way is flatMap with one publisher at a time.
            let cancellable = (0..<signals).map { start in (start..<start + valuesEach).publisher }.publisher
                .flatMap(maxPublishers: .max(1)) { $0 }
                .sink { sink.total &+= $0 }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            for start in 0..<signals {
                for value in start..<start + valuesEach { receive(value) }
            }
            blackHole(sink.total)
        })
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
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            for start in 0..<inners {
                for value in start..<start + valuesEach { receive(value) }
            }
            blackHole(sink.total)
        })
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
