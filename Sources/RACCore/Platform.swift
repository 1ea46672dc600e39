// Everything RACCore asks of the operating system, and the only file of the module that imports
// the C library: thread-local storage, the bounds of a thread's stack, the calling thread's
// identity, yielding, and pthread mutexes and condition variables.

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Operating-system calls, wrapped so that the rest of the module imports no C library.
@usableFromInline
package enum Platform {
    /// Gives up the processor for a moment (a spinning lock's back-off).
    @inlinable @inline(__always)
    package static func yield() {
        sched_yield()
    }

    /// An identifier of the calling thread, never 0.
    @inlinable @inline(__always)
    package static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    /// An address in the caller's stack frame (stacks grow down on every supported platform).
    @inline(__always)
    static func stackAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    #if canImport(Darwin)
        /// The lowest address and the size of the calling thread's stack.
        static func stackBounds() -> (low: UInt, size: Int)? {
            let thread = pthread_self()
            let size = pthread_get_stacksize_np(thread)
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            guard size > 0, high > UInt(size) else { return nil }
            return (high - UInt(size), size)
        }
    #else
        private typealias GetAttributes =
            @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, a GNU extension that the C library module does not import.
        private static let getAttributes: GetAttributes? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
                return nil
            }
            return unsafeBitCast(symbol, to: GetAttributes.self)
        }()

        /// The lowest address and the size of the calling thread's stack.
        static func stackBounds() -> (low: UInt, size: Int)? {
            guard let getAttributes else { return nil }
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address, size > 0 else {
                return nil
            }
            return (UInt(bitPattern: address), size)
        }
    #endif

    /// The function that frees a thread's value of a thread-local key when the thread ends.
    #if canImport(Darwin)
        typealias Destructor = @convention(c) (UnsafeMutableRawPointer) -> Void
    #else
        typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
    #endif

    /// The calling thread's value of the thread-local key kept in `slot` (see `key(in:owner:destructor:)`),
    /// or `nil` if it has none or the key does not exist yet.
    @inline(__always)
    static func threadValue(in slot: borrowing Atomic<UInt>) -> UnsafeMutableRawPointer? {
        let current = slot.load(ordering: .acquiring)
        guard current != 0 else { return nil }
        return pthread_getspecific(pthread_key_t(current - 1))
    }

    /// Sets the calling thread's value of the key kept in `slot`, creating the key on first use.
    static func setThreadValue(
        _ value: UnsafeMutableRawPointer, in slot: borrowing Atomic<UInt>, owner: String,
        destructor: Destructor
    ) {
        pthread_setspecific(key(in: slot, owner: owner, destructor: destructor), value)
    }

    /// The thread-specific key kept in `slot` (the key plus one, 0 until created: an atomic with a
    /// constant initial value needs no lazy initialisation, so the hot path reads it with one
    /// load). Creates it with `destructor` on first use; if two threads race, one key wins and the
    /// other is deleted. `owner` names the caller in the failure message.
    private static func key(in slot: borrowing Atomic<UInt>, owner: String, destructor: Destructor)
        -> pthread_key_t
    {
        let current = slot.load(ordering: .acquiring)
        if current != 0 { return pthread_key_t(current - 1) }
        var key = pthread_key_t()
        let status = pthread_key_create(&key, destructor)
        precondition(status == 0, "\(owner): pthread_key_create failed with \(status)")
        let (exchanged, winner) = slot.compareExchange(
            expected: 0, desired: UInt(key) + 1, ordering: .acquiringAndReleasing)
        if exchanged { return key }
        pthread_key_delete(key)
        return pthread_key_t(winner - 1)
    }
}

/// A mutual-exclusion lock over a heap-allocated `pthread_mutex_t`.
///
/// ThreadSanitizer understands pthread mutexes (it reports `Synchronization.Mutex` as a race on
/// Linux), so every lock in the framework is one of these. `recursive: true` lets the owning thread
/// lock again, which is how a subscriber serialises its events yet still accepts an event sent from
/// inside its own callback (RAC's `@synchronized`).
@usableFromInline
package final class PthreadLock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates a lock; a recursive one may be taken again by the thread that holds it.
    @usableFromInline
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
    @inlinable @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock.
    @inlinable @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock and returns its result.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// The condition variables that contended `RecursiveLock`s wait on, shared by address.
enum ParkingLot {
    final class Bucket: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
        private let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)

        init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        func lock() { pthread_mutex_lock(mutex) }
        func unlock() { pthread_mutex_unlock(mutex) }
        func wait() { pthread_cond_wait(condition, mutex) }
        func broadcast() { pthread_cond_broadcast(condition) }
    }

    static let buckets: [Bucket] = (0..<64).map { _ in Bucket() }

    static func bucket(for lock: AnyObject) -> Bucket {
        let address = UInt(bitPattern: ObjectIdentifier(lock).hashValue)
        return buckets[Int((address >> 4) & 63)]
    }
}
