import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the per-thread states of the trampolines (`SubscriptionTrampoline`, `DeliveryTrampoline`,
/// `TeardownTrampoline`) share: their thread-specific key, created once, and a way to read how
/// deep in its stack the calling thread is.
enum ThreadState {
    /// The function that frees a thread's state when the thread ends.
    #if canImport(Darwin)
        typealias Destructor = @convention(c) (UnsafeMutableRawPointer) -> Void
    #else
        typealias Destructor = @convention(c) (UnsafeMutableRawPointer?) -> Void
    #endif

    /// The thread-specific key kept in `slot` (the key plus one, 0 until created: an atomic with a
    /// constant initial value needs no lazy initialisation, so the hot path reads it with one
    /// load). Creates it with `destructor` on first use; if two threads race, one key wins and the
    /// other is deleted. `owner` names the trampoline in the failure message.
    static func key(in slot: borrowing Atomic<UInt>, owner: String, destructor: Destructor) -> pthread_key_t {
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

    /// An address in the caller's stack frame (stacks grow down on every supported platform).
    @inline(__always)
    static func stackAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
