import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The same case built with the framework and run on a `TestScheduler`.
extension DifferentialCase {
    /// What the framework delivers, and the grammar breaches the checker saw.
    func actual() throws -> (Timeline, [String]) {
        // One tick is one nanosecond of virtual time.
        let scheduler = TestScheduler(frameDuration: .nanoseconds(Ticks.perFrame))
        func make(_ spec: SourceSpec) throws -> Signal<Int, TestError> {
            if spec.isHot {
                return try scheduler.createHotSignal(
                    spec.marble, values: ModelEvent.marbleValues, error: TestError())
            }
            return try scheduler.createColdSignal(
                spec.marble, values: ModelEvent.marbleValues, error: TestError())
        }
        var signal = Self.apply(leftChain, to: try make(left), on: scheduler)
        if let binary {
            let other = Self.apply(rightChain, to: try make(right), on: scheduler)
            switch binary {
            case .merge: signal = signal.merge(other)
            case .concat: signal = signal.concat(other)
            case .zip: signal = signal.zip(with: other).map { $0 * 100 + $1 }
            case .combineLatest: signal = signal.combineLatest(with: other).map { $0 * 100 + $1 }
            case .takeUntil: signal = signal.take(until: other)
            case .catch: signal = signal.catch { _ in other }
            }
        }
        signal = Self.apply(chain, to: signal, on: scheduler)
        let recorder = scheduler.record(signal)
        // Every case ends its subscription (terminal event or disposal): the chain must then have
        // released the recorder's subscriber (checked by the suite's `.checksRelease`).
        ReleaseWatch.current?.add("the subscriber of a differential case", #_sourceLocation) {
            !recorder.isReleased
        }
        let grammar = checked(signal)
        scheduler.run()
        // A source that never terminates keeps its subscription alive until it is disposed.
        defer {
            recorder.dispose()
            grammar.dispose()
        }
        let timeline = recorder.events.map { recorded -> Timed in
            let time = Int((recorded.time / .nanoseconds(1)).rounded())
            switch recorded.value {
            case .next(let value): return Timed(time: time, event: .next(value))
            case .error: return Timed(time: time, event: .error)
            case .completed: return Timed(time: time, event: .completed)
            }
        }
        var breaches = grammar.checker.violations
        if grammar.checker.events.count != timeline.count {
            breaches.append("a second subscription saw \(grammar.checker.events.count) events")
        }
        return (timeline, breaches)
    }

    private static func apply(
        _ ops: [UnaryOperator], to signal: Signal<Int, TestError>, on scheduler: TestScheduler
    ) -> Signal<Int, TestError> {
        ops.reduce(signal) { signal, op in
            switch op {
            case .map(let offset): signal.map { $0 + offset }
            case .filter(let modulus): signal.filter { $0 % modulus != 0 }
            case .take(let count): signal.take(count)
            case .skip(let count): signal.skip(count)
            case .scan: signal.scan(0, +)
            case .delay(let interval): signal.delay(.nanoseconds(interval.ticks), on: scheduler)
            case .throttle(let interval): signal.throttle(.nanoseconds(interval.ticks), on: scheduler)
            case .buffer(let interval):
                signal.buffer(for: .nanoseconds(interval.ticks), on: scheduler)
                    .map { $0.count * 1000 + $0.reduce(0, +) }
            case .flattenMap(let inner): signal.flattenMap { innerSignal(inner, $0, on: scheduler) }
            case .switchToLatest(let inner):
                signal.map { innerSignal(inner, $0, on: scheduler) }.switchToLatest()
            case .retry(let count): signal.retry(count)
            }
        }
    }

    /// The inner signal of `value`: for each subscriber, every event of `inner.frames` is
    /// scheduled when it subscribes, at its frame plus `inner.offset` ticks; a value `x` is sent as
    /// `value * 10 + x`.
    private static func innerSignal(_ inner: InnerSpec, _ value: Int, on scheduler: TestScheduler)
        -> Signal<Int, TestError>
    {
        Signal { subscriber in
            let pending = CompoundDisposable()
            for (frame, event) in inner.frames.enumerated() {
                guard let event else { continue }
                let due = Duration.nanoseconds(frame * Ticks.perFrame + inner.offset)
                pending += scheduler.schedule(after: due) {
                    switch event {
                    case .next(let x): subscriber.sendNext(value * 10 + x)
                    case .error: subscriber.sendError(TestError())
                    case .completed: subscriber.sendCompleted()
                    }
                }
            }
            return pending
        }
    }
}
