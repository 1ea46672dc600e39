internal import RACRuntimeShims

/// A reference to a disposable that does not keep it alive. The downstream end of a subscription
/// holds its upstream subscription through one (`Subscriber.link(_:)`): the upstream's handler
/// holds the downstream, so a strong reference back would make every chain a reference cycle
/// until it ends (defect 4 in Docs/Reliability.md).
///
/// It is an *unowned* reference, counted by hand through the Swift runtime's entry points that
/// Swift's own `unowned` references use (declared in `RACRuntimeShims`, since Swift code may not
/// name them): while it exists the runtime keeps the object's memory (not the object), so
/// `retainedTarget` can ask atomically whether the object is still alive. `swift_tryRetain` adds a
/// strong reference unless the strong count has already reached zero (the object's `deinit` has
/// started or finished); either way it only reads memory this reference keeps allocated. (A Swift
/// `unowned` reference traps when read once the object is gone.)
///
/// The struct is copied freely, but a copy is the same reference: exactly one holder calls
/// `release()` (or `disposeAndRelease()`), once. The target must be a native Swift object (every
/// disposable the framework links is).
package struct UnownedDisposable: @unchecked Sendable {
    // Not a `weak` reference: that allocates a side table; this one costs no allocation, only the
    // counting.
    /// The object, for the runtime's reference counting.
    private let object: UnsafeMutableRawPointer
    /// The same object as a disposable (its witness table included); read only while retained.
    private unowned(unsafe) let target: any Disposable

    /// Refers to `target`, which the caller holds (it is alive).
    package init(_ target: any Disposable) {
        object = Unmanaged.passUnretained(target as AnyObject).toOpaque()
        self.target = target
        _ = swift_unownedRetain(object)
    }

    /// Whether this refers to the object at `address`. Reads only the address, so it may be asked
    /// from the object's own `deinit`.
    package func refers(to address: UnsafeMutableRawPointer) -> Bool {
        object == address
    }

    /// The target, retained, if it is still alive; `nil` once its `deinit` has started.
    package var retainedTarget: (any Disposable)? {
        guard swift_tryRetain(object) != nil else { return nil }
        // Alive and retained by the line above: reading the unowned(unsafe) reference is safe.
        let strong = target
        Unmanaged<AnyObject>.fromOpaque(object).release()
        return strong
    }

    /// Disposes the target if it is still alive. A target whose `deinit` has started is left to it.
    package func dispose() {
        retainedTarget?.dispose()
    }

    /// Gives up the reference (the runtime frees the object's memory once no reference is left).
    package func release() {
        swift_unownedRelease(object)
    }

    /// Gives up the reference and returns the target, retained, if it is still alive: to dispose
    /// it (then this call has returned, so a deep chain of disposals nests one frame less).
    package func take() -> (any Disposable)? {
        let target = retainedTarget
        release()
        return target
    }

    /// Disposes the target if it is still alive, and gives up the reference.
    package func disposeAndRelease() {
        take()?.dispose()
    }
}
