// ReactiveSwift's names for combining, time and flattening operators, its observer's methods
// and its types, under this package's (see FromReactiveSwift.swift).

extension Signal {
    /// RAC: `-combinePreviousWithStart:reduce:` (ReactiveSwift `combinePrevious(_:)`, which sends
    /// pairs); unavailable: `combinePrevious(_:_:)` takes the start value and a combining closure.
    ///
    /// ```
    /// combinePrevious(start)   →   combinePrevious(start) { ($0, $1) }
    /// ```
    @available(
        *, unavailable, message: "use combinePrevious(initial) { ($0, $1) } (RAC's start value and reduce)"
    )
    public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (ReactiveSwift `combinePrevious()`, which drops the first value); unavailable:
    /// pair values with `combinePrevious(_:_:)` from a start value, or with
    /// `scan(_:_:)`.
    ///
    /// ```
    /// combinePrevious()   →   combinePrevious(start) { ($0, $1) }
    /// ```
    @available(
        *, unavailable, message: "use combinePrevious(initial) { ($0, $1) } (RAC's form takes a start value)"
    )
    public func combinePrevious() -> Signal<(Value, Value), Failure> {
        fatalError("unavailable")
    }

    /// RAC: none (ReactiveSwift `collect(count:)`); unavailable, renamed to `buffer(count:)`.
    ///
    /// ```
    /// self:               -a-b-c-|
    /// buffer(count: 2):   ---x---(y|)     x = [a, b], y = [c]
    /// ```
    @available(*, unavailable, renamed: "buffer(count:)")
    public func collect(count: Int) -> Signal<[Value], Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-sample:` (ReactiveSwift `sample(on:)`); unavailable, renamed to `sample(_:)`.
    ///
    /// ```
    /// self:      -a-b---c-|
    /// sampler:   ---x-x---x|
    /// sample:    ---b-b---c|
    /// ```
    @available(*, unavailable, renamed: "sample(_:)")
    public func sample<Sampler>(on sampler: Signal<Sampler, Failure>) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-concat:` with one value (ReactiveSwift `concat(value:)`); unavailable:
    /// `concat(Signal(value:))`.
    ///
    /// ```
    /// self:                         -a-|
    /// concat(Signal(value: b)):     -a-(b|)
    /// ```
    @available(*, unavailable, message: "use concat(Signal(value: value))")
    public func concat(value: Value) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-startWith:` (ReactiveSwift `prefix(value:)`); unavailable, renamed to
    /// `startWith(_:)`.
    ///
    /// ```
    /// self:           -b-|
    /// startWith(a):   (a)-b-|
    /// ```
    @available(*, unavailable, renamed: "startWith(_:)")
    public func prefix(value: Value) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-throttle:` under ReactiveSwift's name (`debounce(_:on:discardWhenCompleted:)`);
    /// unavailable, renamed to `throttle(_:on:)`: RAC's throttle is a debounce, and on completion
    /// it sends the held value (ReactiveSwift's `discardWhenCompleted: false`; its default drops
    /// it).
    ///
    /// ```
    /// self:                        -a-b-----c-|
    /// debounce(3) = throttle(3):   ------b----(c|)     (c sent on completion)
    /// ```
    @available(
        *, unavailable, renamed: "throttle(_:on:)",
        message: """
            RAC's throttle is ReactiveSwift's debounce, and it sends the held value on completion \
            (discardWhenCompleted: false)
            """
    )
    public func debounce<S>(_ interval: Duration, on scheduler: S, discardWhenCompleted: Bool = true)
        -> Signal<Value, Failure>
    {
        fatalError("unavailable")
    }

    /// RAC: `-timeout:onScheduler:` with an error of your own (ReactiveSwift
    /// `timeout(after:raising:on:)`); unavailable, renamed to `timeout(_:on:raising:)`.
    ///
    /// ```
    /// self:                    ------a|
    /// timeout(3, raising: e):  ---#
    /// ```
    @available(*, unavailable, renamed: "timeout(_:on:raising:)")
    public func timeout<S>(after interval: Duration, raising error: Failure, on scheduler: S) -> Signal<
        Value, Failure
    > {
        fatalError("unavailable")
    }

    /// RAC: `-flattenMap:`, `-switchToLatest`, `-concat` (ReactiveSwift `flatMap(_:_:)` with a
    /// `FlattenStrategy`); unavailable: `.merge` is `flattenMap(_:)`, `.latest` is `map(_:)` then
    /// `switchToLatest()`, `.concat` is `map(_:)` then `concat()`, `.race` is `map(_:)` then
    /// `Signal.amb`.
    ///
    /// ```
    /// flatMap(.latest) { q in search(q) }   →   map { q in search(q) }.switchToLatest()
    /// ```
    @available(
        *, unavailable,
        message: """
            use flattenMap(_:) for .merge, map(_:) then switchToLatest() for .latest, map(_:) then \
            concat() for .concat
            """
    )
    public func flatMap<NewValue>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-flatten`, `-switchToLatest`, `-concat` (ReactiveSwift `flatten(_:)` with a
    /// `FlattenStrategy`); unavailable: `.merge` is `flatten()`, `.latest` is `switchToLatest()`,
    /// `.concat` is `concat()`.
    ///
    /// ```
    /// flatten(.latest)   →   switchToLatest()
    /// ```
    @available(
        *, unavailable,
        message: "use flatten() for .merge, switchToLatest() for .latest, concat() for .concat"
    )
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `RACSubject` (ReactiveSwift `Signal.pipe()`); unavailable: a `Subject` is both the
    /// signal and the input (`sendNext(_:)`, `sendError(_:)`, `sendCompleted()`).
    ///
    /// ```
    /// let (output, input) = Signal.pipe()   →   let subject = Subject<Int, Never>()
    /// ```
    @available(
        *, unavailable, message: "use a Subject: it is the signal and the input (sendNext, sendCompleted)"
    )
    public static func pipe() -> (output: Signal<Value, Failure>, input: Subject<Value, Failure>) {
        fatalError("unavailable")
    }
}

extension SubscriberProtocol {
    /// RAC: `-sendNext:` (ReactiveSwift `send(value:)`); unavailable, renamed to `sendNext(_:)`.
    ///
    /// ```
    /// observer.send(value: a)   →   subscriber.sendNext(a)
    /// ```
    @available(*, unavailable, renamed: "sendNext(_:)")
    public func send(value: Value) {
        fatalError("unavailable")
    }

    /// RAC: `-sendError:` (ReactiveSwift `send(error:)`); unavailable, renamed to `sendError(_:)`.
    ///
    /// ```
    /// observer.send(error: e)   →   subscriber.sendError(e)
    /// ```
    @available(*, unavailable, renamed: "sendError(_:)")
    public func send(error: Failure) {
        fatalError("unavailable")
    }
}

/// RAC: none (ReactiveSwift `FlattenStrategy`); unavailable: the strategies are operators here
/// (`flatten()`, `switchToLatest()`, `concat()`, `flatten(_:)` with a count).
///
/// ```
/// .merge → flatten()   .latest → switchToLatest()   .concat → concat()
/// ```
@available(
    *, unavailable,
    message:
        "the strategies are operators: flatten() (.merge), switchToLatest() (.latest), concat() (.concat)"
)
public enum FlattenStrategy {
    /// Unavailable: `flatten()` / `flattenMap(_:)`.
    case merge
    /// Unavailable: `switchToLatest()`.
    case latest
    /// Unavailable: `concat()`.
    case concat
    /// Unavailable: `Signal.amb(_:)`.
    case race
}

/// RAC: `RACSignal` (ReactiveSwift `SignalProducer<Value, Error>`, the cold signal); unavailable,
/// renamed to `Signal<Value, Failure>`: every signal here is cold, as RAC's.
///
/// ```
/// SignalProducer<Int, Never>(value: 1)   →   Signal<Int, Never>(value: 1)
/// ```
@available(*, unavailable, renamed: "Signal")
public typealias SignalProducer<Value, Error: Swift.Error> = Signal<Value, Error>

/// RAC: `RACCompoundDisposable` (ReactiveSwift `CompositeDisposable`); unavailable, renamed to
/// `CompoundDisposable`.
///
/// ```
/// CompositeDisposable()   →   CompoundDisposable()
/// ```
@available(*, unavailable, renamed: "CompoundDisposable")
public typealias CompositeDisposable = CompoundDisposable

/// RAC: `RACDisposable` with a block (ReactiveSwift `AnyDisposable`); unavailable, renamed to
/// `ActionDisposable`.
///
/// ```
/// AnyDisposable { f() }   →   ActionDisposable { f() }
/// ```
@available(*, unavailable, renamed: "ActionDisposable")
public typealias AnyDisposable = ActionDisposable
