/// A disposable that owns many others and disposes them all together.
///
/// RAC: `RACCompoundDisposable`. Adding to a compound that is already disposed disposes the
/// newcomer at once; `remove(_:)` takes a child out without disposing it. Thread-safe.
///
/// ```
/// add(a) add(b) dispose() add(c)
///                  |        |
///                a,b disposed  c disposed at once
/// ```
public final class CompoundDisposable: Disposable, @unchecked Sendable {
    /// Guards the fields below; its critical sections never call out (disposal runs outside).
    private let lock = SpinLock()
    @exclusivity(unchecked) private var children: [any Disposable] = []
    @exclusivity(unchecked) private var disposed = false

    /// Creates an empty compound disposable, or one that owns `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        children = disposables
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.withLock { disposed }
    }

    /// How many children the compound holds now (zero once disposed).
    public var count: Int {
        lock.withLock { children.count }
    }

    /// Adds `disposable`; disposes it at once if this compound is already disposed. `nil` is ignored.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let accepted: Bool = lock.withLock {
            guard !disposed else { return false }
            children.append(disposable)
            return true
        }
        if !accepted {
            disposable.dispose()
        }
    }

    /// Adds an action to run when the compound is disposed (at once if it already is).
    public func add(_ action: @escaping () -> Void) {
        add(ActionDisposable(action))
    }

    /// Takes `disposable` out without disposing it; does nothing if it is not a child.
    public func remove(_ disposable: any Disposable) {
        let removed: (any Disposable)? = lock.withLock {
            guard let index = children.lastIndex(where: { $0 === disposable }) else { return nil }
            return children.remove(at: index)
        }
        // Released here, outside the lock (a deinitialiser may run).
        withExtendedLifetime(removed) {}
    }

    /// Disposes every child (once); later additions are disposed as they arrive.
    public func dispose() {
        let toDispose: [any Disposable] = lock.withLock {
            guard !disposed else { return [] }
            disposed = true
            defer { children = [] }
            return children
        }
        for child in toDispose {
            child.dispose()
        }
    }

    /// Adds `disposable` to `compound`: `compound += signal.subscribe(...)`.
    public static func += (compound: CompoundDisposable, disposable: (any Disposable)?) {
        compound.add(disposable)
    }
}
