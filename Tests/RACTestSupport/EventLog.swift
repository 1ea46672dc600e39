import RACCore
import RACSchedulers
import RACTesting
import Testing

/// The one event recorder of the tests: a thread-safe list of the events one subscription
/// received, for exact `[Event]` comparisons, each with the virtual time it arrived at when the
/// log was made with a scheduler (`init(timedBy:)`). Tests driven by a `TestScheduler` record with
/// RACTesting's `TestRecorder` instead (`scheduler.record(_:)`).
package final class EventLog<Value, Failure: Error>: @unchecked Sendable {
    private let storage = Locked<[(time: Duration, event: Event<Value, Failure>)]>([])
    /// The scheduler whose `now` stamps each event, if any.
    package let scheduler: VirtualTimeScheduler?

    /// A log without times.
    package init() {
        scheduler = nil
    }

    /// A log that stamps each event with `scheduler.now`.
    package init(timedBy scheduler: VirtualTimeScheduler) {
        self.scheduler = scheduler
    }

    /// Every event received so far, in order.
    package var events: [Event<Value, Failure>] { storage.current.map(\.event) }

    /// Every event received so far with the virtual time it arrived at (zero without a scheduler).
    package var entries: [(Duration, Event<Value, Failure>)] { storage.current.map { ($0.time, $0.event) } }

    /// The values received so far.
    package var values: [Value] { events.compactMap(\.value) }

    /// How many events have arrived.
    package var count: Int { storage.withValue { $0.count } }

    /// The terminal event, once it has arrived.
    package var terminal: Event<Value, Failure>? { events.last.flatMap { $0.isTerminal ? $0 : nil } }

    /// Whether a terminal event has arrived.
    package var isTerminated: Bool { terminal != nil }

    /// The error of the terminal event, if it is one.
    package var error: Failure? { terminal?.error }

    /// The events as text: tuples and arrays compare readably this way.
    package var descriptions: [String] {
        events.map { event in
            switch event {
            case .next(let value): return "\(value)"
            case .error(let error): return "error(\(error))"
            case .completed: return "|"
            }
        }
    }

    /// Appends `event` (stamped with the scheduler's time, if any).
    package func append(_ event: Event<Value, Failure>) {
        let time = scheduler?.now ?? .zero
        storage.withValue { $0.append((time, event)) }
    }

    /// A subscriber that appends each event; `onEvent` runs after recording (for reentrancy tests).
    /// In a test that checks releases, the subscriber must be released once the test has returned
    /// (see `ReleaseCheck`): the chain it ends must have ended.
    package func subscriber(
        onEvent: ((Event<Value, Failure>) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Subscriber<Value, Failure> {
        // The subscriber holds the log, so that a weak reference to the log tells whether the chain
        // it ends was released.
        let subscriber = Subscriber<Value, Failure> { [self] event in
            append(event)
            onEvent?(event)
        }
        watchRelease(subscriber, "the EventLog subscriber made here", sourceLocation: sourceLocation)
        return subscriber
    }

    /// Subscribes to `signal` and records what it sends.
    @discardableResult
    package func record(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation,
        onEvent: ((Event<Value, Failure>) -> Void)? = nil
    ) -> any Disposable {
        signal.subscribe(subscriber(onEvent: onEvent, sourceLocation: sourceLocation))
    }

    /// Subscribes a new log to `signal` and returns it.
    package static func of(
        _ signal: Signal<Value, Failure>, sourceLocation: SourceLocation = #_sourceLocation
    ) -> EventLog<Value, Failure> {
        let log = EventLog()
        log.record(signal, sourceLocation: sourceLocation)
        return log
    }

    /// Waits (polling, as a failure guard only) until a terminal event arrives.
    @discardableResult
    package func waitForTerminal(timeout: Duration = .seconds(20)) -> Bool {
        eventually(timeout: timeout) { self.isTerminated }
    }

    /// `waitForTerminal(timeout:)` for an async test: it suspends between looks instead of blocking
    /// its thread, so that a `Task` feeding the signal gets a thread of the cooperative pool even
    /// when every one of them runs a test (a blocked pool would starve it until the timeout).
    package func waitForTerminal(timeout: Duration = .seconds(20)) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !isTerminated {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// Waits until at least `count` events arrived.
    @discardableResult
    package func waitForCount(_ count: Int, timeout: Duration = .seconds(20)) -> Bool {
        eventually(timeout: timeout) { self.count >= count }
    }
}

extension EventLog where Value: Equatable, Failure: Equatable {
    /// Whether the recorded events equal `expected` (milliseconds of virtual time, event).
    package func matches(_ expected: [(Int, Event<Value, Failure>)]) -> Bool {
        let actual = entries
        guard actual.count == expected.count else { return false }
        return zip(actual, expected).allSatisfy { pair in
            pair.0.0 == .milliseconds(pair.1.0) && pair.0.1 == pair.1.1
        }
    }

    /// A readable form of the timed events for failure messages.
    package var summary: String {
        entries.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
    }
}

/// A thread-safe append-only list (log lines, call records, what ran in which order).
package final class Log<Element>: @unchecked Sendable {
    private let storage = Locked<[Element]>([])

    package init() {}

    /// Everything appended so far, in order.
    package var entries: [Element] { storage.current }

    /// Everything appended so far, in order (the name the side-effect tests read best with).
    package var all: [Element] { entries }

    /// How many elements were appended.
    package var count: Int { storage.withValue { $0.count } }

    package func append(_ element: Element) { storage.withValue { $0.append(element) } }
}

extension Log where Element == String {
    /// Subscribes to `signal` and appends what it sends, in marble symbols: each value as text,
    /// `#` for an error, `|` for the completion; side effects append their own entries between.
    ///
    /// ```
    /// log.record(Signal(values: ["a"]).doDisposed { log.append("disposed") })   // a, |, disposed
    /// ```
    @discardableResult
    package func record<Value, Failure>(_ signal: Signal<Value, Failure>) -> any Disposable {
        signal.subscribe(
            next: { self.append("\($0)") }, error: { _ in self.append("#") }, completed: { self.append("|") })
    }
}

/// The test error: a code tells errors apart.
package struct TestError: Error, Hashable, CustomStringConvertible {
    package let code: Int
    package init(_ code: Int = 0) { self.code = code }
    package var description: String { "TestError(\(code))" }
}

/// An object whose deallocation tests observe through a weak reference.
package final class Token: @unchecked Sendable {
    package init() {}
}
