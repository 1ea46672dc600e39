// RxSwift's names for operators this package has under RAC's: each is unavailable, and the compiler
// names ours (`renamed:` gives a fix-it where the call maps one to one). A name whose RxSwift
// meaning differs from ours says so in its message. Nothing here can be called; the declarations
// are not operators and are not in Docs/Operators.md (scripts/operators-table.py skips them).
// Docs/Migrating.md, "Coming from RxSwift, Combine or ReactiveSwift", lists them; scripts/
// peer-names-check.sh compiles a use of each and checks the diagnostic.

extension Signal {
    /// RAC: none (RxSwift `subscribe(onNext:onError:onCompleted:)`); unavailable, renamed to
    /// `subscribe(next:error:completed:)`, RAC's `-subscribeNext:error:completed:`.
    ///
    /// ```
    /// subscribe(onNext: f)   →   subscribe(next: f)
    /// ```
    @available(*, unavailable, renamed: "subscribe(next:error:completed:)")
    @discardableResult
    public func subscribe(
        onNext: ((Value) -> Void)? = nil, onError: ((Failure) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil
    ) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `subscribe(onNext:onError:onCompleted:onDisposed:)`); unavailable:
    /// `doDisposed(_:)` runs an action when the subscription ends, then
    /// `subscribe(next:error:completed:)`.
    ///
    /// ```
    /// subscribe(onNext: f, onDisposed: g)   →   doDisposed(g).subscribe(next: f)
    /// ```
    @available(
        *, unavailable,
        message: "use doDisposed(_:) for onDisposed, then subscribe(next:error:completed:)"
    )
    @discardableResult
    public func subscribe(
        onNext: ((Value) -> Void)? = nil, onError: ((Failure) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: @escaping () -> Void
    ) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `subscribe(_:)` with an event closure); unavailable, renamed to
    /// `observe(_:)` (the events are `.next`, `.error` and `.completed`, as RxSwift's).
    ///
    /// ```
    /// subscribe { event in … }   →   observe { event in … }
    /// ```
    @available(*, unavailable, renamed: "observe(_:)")
    @discardableResult
    public func subscribe(_ handler: @escaping (Event<Value, Failure>) -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: none (RxCocoa `bind(to:)`); unavailable: bind with `target <~ signal`
    /// (`object.rac[\.property] <~ signal`, a `MutableProperty` or a subject), or
    /// `setKeyPath(_:on:)`, or subscribe a subject (`signal.subscribe(subject)`).
    ///
    /// ```
    /// bind(to: label.rx.text)   →   label.rac[\.text] <~ signal
    /// ```
    @available(
        *, unavailable,
        message: """
            bind with 'target <~ signal' (object.rac[\\.property], a MutableProperty), setKeyPath(_:on:), \
            or subscribe(_:) a subject
            """
    )
    @discardableResult
    public func bind<Target>(to target: Target) -> any Disposable {
        fatalError("unavailable")
    }

    /// RAC: `-throttle:` under RxSwift's name (`debounce(_:scheduler:)`); unavailable, renamed to
    /// `throttle(_:on:)`: RAC's throttle is a debounce (it sends a value once `interval` has passed
    /// without a newer one, and the held value on completion, as RxSwift's `debounce`).
    ///
    /// ```
    /// self:                        -a-b-----c-|
    /// debounce(3) = throttle(3):   ------b----(c|)
    /// ```
    @available(*, unavailable, renamed: "throttle(_:on:)", message: "RAC's throttle is RxSwift's debounce")
    public func debounce<S>(_ dueTime: Duration, scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `throttle(_:latest:scheduler:)`); unavailable: RxSwift's throttle is
    /// not RAC's. With `latest: false` it is `rateLimit(_:on:)` (the first value of a burst, at
    /// once); RAC's `throttle(_:on:)` is RxSwift's `debounce` (the last value, once quiet).
    ///
    /// ```
    /// self:           -a-b-c------d-e--|
    /// rateLimit(5):   -a----------d----|
    /// throttle(5):    ----------c------(e|)
    /// ```
    @available(
        *, unavailable,
        message: """
            RxSwift's throttle differs from RAC's: for the first value of each burst use \
            rateLimit(_:on:); RAC's throttle(_:on:) is RxSwift's debounce (the last value, once quiet)
            """
    )
    public func throttle<S>(_ dueTime: Duration, latest: Bool = true, scheduler: S) -> Signal<Value, Failure>
    {
        fatalError("unavailable")
    }

    /// RAC: `-distinctUntilChanged` with a comparer (RxSwift `distinctUntilChanged(_:)`);
    /// unavailable, renamed to `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// self:                            -a-a-b-|
    /// distinctUntilChanged(by: ==):    -a---b-|
    /// ```
    @available(*, unavailable, renamed: "distinctUntilChanged(by:)")
    public func distinctUntilChanged(_ comparer: @escaping (Value, Value) -> Bool) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `distinctUntilChanged(_:)` with a key selector); unavailable: compare
    /// the keys in `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// distinctUntilChanged { $0.id }   →   distinctUntilChanged(by: { $0.id == $1.id })
    /// ```
    @available(*, unavailable, message: "compare the keys: distinctUntilChanged(by: { $0.key == $1.key })")
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Value) -> Key
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `distinctUntilChanged(at:)`); unavailable: compare the key paths in
    /// `distinctUntilChanged(by:)`.
    ///
    /// ```
    /// distinctUntilChanged(at: \.id)   →   distinctUntilChanged(by: { $0.id == $1.id })
    /// ```
    @available(*, unavailable, message: "compare the keys: distinctUntilChanged(by: { $0.key == $1.key })")
    public func distinctUntilChanged<Key: Equatable>(at keyPath: KeyPath<Value, Key>) -> Signal<
        Value, Failure
    > {
        fatalError("unavailable")
    }

    /// RAC: `-flattenMap:` under RxSwift's and Combine's name (`flatMap(_:)`, which merges the
    /// inner signals as RAC's does); unavailable, renamed to `flattenMap(_:)`.
    ///
    /// ```
    /// self:            -a---b-|        a → -1-2|, b → -3|
    /// flattenMap(f):   --1-2--3|
    /// ```
    @available(*, unavailable, renamed: "flattenMap(_:)")
    public func flatMap<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-switchToLatest` under RxSwift's name (`switchLatest()`); unavailable, renamed to
    /// `switchToLatest()`.
    ///
    /// ```
    /// switchLatest()   →   switchToLatest()
    /// ```
    @available(*, unavailable, renamed: "switchToLatest()")
    public func switchLatest() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-flatten` under RxSwift's name (`merge()` of a signal of signals); unavailable,
    /// renamed to `flatten()`.
    ///
    /// ```
    /// merge()   →   flatten()
    /// ```
    @available(*, unavailable, renamed: "flatten()")
    public func merge() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-catch:` (RxSwift 5 `catchError(_:)`); unavailable, renamed to `catch(_:)`.
    ///
    /// ```
    /// catchError(f)   →   catch(f)
    /// ```
    @available(*, unavailable, renamed: "catch(_:)")
    public func catchError<NewFailure: Error>(
        _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        fatalError("unavailable")
    }

    /// RAC: `-catchTo:` with one value (RxSwift `catchAndReturn(_:)`); unavailable: on an error,
    /// continue with a signal of that value.
    ///
    /// ```
    /// self:                             -a-#
    /// catch(to: Signal(value: x)):      -a-(x|)
    /// ```
    @available(*, unavailable, message: "use catch(to: Signal(value: element))")
    public func catchAndReturn(_ element: Value) -> Signal<Value, Never> {
        fatalError("unavailable")
    }

    /// RAC: `-catchTo:` with one value (RxSwift 5 `catchErrorJustReturn(_:)`); unavailable: on
    /// an error, continue with a signal of that value.
    ///
    /// ```
    /// self:                             -a-#
    /// catch(to: Signal(value: x)):      -a-(x|)
    /// ```
    @available(*, unavailable, message: "use catch(to: Signal(value: element))")
    public func catchErrorJustReturn(_ element: Value) -> Signal<Value, Never> {
        fatalError("unavailable")
    }

    /// RAC: `-deliverOn:` under RxSwift's and ReactiveSwift's name (`observe(on:)`); unavailable,
    /// renamed to `deliver(on:)`.
    ///
    /// ```
    /// observe(on: s)   →   deliver(on: s)
    /// ```
    @available(*, unavailable, renamed: "deliver(on:)")
    public func observe<S>(on scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-deliverOn:` (RxSwift 5 `observeOn(_:)`); unavailable, renamed to `deliver(on:)`.
    ///
    /// ```
    /// observeOn(s)   →   deliver(on: s)
    /// ```
    @available(*, unavailable, renamed: "deliver(on:)")
    public func observeOn<S>(_ scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-subscribeOn:` (RxSwift 5 `subscribeOn(_:)`); unavailable, renamed to
    /// `subscribe(on:)`.
    ///
    /// ```
    /// subscribeOn(s)   →   subscribe(on: s)
    /// ```
    @available(*, unavailable, renamed: "subscribe(on:)")
    public func subscribeOn<S>(_ scheduler: S) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-doNext:`, `-doError:`, `-doCompleted:`, `-initially:` (RxSwift
    /// `do(onNext:onError:onCompleted:onSubscribe:onDispose:)`); unavailable: one operator per
    /// event, `doNext(_:)`, `doError(_:)`, `doCompleted(_:)`, `initially(_:)`, `doDisposed(_:)`.
    ///
    /// ```
    /// do(onNext: f, onError: g)   →   doNext(f).doError(g)
    /// ```
    @available(
        *, unavailable,
        message: """
            use doNext(_:), doError(_:), doCompleted(_:), initially(_:) (onSubscribe) and doDisposed(_:) \
            (onDispose)
            """
    )
    public func `do`(
        onNext: ((Value) -> Void)? = nil, afterNext: ((Value) -> Void)? = nil,
        onError: ((Failure) -> Void)? = nil,
        afterError: ((Failure) -> Void)? = nil, onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil, onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `asObservable()`); unavailable: a `Signal` needs no conversion.
    ///
    /// ```
    /// signal.asObservable()   →   signal
    /// ```
    @available(*, unavailable, message: "a Signal is already the type to hand out: remove asObservable()")
    public func asObservable() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

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

    /// RAC: none (RxSwift `skip(until:)` with a trigger signal); unavailable: RAC's
    /// `skip(until:)` takes a predicate on the values.
    ///
    /// ```
    /// skip(until: trigger)   →   no trigger form; skip(until: { value in … }) tests each value
    /// ```
    @available(
        *, unavailable, message: "skip(until:) here takes a predicate on the values, not a trigger signal"
    )
    public func skip<TriggerValue, TriggerFailure>(
        until trigger: Signal<TriggerValue, TriggerFailure>
    ) -> Signal<Value, Failure> {
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

    /// RAC: `-bufferWithTime:onScheduler:` (RxSwift `buffer(timeSpan:count:scheduler:)`);
    /// unavailable: by time, `buffer(for:on:)`; by count, `buffer(count:)`.
    ///
    /// ```
    /// buffer(timeSpan: t, count: n, scheduler: s)   →   buffer(for: t, on: s) or buffer(count: n)
    /// ```
    @available(*, unavailable, message: "use buffer(for:on:) (by time) or buffer(count:) (by count)")
    public func buffer<S>(timeSpan: Duration, count: Int, scheduler: S) -> Signal<[Value], Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `Observable.just(_:)`); unavailable: `Signal(value:)`, RAC's `+return:`.
    ///
    /// ```
    /// Signal(value: a):   (a|)
    /// ```
    @available(*, unavailable, message: "use Signal(value:)")
    public static func just(_ element: Value) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `Observable.from(_:)`); unavailable: `Signal(values:)`.
    ///
    /// ```
    /// Signal(values: [a, b]):   (ab|)
    /// ```
    @available(*, unavailable, message: "use Signal(values:)")
    public static func from<Values: Sequence>(_ values: Values) -> Signal<Value, Failure>
    where Values.Element == Value {
        fatalError("unavailable")
    }

    /// RAC: none (RxSwift `Observable.of(_:)`); unavailable: `Signal(values:)`.
    ///
    /// ```
    /// Signal(values: [a, b]):   (ab|)
    /// ```
    @available(*, unavailable, message: "use Signal(values: [...])")
    public static func of(_ elements: Value...) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `+error:` (RxSwift `Observable.error(_:)`); unavailable: `Signal(error:)`.
    ///
    /// ```
    /// Signal(error: e):   #
    /// ```
    @available(*, unavailable, message: "use Signal(error:)")
    public static func error(_ error: Failure) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `+createSignal:` (RxSwift `Observable.create(_:)`); unavailable: `Signal { subscriber
    /// in …; return disposable }` (`sendNext(_:)`, `sendError(_:)`, `sendCompleted()`; return
    /// `nil` or an `ActionDisposable`).
    ///
    /// ```
    /// Signal { subscriber in subscriber.sendNext(a); subscriber.sendCompleted(); return nil }:   (a|)
    /// ```
    @available(
        *, unavailable,
        message: "use Signal { subscriber in ...; return disposable } (sendNext, sendError, sendCompleted)"
    )
    public static func create(
        _ subscribe: @escaping (Subscriber<Value, Failure>) -> (any Disposable)?
    ) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `+defer:` (RxSwift `Observable.deferred(_:)`); unavailable, renamed to
    /// `Signal.defer(_:)`.
    ///
    /// ```
    /// Signal.defer { makeSignal() }   (makeSignal() runs at each subscription)
    /// ```
    @available(*, unavailable, renamed: "defer(_:)")
    public static func deferred(_ factory: @escaping () -> Signal<Value, Failure>) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }
}

extension Signal where Value == Int, Failure == Never {
    /// RAC: `+interval:onScheduler:` (RxSwift `Observable.interval(_:scheduler:)`); unavailable,
    /// renamed to `Signal.interval(_:on:leeway:)`.
    ///
    /// ```
    /// interval(2):   --0-1-2-3-…
    /// ```
    @available(*, unavailable, renamed: "interval(_:on:leeway:)")
    public static func interval<S>(_ period: Duration, scheduler: S) -> Signal<Int, Never> {
        fatalError("unavailable")
    }
}

extension Disposable {
    /// RAC: adding to `rac_deallocDisposable` (RxSwift `disposed(by:)`); unavailable: add the
    /// subscription to the owner's `Lifetime` (`lifetime += subscription`) or to a
    /// `CompoundDisposable` the owner disposes.
    ///
    /// ```
    /// subscription.disposed(by: bag)   →   lifetime += subscription
    /// ```
    @available(
        *, unavailable,
        message: """
            add it to the owner's Lifetime (lifetime += subscription; let (lifetime, token) = \
            Lifetime.make()) or to a CompoundDisposable
            """
    )
    public func disposed<Bag>(by bag: Bag) {
        fatalError("unavailable")
    }
}

extension SubscriberProtocol {
    /// RAC: `-sendNext:` (RxSwift `onNext(_:)`); unavailable, renamed to `sendNext(_:)`.
    ///
    /// ```
    /// subject.onNext(a)   →   subject.sendNext(a)
    /// ```
    @available(*, unavailable, renamed: "sendNext(_:)")
    public func onNext(_ element: Value) {
        fatalError("unavailable")
    }

    /// RAC: `-sendError:` (RxSwift `onError(_:)`); unavailable, renamed to `sendError(_:)`.
    ///
    /// ```
    /// subject.onError(e)   →   subject.sendError(e)
    /// ```
    @available(*, unavailable, renamed: "sendError(_:)")
    public func onError(_ error: Failure) {
        fatalError("unavailable")
    }

    /// RAC: `-sendCompleted` (RxSwift `onCompleted()`); unavailable, renamed to
    /// `sendCompleted()`.
    ///
    /// ```
    /// subject.onCompleted()   →   subject.sendCompleted()
    /// ```
    @available(*, unavailable, renamed: "sendCompleted()")
    public func onCompleted() {
        fatalError("unavailable")
    }
}

/// RAC: `rac_deallocDisposable` (RxSwift `DisposeBag`); unavailable: an object's subscriptions
/// end with it through its `Lifetime`: `let (lifetime, token) = Lifetime.make()` in the owner,
/// then `lifetime += subscription` (or `take(until: lifetime.ended)`).
///
/// ```
/// let bag = DisposeBag()            →   let (lifetime, token) = Lifetime.make()
/// s.subscribe(…).disposed(by: bag)  →   lifetime += s.subscribe(…)
/// ```
@available(
    *, unavailable,
    message: """
        use a Lifetime: let (lifetime, token) = Lifetime.make() in the owner, then lifetime += \
        subscription (or a CompoundDisposable)
        """
)
public final class DisposeBag {
    /// Unavailable.
    ///
    /// ```
    /// DisposeBag()   →   Lifetime.make()
    /// ```
    public init() {}
}

/// RAC: `+disposableWithBlock:` (RxSwift `Disposables.create`); unavailable:
/// `ActionDisposable { … }`, or `CompoundDisposable([…])` for several.
///
/// ```
/// Disposables.create { cleanUp() }   →   ActionDisposable { cleanUp() }
/// ```
@available(
    *, unavailable,
    message: "use ActionDisposable { ... } (or CompoundDisposable([...]) for several, nil for nothing)"
)
public enum Disposables {
    /// Unavailable.
    ///
    /// ```
    /// Disposables.create { f() }   →   ActionDisposable { f() }
    /// ```
    public static func create(with dispose: @escaping () -> Void) -> any Disposable {
        fatalError("unavailable")
    }

    /// Unavailable.
    ///
    /// ```
    /// Disposables.create()   →   nil
    /// ```
    public static func create() -> any Disposable {
        fatalError("unavailable")
    }
}

/// RAC: `RACSubject` (RxSwift `PublishSubject<Element>`); unavailable: `Subject<Value, Failure>`
/// (a subject here is typed with its error too).
///
/// ```
/// PublishSubject<Int>()   →   Subject<Int, Never>()  (or Subject<Int, any Error>)
/// ```
@available(*, unavailable, message: "use Subject<Element, Never> (or Subject<Element, any Error>)")
public typealias PublishSubject<Element> = Subject<Element, any Error>
