// RAC's `-timeout:onScheduler:`, its `TimeoutError`, and the stage giving a `Never` signal that error.

/// The error `timeout(_:on:)` sends when a signal that cannot otherwise fail runs out of time.
/// RAC: `RACSignalErrorTimedOut` in `RACSignalErrorDomain`.
public struct TimeoutError: Error, Equatable, CustomStringConvertible {
    /// How long the signal was given.
    public let interval: Duration

    /// Creates the error for a signal that did not terminate within `interval`.
    ///
    /// - Parameter interval: how long the signal was given.
    public init(interval: Duration) {
        self.interval = interval
    }

    /// "timed out after 2.0 seconds".
    public var description: String { "timed out after \(interval)" }
}

extension Signal {
    /// RAC: `-timeout:onScheduler:`. Forwards the signal, but if it has not terminated `interval`
    /// after subscription, disposes it and fails with `error()`.
    ///
    /// Peers: `interval` is the whole signal's time, from subscription to its end, however many
    /// values it sends. RxSwift's and Combine's `timeout` restart the clock at each value (a
    /// gap longer than `interval` times out), and Combine's, without `customError`, finishes
    /// normally instead of failing. ReactiveSwift's `timeout(after:raising:on:)` is this one.
    ///
    /// ```
    /// self:                   -a-b-c-d-|      (interval = 5 frames; a value every 2)
    /// timeout(5):             -a-b-#          (5 frames after subscription, values or not)
    /// RxSwift timeout(5):     -a-b-c-d-|      (restarted at each value: no gap of 5)
    /// quiet:                  -a--------|
    /// timeout(5) of quiet:    -a---#
    /// Combine timeout(5):     -a----|         (on quiet: 5 frames after a, and no error)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long the signal has to terminate, from subscription (`>= 0`).
    ///   - scheduler: where the timer runs and the error is sent from.
    ///   - error: the error to fail with on time-out; evaluated only then.
    /// - Returns: a signal of this signal's events until it terminates or `interval` passes; on
    ///   time-out, this signal is disposed and the result fails with `error()`.
    @inlinable
    public func timeout(
        _ interval: Duration, on scheduler: Scheduler, raising error: @escaping @autoclosure () -> Failure
    ) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(interval, "timeout(_:on:raising:)")
        TimeValidation.requireDeferringScheduler(scheduler, "timeout(_:on:raising:)")
        return Signal(name: SignalDebugNames.name("[\(self.name)] -timeout: \(interval)")) { subscriber in
            // A forwarding subscriber: disposing it must stop the receiver, not `subscriber`.
            let forwarder = Subscriber<Value, Failure> { event in subscriber.send(event) }
            return self.subscribe(forwarder, timingOut: subscriber, after: interval, on: scheduler) {
                subscriber.sendError(error())
            }
        }
    }

    /// The set-up of both `timeout` forms, once per subscription (out of line): schedules
    /// `onTimeout` after `interval`, disposing the receiver's subscription first, and subscribes
    /// `forwarder` (whose handler forwards to `subscriber`) to the receiver.
    @usableFromInline
    func subscribe(
        _ forwarder: Subscriber<Value, Failure>, timingOut subscriber: Subscriber<Value, Failure>,
        after interval: Duration, on scheduler: Scheduler, onTimeout: @escaping () -> Void
    ) -> (any Disposable)? {
        // Linked, not held: the forwarding subscriber's handler holds `subscriber`.
        let source = UnownedSerialDisposable()
        subscriber.add(
            scheduler.schedule(after: interval) {
                source.dispose()
                onTimeout()
            })
        forwarder.setHeir(subscriber)
        source.replace(with: forwarder)
        self.subscribe(forwarder)
        return source
    }
}

extension Signal where Failure == Never {
    /// RAC: `-timeout:onScheduler:` for a signal that cannot otherwise fail: fails with
    /// `TimeoutError` if the signal has not terminated `interval` after subscription.
    ///
    /// Peers: `interval` is the whole signal's time, not the gap between values: RxSwift's and
    /// Combine's `timeout` restart the clock at each value, and Combine's finishes normally
    /// (without `customError`) where this one fails. See `timeout(_:on:raising:)`.
    ///
    /// ```
    /// self:                   -a-b-c-d-|      (interval = 5 frames; a value every 2)
    /// timeout(5):             -a-b-#          (# = TimeoutError)
    /// RxSwift timeout(5):     -a-b-c-d-|      (restarted at each value: no gap of 5)
    /// ```
    ///
    /// An upload that must finish within 30 seconds:
    ///
    /// ```swift
    /// let scheduler = TestScheduler()       // in an app: a QueueScheduler
    /// let upload = Subject<Int, Never>()    // percent done
    /// let guarded = upload.timeout(.seconds(30), on: scheduler)
    /// let subscription = guarded.subscribe(
    ///     next: { print("\($0)%") }, error: { print($0) }, completed: { print("uploaded") })
    /// upload.sendNext(40)                   // 40%
    /// scheduler.advance(by: .seconds(30))   // timed out after 30.0 seconds
    /// upload.sendNext(80)                   // nothing: the upload was disposed
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - interval: how long the signal has to terminate, from subscription (`>= 0`).
    ///   - scheduler: where the timer runs and the error is sent from.
    /// - Returns: a signal of this signal's events until it terminates or `interval` passes; on
    ///   time-out, this signal is disposed and the result fails with `TimeoutError`.
    @inlinable
    public func timeout(_ interval: Duration, on scheduler: Scheduler) -> Signal<Value, TimeoutError> {
        promoteError(TimeoutError.self).timeout(
            interval, on: scheduler, raising: TimeoutError(interval: interval))
    }
}
