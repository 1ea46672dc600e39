// ReactiveSwift's names for operators and types this package has under RAC's: each is
// unavailable, and the compiler names ours (see FromRxSwift.swift). ReactiveSwift's own
// `Signal`/`SignalProducer` split is one cold `Signal` here; `Lifetime`, `MutableProperty`,
// `Property`, `ScopedDisposable`, `SerialDisposable`, `combinePrevious`, `withLatest(from:)`,
// `take(until:)`, `promoteError`, `mapError` and `uniqueValues` have the same names here.
// `observe(on:)` is in FromRxSwift.swift (the two libraries share it).

extension Signal {
    /// RAC: `-subscribeOn:` (ReactiveSwift `start(on:)`); unavailable, renamed to
    /// `subscribe(on:)`.
    ///
    /// ```
    /// start(on: s)   →   subscribe(on: s)
    /// ```
    @available(*, unavailable, renamed: "subscribe(on:)")
    public func start(on scheduler: Scheduler) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeNext:` (ReactiveSwift `startWithValues(_:)`); unavailable, renamed to
    /// `subscribe(next:)`.
    ///
    /// ```
    /// startWithValues { print($0) }   →   subscribe(next: { print($0) })
    /// ```
    @available(*, unavailable, renamed: "subscribe(next:)")
    @discardableResult
    public func startWithValues(_ action: @escaping (Value) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeNext:` (ReactiveSwift `observeValues(_:)`); unavailable, renamed to
    /// `subscribe(next:)`.
    ///
    /// ```
    /// observeValues { print($0) }   →   subscribe(next: { print($0) })
    /// ```
    @available(*, unavailable, renamed: "subscribe(next:)")
    @discardableResult
    public func observeValues(_ action: @escaping (Value) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeError:` (ReactiveSwift `startWithFailed(_:)`); unavailable, renamed to
    /// `subscribe(error:)`.
    ///
    /// ```
    /// startWithFailed { print($0) }   →   subscribe(error: { print($0) })
    /// ```
    @available(*, unavailable, renamed: "subscribe(error:)")
    @discardableResult
    public func startWithFailed(_ action: @escaping (Failure) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeCompleted:` (ReactiveSwift `startWithCompleted(_:)`); unavailable, renamed
    /// to `subscribe(completed:)`.
    ///
    /// ```
    /// startWithCompleted { done() }   →   subscribe(completed: { done() })
    /// ```
    @available(*, unavailable, renamed: "subscribe(completed:)")
    @discardableResult
    public func startWithCompleted(_ action: @escaping () -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeNext:error:completed:` (ReactiveSwift `startWithResult(_:)`); unavailable:
    /// `subscribe(next:error:)`, one closure per event.
    ///
    /// ```
    /// startWithResult { result in … }   →   subscribe(next: { … }, error: { … })
    /// ```
    @available(*, unavailable, message: "use subscribe(next:error:completed:), one closure per event")
    @discardableResult
    public func startWithResult(_ action: @escaping (Result<Value, Failure>) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-subscribe:` with an event block (ReactiveSwift `start(_:)`); unavailable, renamed
    /// to `observe(_:)` (events `.next`, `.error`, `.completed`; no `.interrupted`: a disposed
    /// subscription sends nothing).
    ///
    /// ```
    /// start { event in … }   →   observe { event in … }
    /// ```
    @available(*, unavailable, renamed: "observe(_:)")
    @discardableResult
    public func start(_ action: @escaping (Event<Value, Failure>) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-doNext:`, `-doError:`, `-doCompleted:`, `-initially:`, `-finally:` (ReactiveSwift
    /// `on(starting:started:event:failed:completed:interrupted:terminated:disposed:value:)`);
    /// unavailable: one operator per event.
    ///
    /// ```
    /// on(value: f, failed: g)   →   doNext(f).doError(g)
    /// ```
    @available(
        *, unavailable,
        message: """
            use doNext(_:) (value), doError(_:) (failed), doCompleted(_:) (completed), initially(_:) \
            (starting), finally(_:) (terminated), doDisposed(_:) (disposed)
            """
    )
    public func on(
        starting: (() -> Void)? = nil, started: (() -> Void)? = nil,
        event: ((Event<Value, Failure>) -> Void)? = nil, failed: ((Failure) -> Void)? = nil,
        completed: (() -> Void)? = nil, interrupted: (() -> Void)? = nil, terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil, value: ((Value) -> Void)? = nil
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-distinctUntilChanged` (ReactiveSwift `skipRepeats()`); unavailable, renamed to
    /// `distinctUntilChanged()`.
    ///
    /// ```
    /// self:                     -a-a-b-|
    /// distinctUntilChanged():   -a---b-|
    /// ```
    @available(*, unavailable, renamed: "distinctUntilChanged()")
    public func skipRepeats() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-distinctUntilChanged` with a comparer (ReactiveSwift `skipRepeats(_:)`);
    /// unavailable, renamed to `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// self:                           -a-a-b-|
    /// distinctUntilChanged(by: ==):   -a---b-|
    /// ```
    @available(*, unavailable, renamed: "distinctUntilChanged(by:)")
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeUntil:` with a lifetime (ReactiveSwift `take(during:)`); unavailable: take
    /// until the lifetime's `ended` signal completes.
    ///
    /// ```
    /// take(during: lifetime)   →   take(until: lifetime.ended)
    /// ```
    @available(*, unavailable, message: "use take(until: lifetime.ended)")
    public func take(during lifetime: Lifetime) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-take:` (ReactiveSwift `take(first:)`); unavailable, renamed to `take(_:)`.
    ///
    /// ```
    /// self:      -a-b-c-|
    /// take(2):   -a-(b|)
    /// ```
    @available(*, unavailable, renamed: "take(_:)")
    public func take(first count: Int) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeLast:` (ReactiveSwift `take(last:)`); unavailable, renamed to `takeLast(_:)`.
    ///
    /// ```
    /// self:          -a-b-c-|
    /// takeLast(2):   -------(bc|)
    /// ```
    @available(*, unavailable, renamed: "takeLast(_:)")
    public func take(last count: Int) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-skip:` (ReactiveSwift `skip(first:)`); unavailable, renamed to `skip(_:)`.
    ///
    /// ```
    /// self:      -1-2-3-|
    /// skip(1):   ---2-3-|
    /// ```
    @available(*, unavailable, renamed: "skip(_:)")
    public func skip(first count: Int) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-map:` then `-ignore:nil` (ReactiveSwift `filterMap(_:)`); unavailable, renamed to
    /// `compactMap(_:)`.
    ///
    /// ```
    /// self:               -1-x-3-|
    /// compactMap(Int.init):  -1---3-|
    /// ```
    @available(*, unavailable, renamed: "compactMap(_:)")
    public func filterMap<NewValue>(_ transform: @escaping (Value) -> NewValue?) -> Signal<NewValue, Failure>
    {
        fatalError("unavailable")
    }

    /// RAC: `-ignore:nil` (ReactiveSwift `skipNil()`); unavailable, renamed to `compacted()`.
    ///
    /// ```
    /// self:          -a-nil-b-|
    /// compacted():   -a-----b-|
    /// ```
    @available(*, unavailable, renamed: "compacted()")
    public func skipNil() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-catch:` (ReactiveSwift `flatMapError(_:)`); unavailable, renamed to `catch(_:)`.
    ///
    /// ```
    /// self:      -a-#
    /// handler:      c|
    /// catch:     -a-c|
    /// ```
    @available(*, unavailable, renamed: "catch(_:)")
    public func flatMapError<NewFailure: Error>(
        _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        fatalError("unavailable")
    }

    /// RAC: `-tryMap:` (ReactiveSwift `attemptMap(_:)`); unavailable, renamed to `tryMap(_:)`,
    /// whose closure throws the signal's error (typed).
    ///
    /// ```
    /// self:                              -1-2-|
    /// tryMap { $0 == 2 ? throw e : $0 }:   -1-#
    /// ```
    @available(*, unavailable, renamed: "tryMap(_:)")
    public func attemptMap<NewValue>(
        _ transform: @escaping (Value) throws(Failure) -> NewValue
    ) -> Signal<NewValue, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-aggregateWithStart:reduce:` (ReactiveSwift and Combine `reduce(_:_:)`);
    /// unavailable, renamed to `aggregate(_:_:)`.
    ///
    /// ```
    /// self:              -1-2-3-|
    /// aggregate(0, +):   -------(6|)
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulation before the first value.
    ///   - nextPartialResult: Called with the accumulation so far and a value; returns the new
    ///     accumulation (`aggregate`'s `reduce`).
    /// - Returns: As `aggregate(_:_:)`: a signal that sends the final accumulation when this signal
    ///   completes (this name does not compile: the error names `aggregate(_:_:)`).
    @available(*, unavailable, renamed: "aggregate(_:_:)")
    public func reduce<Accumulation>(
        _ initial: Accumulation, _ nextPartialResult: @escaping (Accumulation, Value) -> Accumulation
    ) -> Signal<Accumulation, Failure> {
        fatalError("unavailable")
    }
}
