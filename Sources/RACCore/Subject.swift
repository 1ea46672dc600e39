/// A hot signal you send events into by hand; every current subscriber receives them.
///
/// RAC: `RACSubject`. A subject is a signal and a subscriber: subscribing only registers the
/// subscriber (nothing runs), and `sendNext`/`sendError`/`sendCompleted` go to a snapshot of the
/// subscribers taken at send time, so a subscriber added during a delivery does not receive that
/// event. Subscribers that dispose are dropped at once. Thread-safe.
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
    let lock = PthreadLock(recursive: true)
    private var subscribers: ContiguousArray<Subscriber<Value, Failure>> = []
    var terminalEvent: Event<Value, Failure>?
    /// Subscriptions that feed this subject; disposed when the subject terminates (RAC: a
    /// subscriber subscribed to several signals ends them all once one ends).
    private let feeds = CompoundDisposable()

    /// Creates a subject with no subscribers. RAC: `+subject`.
    public init(name: String = "anonymous") {
        super.init(subclassNamed: name)
    }

    /// How many subscribers are attached now.
    public var subscriberCount: Int {
        lock.withLock { subscribers.count }
    }

    /// Registers `subscriber` for the events sent from now on, or sends it the terminal event at
    /// once if the subject has terminated.
    @discardableResult
    public override func subscribe(_ subscriber: Subscriber<Value, Failure>) -> any Disposable {
        lock.lock()
        if let terminalEvent {
            lock.unlock()
            subscriber.send(terminalEvent)
            return subscriber
        }
        attach(subscriber)
        lock.unlock()
        return subscriber
    }

    /// Adds `subscriber` to the list (call with `lock` held) and arranges its removal on disposal.
    func attach(_ subscriber: Subscriber<Value, Failure>) {
        subscribers.append(subscriber)
        let identifier = ObjectIdentifier(subscriber)
        subscriber.add { [weak self] in
            self?.detach(identifier)
        }
    }

    private func detach(_ identifier: ObjectIdentifier) {
        lock.withLock {
            if let index = subscribers.firstIndex(where: { ObjectIdentifier($0) == identifier }) {
                subscribers.remove(at: index)
            }
        }
    }

    /// Sends `event` to every current subscriber. After a terminal event the subject ignores
    /// further events, releases its subscribers and disposes the subscriptions that fed it.
    public func send(_ event: Event<Value, Failure>) {
        guard let snapshot = record(event) else { return }
        deliver(event, to: snapshot)
    }

    /// Records `event` under the lock and returns the subscribers to deliver it to, or `nil` if the
    /// subject has terminated already. Subclasses extend it to remember values.
    func record(_ event: Event<Value, Failure>) -> ContiguousArray<Subscriber<Value, Failure>>? {
        lock.withLock {
            guard terminalEvent == nil else { return nil }
            if event.isTerminal {
                terminalEvent = event
                defer { subscribers = [] }
                return subscribers
            }
            return subscribers
        }
    }

    func deliver(_ event: Event<Value, Failure>, to snapshot: ContiguousArray<Subscriber<Value, Failure>>) {
        for subscriber in snapshot {
            subscriber.send(event)
        }
        if event.isTerminal {
            feeds.dispose()
        }
    }

    /// Ties `disposable` (typically the subscription feeding this subject) to the subject: it is
    /// disposed when the subject terminates.
    public func add(_ disposable: (any Disposable)?) {
        feeds.add(disposable)
    }
}
