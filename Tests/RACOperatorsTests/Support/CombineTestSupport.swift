import Foundation
import RACOperators
import RACTestSupport
import Testing

/// Records the events of one subscription (Combine* and HigherOrder* tests).
final class OpLog<Value, Failure: Error>: @unchecked Sendable {
    private let storage = Locked<[Event<Value, Failure>]>([])

    init() {}

    var events: [Event<Value, Failure>] { storage.current }
    var values: [Value] { events.compactMap(\.value) }
    var count: Int { storage.withValue { $0.count } }
    var isTerminated: Bool { events.last?.isTerminal ?? false }

    /// The events as text: tuples and arrays compare readably this way.
    var descriptions: [String] {
        events.map { event in
            switch event {
            case .next(let value): return "\(value)"
            case .error(let error): return "error(\(error))"
            case .completed: return "|"
            }
        }
    }

    /// A subscriber that records each event, then runs `onEvent` (for reentrancy tests). In a test
    /// that checks releases, the subscriber must be released once the test has returned (see
    /// `ReleaseCheck`): the chain it ends must have ended.
    func subscriber(
        onEvent: ((Event<Value, Failure>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Subscriber<Value, Failure> {
        // The subscriber holds the log, so that a weak reference to the log tells whether the chain
        // it ends was released.
        let subscriber = Subscriber<Value, Failure> { [self] event in
            storage.withValue { $0.append(event) }
            onEvent?(event)
        }
        watchRelease(subscriber, "the OpLog subscriber made here", sourceLocation: sourceLocation)
        return subscriber
    }

    @discardableResult
    func record(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation,
        onEvent: ((Event<Value, Failure>) -> Void)? = nil
    ) -> any Disposable {
        signal.subscribe(subscriber(onEvent: onEvent, sourceLocation: sourceLocation))
    }

    static func of(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> OpLog<Value, Failure> {
        let log = OpLog()
        log.record(signal, sourceLocation: sourceLocation)
        return log
    }
}

/// An error with a code.
struct OpError: Error, Equatable, CustomStringConvertible {
    let code: Int
    init(_ code: Int = 0) { self.code = code }
    var description: String { "OpError(\(code))" }
}

/// A cold signal over a subject that counts its subscriptions and their disposals.
final class OpProbe<Value, Failure: Error>: @unchecked Sendable {
    let subject = Subject<Value, Failure>()
    private let counts = Locked((subscriptions: 0, disposals: 0))

    init() {}

    var subscriptions: Int { counts.current.subscriptions }
    var disposals: Int { counts.current.disposals }
    /// Whether a subscription is attached to the subject now.
    var isSubscribed: Bool { subject.subscriberCount > 0 }

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

/// An object whose deallocation is observed through a weak reference.
final class OpToken: @unchecked Sendable {
    init() {}
}

/// A thread-safe counter.
final class OpCounter: @unchecked Sendable {
    private let storage = Locked(0)
    init() {}
    var value: Int { storage.current }
    func increment() { storage.withValue { $0 += 1 } }
}

/// A synchronous signal that counts its subscriptions, sends `values` and then `terminal`.
func countingSignal<Value>(
    _ counter: OpCounter, values: [Value], terminal: Event<Value, OpError> = .completed
) -> Signal<Value, OpError> {
    Signal { subscriber in
        counter.increment()
        for value in values { subscriber.sendNext(value) }
        subscriber.send(terminal)
        return nil
    }
}

/// Runs `body` on `count` threads at once and waits for all of them.
func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread {
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
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
