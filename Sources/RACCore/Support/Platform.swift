// The one file of RACCore that imports the C library: every call into it (pthread mutexes,
// condition variables and thread-specific keys, the bounds of the thread's stack, yielding the
// processor, thread identifiers) is wrapped here, so that no other file of the module needs the
// `#if canImport(Glibc) … #elseif canImport(Darwin)` ladder. (`import` is per file in Swift, so a
// re-export would put the whole C library in every client's namespace; a few wrappers do not.)
// The wrappers that the `@inlinable` locks call are `@inlinable` themselves: they compile to the
// same calls as before.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls into the C library that the rest of the framework needs.
@usableFromInline
package enum Platform {
    /// Gives up the processor (waiting for a lock held by another thread).
    @inlinable @inline(__always)
    package static func yieldProcessor() {
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

    /// The lowest address and the size of the calling thread's stack, if the platform tells.
    package static func stackBounds() -> (low: UInt, size: Int)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let size = pthread_get_stacksize_np(thread)
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            guard size > 0, high > UInt(size) else { return nil }
            return (high - UInt(size), size)
        #else
            guard let getAttributes = getThreadAttributes else { return nil }
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address, size > 0 else {
                return nil
            }
            return (UInt(bitPattern: address), size)
        #endif
    }

    #if !canImport(Darwin)
        private typealias GetAttributes =
            @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32

        /// `pthread_getattr_np`, a GNU extension that the C library module does not import.
        private static let getThreadAttributes: GetAttributes? = {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
                return nil
            }
            return unsafeBitCast(symbol, to: GetAttributes.self)
        }()
    #endif
}

/// A pthread mutex in memory of its own (a mutex must not move), created and destroyed
/// explicitly by its owner. ThreadSanitizer understands it.
@usableFromInline
package struct RawMutex: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Allocates and initialises a mutex; a recursive one may be taken again by its holder.
    package init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "RawMutex.init: pthread_mutex_init failed with \(status)")
    }

    /// Destroys and frees the mutex (once, when no thread holds it).
    package func destroy() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the mutex, waiting for it if another thread holds it.
    @inlinable @inline(__always)
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the mutex.
    @inlinable @inline(__always)
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

/// A pthread condition variable in memory of its own, waited on with a `RawMutex`.
package struct RawCondition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    /// Allocates and initialises a condition variable (never destroyed by its current users).
    package init() {
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    /// Releases `mutex`, which the caller holds, waits for a broadcast and takes `mutex` again.
    package func wait(_ mutex: RawMutex) {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Wakes every thread waiting on the condition.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}

/// A thread-specific storage key (`pthread_key_t`): one pointer per thread, `nil` until the thread
/// sets it.
@usableFromInline
package struct ThreadLocalKey: @unchecked Sendable {
    /// The function that frees a thread's value when the thread ends (called only for a value
    /// that is not `nil`).
    package typealias Destructor = @convention(c) (UnsafeMutableRawPointer) -> Void

    @usableFromInline let key: pthread_key_t

    /// Creates a key; `owner` names its user in the failure message.
    package init(owner: String) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "\(owner): pthread_key_create failed with \(status)")
        self.key = key
    }

    /// Creates a key whose thread values are passed to `destructor` when their thread ends.
    package init(owner: String, destructor: Destructor) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, unsafeBitCast(destructor, to: PlatformDestructor.self))
        precondition(status == 0, "\(owner): pthread_key_create failed with \(status)")
        self.key = key
    }

    private init(rawValue: pthread_key_t) {
        key = rawValue
    }

    /// The calling thread's value.
    @inlinable @inline(__always)
    package var value: UnsafeMutableRawPointer? {
        pthread_getspecific(key)
    }

    /// Sets the calling thread's value.
    @inlinable @inline(__always)
    package func set(_ value: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, value)
    }

    // A key packed into a word, for a key created lazily and kept in an `Atomic<UInt>` (an atomic
    // with a constant initial value needs no lazy initialisation, so reading it costs one load):
    // the key plus one, 0 meaning "not created yet".

    /// The key in `packed`, a value of `packed` other than 0.
    @inline(__always)
    package init(packed: UInt) {
        self.init(rawValue: pthread_key_t(packed - 1))
    }

    /// This key as a word for `init(packed:)`, never 0.
    package var packed: UInt {
        UInt(key) + 1
    }

    /// Deletes the key (one that lost a race to be published).
    package func delete() {
        pthread_key_delete(key)
    }

    #if canImport(Darwin)
        private typealias PlatformDestructor = @convention(c) (UnsafeMutableRawPointer) -> Void
    #else
        private typealias PlatformDestructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
    #endif
}
