#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock over a heap-allocated `pthread_mutex_t`.
///
/// ThreadSanitizer understands pthread mutexes (it reports `Synchronization.Mutex` as a race on
/// Linux), so every lock in the framework is one of these. `recursive: true` lets the owning thread
/// lock again, which is how a subscriber serialises its events yet still accepts an event sent from
/// inside its own callback (RAC's `@synchronized`).
package final class PthreadLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock; a recursive one may be taken again by the thread that holds it.
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "PthreadLock.init: pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it if another thread holds it.
    @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock.
    @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock and returns its result.
    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value guarded by a `PthreadLock`; the only way to reach it is `withValue`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = PthreadLock()
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var current: Value {
        withValue { $0 }
    }
}
