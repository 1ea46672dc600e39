// How sending reads the subscribers without a lock: SubscriberRegistry.
/// A hot signal you send events into by hand; every current subscriber receives them.
///
/// RAC: `RACSubject`. A subject is a signal and a subscriber: subscribing only registers the
/// subscriber (nothing runs), and `sendNext`/`sendError`/`sendCompleted` go to a snapshot of the
/// subscribers taken at send time, so a subscriber added during a delivery does not receive that
/// event. Senders on several threads of a `ReplaySubject` take turns, and its replay order is the
/// live order; a plain subject's `sendNext` does not make senders wait for each other.
/// Subscribers that dispose are dropped at once. Thread-safe.
///
/// Departure from RAC (see Docs/Concepts.md): a subscriber that arrives after the subject has
/// terminated receives the terminal event at once instead of waiting forever.
///
/// ```
/// sends:        -a-b-c-|
/// early sub:    -a-b-c-|
/// sub after b:  -----c-|
/// ```
public class Subject<Value, Failure: Error>: Signal<Value, Failure>, SubscriberProtocol, @unchecked Sendable {
    /// The subscribers, and the subject's lock (see `SubscriberRegistry`).
    @usableFromInline final let registry = SubscriberRegistry()
    /// The terminal event, once sent; guarded by `lock`. Boxed: a stored `Event<Value, Failure>?`
    /// would make every subject's `init` and `deinit` look up that type's generic metadata (about
    /// 700 instructions), and only a subscriber arriving late reads it.
    @exclusivity(unchecked) @usableFromInline final var terminalBox: TerminalEventBox<Value, Failure>?
    /// Guarded by `lock`: whether the subject has terminated.
    @exclusivity(unchecked) @usableFromInline final var terminated = false
    /// The values a replay subject remembers (guarded by `lock`); `nil` for a plain subject.
    @usableFromInline final let replayBuffer: ReplayBuffer<Value>?
    /// The source subscriptions: those of the signals that feed this subject (`add(_:)`, as
    /// `signal.subscribe(subject)` does); disposed when the subject terminates (RAC: a subscriber
    /// subscribed to several signals ends them all once one ends). Made by the first `add(_:)`, as
    /// most subjects are fed by hand; guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline final var sources: CompoundDisposable?

    /// Creates a subject with no subscribers. RAC: `+subject`.
    ///
    /// - Parameter name: the debug name, printed by `description`.
    public init(name: String = "anonymous") {
        replayBuffer = nil
        super.init(subclassNamed: name)
    }

    /// For `ReplaySubject`: a subject that remembers values in `replayBuffer`.
    @usableFromInline
    init(name: String, replayBuffer: ReplayBuffer<Value>) {
        self.replayBuffer = replayBuffer
        super.init(subclassNamed: name)
    }

    /// The terminal event, if the subject has terminated. Call with `lock` held.
    final var terminalEvent: Event<Value, Failure>? {
        terminalBox?.event
    }

    deinit {
        // The subscribers refer to the registry (to leave it when disposed): let them go.
        registry.lock()
        registry.removeAll()
        registry.unlock()
    }

    /// The subject's lock: guards the subscriber list's changes, the terminal event and the replay
    /// buffer.
    @inlinable
    final var lock: RecursiveLock { registry }

    /// How many subscribers are attached now.
    public var subscriberCount: Int {
        registry.withLock { registry.count }
    }

    /// Registers `subscriber` for the events sent from now on, or sends it the terminal event at
    /// once if the subject has terminated.
    ///
    /// - Parameter subscriber: receives the events sent from now on.
    /// - Returns: a disposable that detaches `subscriber` from the subject.
    @discardableResult
    public override func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
        registry.lock()
        if terminated {
            registry.unlock()
            sendTerminalEvent(to: subscriber)
            return subscriber
        }
        attach(subscriber)
        registry.unlock()
        return subscriber
    }

    /// Sends the terminal event to a subscriber that arrived after it.
    @inline(never)
    private func sendTerminalEvent(to subscriber: Subscriber<Value, Failure>) {
        if let terminalEvent = registry.withLock({ terminalEvent }) {
            subscriber.send(terminalEvent)
        }
    }

    /// Adds `subscriber` to the list (call with `lock` held) and arranges its removal on disposal.
    func attach(_ subscriber: Subscriber<Value, Failure>) {
        registry.insert(subscriber)
        if !subscriber.join(registry) {
            // Disposed already: it leaves at once.
            registry.remove(ObjectIdentifier(subscriber))
        }
    }

    /// Sends `event` to every current subscriber. After a terminal event the subject ignores
    /// further events, releases its subscribers and disposes the subscriptions that fed it.
    ///
    /// - Parameter event: the value, error or completion to send.
    @inlinable @inline(__always)
    public final func send(_ event: Event<Value, Failure>) {
        guard case .next(let value) = event else {
            sendTerminal(event)
            return
        }
        if let replayBuffer {
            sendReplaying(value, event, into: replayBuffer)
            return
        }
        // No lock: the list is immutable, and the registry keeps it alive while it is read. A
        // terminated subject's list is empty.
        let list = registry.beginReading()
        deliver(event, to: list)
        registry.endReading()
    }

    /// `send` of a value into a replay subject.
    @inlinable @inline(never)
    final func sendReplaying(
        _ value: Value, _ event: Event<Value, Failure>, into replayBuffer: ReplayBuffer<Value>
    ) {
        // A replay subject stores and forwards under one lock (as RAC's `@synchronized` does), so a
        // late subscriber replays concurrent sends in the order live subscribers were given them.
        // The lock is recursive: a callback may send again.
        registry.lock()
        if terminated {
            registry.unlock()
            return
        }
        let list = registry.beginReading()
        replayBuffer.append(value)
        deliver(event, to: list)
        registry.endReading()
        registry.unlock()
    }

    /// `send` of a terminal event: the first one is delivered, and ends the subject.
    @inlinable @inline(never)
    final func sendTerminal(_ event: Event<Value, Failure>) {
        registry.lock()
        if terminated {
            registry.unlock()
            return
        }
        terminated = true
        terminalBox = TerminalEventBox(event)
        let sources = self.sources
        let list = registry.beginReading()
        registry.removeAll()
        registry.unlock()
        deliver(event, to: list)
        registry.endReading()
        sources?.dispose()
    }

    /// Sends `event` to each subscriber of `list` (a list being read; see `SubscriberRegistry`).
    @inlinable @inline(__always)
    final func deliver(_ event: Event<Value, Failure>, to list: Unmanaged<SubscriberList>) {
        list._withUnsafeGuaranteedRef { list in
            list.forEachUnretained { unsafeDowncast($0, to: Subscriber<Value, Failure>.self).send(event) }
        }
    }

    /// How many source subscriptions the subject holds now (for tests: disposed ones are let go).
    package var heldSourceCount: Int { registry.withLock { sources?.count ?? 0 } }

    /// Ties `disposable` (typically a source subscription: that of a signal feeding this subject)
    /// to the subject: it is disposed when the subject terminates. One disposed on its own is let
    /// go as more are added (see `CompoundDisposable`).
    ///
    /// - Parameter disposable: the subscription to dispose when the subject terminates; `nil` is
    ///   ignored.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        registry.lock()
        let sources = self.sources ?? makeSources()
        registry.unlock()
        sources.add(disposable)
    }

    /// Makes `sources` (call with `lock` held): disposed already if the subject has terminated,
    /// so that what is added then is disposed at once.
    private func makeSources() -> CompoundDisposable {
        let sources = CompoundDisposable()
        if terminated { sources.dispose() }
        self.sources = sources
        return sources
    }
}

/// A subject's terminal event, kept for the subscribers that arrive after it.
@usableFromInline
final class TerminalEventBox<Value, Failure: Error> {
    @usableFromInline let event: Event<Value, Failure>

    @usableFromInline
    init(_ event: Event<Value, Failure>) {
        self.event = event
    }
}

/// The values a `ReplaySubject` keeps: all of them, or the last `capacity` in a ring.
@usableFromInline
final class ReplayBuffer<Value> {
    /// The most values kept; `Int.max` keeps all.
    @usableFromInline let capacity: Int
    /// Oldest first, starting at `start` and wrapping once the ring is full.
    @exclusivity(unchecked) @usableFromInline var storage: ContiguousArray<Value> = []
    /// Where the oldest value sits once the ring is full.
    @exclusivity(unchecked) @usableFromInline var start = 0

    @usableFromInline
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many values are kept now.
    @inlinable
    var count: Int { storage.count }

    /// Keeps `value`, dropping the oldest one if the ring is full.
    @inlinable
    func append(_ value: Value) {
        if storage.count < capacity {
            storage.append(value)
        } else if capacity > 0 {
            storage[start] = value
            start += 1
            if start == capacity { start = 0 }
        }
    }

    /// The value `offset` places after the oldest one.
    @inlinable
    subscript(offset: Int) -> Value {
        let index = start + offset
        return storage[index < storage.count ? index : index - storage.count]
    }

    /// The values kept, oldest first.
    var elements: [Value] {
        Array(storage[start...]) + Array(storage[..<start])
    }
}
