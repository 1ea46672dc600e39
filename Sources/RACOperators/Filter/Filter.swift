// Filtering: RAC's `-filter:`, `-take…`, `-skip…`, `-distinctUntilChanged`, `-any`/`-all:`. Counters
// and flags live per subscription; an operator that ends early (`take`, `take(until:)`, `any`)
// completes its subscriber, which disposes the source subscription at once.

extension Signal {
    /// RAC: `-filter:`. Sends only the values for which `isIncluded` returns true.
    ///
    /// ```
    /// self:            -1-2-3-4-|
    /// filter(isEven):  ---2---4-|
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        let name = SignalDebugNames.name("[\(self.name)] -filter:")
        if let fused = fusingFilter(isIncluded, named: name) {
            return fused
        }
        return lift(FilterStage.self, Predicate(isIncluded), named: name)
    }

    /// RAC: `-ignoreValues`. Drops every value; only the error or the completion passes.
    ///
    /// ```
    /// self:            -1-2-3-|
    /// ignoreValues():  -------|
    /// ```
    @inlinable
    public func ignoreValues() -> Signal<Value, Failure> {
        relaying((), named: SignalDebugNames.name("[\(self.name)] -ignoreValues")) {
            upstream, _, subscriber in
            upstream.relay(into: subscriber) { event in
                switch event {
                case .next: break
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-distinctUntilChanged` with a custom equality. The first value always passes; a later
    /// value is dropped when `isEquivalent(previous, value)`, `previous` being the last value
    /// *sent* (a dropped value does not replace it, as in RAC). State is per subscription.
    ///
    /// ```
    /// self:                                   -a-A-b-B-a-|
    /// distinctUntilChanged(by: caseInsensitive): -a---b---a-|
    /// ```
    @inlinable
    public func distinctUntilChanged(
        by isEquivalent: @escaping (Value, Value) -> Bool
    ) -> Signal<Value, Failure> {
        lift(
            DistinctStage.self, Equivalence(isEquivalent),
            named: SignalDebugNames.name("[\(self.name)] -distinctUntilChanged"))
    }

    /// RAC: `-take:`. Sends the first `count` values, then completes at once (right after the
    /// `count`-th value), disposing the source. `take(0)` completes on subscription without
    /// subscribing to the source. A negative count is a programmer error.
    ///
    /// ```
    /// self:      -1-2-3-4-|
    /// take(2):   -1-(2|)
    /// take(0):   |
    /// ```
    @inlinable
    public func take(_ count: Int) -> Signal<Value, Failure> {
        if count < 0 {
            racProgrammerError("take(_:)", "count must be >= 0, got \(count)")
        }
        let name = SignalDebugNames.name("[\(self.name)] -take: \(count)")
        if count == 0 {
            return Signal(name: name) { subscriber in
                subscriber.sendCompleted()
                return nil
            }
        }
        return lift(TakeStage.self, count, named: name)
    }

    /// RAC: `-takeLast:`. Keeps the last `count` values and sends them when the source completes,
    /// then completes. Nothing is sent before completion; an error is forwarded and the kept values
    /// dropped. A negative count is a programmer error.
    ///
    /// ```
    /// self:         -1-2-3-|
    /// takeLast(2):  -------(23|)
    /// ```
    @inlinable
    public func takeLast(_ count: Int) -> Signal<Value, Failure> {
        if count < 0 {
            racProgrammerError("takeLast(_:)", "count must be >= 0, got \(count)")
        }
        return relaying(count, named: SignalDebugNames.name("[\(self.name)] -takeLast: \(count)")) {
            upstream, count, subscriber in
            // A ring of at most `count` values; `oldest` is where the oldest one sits once it is full.
            var kept: [Value] = []
            var oldest = 0
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    if kept.count < count {
                        kept.append(value)
                    } else if count > 0 {
                        kept[oldest] = value
                        oldest += 1
                        if oldest == count { oldest = 0 }
                    }
                case .error(let failure):
                    kept = []
                    subscriber.sendError(failure)
                case .completed:
                    let values = kept
                    let start = oldest
                    kept = []
                    for offset in 0..<values.count {
                        if subscriber.isDisposed { return }
                        subscriber.sendNext(values[(start + offset) % values.count])
                    }
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-takeUntilBlock:`. Sends values until `predicate` returns true for one: that value is
    /// not sent, and the signal completes (disposing the source). If the predicate never holds, the
    /// result is the source.
    ///
    /// ```
    /// self:                     -1-2-3-4-|
    /// take(until: { $0 == 3 }): -1-2-|
    /// ```
    @inlinable
    public func take(until predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        relaying(Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -takeUntilBlock:")) {
            source, predicate, subscriber in
            let predicate = predicate.test
            return source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let value):
                    if predicate(value) {
                        upstream.dispose()
                        subscriber.sendCompleted()
                    } else {
                        subscriber.sendNext(value)
                    }
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-takeWhileBlock:`. Sends values while `predicate` returns true; the first value for
    /// which it returns false is not sent, and the signal completes (disposing the source).
    ///
    /// ```
    /// self:                    -1-2-3-1-|
    /// take(while: { $0 < 3 }): -1-2-|
    /// ```
    @inlinable
    public func take(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        relaying(Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -takeWhileBlock:")) {
            source, predicate, subscriber in
            let predicate = predicate.test
            return source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let value):
                    if predicate(value) {
                        subscriber.sendNext(value)
                    } else {
                        upstream.dispose()
                        subscriber.sendCompleted()
                    }
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-takeUntil:`. Forwards the source until `trigger` sends a value or completes; then
    /// completes, disposing both. An error from the trigger is ignored (the source goes on). The
    /// trigger is subscribed first: if it fires during that subscription, the source is never
    /// subscribed. When the source terminates, the trigger is disposed.
    ///
    /// ```
    /// self:                -1-2-3-4-|
    /// trigger:             -----x-
    /// take(until: trigger): -1-2-|
    /// ```
    @inlinable
    public func take<TriggerValue, TriggerFailure>(
        until trigger: Signal<TriggerValue, TriggerFailure>
    ) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -takeUntil: \(trigger)")) { subscriber in
            // RAC's order: the trigger and the source are disposed before the completion is sent.
            // Both handlers reach both subscribers through `links`, which does not hold them.
            let links = TakeUntilLinks()
            let source = Subscriber<Value, Failure> { event in
                if case .completed = event { links.disposeTrigger() }
                subscriber.send(event)
            }
            let triggerSubscriber = Subscriber<TriggerValue, TriggerFailure> { event in
                if case .error = event { return }
                links.disposeTrigger()
                links.disposeSource()
                subscriber.sendCompleted()
            }
            links.set(trigger: triggerSubscriber, source: source)
            subscriber.link(triggerSubscriber)
            subscriber.link(source)
            trigger.subscribe(triggerSubscriber)
            if !source.isDisposed {
                self.subscribe(source)
            }
            return nil
        }
    }

    /// RAC: `-takeUntilReplacement:`. Forwards the source until `replacement` sends its first
    /// event; from then on forwards only `replacement` (the source is disposed). The source's
    /// completion is not forwarded (the result waits for the replacement); its error is. The
    /// replacement is subscribed first: if it sends during that subscription, the source is never
    /// subscribed.
    ///
    /// ```
    /// self:                          -1-2-3-|
    /// replacement:                   -----a-b-|
    /// take(untilReplacement: r):     -1-2-a-b-|
    /// ```
    @inlinable
    public func take(untilReplacement replacement: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -takeUntilReplacement: \(replacement)")) {
            subscriber in
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value): subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: break
                }
            }
            let replacing = Subscriber<Value, Failure> { event in
                source.dispose()
                subscriber.send(event)
            }
            subscriber.link(source)
            subscriber.link(replacing)
            replacement.subscribe(replacing)
            if !source.isDisposed {
                self.subscribe(source)
            }
            return nil
        }
    }

    /// RAC: `-skip:`. Drops the first `count` values of each subscription, then sends the rest.
    /// A negative count is a programmer error.
    ///
    /// ```
    /// self:     -1-2-3-4-|
    /// skip(2):  -----3-4-|
    /// ```
    @inlinable
    public func skip(_ count: Int) -> Signal<Value, Failure> {
        if count < 0 {
            racProgrammerError("skip(_:)", "count must be >= 0, got \(count)")
        }
        return relaying(count, named: SignalDebugNames.name("[\(self.name)] -skip: \(count)")) {
            upstream, count, subscriber in
            var skipped = 0
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    if skipped < count {
                        skipped += 1
                    } else {
                        subscriber.sendNext(value)
                    }
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-skipUntilBlock:`. Drops values until `predicate` returns true for one; that value and
    /// every later one are sent (the predicate is not called again).
    ///
    /// ```
    /// self:                     -1-3-1-|
    /// skip(until: { $0 == 3 }): ---3-1-|
    /// ```
    @inlinable
    public func skip(until predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        relaying(Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -skipUntilBlock:")) {
            upstream, predicate, subscriber in
            let predicate = predicate.test
            var skipping = true
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    if skipping {
                        guard predicate(value) else { return }
                        skipping = false
                    }
                    subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-skipWhileBlock:`. Drops values while `predicate` returns true; the first value for
    /// which it returns false and every later one are sent (the predicate is not called again).
    ///
    /// ```
    /// self:                    -1-2-3-1-|
    /// skip(while: { $0 < 3 }): -----3-1-|
    /// ```
    @inlinable
    public func skip(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        relaying(Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -skipWhileBlock:")) {
            upstream, predicate, subscriber in
            let predicate = predicate.test
            var skipping = true
            return upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let value):
                    if skipping {
                        guard !predicate(value) else { return }
                        skipping = false
                    }
                    subscriber.sendNext(value)
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-any:`. Sends `true` and completes (disposing the source) at the first value that
    /// passes `predicate`; sends `false` and completes if the source ends first, by completing
    /// *or by failing* (RAC treats a finished event alike), so the result never fails.
    ///
    /// ```
    /// self:                   -1-2-3-|       -1-#
    /// any { $0 > 1 }:         ---(t|)        ---(f|)
    /// ```
    @inlinable
    public func any(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        relaying(Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -any:")) {
            source, predicate, subscriber in
            let predicate = predicate.test
            var decided = false
            return source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let value):
                    guard !decided, predicate(value) else { return }
                    decided = true
                    subscriber.sendNext(true)
                    upstream.dispose()
                    subscriber.sendCompleted()
                case .error, .completed:
                    subscriber.sendNext(false)
                    subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-any`. Sends `true` and completes at the first value; `false` and completes if the
    /// source completes or fails without a value. The result never fails.
    ///
    /// ```
    /// self:    -a-b-|     ---|      -#
    /// any():   -(t|)      ---(f|)   -(f|)
    /// ```
    @inlinable
    public func any() -> Signal<Bool, Never> {
        any { _ in true }
    }

    /// RAC: `-all:`. Sends `false` and completes (disposing the source) at the first value that
    /// fails `predicate`, or if the source fails; sends `true` and completes when the source
    /// completes with every value passing (or none). The result never fails.
    ///
    /// ```
    /// self:                   -1-2-3-|      -1-5-|      -1-#
    /// all { $0 < 4 }:         -------(t|)   ---(f|)     ---(f|)
    /// ```
    @inlinable
    public func all(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        relaying(Predicate(predicate), named: SignalDebugNames.name("[\(self.name)] -all:")) {
            source, predicate, subscriber in
            let predicate = predicate.test
            var decided = false
            return source.relayStopping(into: subscriber) { event, upstream in
                switch event {
                case .next(let value):
                    guard !decided, !predicate(value) else { return }
                    decided = true
                    subscriber.sendNext(false)
                    upstream.dispose()
                    subscriber.sendCompleted()
                case .error:
                    subscriber.sendNext(false)
                    subscriber.sendCompleted()
                case .completed:
                    subscriber.sendNext(true)
                    subscriber.sendCompleted()
                }
            }
        }
    }
}

extension Signal where Value: Equatable {
    /// RAC: `-ignore:`. Drops every value equal to `value`.
    ///
    /// ```
    /// self:       -1-2-1-3-|
    /// ignore(1):  ---2---3-|
    /// ```
    @inlinable
    public func ignore(_ value: Value) -> Signal<Value, Failure> {
        relaying(value, named: SignalDebugNames.name("[\(self.name)] -ignore: \(value)")) {
            upstream, value, subscriber in
            upstream.relay(into: subscriber) { event in
                switch event {
                case .next(let received):
                    if received != value { subscriber.sendNext(received) }
                case .error(let failure): subscriber.sendError(failure)
                case .completed: subscriber.sendCompleted()
                }
            }
        }
    }

    /// RAC: `-distinctUntilChanged`. The first value always passes; a later value is dropped when
    /// it equals the previous one (`nil` after `nil` included). State is per subscription.
    ///
    /// ```
    /// self:                    -1-1-2-2-1-|
    /// distinctUntilChanged():  -1---2---1-|
    /// ```
    @inlinable
    public func distinctUntilChanged() -> Signal<Value, Failure> {
        distinctUntilChanged(by: ==)
    }
}
