/// A disposable that owns many others and disposes them all together.
///
/// RAC: `RACCompoundDisposable`. Adding to a compound that is already disposed disposes the
/// newcomer at once; `remove(_:)` takes a child out without disposing it. Children disposed on
/// their own (an `ActionDisposable`, a subscription) are let go as new ones are added, so a
/// long-lived compound (a subject's, say) that sees many short-lived children come and go holds at
/// most about twice its live children, plus 32 (RAC: "should not retain disposed disposables").
/// Thread-safe.
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

    /// How many children the compound holds now (zero once disposed; children disposed on their own
    /// may still be counted until the next additions let them go).
    public var count: Int {
        lock.withLock { children.count }
    }

    /// Adds `disposable`; disposes it at once if this compound is already disposed. `nil` is ignored.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        var dropped: [any Disposable] = []
        let accepted: Bool = lock.withLock {
            guard !disposed else { return false }
            if children.count >= DisposedFlag.pruningThreshold, children.count == children.capacity {
                dropped = DisposedFlag.prune(&children, DisposedFlag.isDisposed)
            }
            children.append(disposable)
            return true
        }
        // Released here, outside the lock (a deinitialiser may run).
        withExtendedLifetime(dropped) {}
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
