import RACOperators
import RACTestSupport
import Testing

/// Records the events one subscription receives, for exact `[Event]` comparisons.
final class EventLog<Value, Failure: Error>: @unchecked Sendable {
    private let storage = Locked<[Event<Value, Failure>]>([])

    init() {}

    /// Every event received so far, in order.
    var events: [Event<Value, Failure>] { storage.current }

    /// The values received so far.
    var values: [Value] { events.compactMap(\.value) }

    /// Whether a terminal event has arrived.
    var isTerminated: Bool { events.last?.isTerminal ?? false }

    /// A subscriber that appends each event; `onEvent` runs after recording (for reentrancy tests).
    /// In a test that checks releases, the subscriber must be released once the test has returned
    /// (see `ReleaseCheck`): the chain it ends must have ended.
    func subscriber(
        onEvent: ((Event<Value, Failure>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Subscriber<Value, Failure> {
        // The subscriber holds the log, so that a weak reference to the log tells whether the chain
        // it ends was released.
        let subscriber = Subscriber<Value, Failure> { [self] event in
            storage.withValue { $0.append(event) }
            onEvent?(event)
        }
        watchRelease(subscriber, "the EventLog subscriber made here", sourceLocation: sourceLocation)
        return subscriber
    }

    /// Subscribes to `signal` and records what it sends.
    @discardableResult
    func record(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation,
        onEvent: ((Event<Value, Failure>) -> Void)? = nil
    ) -> any Disposable {
        signal.subscribe(subscriber(onEvent: onEvent, sourceLocation: sourceLocation))
    }

    /// Subscribes a new log to `signal` and returns it.
    static func of(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> EventLog<Value, Failure> {
        let log = EventLog()
        log.record(signal, sourceLocation: sourceLocation)
        return log
    }
}

/// A source to put under an operator: a cold signal over a subject that counts subscriptions and
/// disposals, so tests can check that the operator subscribes (or not) and disposes its source.
final class ProbeSource<Value, Failure: Error>: @unchecked Sendable {
    /// Send events into the source through the subject.
    let subject = Subject<Value, Failure>()
    private let counts = Locked((subscriptions: 0, disposals: 0))

    init() {}

    /// How many times the signal was subscribed.
    var subscriptions: Int { counts.current.subscriptions }
    /// How many subscriptions were disposed (by termination or `dispose()`).
    var disposals: Int { counts.current.disposals }
    /// Whether a subscription is live (subscribed, not yet disposed).
    var isSubscribed: Bool { subject.subscriberCount > 0 }

    /// The cold signal: each subscription attaches to `subject` and counts its disposal.
    var signal: Signal<Value, Failure> {
        Signal { [subject, counts] subscriber in
            counts.withValue { $0.subscriptions += 1 }
            subject.subscribe(subscriber)
            return ActionDisposable { counts.withValue { $0.disposals += 1 } }
        }
    }

    func sendNext(_ value: Value) { subject.sendNext(value) }
    func sendError(_ error: Failure) { subject.sendError(error) }
    func sendCompleted() { subject.sendCompleted() }
}

/// An error with a code, so tests can tell errors apart.
struct ProbeError: Error, Equatable, CustomStringConvertible {
    let code: Int
    init(_ code: Int = 0) { self.code = code }
    var description: String { "ProbeError(\(code))" }
}

/// An object whose deallocation tests observe through a weak reference.
final class DeallocProbe: @unchecked Sendable {
    init() {}
}

/// A thread-safe list of strings (log lines, call records) for side-effect tests.
final class Lines: @unchecked Sendable {
    private let storage = Locked<[String]>([])

    init() {}

    var all: [String] { storage.current }

    func append(_ line: String) { storage.withValue { $0.append(line) } }
}

/// Subscribes `apply(source)` to a `ProbeSource`, checks that the source was subscribed once, then
/// disposes the subscription and returns whether that disposed the source subscription.
func disposalReachesSource<Value, Failure: Error, Result, ResultFailure: Error>(
    _ apply: (Signal<Value, Failure>) -> Signal<Result, ResultFailure>,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    let probe = ProbeSource<Value, Failure>()
    let subscription = apply(probe.signal).subscribe(Subscriber { _ in })
    let wasSubscribed = probe.isSubscribed && probe.subscriptions == 1
    subscription.dispose()
    watchRelease(subscription, "disposalReachesSource's disposed subscriber", sourceLocation: sourceLocation)
    watchRelease(probe.subject, "disposalReachesSource's source subject", sourceLocation: sourceLocation)
    return wasSubscribed && !probe.isSubscribed && probe.disposals == 1
}

/// The events `signal` sends to one subscriber that subscribes now.
func eventsOf<Value, Failure: Error>(
    _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation
) -> [Event<Value, Failure>] {
    EventLog.of(signal, sourceLocation: sourceLocation).events
}
