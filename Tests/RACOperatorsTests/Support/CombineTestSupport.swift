import Foundation
import RACOperators
import RACTestSupport
import Testing

/// A thread-safe counter.
final class OpCounter: @unchecked Sendable {
    private let storage = Locked(0)
    init() {}
    var value: Int { storage.current }
    func increment() { storage.withValue { $0 += 1 } }
}

/// A synchronous signal that counts its subscriptions, sends `values` and then `terminal`.
func countingSignal<Value>(
    _ counter: OpCounter, values: [Value], terminal: Event<Value, TestError> = .completed
) -> Signal<Value, TestError> {
    Signal { subscriber in
        counter.increment()
        for value in values { subscriber.sendNext(value) }
        subscriber.send(terminal)
        return nil
    }
}

/// A cold signal that makes a fresh subject for each subscription, so that a terminated attempt
/// does not end the next one (for repeat/retry tests).
final class FreshSubjects<Value, Failure: Error>: @unchecked Sendable {
    private let storage = Locked((subjects: [Subject<Value, Failure>](), disposals: 0))

    init() {}

    var subscriptions: Int { storage.current.subjects.count }
    var disposals: Int { storage.current.disposals }
    /// The subject of the latest subscription.
    var current: Subject<Value, Failure> { storage.current.subjects.last! }
    /// Whether the latest subscription is attached.
    var isSubscribed: Bool { (storage.current.subjects.last?.subscriberCount ?? 0) > 0 }

    var signal: Signal<Value, Failure> {
        Signal { [storage] subscriber in
            let subject = Subject<Value, Failure>()
            storage.withValue { $0.subjects.append(subject) }
            subject.subscribe(subscriber)
            return ActionDisposable { storage.withValue { $0.disposals += 1 } }
        }
    }

    func sendNext(_ value: Value) { current.sendNext(value) }
    func sendError(_ error: Failure) { current.sendError(error) }
    func sendCompleted() { current.sendCompleted() }
}

/// A cold signal whose creation closure fails while `failures` is below `failing`, counting the
/// failure only after it has sent the error, then sends 42 and completes. RAC's `-retry` (through
/// `-subscribeForever:`) starts the next attempt after the closure has returned, so the count is
/// always current: `failing + 1` attempts in all.
func failingThenSucceeding(
    _ failing: Int, attempts: OpCounter, failures: OpCounter
) -> Signal<Int, TestError> {
    Signal { subscriber in
        attempts.increment()
        if failures.value < failing {
            subscriber.sendError(TestError(failures.value))
            failures.increment()
            return nil
        }
        subscriber.sendNext(42)
        subscriber.sendCompleted()
        return nil
    }
}
