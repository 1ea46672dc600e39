// RxSwift's names for the filtering, accumulating and time operators this package has under
// RAC's (see FromRxSwift.swift).

extension Signal {
    /// RAC: none (RxSwift `withLatestFrom(_:)`, which sends only the other's value); unavailable:
    /// `withLatest(from:)` sends `(value, latest)` pairs, so take the second element.
    ///
    /// ```
    /// withLatestFrom(other)   →   withLatest(from: other).map { $0.1 }
    /// ```
    @available(
        *, unavailable,
        message: "withLatest(from:) sends (value, latest) pairs: withLatest(from: other).map { $0.1 }"
    )
    public func withLatestFrom<Other>(_ second: Signal<Other, Failure>) -> Signal<Other, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `withLatestFrom(_:resultSelector:)`); unavailable, renamed to
    /// `withLatest(from:_:)`.
    ///
    /// ```
    /// self:                     -a---b-|
    /// other:                    --1-2---
    /// withLatest(from:, +):     -----x-|      x = b2
    /// ```
    @available(*, unavailable, renamed: "withLatest(from:_:)")
    public func withLatestFrom<Other, Result>(
        _ second: Signal<Other, Failure>, resultSelector: @escaping (Value, Other) -> Result
    ) -> Signal<Result, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeUntil:` (RxSwift 5 `takeUntil(_:)`); unavailable, renamed to `take(until:)`.
    ///
    /// ```
    /// self:                  -1-2-3-|
    /// trigger:               ----x-
    /// take(until: trigger):  -1-2|
    /// ```
    @available(*, unavailable, renamed: "take(until:)")
    public func takeUntil<TriggerValue, TriggerFailure>(
        _ other: Signal<TriggerValue, TriggerFailure>
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeWhileBlock:` (RxSwift 5 `takeWhile(_:)`); unavailable, renamed to
    /// `take(while:)`.
    ///
    /// ```
    /// self:                      -1-2-3-1-|
    /// take(while: { $0 < 3 }):   -1-2-|
    /// ```
    @available(*, unavailable, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-skipWhileBlock:` (RxSwift 5 `skipWhile(_:)`); unavailable, renamed to
    /// `skip(while:)`.
    ///
    /// ```
    /// self:                      -1-2-3-1-|
    /// skip(while: { $0 < 3 }):   -----3-1-|
    /// ```
    @available(*, unavailable, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift 5 `skipUntil(_:)`); unavailable, renamed to `skip(until:)`.
    ///
    /// ```
    /// self:                  -1-2-3-|
    /// trigger:               ---x-
    /// skip(until: trigger):  -----3-|
    /// ```
    @available(*, unavailable, renamed: "skip(until:)")
    public func skipUntil<TriggerValue>(_ other: Signal<TriggerValue, Failure>) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift 5 `elementAt(_:)`); unavailable, renamed to `element(at:)` (for a signal
    /// that can fail, `element(at:raising:)`).
    ///
    /// ```
    /// self:            -a-b-c-|
    /// element(at: 1):  ---(b|)
    /// ```
    @available(*, unavailable, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Signal<Value, ValueCountError> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift 5 `take(_:scheduler:)` with a duration); unavailable, renamed to
    /// `take(for:on:)`.
    ///
    /// ```
    /// self:          -a-b-c-d-|
    /// take(for: 4):  -a-b|
    /// ```
    @available(*, unavailable, renamed: "take(for:on:)")
    public func take<S>(_ duration: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift 5 `skip(_:scheduler:)` with a duration); unavailable, renamed to
    /// `skip(for:on:)`.
    ///
    /// ```
    /// self:          -a-b-c-d-|
    /// skip(for: 4):  -----c-d-|
    /// ```
    @available(*, unavailable, renamed: "skip(for:on:)")
    public func skip<S>(_ duration: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `window(timeSpan:count:scheduler:)`); unavailable:
    /// `window(every:count:on:)` (a window every interval from subscription, empty ones included),
    /// or `window(for:count:on:)` (windows that open with their first value).
    ///
    /// ```
    /// window(timeSpan: t, count: n, scheduler: s)   →   window(every: t, count: n, on: s)
    /// ```
    @available(
        *, unavailable,
        message:
            "use window(every:count:on:) (a window every interval, empty ones included) or window(for:count:on:)"
    )
    public func window<S>(timeSpan: Duration, count: Int, scheduler: S) -> Signal<
        Signal<Value, Failure>, Failure
    > {
        fatalError("unavailable")
    }

    /// RAC: `-scanWithStart:reduce:` (RxSwift `scan(_:accumulator:)`); unavailable, renamed to
    /// `scan(_:_:)`.
    ///
    /// ```
    /// self:         -1-2-3-|
    /// scan(0, +):   -1-3-6-|
    /// ```
    @available(*, unavailable, renamed: "scan(_:_:)")
    public func scan<Accumulation>(
        _ seed: Accumulation, accumulator: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `scan(into:accumulator:)`); unavailable, renamed to `scan(into:_:)`.
    ///
    /// ```
    /// self:                               -a-b-|
    /// scan(into: []) { $0.append($1) }:   -x-y-|     x = [a], y = [a, b]
    /// ```
    @available(*, unavailable, renamed: "scan(into:_:)")
    public func scan<Accumulation>(
        into seed: Accumulation, accumulator: @escaping (inout Accumulation, Value) -> Void
    ) -> Signal<Accumulation, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-aggregateWithStart:reduce:` (RxSwift `reduce(_:accumulator:)`); unavailable,
    /// renamed to `aggregate(_:_:)`.
    ///
    /// ```
    /// self:              -1-2-3-|
    /// aggregate(0, +):   -------(6|)
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The accumulation before the first value (`aggregate`'s `initial`).
    ///   - accumulator: Called with the accumulation so far and a value; returns the new accumulation
    ///     (`aggregate`'s `reduce`).
    /// - Returns: As `aggregate(_:_:)`: a signal that sends the final accumulation when this signal
    ///   completes (this name does not compile: the error names `aggregate(_:_:)`).
    @available(*, unavailable, renamed: "aggregate(_:_:)")
    public func reduce<Accumulation>(
        _ seed: Accumulation, accumulator: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-startWith:` with several values (RxSwift `startWith(_:_:…)`); unavailable: RAC's
    /// `startWith(_:)` takes one value; put several in front with `concat`.
    ///
    /// ```
    /// startWith(a, b)   →   Signal(values: [a, b]).concat(self)
    /// ```
    @available(
        *, unavailable, message: "startWith(_:) takes one value: Signal(values: [a, b]).concat(signal)"
    )
    public func startWith(_ first: Value, _ second: Value, _ more: Value...) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-ignoreValues` (RxSwift `ignoreElements()`); unavailable, renamed to
    /// `ignoreValues()`.
    ///
    /// ```
    /// self:             -a-b-|
    /// ignoreValues():   -----|
    /// ```
    @available(*, unavailable, renamed: "ignoreValues()")
    public func ignoreElements() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-timeout:onScheduler:` (RxSwift `timeout(_:scheduler:)`, Combine
    /// `timeout(_:scheduler:)`); unavailable, renamed to `timeout(_:on:)`, which fails with
    /// `TimeoutError` (`timeout(_:on:raising:)` for an error of your own).
    ///
    /// ```
    /// self:          ------a|
    /// timeout(3):    ---#          (# = TimeoutError)
    /// ```
    @available(*, unavailable, renamed: "timeout(_:on:)")
    public func timeout<S>(_ dueTime: Duration, scheduler: S) -> Signal<Value, TimeoutError> {
        fatalError("unavailable")
    }

    /// RAC: `-delay:` (RxSwift `delay(_:scheduler:)`); unavailable, renamed to `delay(_:on:)`.
    ///
    /// ```
    /// self:       -a-b-|
    /// delay(2):   ---a-b-|
    /// ```
    @available(*, unavailable, renamed: "delay(_:on:)")
    public func delay<S>(_ dueTime: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `delaySubscription(_:scheduler:)`); unavailable, renamed to
    /// `delaySubscription(_:on:)`.
    ///
    /// ```
    /// delaySubscription(2, scheduler: s)   →   delaySubscription(2, on: s)
    /// ```
    @available(*, unavailable, renamed: "delaySubscription(_:on:)")
    public func delaySubscription<S>(_ dueTime: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `buffer(timeSpan:count:scheduler:)`); unavailable: `buffer(every:count:on:)`
    /// (a batch every interval from subscription, empty ones included), or `buffer(for:count:on:)`
    /// (batches that start with their first value, as RAC's `-bufferWithTime:onScheduler:`).
    ///
    /// ```
    /// buffer(timeSpan: t, count: n, scheduler: s)   →   buffer(every: t, count: n, on: s)
    /// ```
    @available(
        *, unavailable,
        message:
            "use buffer(every:count:on:) (a batch every interval, empty ones included) or buffer(for:count:on:)"
    )
    public func buffer<S>(timeSpan: Duration, count: Int, scheduler: S) -> Signal<[Value], Failure> {
        fatalError("unavailable")
    }
}
