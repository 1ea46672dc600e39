// The events waiting in a hand-off, kept as a `BufferingPolicy` says: the one implementation of
// the policies, shared by `deliver(on:bufferingPolicy:statistics:)` and `values`.

/// The events waiting in one subscription's hand-off: the values in a ring (`FIFO`), then the
/// terminal event, which is never dropped. Not thread-safe: its owner guards it with its lock.
/// Its storage never shrinks, but under a bounded policy it never holds more than the limit, so
/// memory stays flat however far the consumer is behind.
///
/// ```
/// append 1 2 3 4 | under .bufferingNewest(2)   →   removeFirst: 3, 4, |, nil
/// ```
struct HandOffBuffer<Value, Failure: Error> {
    let policy: BufferingPolicy<Failure>
    let statistics: HandOffStatistics?
    private var values = FIFO<Value>()
    private var terminal: Event<Value, Failure>?

    init(policy: BufferingPolicy<Failure>, statistics: HandOffStatistics?) {
        self.policy = policy
        self.statistics = statistics
    }

    /// Whether nothing waits, neither a value nor the terminal event.
    var isEmpty: Bool { values.isEmpty && terminal == nil }

    /// How many values wait.
    var valueCount: Int { values.count }

    /// Keeps `event` as the policy says. Returns `true` if it overflowed a `.failWhenFull`
    /// policy: the arriving value was dropped and the policy's error now ends the buffer, so the
    /// owner stops its input. A terminal event arrives at most once and is always kept.
    mutating func append(_ event: Event<Value, Failure>) -> Bool {
        guard case .next(let value) = event else {
            terminal = event
            return false
        }
        switch policy.storage {
        case .unbounded:
            break
        case .newest(let limit):
            if values.count >= limit {
                statistics?.noteDropped()
                guard limit > 0 else { return false }
                _ = values.removeFirst()
            }
        case .oldest(let limit):
            if values.count >= limit {
                statistics?.noteDropped()
                return false
            }
        case .failing(let limit, let error):
            if values.count >= limit {
                statistics?.noteDropped()
                terminal = .error(error)
                return true
            }
        }
        values.append(value)
        statistics?.noteWaiting(values.count)
        return false
    }

    /// The first waiting event, taken out; `nil` if none waits.
    mutating func removeFirst() -> Event<Value, Failure>? {
        if !values.isEmpty { return .next(values.removeFirst()) }
        defer { terminal = nil }
        return terminal
    }

    /// Empties the buffer and returns what it held, for the owner to release outside its lock.
    mutating func removeAll() -> (FIFO<Value>, Event<Value, Failure>?) {
        defer {
            values = FIFO()
            terminal = nil
        }
        return (values, terminal)
    }
}
