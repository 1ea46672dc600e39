/// A subject that remembers the last `capacity` values (all of them by default) and its terminal
/// event, and replays them to every new subscriber before any live event.
///
/// RAC: `RACReplaySubject` (`+replaySubjectWithCapacity:`). The replay runs under the subject's
/// lock, so no live event can slip in between replayed ones; disposing during the replay stops it.
///
/// ```
/// ReplaySubject(capacity: 2)
/// sends:              -a-b-c-|
/// subscriber at end:         (bc|)
/// ```
public class ReplaySubject<Value, Failure: Error>: Subject<Value, Failure>, @unchecked Sendable {
    /// The number of values kept for replay; `Int.max` means unlimited.
    public let capacity: Int
    private var buffer: RingBuffer<Value>
    private var unlimited: [Value] = []

    /// Creates a replay subject keeping the last `capacity` values. RAC: `+replaySubjectWithCapacity:`.
    /// A negative capacity is a programmer error and stops the process with a message naming it.
    public init(capacity: Int = .max, name: String = "anonymous") {
        if capacity < 0 {
            racProgrammerError("ReplaySubject(capacity:)", "capacity must be >= 0, got \(capacity)")
        }
        self.capacity = capacity
        self.buffer = RingBuffer(capacity: capacity == .max ? 0 : capacity)
        super.init(name: name)
    }

    /// The values that a new subscriber would receive now, oldest first.
    public var bufferedValues: [Value] {
        lock.withLock { capacity == .max ? unlimited : buffer.elements }
    }

    /// Replays the buffered values, then the terminal event if there is one; otherwise attaches
    /// `subscriber` for live events.
    @discardableResult
    public override func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
        lock.lock()
        defer { lock.unlock() }
        if capacity == .max {
            for value in unlimited {
                if subscriber.isDisposed { return subscriber }
                subscriber.sendNext(value)
            }
        } else {
            for offset in 0..<buffer.count {
                if subscriber.isDisposed { return subscriber }
                subscriber.sendNext(buffer[offset])
            }
        }
        if let terminalEvent {
            subscriber.send(terminalEvent)
        } else if !subscriber.isDisposed {
            attach(subscriber)
        }
        return subscriber
    }

    override func record(_ event: Event<Value, Failure>) -> ContiguousArray<Subscriber<Value, Failure>>? {
        lock.withLock {
            if terminalEvent == nil, case .next(let value) = event {
                if capacity == .max {
                    unlimited.append(value)
                } else {
                    buffer.append(value)
                }
            }
            return super.record(event)
        }
    }
}
