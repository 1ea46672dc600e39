// Channel and ChannelTerminal: two-way bindings, and bind(_:to:) and <~> over two terminals.

/// One end of a `Channel`: subscribing to it receives the values sent into the *other* end, and
/// values sent into it go to the other end's subscribers — never back to its own.
///
/// RAC: `RACChannelTerminal`. A terminal is a signal and a subscriber at once, so one terminal
/// can be subscribed to another signal (`signal.subscribe(terminal)`) or bound to another
/// terminal (`bind(_:_:)`, RAC's `RACChannelTo(a) = RACChannelTo(b)`).
///
/// ```
/// leading.sendNext(a)    following subscribers:  a
/// following.sendNext(b)  leading subscribers:    b
/// ```
public final class ChannelTerminal<Value>: Signal<Value, Never>, SubscriberProtocol, @unchecked Sendable {
    private let incoming: ReplaySubject<Value, Never>
    private let outgoing: ReplaySubject<Value, Never>

    init(name: String, incoming: ReplaySubject<Value, Never>, outgoing: ReplaySubject<Value, Never>) {
        self.incoming = incoming
        self.outgoing = outgoing
        super.init(name: name) { subscriber in
            incoming.subscribe(subscriber)
        }
    }

    /// Sends `event` to the other terminal's subscribers. Completion reaches the subscribers of
    /// both terminals (RAC: "errors and completion propagate to everything").
    ///
    /// - Parameter event: the value or completion to send to the other terminal's subscribers.
    public func send(_ event: Event<Value, Never>) {
        outgoing.send(event)
    }

    /// Ties `disposable` (a subscription feeding this terminal) to the channel: it is disposed
    /// when the channel completes. RAC: `didSubscribeWithDisposable:` forwards to the other side.
    ///
    /// - Parameter disposable: the subscription to dispose when the channel completes; `nil` is ignored.
    public func add(_ disposable: (any Disposable)?) {
        outgoing.add(disposable)
    }
}

/// A two-way connection between two parties, such as a model property and a view: each party
/// holds one terminal, reads what the other sends and sends its own changes.
///
/// RAC: `RACChannel`. The leading terminal replays nothing to new subscribers; the following
/// terminal replays the latest value sent into the leading one (capacity 1), so a party that
/// connects late learns the current value. Completion sent into either terminal reaches the
/// subscribers of both.
///
/// ```
/// leadingTerminal.sendNext(1)
/// followingTerminal subscriber (late):   1     (replayed)
/// followingTerminal.sendNext(2)
/// leadingTerminal subscriber (late):     nothing (no replay on the leading side)
/// ```
public final class Channel<Value>: @unchecked Sendable {
    /// The terminal of the party that leads (RAC: typically the model property).
    public let leadingTerminal: ChannelTerminal<Value>
    /// The terminal of the party that follows; replays the latest leading value.
    public let followingTerminal: ChannelTerminal<Value>

    /// Creates a channel with its two terminals. RAC: `-[RACChannel init]`.
    public init() {
        let leadingValues = ReplaySubject<Value, Never>(capacity: 0, name: "leadingSubject")
        let followingValues = ReplaySubject<Value, Never>(capacity: 1, name: "followingSubject")
        // Completion sent into either side reaches the subscribers of both.
        // Weak captures: the two subjects observing each other must not keep each other alive.
        leadingValues.observe { [weak followingValues] event in
            if event.isTerminal { followingValues?.send(event) }
        }
        followingValues.observe { [weak leadingValues] event in
            if event.isTerminal { leadingValues?.send(event) }
        }
        leadingTerminal = ChannelTerminal(
            name: "leadingTerminal", incoming: leadingValues, outgoing: followingValues)
        followingTerminal = ChannelTerminal(
            name: "followingTerminal", incoming: followingValues, outgoing: leadingValues)
    }
}

/// Binds two channel terminals both ways, as RAC's `RACChannelTo(follower) = RACChannelTo(leader)`:
/// what arrives at one terminal is sent into the other. `leader`'s current value (the one its
/// terminal replays on subscription, if any) is sent into `follower` first; the value `follower`
/// replays on subscription is not sent back, so both parties end up with `leader`'s value and the
/// binding never loops. Returns a disposable that ends the binding both ways.
///
/// Departure from RAC: RAC drops the first value of `follower` unconditionally (`skip:1`), which
/// is right only for KVO terminals that always replay a current value; here only a value replayed
/// during the subscription is dropped, so a real first change is never lost.
///
/// ```
/// leader's party sends 1     ->  follower's party receives 1
/// follower's party sends 2   ->  leader's party receives 2
/// ```
///
/// - Parameters:
///   - follower: the terminal that takes `leader`'s current value first.
///   - leader: the terminal whose current value wins.
/// - Returns: a disposable that ends the binding both ways.
@discardableResult
public func bind<Value>(_ follower: ChannelTerminal<Value>, to leader: ChannelTerminal<Value>)
    -> any Disposable
{
    let forward = leader.subscribe(follower)
    let replaying = Locked(true)
    let backward = follower.subscribe(
        Subscriber<Value, Never> { event in
            if case .next = event, replaying.current { return }
            leader.send(event)
        })
    replaying.withValue { $0 = false }
    return CompoundDisposable([forward, backward])
}

infix operator <~> : AssignmentPrecedence

/// Binds two channel terminals both ways; the right-hand side's current value wins.
/// RAC: `RACChannelTo(follower) = RACChannelTo(leader)`. See `bind(_:to:)`.
///
/// ```
/// viewTerminal <~> modelTerminal     the view shows the model's value, then both stay in sync
/// ```
///
/// - Parameters:
///   - follower: the terminal that takes `leader`'s current value first.
///   - leader: the terminal whose current value wins.
/// - Returns: a disposable that ends the binding both ways.
@discardableResult
public func <~> <Value>(follower: ChannelTerminal<Value>, leader: ChannelTerminal<Value>) -> any Disposable {
    bind(follower, to: leader)
}
