// retry(upTo:delay:on:) and retry(upTo:backoff:on:): resubscribe on an error after a wait, and
// `RetryBackoff`, the growing wait (exponential, capped, with optional jitter).

/// How long `retry(upTo:backoff:on:)` waits before each retry: `initial` before the first, then
/// `multiplier` times longer each time, never more than `maximum`; then, with `jitter`, a random
/// part taken off. RAC: none (RxSwiftExt `RepeatBehavior.exponentialDelayed`, the "exponential
/// backoff and jitter" of most retry libraries).
///
/// The wait before retry `n` (1, 2, 3 …) is `d = min(initial × multiplier^(n−1), maximum)`, then
/// `d − d × jitter × random()`, rounded to the nanosecond. `random` returns a number in `0..<1`
/// (by default `Double.random(in:)`); a test passes its own, so that every wait is exact.
/// `jitter` 1 is "full jitter" (anywhere from 0 to `d`), 0.5 "equal jitter" (from `d/2` to `d`).
///
/// ```
/// RetryBackoff(initial: 1, maximum: 6):                      waits 1, 2, 4, 6, 6 …
/// RetryBackoff(initial: 2, maximum: 8, jitter: 0.5, random: { 0.5 }):   waits 1.5, 3, 6, 6 …
/// ```
///
/// `Sendable` (the random source is a `@Sendable` closure), so that a backoff can be kept in a
/// `static let` and shared by the subscriptions of any thread.
public struct RetryBackoff: Sendable {
    /// The wait before the first retry.
    public let initial: Duration
    /// How much longer each wait is than the one before (at least 1).
    public let multiplier: Double
    /// The longest wait, before jitter.
    public let maximum: Duration
    /// The part of each wait that is random, from 0 (none) to 1 (all of it).
    public let jitter: Double
    /// The random numbers: one in `0..<1` per wait.
    let random: @Sendable () -> Double

    /// Creates a backoff. `initial` must be `>= 0`, `maximum >= initial`, `multiplier >= 1` and
    /// `jitter` within `0...1`; anything else stops the process with a message naming the input.
    ///
    /// ```
    /// RetryBackoff(initial: .seconds(1), maximum: .seconds(30))   waits 1, 2, 4, 8, 16, 30, 30 … s
    /// ```
    ///
    /// - Parameters:
    ///   - initial: the wait before the first retry (`>= 0`).
    ///   - multiplier: how much longer each wait is than the one before (`>= 1`; 2 by default).
    ///   - maximum: the longest wait, before jitter (`>= initial`).
    ///   - jitter: the part of each wait that is random, within `0...1` (none by default).
    ///   - random: returns a number in `0..<1` per wait; `Double.random(in:)` by default.
    public init(
        initial: Duration, multiplier: Double = 2, maximum: Duration, jitter: Double = 0,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        let call = "RetryBackoff(initial:multiplier:maximum:jitter:random:)"
        if initial < .zero {
            racProgrammerError(call, "initial must be >= 0, got \(initial)")
        }
        if maximum < initial {
            racProgrammerError(call, "maximum must be >= initial (\(initial)), got \(maximum)")
        }
        if !(multiplier >= 1) || !multiplier.isFinite {
            racProgrammerError(call, "multiplier must be a finite number >= 1, got \(multiplier)")
        }
        if !(0...1).contains(jitter) {
            racProgrammerError(call, "jitter must be within 0...1, got \(jitter)")
        }
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
        self.jitter = jitter
        self.random = random
    }

    /// The wait before retry number `retry` (the first retry is 1). Calls `random` once
    /// if `jitter` is not 0.
    ///
    /// ```
    /// RetryBackoff(initial: 1, maximum: 6).delay(beforeRetry: 4):   6   (1 × 2³ = 8, capped)
    /// ```
    ///
    /// - Parameter retry: the number of the retry, from 1 (`>= 1`).
    /// - Returns: how long to wait before that retry.
    public func delay(beforeRetry retry: Int) -> Duration {
        let call = "RetryBackoff.delay(beforeRetry:)"
        if retry < 1 {
            racProgrammerError(call, "retry must be >= 1, got \(retry)")
        }
        let initialNanoseconds = Self.nanoseconds(initial)
        let maximumNanoseconds = Self.nanoseconds(maximum)
        // `pow` of a large exponent is infinite, which the cap turns back into `maximum`.
        var wait = min(initialNanoseconds * Self.power(multiplier, retry - 1), maximumNanoseconds)
        if jitter > 0 {
            let fraction = random()
            if !(0..<1).contains(fraction) {
                racProgrammerError(call, "the random source must return a number in 0..<1, got \(fraction)")
            }
            wait -= wait * jitter * fraction
        }
        return .nanoseconds(Int64(wait.rounded()))
    }

    /// `duration` in nanoseconds.
    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// `base` raised to `exponent` (`>= 0`), by repeated squaring: exact for the powers of two.
    private static func power(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0
        var factor = base
        var remaining = exponent
        while remaining > 0, result.isFinite {
            if remaining & 1 == 1 { result *= factor }
            factor *= factor
            remaining >>= 1
        }
        return result
    }
}

extension Signal {
    /// RAC: none (ReactiveSwift `retry(upTo:interval:on:)`). Like `retry(_:)`: on an error,
    /// resubscribes, up to `count` times, and forwards the error after the last retry; but each
    /// resubscription is made `delay` after the error, on `scheduler`. Values of every attempt
    /// are forwarded; completion ends it; disposing during a wait cancels the retry.
    ///
    /// `upTo: 0` never retries, as in ReactiveSwift (unlike `retry(0)`, which, as RAC's
    /// `retry:0`, retries forever). A negative count stops the process with a message naming it.
    ///
    /// ```
    /// self (attempts):           -a-#  -a-#  -a-b|
    /// retry(upTo: 2, delay: 2):  -a----a----a-b|    (each attempt subscribed 2 frames after the error)
    /// ```
    ///
    /// - Parameters:
    ///   - count: how many times to resubscribe after an error (`>= 0`; 0 never retries).
    ///   - delay: how long to wait after an error before resubscribing (`>= 0`).
    ///   - scheduler: where the waits run and the attempts are subscribed from.
    /// - Returns: a signal of the values of every attempt; it completes when an attempt completes
    ///   and fails with the error of the attempt after the last retry.
    @inlinable
    public func retry(upTo count: Int, delay: Duration, on scheduler: Scheduler) -> Signal<Value, Failure> {
        TimeValidation.requireNonNegative(delay, "retry(upTo:delay:on:)")
        TimeValidation.requireDeferringScheduler(scheduler, "retry(upTo:delay:on:)")
        racRequireNonNegative(count, "count", "retry(upTo:delay:on:)")
        return retrying(
            upTo: count, backoff: RetryBackoff(initial: delay, multiplier: 1, maximum: delay), on: scheduler,
            named: "-retry: \(count) delay: \(delay)")
    }

    /// RAC: none (RxSwiftExt `retry(.exponentialDelayed(…))`; ReactiveSwift and Combine have no
    /// backoff). Like `retry(upTo:delay:on:)`, but the wait before retry `n` is
    /// `backoff.delay(beforeRetry: n)`: growing, capped, optionally jittered. The retries are
    /// counted for the whole subscription (a value does not reset them).
    ///
    /// ```
    /// self (attempts):                                    #  #  #  a|
    /// retry(upTo: 3, backoff: (initial: 1, maximum: 8)):  -------a|   (attempts at 0, 1, 3, 7: waits 1, 2, 4)
    /// ```
    ///
    /// - Parameters:
    ///   - count: how many times to resubscribe after an error (`>= 0`; 0 never retries).
    ///   - backoff: how long to wait before each retry.
    ///   - scheduler: where the waits run and the attempts are subscribed from.
    /// - Returns: a signal of the values of every attempt; it completes when an attempt completes
    ///   and fails with the error of the attempt after the last retry.
    @inlinable
    public func retry(
        upTo count: Int, backoff: RetryBackoff, on scheduler: Scheduler
    ) -> Signal<Value, Failure> {
        TimeValidation.requireDeferringScheduler(scheduler, "retry(upTo:backoff:on:)")
        racRequireNonNegative(count, "count", "retry(upTo:backoff:on:)")
        return retrying(upTo: count, backoff: backoff, on: scheduler, named: "-retry: \(count) backoff")
    }

    /// The signal of both delayed retries: a loop of subscriptions (`SerialSubscription`) whose
    /// next signal, after an error, is this one subscribed after the backoff's wait.
    @inlinable
    func retrying(
        upTo count: Int, backoff: RetryBackoff, on scheduler: Scheduler, named operation: String
    ) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] \(operation)")) { subscriber in
            let source = self
            // `started - 1` retries so far.
            let loop = SerialSubscription<Value, Failure>(downstream: subscriber) { event, started in
                guard case .error = event, started <= count else { return nil }
                return source.delaySubscription(backoff.delay(beforeRetry: started), on: scheduler)
            }
            subscriber.link(state: loop)
            loop.start(source)
            return nil
        }
    }
}
