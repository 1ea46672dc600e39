import RACOperators
import RACTestSupport
import Testing

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
