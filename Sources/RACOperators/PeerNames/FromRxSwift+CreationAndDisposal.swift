// RxSwift's names for creating signals and holding subscriptions, and its subject and observer
// types (see FromRxSwift.swift).

extension Signal {
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
