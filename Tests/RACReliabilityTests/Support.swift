import Foundation
import RACOperators
import RACTestSupport
import Testing

/// Settings read from the environment, so that long runs need no code change.
enum ReliabilityEnvironment {
    /// An integer from the environment, or `fallback` when it is unset or not a positive number.
    static func integer(_ name: String, default fallback: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name], let value = Int(text), value > 0
        else { return fallback }
        return value
    }

    /// Whether the process runs under ThreadSanitizer (its runtime exports `__tsan_init`).
    static let isThreadSanitized: Bool = dlsym(nil, "__tsan_init") != nil

    /// Sends per thread in the stress tests: `RAC_STRESS_SCALE`, else 20 000 (2 000 under TSan).
    static let stressSends = integer("RAC_STRESS_SCALE", default: isThreadSanitized ? 2_000 : 20_000)

    /// Depth of the stack-depth tests: `RAC_DEPTH_SCALE`, else 1 000 000 (100 000 under TSan).
    static let depth = integer("RAC_DEPTH_SCALE", default: isThreadSanitized ? 100_000 : 1_000_000)
}

// Its own recorder, not `EventLog`: besides the events it checks the contract as they arrive
// (overlapping deliveries, events after the terminal event or after `dispose()` returned).
/// The events one subscription received, and every breach of the contract seen on the way: an
/// event after a terminal event, or an event that began while another was still being delivered.
final class GrammarChecker<Value, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var delivering = false
    private var received: [Event<Value, Failure>] = []
    private var breaches: [String] = []
    private var terminated = false
    private let onEvent: (Event<Value, Failure>) -> Void
    /// Set by the owner once `dispose()` has returned: any later callback is a breach.
    private var disposedAt: Int?

    init(onEvent: @escaping (Event<Value, Failure>) -> Void = { _ in }) {
        self.onEvent = onEvent
    }

    private var eventsAfterDispose = 0

    func receive(_ event: Event<Value, Failure>) {
        lock.lock()
        if delivering { breaches.append("an event began while another was being delivered") }
        if terminated { breaches.append("an event after the terminal event: \(event)") }
        // dispose() never waits (Docs/Concepts.md): the one delivery already running on another
        // thread when it returned may still arrive; a second one would have started afterwards.
        if disposedAt != nil {
            eventsAfterDispose += 1
            if eventsAfterDispose > 1 { breaches.append("an event after dispose() returned: \(event)") }
        }
        delivering = true
        switch event {
        case .next: break
        case .error, .completed: terminated = true
        }
        received.append(event)
        lock.unlock()
        // Run the observer outside the lock, so that an overlapping delivery is seen above.
        onEvent(event)
        lock.lock()
        delivering = false
        lock.unlock()
    }

    func markDisposed() {
        lock.lock()
        disposedAt = received.count
        lock.unlock()
    }

    var events: [Event<Value, Failure>] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    var values: [Value] {
        events.compactMap { event in
            if case .next(let value) = event { return value }
            return nil
        }
    }

    var violations: [String] {
        lock.lock()
        defer { lock.unlock() }
        return breaches
    }

    var isTerminated: Bool {
        lock.lock()
        defer { lock.unlock() }
        return terminated
    }
}

/// A subscription whose every event goes through a `GrammarChecker`.
struct Checked<Value, Failure: Error> {
    let checker: GrammarChecker<Value, Failure>
    let disposable: any Disposable

    func dispose() {
        disposable.dispose()
        checker.markDisposed()
    }
}

/// Subscribes to `signal`, checking `next* (error|completed)?` and non-overlap on every event.
@discardableResult
func checked<Value, Failure>(
    _ signal: Signal<Value, Failure>, onEvent: @escaping (Event<Value, Failure>) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> Checked<Value, Failure> {
    let checker = GrammarChecker<Value, Failure>(onEvent: onEvent)
    // The subscriber's closures hold the checker: released once the chain has ended and let go of
    // them, and the test has dropped its `Checked` (checked by the suite's `.checksRelease`).
    watchRelease(checker, "the grammar checker of a checked subscription", sourceLocation: sourceLocation)
    let disposable = signal.subscribe(
        next: { checker.receive(.next($0)) },
        error: { checker.receive(.error($0)) },
        completed: { checker.receive(.completed) })
    return Checked(checker: checker, disposable: disposable)
}

/// A value tagged with the thread that sent it and its place in that thread's sends.
struct Tagged: Hashable, Sendable {
    let thread: Int
    let sequence: Int
}

/// Problems with `values` as the deliveries of `threads` threads each sending `0..<count` in order:
/// every value exactly once, and each thread's values in the order it sent them.
func orderProblems(_ values: [Tagged], threads: Int, count: Int) -> [String] {
    var next = [Int](repeating: 0, count: threads)
    var problems: [String] = []
    for value in values where problems.count < 5 {
        if value.sequence != next[value.thread] {
            problems.append("thread \(value.thread): got \(value.sequence), expected \(next[value.thread])")
        }
        next[value.thread] = value.sequence + 1
    }
    for thread in 0..<threads where next[thread] != count && problems.count < 10 {
        problems.append("thread \(thread): last value \(next[thread] - 1), expected \(count - 1)")
    }
    if values.count != threads * count {
        problems.append("\(values.count) values delivered, expected \(threads * count)")
    }
    return problems
}
