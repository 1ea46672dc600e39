// Combine's names for operators and types this package has under RAC's: each is unavailable, and
// the compiler names ours (see FromRxSwift.swift). An unavailable type never hides an available
// one of the same name: a file that imports Combine too still gets Combine's `AnyCancellable`.

extension Signal {
    /// RAC: `-subscribeNext:` (Combine `sink(receiveValue:)`); unavailable, renamed to
    /// `subscribe(next:)`. Keep the returned disposable (a `Lifetime`, a `ScopedDisposable`) as
    /// you kept the `AnyCancellable`.
    ///
    /// ```
    /// sink { print($0) }   →   subscribe(next: { print($0) })
    /// ```
    @available(*, unavailable, renamed: "subscribe(next:)")
    public func sink(receiveValue: @escaping (Value) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeNext:error:completed:` (Combine `sink(receiveCompletion:receiveValue:)`);
    /// unavailable: `subscribe(next:error:completed:)` has one closure per event (the failure,
    /// the completion), or `observe(_:)` one for every `Event`.
    ///
    /// ```
    /// sink(receiveCompletion: c, receiveValue: v)   →   subscribe(next: v, error: e, completed: done)
    /// ```
    @available(
        *, unavailable,
        message: """
            use subscribe(next:error:completed:) (one closure per event) or observe { event in ... } \
            (.next, .error, .completed)
            """
    )
    public func sink<Completion>(
        receiveCompletion: @escaping (Completion) -> Void, receiveValue: @escaping (Value) -> Void
    ) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-deliverOn:` (Combine `receive(on:)`); unavailable, renamed to `deliver(on:)`, which
    /// takes a `Scheduler` (`QueueScheduler.main`, `QueueScheduler(qos:)`).
    ///
    /// ```
    /// receive(on: DispatchQueue.main)   →   deliver(on: QueueScheduler.main)
    /// ```
    @available(*, unavailable, renamed: "deliver(on:)")
    public func receive<S>(on scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-distinctUntilChanged` (Combine `removeDuplicates()`); unavailable, renamed to
    /// `distinctUntilChanged()`.
    ///
    /// ```
    /// self:                     -a-a-b-|
    /// distinctUntilChanged():   -a---b-|
    /// ```
    @available(*, unavailable, renamed: "distinctUntilChanged()")
    public func removeDuplicates() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-distinctUntilChanged` with a comparer (Combine `removeDuplicates(by:)`);
    /// unavailable, renamed to `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// self:                           -a-a-b-|
    /// distinctUntilChanged(by: ==):   -a---b-|
    /// ```
    @available(*, unavailable, renamed: "distinctUntilChanged(by:)")
    public func removeDuplicates(by predicate: @escaping (Value, Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-catchTo:` with one value (Combine `replaceError(with:)`); unavailable: on an error,
    /// continue with a signal of that value.
    ///
    /// ```
    /// self:                          -a-#
    /// catch(to: Signal(value: x)):   -a-(x|)
    /// ```
    @available(*, unavailable, message: "use catch(to: Signal(value: output))")
    public func replaceError(with output: Value) -> Signal<Value, Never> {
        fatalError("unavailable")
    }

    /// RAC: `-map:` (Combine `replaceNil(with:)`); unavailable: `map { $0 ?? output }`.
    ///
    /// ```
    /// replaceNil(with: x)   →   map { $0 ?? x }
    /// ```
    @available(*, unavailable, message: "use map { $0 ?? output }")
    public func replaceNil<Wrapped>(with output: Wrapped) -> Signal<Wrapped, Failure>
    where Value == Wrapped? {
        fatalError("unavailable")
    }

    /// RAC: none (Combine `eraseToAnyPublisher()`); unavailable: a `Signal` is already the one
    /// type every operator returns.
    ///
    /// ```
    /// signal.eraseToAnyPublisher()   →   signal
    /// ```
    @available(*, unavailable, message: "a Signal is already type-erased: remove eraseToAnyPublisher()")
    public func eraseToAnyPublisher() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-doNext:`, `-doError:`, `-doCompleted:`, `-initially:` (Combine
    /// `handleEvents(receiveSubscription:receiveOutput:receiveCompletion:receiveCancel:)`);
    /// unavailable: one operator per event.
    ///
    /// ```
    /// handleEvents(receiveOutput: f)   →   doNext(f)
    /// ```
    @available(
        *, unavailable,
        message: """
            use doNext(_:) (receiveOutput), doError(_:) and doCompleted(_:) (receiveCompletion), \
            initially(_:) (receiveSubscription), doDisposed(_:) (receiveCancel)
            """
    )
    public func handleEvents(
        receiveSubscription: ((Any) -> Void)? = nil, receiveOutput: ((Value) -> Void)? = nil,
        receiveCompletion: ((Any) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Any) -> Void)? = nil
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (Combine `first(where:)`); unavailable: `filter(_:)` then `take(1)` (here
    /// `first()` blocks the calling thread until the first value: RAC's `-first`).
    ///
    /// ```
    /// first(where: p)   →   filter(p).take(1)
    /// ```
    @available(*, unavailable, message: "use filter(_:) then take(1); first() here blocks (RAC's -first)")
    public func first(where predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (Combine `replaceEmpty(with:)`); unavailable, renamed to `ifEmpty(default:)`.
    ///
    /// ```
    /// self:                 ---|
    /// ifEmpty(default: z):  ---(z|)
    /// ```
    @available(*, unavailable, renamed: "ifEmpty(default:)")
    public func replaceEmpty(with output: Value) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeLast:` (Combine `last()`); unavailable: `takeLast(1)`.
    ///
    /// ```
    /// self:          -a-b-c-|
    /// takeLast(1):   -------(c|)
    /// ```
    @available(*, unavailable, message: "use takeLast(1)")
    public func last() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-take:` (Combine `prefix(_:)`); unavailable, renamed to `take(_:)`.
    ///
    /// ```
    /// self:      -a-b-c-|
    /// take(2):   -a-(b|)
    /// ```
    @available(*, unavailable, renamed: "take(_:)")
    public func prefix(_ maxLength: Int) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeWhileBlock:` (Combine `prefix(while:)`); unavailable, renamed to `take(while:)`.
    ///
    /// ```
    /// self:                      -1-2-3-1-|
    /// take(while: { $0 < 3 }):   -1-2-|
    /// ```
    @available(*, unavailable, renamed: "take(while:)")
    public func prefix(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-takeUntil:` (Combine `prefix(untilOutputFrom:)`); unavailable, renamed to
    /// `take(until:)`.
    ///
    /// ```
    /// self:                  -1-2-3-|
    /// trigger:               ----x-
    /// take(until: trigger):  -1-2|
    /// ```
    @available(*, unavailable, renamed: "take(until:)")
    public func prefix<TriggerValue, TriggerFailure>(
        untilOutputFrom publisher: Signal<TriggerValue, TriggerFailure>
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-skip:` (Combine `dropFirst(_:)`); unavailable, renamed to `skip(_:)`.
    ///
    /// ```
    /// self:      -1-2-3-|
    /// skip(1):   ---2-3-|
    /// ```
    @available(*, unavailable, renamed: "skip(_:)")
    public func dropFirst(_ count: Int = 1) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-skipWhileBlock:` (Combine `drop(while:)`); unavailable, renamed to `skip(while:)`.
    ///
    /// ```
    /// self:                      -1-2-3-1-|
    /// skip(while: { $0 < 3 }):   -----3-1-|
    /// ```
    @available(*, unavailable, renamed: "skip(while:)")
    public func drop(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (Combine `collect(_:)`, ReactiveSwift `collect(count:)`); unavailable, renamed
    /// to `buffer(count:)` (`collect()` without a count is the same here as in Combine).
    ///
    /// ```
    /// self:               -a-b-c-|
    /// buffer(count: 2):   ---x---(y|)     x = [a, b], y = [c]
    /// ```
    @available(*, unavailable, renamed: "buffer(count:)")
    public func collect(_ count: Int) -> Signal<[Value], Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-throttle:` under Combine's name (`debounce(for:scheduler:)`); unavailable, renamed
    /// to `throttle(_:on:)`: RAC's throttle is a debounce.
    ///
    /// ```
    /// self:                        -a-b-----c-|
    /// debounce(3) = throttle(3):   ------b----(c|)
    /// ```
    @available(*, unavailable, renamed: "throttle(_:on:)", message: "RAC's throttle is Combine's debounce")
    public func debounce<S>(for dueTime: Duration, scheduler: S, options: Any? = nil) -> Signal<
        Value, Failure
    > {
        fatalError("unavailable")
    }

    /// RAC: none (Combine `throttle(for:scheduler:latest:)`); unavailable: Combine's throttle is
    /// not RAC's. It is `rateLimit(_:latest:on:)` (with `latest: false`, `rateLimit(_:on:)`);
    /// RAC's `throttle(_:on:)` is Combine's `debounce`.
    ///
    /// ```
    /// self:           -a-b-c------d-e--|
    /// rateLimit(5):   -a----------d----|
    /// throttle(5):    ----------c------(e|)
    /// ```
    @available(
        *, unavailable,
        message: """
            Combine's throttle is RAC's rateLimit(_:latest:on:) (with latest: false, rateLimit(_:on:)); \
            RAC's throttle(_:on:) is Combine's debounce
            """
    )
    public func throttle<S>(for interval: Duration, scheduler: S, latest: Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-delay:` (Combine `delay(for:scheduler:)`); unavailable, renamed to `delay(_:on:)`.
    ///
    /// ```
    /// self:       -a-b-|
    /// delay(2):   ---a-b-|
    /// ```
    @available(*, unavailable, renamed: "delay(_:on:)")
    public func delay<S>(for interval: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-merge:` (Combine `merge(with:)`); unavailable, renamed to `merge(_:)`.
    ///
    /// ```
    /// self:       -a---c-|
    /// other:      ---b---|
    /// merge:      -a-b-c-|
    /// ```
    @available(*, unavailable, renamed: "merge(_:)")
    public func merge(with other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-concat:` (Combine `append(_:)`); unavailable: `concat(_:)` with a signal,
    /// `concat(Signal(values: […]))` with values.
    ///
    /// ```
    /// append(other)   →   concat(other)
    /// ```
    @available(*, unavailable, message: "use concat(_:) (concat(Signal(values: [...])) for values)")
    public func append<Other>(_ other: Other) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-startWith:` (Combine `prepend(_:)`); unavailable: `startWith(_:)` for one value,
    /// `Signal(values: […]).concat(self)` for several or for a signal.
    ///
    /// ```
    /// prepend(a)   →   startWith(a)
    /// ```
    @available(
        *, unavailable, message: "use startWith(_:) (one value) or Signal(values: [...]).concat(signal)"
    )
    public func prepend<Other>(_ other: Other) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-ignoreValues` (Combine `ignoreOutput()`); unavailable, renamed to `ignoreValues()`.
    ///
    /// ```
    /// self:             -a-b-|
    /// ignoreValues():   -----|
    /// ```
    @available(*, unavailable, renamed: "ignoreValues()")
    public func ignoreOutput() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-all:` (Combine `allSatisfy(_:)`); unavailable, renamed to `all(_:)`.
    ///
    /// ```
    /// self:              -1-2-|
    /// all { $0 > 0 }:    -----(t|)
    /// ```
    @available(*, unavailable, renamed: "all(_:)")
    public func allSatisfy(_ predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        fatalError("unavailable")
    }

    /// RAC: `-any:` (Combine `contains(where:)`); unavailable, renamed to `any(_:)`.
    ///
    /// ```
    /// self:              -1-2-|
    /// any { $0 > 1 }:    ---(t|)
    /// ```
    @available(*, unavailable, renamed: "any(_:)")
    public func contains(where predicate: @escaping (Value) -> Bool) -> Signal<Bool, Never> {
        fatalError("unavailable")
    }

    /// RAC: none (Combine `setFailureType(to:)`); unavailable, renamed to `promoteError(_:)`.
    ///
    /// ```
    /// setFailureType(to: E.self)   →   promoteError(E.self)
    /// ```
    @available(*, unavailable, renamed: "promoteError(_:)")
    public func setFailureType<NewFailure: Error>(to failureType: NewFailure.Type) -> Signal<
        Value, NewFailure
    > {
        fatalError("unavailable")
    }

    /// RAC: `-setKeyPath:onObject:` (Combine `assign(to:on:)`); unavailable, renamed to
    /// `setKeyPath(_:on:)` (the object is not retained), or bind with `object.rac[\.x] <~ signal`.
    ///
    /// ```
    /// signal:         -a--b-|
    /// object.title:   -a--b
    /// ```
    @available(*, unavailable, renamed: "setKeyPath(_:on:)")
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Value>, on object: Root)
        -> any Disposable
    {
        fatalError("unavailable")
    }
}
