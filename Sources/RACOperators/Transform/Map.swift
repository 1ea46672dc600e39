// Value transformations: RAC's `-map:` family, scans and folds, materialisation and error-type
// changes. Every operator keeps its state per subscription (locals captured by that subscription's
// closures, serialised by the subscriber's lock) and forwards errors and completion unchanged
// unless its documentation says otherwise.

extension Signal {
    /// RAC: `-map:`. Sends `transform(value)` for each value.
    ///
    /// ```
    /// self:     -1-2-3-|
    /// map(*2):  -2-4-6-|
    /// ```
    @inlinable
    public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> Signal<NewValue, Failure> {
        mapping(named: "[\(self.name)] -map:", transform)
    }

    /// RAC: `-mapReplace:`. Sends `value` in place of every value.
    ///
    /// ```
    /// self:            -1-2-3-|
    /// mapReplace(x):   -x-x-x-|
    /// ```
    @inlinable
    public func mapReplace<NewValue>(_ value: NewValue) -> Signal<NewValue, Failure> {
        relaying(value, named: SignalDebugNames.name("[\(self.name)] -mapReplace: \(value)")) {
            upstream, value, subscriber in
            upstream.relay(into: subscriber) { event in
                switch event {
                case .next: subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-reduceEach:`. For a signal of tuples, calls `reduce` with the tuple's elements as
    /// separate arguments and sends the result. Works for any arity (a parameter pack); the tuple
    /// must be unlabelled. On a signal of single values it is `map(_:)`.
    ///
    /// ```
    /// self:                 -x-y-|     x = (1, 2), y = (3, 4)
    /// reduceEach { $0+$1 }: -3-7-|
    /// ```
    @inlinable
    public func reduceEach<each Element, NewValue>(
        _ reduce: @escaping (repeat each Element) -> NewValue
    ) -> Signal<NewValue, Failure> where Value == (repeat each Element) {
        // Through `mapping`: pattern-matching an event whose value is a pack tuple crashes the
        // Swift 6.3 compiler, a closure taking the tuple does not.
        mapping(named: "[\(self.name)] -reduceEach:") { (tuple: (repeat each Element)) in
            reduce(repeat each tuple)
        }
    }

    /// RAC: `-scanWithStart:reduce:`. Sends each running accumulation `running = reduce(running,
    /// value)`, starting from `initial`; `initial` itself is not sent. The accumulation restarts
    /// from `initial` for each subscription.
    ///
    /// ```
    /// self:         -1-2-3-|
    /// scan(0, +):   -1-3-6-|
    /// ```
    @inlinable
    public func scan<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        lift(
            ScanStage.self, (initial, reduce),
            named: SignalDebugNames.name("[\(self.name)] -scanWithStart: \(initial) reduce:"))
    }

    /// RAC: `-scanWithStart:reduceWithIndex:`. As `scan(_:_:)`, and `reduce` also receives the
    /// index of the value (0 for the first value of each subscription).
    ///
    /// ```
    /// self:                                   -a-b-c-|
    /// scan("", withIndex: { $0 + "\($2)" }):    -x-y-z-|     x = "0", y = "01", z = "012"
    /// ```
    @inlinable
    public func scan<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        relaying(
            RelayIndexedReduction(initial, reduce),
            named: SignalDebugNames.name("[\(self.name)] -scanWithStart: \(initial) reduceWithIndex:")
        ) { upstream, payload, subscriber in
            let reduce = payload.reduce
            let state = OperatorState((running: payload.initial, index: 0))
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    state.value.running = reduce(state.value.running, value, state.value.index)
                    state.value.index += 1
                    subscriber.sendNext(state.value.running)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-aggregateWithStart:reduce:`. Folds every value into `running = reduce(running,
    /// value)` and sends only the final accumulation, when the signal completes; an empty signal
    /// sends `initial`. An error is forwarded and nothing is sent.
    ///
    /// ```
    /// self:              -1-2-3-|
    /// aggregate(0, +):   -------(6|)
    /// empty:             |
    /// aggregate(0, +):   (0|)
    /// ```
    @inlinable
    public func aggregate<Accumulation>(
        _ initial: Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        aggregate(initial, withIndex: { running, value, _ in reduce(running, value) })
    }

    /// RAC: `-aggregateWithStart:reduceWithIndex:`. As `aggregate(_:_:)`, and `reduce` also
    /// receives the index of the value (0 for the first value of each subscription).
    ///
    /// ```
    /// self:                                    -a-b-|
    /// aggregate(0, withIndex: { $0 + $2 }):    -----(1|)
    /// ```
    @inlinable
    public func aggregate<Accumulation>(
        _ initial: Accumulation, withIndex reduce: @escaping (Accumulation, Value, Int) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        relaying(
            RelayIndexedReduction(initial, reduce),
            named: SignalDebugNames.name("[\(self.name)] -aggregateWithStart: \(initial) reduceWithIndex:")
        ) { upstream, payload, subscriber in
            let reduce = payload.reduce
            var running = payload.initial
            var index = 0
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    running = reduce(running, value, index)
                    index += 1
                case .error(let failure): subscriber.sendError(failure)
                case .completed:
                    subscriber.sendNext(running)
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-aggregateWithStartFactory:reduce:`. As `aggregate(_:_:)`, but the start value is made
    /// by `startFactory`, called once at each subscription (so a mutable start, such as a new
    /// collection, is not shared between subscriptions).
    ///
    /// ```
    /// self:                                   -1-2-|
    /// aggregate(startFactory: { [] }, +[$1]): -----(x|)     x = [1, 2]
    /// ```
    @inlinable
    public func aggregate<Accumulation>(
        startFactory: @escaping () -> Accumulation, _ reduce: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        relaying(
            (startFactory, reduce),
            named: SignalDebugNames.name("[\(self.name)] -aggregateWithStartFactory:reduce:")
        ) { upstream, payload, subscriber in
            let reduce = payload.1
            var running = payload.0()
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value): running = reduce(running, value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed:
                    subscriber.sendNext(running)
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-collect`. Collects every value and sends them as one array when the signal
    /// completes (`[]` for an empty signal). An error is forwarded and nothing is sent.
    ///
    /// ```
    /// self:       -1-2-3-|
    /// collect():  -------(x|)     x = [1, 2, 3]
    /// ```
    @inlinable
    public func collect() -> Signal<[Value], Failure> {
        relaying((), named: SignalDebugNames.name("[\(self.name)] -collect")) { upstream, _, subscriber in
            var collected: [Value] = []
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value): collected.append(value)
                case .error(let failure):
                    collected = []
                    subscriber.sendError(failure)
                case .completed:
                    let values = collected
                    collected = []
                    subscriber.sendNext(values)
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-materialize`. Sends every event, the terminal one included, as a value, then
    /// completes. The result never fails.
    ///
    /// ```
    /// self:           -a-b-#
    /// materialize():  -A-B-(E|)     A = .next(a), B = .next(b), E = .error(e)
    /// ```
    @inlinable
    public func materialize() -> Signal<Event<Value, Failure>, Never> {
        relaying((), named: SignalDebugNames.name("[\(self.name)] -materialize"), deliversSerially: false) {
            upstream, _, subscriber in
            upstream.relay(into: subscriber) { event in
                subscriber.sendNext(event)
                if event.isTerminal {
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-combinePreviousWithStart:reduce:`. Sends `reduce(previous, value)` for each value,
    /// where `previous` is the previous *source* value (`start` for the first one). Results are
    /// not fed back.
    ///
    /// ```
    /// self:                     -1-2-3-|
    /// combinePrevious(0, +):    -1-3-5-|
    /// ```
    @inlinable
    public func combinePrevious<NewValue>(
        _ start: Value, _ reduce: @escaping (Value, Value) -> NewValue
    ) -> Signal<NewValue, Failure> {
        relaying(
            (start, reduce),
            named: SignalDebugNames.name("[\(self.name)] -combinePreviousWithStart: \(start) reduce:")
        ) { upstream, payload, subscriber in
            let reduce = payload.1
            var previous = payload.0
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    let combined = reduce(previous, value)
                    previous = value
                    subscriber.sendNext(combined)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-tryMap:`. Sends `transform(value)` for each value; if `transform` throws, sends that
    /// error and ends (the source is disposed). Typed throws replace RAC's `NSError **`.
    ///
    /// ```
    /// self:                                -1-2-3-|
    /// tryMap { $0 == 2 ? throw e : $0 }:   -1-#          (# = e; the source is disposed)
    /// ```
    @inlinable
    public func tryMap<NewValue>(
        _ transform: @escaping (Value) throws(Failure) -> NewValue
    ) -> Signal<NewValue, Failure> {
        relaying(transform, named: SignalDebugNames.name("[\(self.name)] -tryMap:")) {
            source, transform, subscriber in
            source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let value):
                    let mapped: NewValue
                    do throws(Failure) {
                        mapped = try transform(value)
                    } catch {
                        upstream.dispose()
                        subscriber.sendError(error)
                        return
                    }
                    subscriber.sendNext(mapped)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-try:`. Runs `check(value)` for each value: if it returns, the value is sent; if it
    /// throws, that error is sent and the signal ends (the source is disposed). Typed throws
    /// replace RAC's `BOOL` + `NSError **`.
    ///
    /// ```
    /// self:                                    -1-2-3-|
    /// attempt { if $0 == 2 { throw e } }:      -1-#      (# = e; the source is disposed)
    /// ```
    @inlinable
    public func attempt(_ check: @escaping (Value) throws(Failure) -> Void) -> Signal<Value, Failure> {
        relaying(RelayCheck(check), named: SignalDebugNames.name("[\(self.name)] -try:")) {
            source, check, subscriber in
            let check = check.check
            return source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let value):
                    do throws(Failure) {
                        try check(value)
                    } catch {
                        upstream.dispose()
                        subscriber.sendError(error)
                        return
                    }
                    subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: none (its errors were all `NSError`). Sends the same values, with each error replaced by
    /// `transform(error)`: the usual way to make two signals' failure types agree.
    ///
    /// ```
    /// self:                 -a-b-#      (# = e)
    /// mapError { E2($0) }:  -a-b-#      (# = E2(e))
    /// ```
    @inlinable
    public func mapError<NewFailure>(
        _ transform: @escaping (Failure) -> NewFailure
    ) -> Signal<Value, NewFailure> {
        relaying(transform, named: SignalDebugNames.name("[\(self.name)] -mapError:")) {
            upstream, transform, subscriber in
            upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(transform(failure))
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }
}

extension Signal {
    /// `map(_:)` with the result named `name` (evaluated only when debug names are on): a
    /// `RelaySignal` whose payload is `transform`. A `filter` applied to the result runs in the
    /// same stage (`MapFilterSubscriber`), subscribed to this signal directly.
    ///
    /// ```
    /// self:                     -1-2-3-|
    /// mapping(named: n, *2):    -2-4-6-|
    /// ```
    @inlinable
    func mapping<NewValue>(
        named name: @autoclosure () -> String, _ transform: @escaping (Value) -> NewValue
    ) -> Signal<NewValue, Failure> {
        lift(MapStage.self, transform, named: SignalDebugNames.name(name())) {
            upstream, transform, isIncluded, name in
            Signal<NewValue, Failure>.mapFilter(upstream, transform, isIncluded, named: name)
        }
    }
}

extension Signal where Failure == Never {
    /// RAC: none (all its errors were `NSError`). The same signal, typed as one that may fail with
    /// `NewFailure` (it never does). Named as in ReactiveSwift (Combine calls it
    /// `setFailureType(to:)`). Use it to combine a non-failing signal with failing ones.
    ///
    /// ```
    /// self (Never):                 -a-b-|
    /// promoteError(MyError.self):   -a-b-|    (a Signal<Value, MyError>)
    /// ```
    @inlinable
    public func promoteError<NewFailure>(
        _: NewFailure.Type = NewFailure.self
    ) -> Signal<Value, NewFailure> {
        relaying((), named: self.name) { upstream, _, subscriber in
            upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-dematerialize`. The inverse of `materialize()`: for a signal of events, sends each
    /// `.next` value, and ends with the first `.error` or `.completed` value (disposing the
    /// source). If the source completes first, the result completes.
    ///
    /// ```
    /// self:             -A-B-E-     A = .next(a), B = .next(b), E = .error(e)
    /// dematerialize():  -a-b-#
    /// ```
    @inlinable
    public func dematerialize<EventValue, EventFailure>() -> Signal<EventValue, EventFailure>
    where Value == Event<EventValue, EventFailure> {
        relaying((), named: SignalDebugNames.name("[\(self.name)] -dematerialize")) { source, _, subscriber in
            source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let inner):
                    if inner.isTerminal { upstream.dispose() }
                    subscriber.send(inner)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }
}
