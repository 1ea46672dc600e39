import Synchronization

/// A mutual-exclusion lock over a heap-allocated `pthread_mutex_t`.
///
/// ThreadSanitizer understands pthread mutexes (it reports `Synchronization.Mutex` as a race on
/// Linux), so the framework's locks are these or atomics: `RecursiveLock` (which waits on pthread
/// conditions) and `SpinLock`. (One `Mutex` is left, around the semaphore in `DueActions`.)
/// `recursive: true` lets the owning thread lock again, which is how a subscriber serialises its
/// events yet still accepts an event sent from inside its own callback (RAC's `@synchronized`).
@usableFromInline
package final class PthreadLock: @unchecked Sendable {
    @usableFromInline let mutex: RawMutex

    /// Creates a lock; a recursive one may be taken again by the thread that holds it.
    @usableFromInline
    package init(recursive: Bool = false) {
        mutex = RawMutex(recursive: recursive)
    }

    deinit {
        mutex.destroy()
    }

    /// Takes the lock, waiting for it if another thread holds it.
    @inlinable @inline(__always)
    package func lock() {
        mutex.lock()
    }

    /// Releases the lock.
    @inlinable @inline(__always)
    package func unlock() {
        mutex.unlock()
    }

    /// Runs `body` while holding the lock and returns its result.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}

/// A lock for critical sections that only read and write a few fields and never call out: one
/// atomic flag stored inline in its owner, taken with a compare-and-exchange and waited for by
/// yielding the processor. Not recursive. ThreadSanitizer sees the acquiring and releasing
/// operations. Use it (not a hand-written compare-and-exchange loop) wherever a spin lock is
/// wanted.
@usableFromInline
package struct SpinLock: ~Copyable, @unchecked Sendable {
    // Stored inline, it costs no allocation.
    @usableFromInline let held = Atomic<Bool>(false)

    /// A free lock.
    @inlinable
    package init() {}

    /// Takes the lock, yielding while another thread holds it.
    @inlinable
    package func lock() {
        while !held.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            Platform.yieldProcessor()
        }
    }

    /// Releases the lock.
    @inlinable
    package func unlock() {
        held.store(false, ordering: .releasing)
    }

    /// Runs `body` while holding the lock and returns its result.
    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
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

/// A recursive lock: the delivery lock of every `Subscriber` and the lock of every `Subject`,
/// taken once per event.
///
/// The state word is 0 (free), 1 (held) or 2 (held, and a thread may be waiting). A waiting thread
/// sleeps on a condition variable from a small shared table (a "parking lot"). ThreadSanitizer
/// understands it: the fast path is an acquiring/releasing compare-and-exchange, the slow path
/// pthread mutexes and conditions.
///
/// Not `final` only so that a subject's `SubscriberRegistry` can be its lock as well (one object);
/// every member is `final`.
@usableFromInline
package class RecursiveLock: @unchecked Sendable {
    // The uncontended path is two atomic instructions and no call into the C library; the parking
    // lot means a lock costs no allocation beyond its object.
    /// 0 free, 1 held, 2 held with possible waiters.
    @usableFromInline final let state = Atomic<Int>(0)
    /// The thread that holds the lock (0 if none); only that thread stores its own identifier.
    @usableFromInline final let owner = Atomic<UInt>(0)
    /// How many times the owner took the lock again. Touched only by the owner.
    @exclusivity(unchecked) @usableFromInline final var recursion = 0

    /// Creates a free lock.
    @usableFromInline
    package init() {}

    /// An identifier of the calling thread, never 0.
    @inlinable @inline(__always)
    static var currentThread: UInt {
        Platform.currentThread
    }

    /// Takes the lock, waiting if another thread holds it; the holder may take it again.
    @inlinable @inline(__always)
    package final func lock() {
        let me = Self.currentThread
        if owner.load(ordering: .relaxed) == me {
            recursion += 1
            return
        }
        if !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            lockContended()
        }
        owner.store(me, ordering: .relaxed)
    }

    /// Whether the calling thread holds the lock (for assertions).
    @inlinable
    package final var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == Self.currentThread
    }

    /// Takes the lock if no other thread holds it (the holder may take it again); never waits.
    /// Returns whether it was taken; if so, call `unlock()` once.
    @inlinable @inline(__always)
    package final func tryLock() -> Bool {
        let me = Self.currentThread
        if owner.load(ordering: .relaxed) == me {
            recursion += 1
            return true
        }
        guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else {
            return false
        }
        owner.store(me, ordering: .relaxed)
        return true
    }

    /// Releases the lock (once per `lock()`).
    @inlinable @inline(__always)
    package final func unlock() {
        if recursion > 0 {
            recursion -= 1
            return
        }
        owner.store(0, ordering: .relaxed)
        if !state.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged {
            unlockContended()
        }
    }

    /// Runs `body` while holding the lock and returns its result.
    @inlinable @inline(__always)
    package final func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    @usableFromInline
    final func lockContended() {
        // A short spin first: most critical sections are a few instructions.
        for _ in 0..<64 {
            if state.load(ordering: .relaxed) == 0,
                state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
            Platform.yieldProcessor()
        }
        let bucket = ParkingLot.bucket(for: self)
        bucket.lock()
        var current = state.load(ordering: .relaxed)
        while true {
            if current == 0 {
                // Taken with 2: other threads may still be parked, and our unlock must wake them.
                let (exchanged, found) = state.compareExchange(expected: 0, desired: 2, ordering: .acquiring)
                if exchanged { break }
                current = found
                continue
            }
            if current == 1 {
                let (exchanged, found) = state.compareExchange(expected: 1, desired: 2, ordering: .relaxed)
                if !exchanged {
                    current = found
                    continue
                }
            }
            bucket.wait()
            current = state.load(ordering: .relaxed)
        }
        bucket.unlock()
    }

    @usableFromInline
    final func unlockContended() {
        let bucket = ParkingLot.bucket(for: self)
        bucket.lock()
        state.store(0, ordering: .releasing)
        bucket.broadcast()
        bucket.unlock()
    }
}

/// The condition variables that contended `RecursiveLock`s wait on, shared by address.
enum ParkingLot {
    final class Bucket: @unchecked Sendable {
        private let mutex = RawMutex()
        private let condition = RawCondition()

        func lock() { mutex.lock() }
        func unlock() { mutex.unlock() }
        func wait() { condition.wait(mutex) }
        func broadcast() { condition.broadcast() }
    }

    static let buckets: [Bucket] = (0..<64).map { _ in Bucket() }

    static func bucket(for lock: AnyObject) -> Bucket {
        let address = UInt(bitPattern: ObjectIdentifier(lock).hashValue)
        return buckets[Int((address >> 4) & 63)]
    }
}
