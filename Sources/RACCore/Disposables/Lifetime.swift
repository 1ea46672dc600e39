/// The lifetime of an object: it ends when the object's `Lifetime.Token` is deallocated.
///
/// RAC: `rac_willDeallocSignal` and `rac_deallocDisposable`, which RAC adds to every object by
/// swizzling `dealloc`. Swift has no such hook, so an object opts in by owning a token:
///
/// ```
/// final class ViewModel {
///     let lifetime: Lifetime
///     private let token: Lifetime.Token
///     init() { (lifetime, token) = Lifetime.make() }
/// }
/// viewModel.lifetime.ended:   ------|   (completes when the view model is deallocated)
/// ```
///
/// Nothing here retains the owner. The lifetime ends *after* the owner's `deinit` body has run
/// (the token is released with the owner's stored properties), whereas RAC ran its dealloc
/// disposables just before `dealloc`: handlers cannot reach the owner. Thread-safe.
public final class Lifetime: @unchecked Sendable {
    private let endedSubject = Subject<Never, Never>(name: "Lifetime.ended")
    private let disposables = CompoundDisposable()

    /// A signal that sends no values and completes when the lifetime ends; a subscriber arriving
    /// after the end receives `completed` at once. RAC: `rac_willDeallocSignal`.
    ///
    /// ```
    /// ended:  ------|     (| when the token is deallocated)
    /// ```
    public let ended: Signal<Never, Never>

    private init() {
        let subject = endedSubject
        ended = Signal(name: "Lifetime.ended") { subscriber in
            subject.subscribe(subscriber)
        }
        disposables.add { subject.sendCompleted() }
    }

    /// Makes a lifetime and the token that keeps it going: store the token in the owner (privately)
    /// and hand out the lifetime. The lifetime ends when the token is deallocated.
    ///
    /// ```
    /// let (lifetime, token) = Lifetime.make()
    /// ```
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime))
    }

    /// Whether the lifetime has ended (its token was deallocated).
    public var hasEnded: Bool {
        disposables.isDisposed
    }

    /// Runs `action` when the lifetime ends, on the thread that releases the token; or at once, on
    /// this thread, if it has ended already (then the result is `nil`). Disposing the result cancels
    /// the observation.
    ///
    /// ```
    /// lifetime.observeEnded { print("owner gone") }
    /// ```
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> (any Disposable)? {
        let observation = endedSubject.subscribe(completed: action)
        return observation.isDisposed ? nil : observation
    }

    /// Disposes `disposable` when the lifetime ends, or at once if it has ended. RAC: adding to
    /// `rac_deallocDisposable`. Disposables added earlier are disposed first, after `ended`
    /// completes.
    ///
    /// ```
    /// lifetime.add(signal.subscribe(next: { … }))   // the subscription lasts as long as the owner
    /// ```
    public func add(_ disposable: (any Disposable)?) {
        disposables.add(disposable)
    }

    /// Adds `disposable` to `lifetime`: `lifetime += signal.subscribe(...)`.
    public static func += (lifetime: Lifetime, disposable: (any Disposable)?) {
        lifetime.add(disposable)
    }

    fileprivate func end() {
        disposables.dispose()
    }

    /// Keeps a lifetime going: when the token is deallocated, its lifetime ends. Hold it in a
    /// stored property of the owner and do not share it.
    public final class Token: Sendable {
        private let lifetime: Lifetime

        fileprivate init(_ lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        deinit {
            lifetime.end()
        }
    }
}
