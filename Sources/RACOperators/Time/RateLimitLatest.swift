// The state of rateLimit(_:latest: true, on:) (declared in RateLimit.swift): the leading- and
// trailing-edge throttle of RxSwift (`throttle`, its default) and Combine (`throttle(latest: true)`).

/// One subscription of `rateLimit(_:latest: true, on:)`: whether a window is open, the value held
/// for its end, and its timer, behind one recursive lock that is held while sending (the events
/// leave the upstream's delivery: Docs/Internals.md, "Building an operator"). The window's timer
/// repeats every interval while windows follow one another, and is disposed when one ends with
/// nothing held; it holds the state, never the scheduler.
///
/// ```
/// -a-b-c------  (interval 5)  →  -a----c-----     a opens a window; c, held, ends it and opens the next
/// ```
@usableFromInline
final class RateLimitLatestState<Value, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = PthreadLock(recursive: true)
    @usableFromInline let interval: Duration
    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The timer of the open windows; the downstream holds it and disposes it when it ends.
    @usableFromInline let window = SerialDisposable()
    /// Whether a window is open (values are held). Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var isWindowOpen = false
    /// The value to send when the window ends. Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var held: Value?

    @inlinable
    init(_ interval: Duration, feeding downstream: Subscriber<Value, Failure>) {
        self.interval = interval
        self.downstream = downstream
    }

    /// A value: held if a window is open; otherwise opens one and is sent at once (the window
    /// opens first, so that a value sent back into the source from the callback is held).
    @inlinable
    func receive(_ value: Value, on scheduler: Scheduler) {
        lock.withLock {
            guard !isWindowOpen else {
                held = value
                return
            }
            isWindowOpen = true
            window.inner = scheduler.schedule(after: interval, repeatingEvery: interval) { [self] in
                windowEnded()
            }
            downstream.sendNext(value)
        }
    }

    /// The end of a window: sends the held value, which opens the next window (the timer goes on),
    /// or, with nothing held, ends the windows (the timer stops).
    @usableFromInline
    func windowEnded() {
        lock.withLock {
            guard isWindowOpen else { return }
            if let value = held.take() {
                downstream.sendNext(value)
            } else {
                isWindowOpen = false
                window.inner = nil
            }
        }
    }

    /// The error: drops the held value and is forwarded.
    @inlinable
    func receive(error: Failure) {
        lock.withLock {
            held = nil
            isWindowOpen = false
            window.dispose()
            downstream.sendError(error)
        }
    }

    /// The completion: sends the held value at once, then completes.
    @inlinable
    func receiveCompleted() {
        lock.withLock {
            isWindowOpen = false
            window.dispose()
            if let value = held.take() { downstream.sendNext(value) }
            downstream.sendCompleted()
        }
    }
}
