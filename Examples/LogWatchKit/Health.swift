import Foundation
import RACFoundationBridge

/// What one health check found: the endpoint answered in time with an accepted status, or not.
public enum HealthReading: Sendable, Hashable {
    case up
    case down(reason: String)
}

/// Why one health check attempt failed, in words.
public struct HealthCheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure in words (a URL error's description, a timeout).
    public let reason: String
    /// A failure described by `reason`.
    public init(reason: String) { self.reason = reason }
    /// The reason.
    public var description: String { reason }
}

/// How the health endpoint is polled: a check every `interval`, each attempt given `timeout`,
/// failed attempts retried `retries` times after `backoff`, `2 × backoff`, `4 × backoff`…; when
/// every attempt failed, the fallback reading is `.down` with the last failure's reason.
public struct HealthPolicy: Sendable {
    /// What is checked, for messages (the endpoint's URL).
    public let target: String
    /// The time between the starts of two checks.
    public let interval: Duration
    /// How long one attempt may take.
    public let timeout: Duration
    /// How many times a failed attempt is retried.
    public let retries: Int
    /// The wait before the first retry, doubled for each next one.
    public let backoff: Duration

    /// A policy; the values are checked (a bad one stops the program).
    public init(target: String, interval: Duration, timeout: Duration, retries: Int, backoff: Duration) {
        precondition(interval > .zero, "HealthPolicy(interval:): interval must be > 0, got \(interval)")
        precondition(timeout > .zero, "HealthPolicy(timeout:): timeout must be > 0, got \(timeout)")
        precondition(retries >= 0, "HealthPolicy(retries:): retries must be >= 0, got \(retries)")
        precondition(backoff >= .zero, "HealthPolicy(backoff:): backoff must be >= 0, got \(backoff)")
        self.target = target
        self.interval = interval
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
    }

    /// The wait before retry number `retry` (from 1): `backoff × 2^(retry - 1)`.
    public func delay(beforeRetry retry: Int) -> Duration {
        backoff * (1 << min(retry - 1, 20))
    }
}

extension LogWatch {
    /// One reading per check: a check at subscription, then one `policy.interval` after each
    /// check *started*, skipping ticks while a check (with its retries) still runs. Each attempt
    /// is `check()`, failed after `policy.timeout` if it has not answered; a failed attempt is
    /// retried with exponential backoff; a check whose attempts all failed reads
    /// `.down(reason:)` (the fallback) instead of ending the signal. Never completes.
    ///
    /// ```
    /// attempts:  -ok----------X-(ok)----X--X--X…
    /// readings:  -up----------------up----------(down)
    /// ```
    public static func health(
        check: @escaping @Sendable () -> Signal<Void, HealthCheckFailure>, policy: HealthPolicy,
        on scheduler: Scheduler
    ) -> Signal<HealthReading, Never> {
        let timedOut = HealthCheckFailure(reason: "no answer from \(policy.target) within \(policy.timeout)")
        let oneCheck = Signal<Void, HealthCheckFailure>.defer(check)
            .timeout(policy.timeout, on: scheduler, raising: timedOut)
            .retry(when: { errors in
                errors.promoteError(HealthCheckFailure.self)
                    .scan((retry: 0, failure: timedOut)) { state, failure in (state.retry + 1, failure) }
                    .flattenMap { state -> Signal<Void, HealthCheckFailure> in
                        state.retry > policy.retries
                            ? Signal(error: state.failure)
                            : Signal(value: ()).delay(policy.delay(beforeRetry: state.retry), on: scheduler)
                    }
            })
            .take(1)
            .map { HealthReading.up }
            .catch { failure in Signal<HealthReading, Never>(value: .down(reason: failure.reason)) }
        return Signal.interval(policy.interval, on: scheduler).startWith(-1).flatMapFirst { _ in oneCheck }
    }

    /// The messages for changes of health: the first reading (`health: up`, or
    /// `health: DOWN (reason)`), then `health: DOWN (reason)` when it goes down and
    /// `health: RECOVERED` when it comes back. Repeated readings say nothing.
    ///
    /// ```
    /// readings:  -up-up-down-down-up-
    /// messages:  -u-----D---------R--
    /// ```
    public static func healthMessages(_ readings: Signal<HealthReading, Never>) -> Signal<String, Never> {
        readings.scan((previous: HealthReading?.none, message: String?.none)) { state, reading in
            let message: String?
            switch (state.previous, reading) {
            case (nil, .up): message = "health: up"
            case (.down?, .up): message = "health: RECOVERED"
            case (.up?, .down(let reason)), (nil, .down(let reason)): message = "health: DOWN (\(reason))"
            case (.up?, .up), (.down?, .down): message = nil
            }
            return (reading, message)
        }
        .compactMap(\.message)
    }
}
