// Combine's names for holding subscriptions and its publisher and subject types, under this
// package's (see FromRxSwift.swift and FromCombine.swift).

extension Disposable {
    /// RAC: adding to a `RACCompoundDisposable` (Combine `store(in:)`); unavailable: add the
    /// subscription to the owner's `Lifetime` (`lifetime += subscription`) or to a
    /// `CompoundDisposable`.
    ///
    /// ```
    /// .store(in: &cancellables)   →   lifetime += subscription
    /// ```
    @available(
        *, unavailable,
        message: """
            add it to the owner's Lifetime (lifetime += subscription; let (lifetime, token) = \
            Lifetime.make()) or to a CompoundDisposable
            """
    )
    public func store<Collection>(in collection: inout Collection) {
        fatalError("unavailable")
    }

    /// RAC: `-dispose` (Combine `cancel()`); unavailable, renamed to `dispose()`.
    ///
    /// ```
    /// subscription.cancel()   →   subscription.dispose()
    /// ```
    @available(*, unavailable, renamed: "dispose()")
    public func cancel() {
        fatalError("unavailable")
    }
}

/// RAC: `RACScopedDisposable` (Combine `AnyCancellable`); unavailable: a subscription is an
/// `any Disposable`; `ScopedDisposable` disposes it when released, as `AnyCancellable` cancels.
/// For many, a `Lifetime` (`lifetime += subscription`).
///
/// ```
/// var cancellables = Set<AnyCancellable>()   →   let (lifetime, token) = Lifetime.make()
/// ```
@available(
    *, unavailable,
    message: """
        a subscription is an 'any Disposable': ScopedDisposable disposes it when released; for many, a \
        Lifetime (lifetime += subscription)
        """
)
public final class AnyCancellable: Hashable {
    /// Unavailable.
    ///
    /// ```
    /// AnyCancellable { f() }   →   ScopedDisposable { f() }
    /// ```
    public init(_ cancel: @escaping () -> Void) {}

    /// Unavailable.
    ///
    /// ```
    /// a == b   (identity)
    /// ```
    public static func == (left: AnyCancellable, right: AnyCancellable) -> Bool {
        left === right
    }

    /// Unavailable.
    ///
    /// ```
    /// hash(into:)   (identity)
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// RAC: `RACSignal` (Combine `AnyPublisher<Output, Failure>`); unavailable, renamed to
/// `Signal<Value, Failure>`.
///
/// ```
/// AnyPublisher<Int, Never>   →   Signal<Int, Never>
/// ```
@available(*, unavailable, renamed: "Signal")
public typealias AnyPublisher<Output, Failure: Error> = Signal<Output, Failure>

/// RAC: `RACSubject` (Combine `PassthroughSubject<Output, Failure>`); unavailable, renamed to
/// `Subject<Value, Failure>` (`sendNext(_:)`, `sendError(_:)`, `sendCompleted()`).
///
/// ```
/// PassthroughSubject<Int, Never>()   →   Subject<Int, Never>()
/// ```
@available(*, unavailable, renamed: "Subject")
public typealias PassthroughSubject<Output, Failure: Error> = Subject<Output, Failure>

/// RAC: `RACBehaviorSubject` (Combine `CurrentValueSubject<Output, Failure>`); unavailable,
/// renamed to `BehaviorSubject<Value, Failure>`, made with `BehaviorSubject(value:)`.
///
/// ```
/// CurrentValueSubject<Int, Never>(0)   →   BehaviorSubject<Int, Never>(value: 0)
/// ```
@available(*, unavailable, renamed: "BehaviorSubject", message: "made with BehaviorSubject(value:)")
public final class CurrentValueSubject<Output, Failure: Error> {
    /// Unavailable.
    ///
    /// ```
    /// CurrentValueSubject(a)   →   BehaviorSubject(value: a)
    /// ```
    public init(_ value: Output) {}
}

/// RAC: `+return:` (Combine `Just`); unavailable: `Signal(value:)`.
///
/// ```
/// Just(a)   →   Signal(value: a):   (a|)
/// ```
@available(*, unavailable, message: "use Signal(value:)")
public struct Just<Output> {
    /// Unavailable.
    ///
    /// ```
    /// Just(a)   →   Signal(value: a)
    /// ```
    public init(_ output: Output) {}
}

/// RAC: `+error:` (Combine `Fail`); unavailable: `Signal(error:)`.
///
/// ```
/// Fail(error: e)   →   Signal(error: e):   #
/// ```
@available(*, unavailable, message: "use Signal(error:)")
public typealias Fail<Output, Failure: Error> = Signal<Output, Failure>

/// RAC: `+empty` (Combine `Empty`); unavailable: `Signal.empty` (`Signal.never` for
/// `Empty(completeImmediately: false)`).
///
/// ```
/// Empty()   →   Signal.empty:   |
/// ```
@available(*, unavailable, message: "use Signal.empty (Signal.never for completeImmediately: false)")
public typealias Empty<Output, Failure: Error> = Signal<Output, Failure>

/// RAC: `+defer:` (Combine `Deferred`); unavailable: `Signal.defer { … }`.
///
/// ```
/// Deferred { make() }   →   Signal.defer { make() }
/// ```
@available(*, unavailable, message: "use Signal.defer { ... }")
public typealias Deferred<Output, Failure: Error> = Signal<Output, Failure>

/// RAC: none (Combine `Future`); unavailable: `Signal { try await … }` for async work (a task per
/// subscription), or `Signal.try { … }` / a `ReplaySubject` for a result computed once.
///
/// ```
/// Future { promise in … }   →   Signal { try await work() }:   ----(v|)
/// ```
@available(
    *, unavailable,
    message:
        "use Signal { try await work() } (one task per subscription), or .replayLazily() to share one result"
)
public typealias Future<Output, Failure: Error> = Signal<Output, Failure>
