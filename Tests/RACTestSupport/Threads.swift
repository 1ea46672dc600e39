import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body(index)` for each index in `0..<count`, each on a thread of its own, all released at
/// once, and returns when all of them have finished. Unlike `DispatchQueue.concurrentPerform`,
/// every call has its own thread even on a machine with fewer cores, so bodies may wait for
/// one another.
package func onThreads(_ count: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
        let shared = UncheckedBox<((Int) -> Void)?>(body)
        let group = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                start.wait()
                shared.value?(index)
                group.leave()
            }
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        group.wait()
        // The threads may outlive this call a moment; they must not hold `body` past it.
        shared.value = nil
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes (the platform's default when
/// `nil`), waits for it and returns its result (for the stack-depth tests).
package func onThread<Result>(stackSize: Int? = nil, _ body: @escaping () -> Result) -> Result {
    let outcome = UncheckedBox<Result?>(nil)
    let work = UncheckedBox(body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        outcome.value = work.value()
        done.signal()
    }
    if let stackSize { thread.stackSize = stackSize }
    thread.start()
    done.wait()
    return outcome.value!
}

/// Runs `body` on a new thread with a 256 KiB stack, waits for it and returns its result.
package func onSmallStack<Result>(_ body: @escaping () -> Result) -> Result {
    onThread(stackSize: 256 * 1024, body)
}

/// Runs `write` (a setter whose observers must hear of it before it returns) on a new thread and
/// waits for it; returns that thread's identity and `deliveries()` read on it the moment `write`
/// returned, to compare with the thread and count the observers recorded.
///
/// ```
/// let writer = writeOnNewThread({ property.value = "b" }, counting: { deliveredOn.current.count })
/// #expect(writer.deliveriesAfterWrite == 2)
/// ```
package func writeOnNewThread(
    _ write: @escaping () -> Void, counting deliveries: @escaping () -> Int
) -> (thread: ObjectIdentifier, deliveriesAfterWrite: Int) {
    onThread {
        write()
        return (ObjectIdentifier(Thread.current), deliveries())
    }
}

/// Polls `condition` every millisecond until it holds or `timeout` passes (a guard against a hung
/// test, never a timing assertion); returns whether it held.
package func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        usleep(1_000)
    }
    return true
}

/// Counts the callbacks running at once, from any thread, and the most ever seen: a callback that
/// must be serialised calls `enter()` first and `leave()` last, and the test expects
/// `mostAtOnce <= 1`.
package final class OverlapProbe: Sendable {
    private let running = Atomic<Int>(0)
    private let most = Atomic<Int>(0)

    package init() {}

    /// The most callbacks that ran at once.
    package var mostAtOnce: Int { most.load(ordering: .acquiring) }

    package func enter() {
        let now = running.add(1, ordering: .acquiringAndReleasing).newValue
        var seen = most.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, current) = most.compareExchange(
                expected: seen, desired: now, ordering: .acquiringAndReleasing)
            if exchanged { break }
            seen = current
        }
    }

    package func leave() {
        running.subtract(1, ordering: .acquiringAndReleasing)
    }
}

/// A value handed to another thread that waits for it is done with it (no concurrent access).
private final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
