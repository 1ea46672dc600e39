/// A subject that remembers the last `capacity` values (all of them by default) and its terminal
/// event, and replays them to every new subscriber before any live event.
///
/// RAC: `RACReplaySubject` (`+replaySubjectWithCapacity:`). A new subscriber receives the replayed
/// values in order and only then live events, even when other threads send meanwhile (no live
/// event slips in between replayed ones); disposing during the replay stops it.
///
/// ```
/// ReplaySubject(capacity: 2)
/// sends:              -a-b-c-|
/// subscriber at end:         (bc|)
/// ```
public class ReplaySubject<Value, Failure: Error>: Subject<Value, Failure>, @unchecked Sendable {
    // The replay runs under the subject's lock, which is how no live event slips in between replayed
    // ones.

    /// The number of values kept for replay; `Int.max` means unlimited.
    public let capacity: Int
    /// Sends the buffered values to a new subscriber; returns `false` if it was disposed meanwhile.
    /// Made where the subject is created, so that it is specialised for `Value` there.
    @usableFromInline final let replay: (ReplayBuffer<Value>, Subscriber<Value, Failure>) -> Bool

    /// Creates a replay subject keeping the last `capacity` values. RAC: `+replaySubjectWithCapacity:`.
    /// A negative capacity is a programmer error and stops the process with a message naming it.
    @inlinable
    public init(capacity: Int = .max, name: String = "anonymous") {
        if capacity < 0 {
            Self.negativeCapacity(capacity)
        }
        self.capacity = capacity
        self.replay = { buffer, subscriber in
            // The count is read once: values sent reentrantly by the subscriber's callback are
            // not replayed to it again.
            let count = buffer.count
            var offset = 0
            while offset < count {
                if subscriber.isDisposed { return false }
                subscriber.sendNext(buffer[offset])
                offset += 1
            }
            return true
        }
        super.init(name: name, replayBuffer: ReplayBuffer(capacity: capacity))
    }

    @usableFromInline
    static func negativeCapacity(_ capacity: Int) -> Never {
        racProgrammerError("ReplaySubject(capacity:)", "capacity must be >= 0, got \(capacity)")
    }

    /// The values that a new subscriber would receive now, oldest first.
    public var bufferedValues: [Value] {
        lock.withLock { replayBuffer?.elements ?? [] }
    }

    /// Replays the buffered values, then the terminal event if there is one; otherwise attaches
    /// `subscriber` for live events.
    @discardableResult
    public override func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
        lock.lock()
        defer { lock.unlock() }
        if let replayBuffer, !replay(replayBuffer, subscriber) {
            return subscriber
        }
        if let terminalEvent {
            subscriber.send(terminalEvent)
        } else if !subscriber.isDisposed {
            attach(subscriber)
        }
        return subscriber
    }
}
