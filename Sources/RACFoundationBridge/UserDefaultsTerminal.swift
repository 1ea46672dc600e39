import Foundation

/// The two-way terminal of a defaults key: a signal of the key's value and a subscriber whose
/// values are written to the key.
///
/// RAC: the `RACChannelTerminal` returned by `-[NSUserDefaults rac_channelTerminalForKey:]`.
/// Like RAC's terminal it is a signal and a subscriber at once, so it binds to a `Channel`'s
/// terminal, or to any signal, in both directions:
///
/// ```
/// let channel = Channel<Int?>()
/// defaultsTerminal.subscribe(channel.leadingTerminal)   // defaults -> channel
/// channel.leadingTerminal.subscribe(defaultsTerminal)   // channel -> defaults
/// // channel.followingTerminal now behaves as RAC's rac_channelTerminalForKey: result.
/// ```
///
/// Subscribing (cold: each subscription observes on its own, see `values(forKey:as:)`):
/// the current value first, then each change the platform reports, each only if it differs
/// from the value sent before. Values written through *this* terminal are never sent back to its
/// own subscribers; other terminals and `values(forKey:)` subscribers do receive them.
///
/// Sending: `sendNext(value)` writes `value` (`set(_:forKey:)`, or `removeObject(forKey:)` for
/// `nil`) synchronously on the sending thread (RAC wrote on a private scheduler), then on Linux
/// posts `UserDefaults.didChangeNotification`, which swift-corelibs-foundation does not post for
/// `set`, so every other observer of the key hears of the write. `sendCompleted()` ends the
/// terminal, as completing a RAC channel does: it completes the current subscribers, later
/// subscribers complete at once, later values are not written, and subscriptions tied to it with
/// `add(_:)` are disposed.
///
/// Linux reports only the changes listed under `values(forKey:as:)`: writes through terminals and
/// persistent-domain changes, not plain `set(_:forKey:)` calls. A subscriber's re-read that
/// overlaps a write through this terminal is dropped (it may have seen the value from before the
/// write), and the writer re-reads for its subscribers once the write has landed, so a change made
/// on another thread meanwhile is still reported, and the write itself is not. Only when two
/// threads write through the *same* terminal at once may its subscribers be sent the value that
/// won, since each had been assumed to know its own.
///
/// The terminal holds its defaults object weakly, as RAC's did (it completed with the object's
/// `rac_willDeallocSignal`): a terminal made on a `UserDefaults(suiteName:)` that the app releases
/// does not keep it alive, and completes once it is gone. Linux offers no hook at a Foundation
/// object's deallocation, so the terminal finds out the next time it is used: at the next write
/// into it, the next defaults change notification its subscriptions receive, or the next
/// subscription, whichever comes first. From then on it is completed, as if `sendCompleted()`
/// had been called.
///
/// ```
/// stored: 1          terminal.sendNext(2)    removePersistentDomain
/// terminal subs:  1  (nothing: own write)    nil
/// other observers:1  2                       nil
/// defaults released, then any use:           terminal subs: |
/// ```
public final class UserDefaultsTerminal<Value: UserDefaultsValue>: Signal<Value?, Never>, SubscriberProtocol,
    @unchecked Sendable
{
    /// The key this terminal reads and writes.
    public let key: String
    /// The defaults this terminal reads and writes; `nil` once they have been deallocated (the
    /// terminal holds them weakly).
    public var defaults: UserDefaults? { reference.object }
    private let reference: WeakObject<UserDefaults>
    private let state: State

    init(defaults: UserDefaults, key: String) {
        let state = State()
        let reference = WeakObject(defaults)
        self.key = key
        self.reference = reference
        self.state = state
        super.init(name: SignalDebugNames.name("defaults.rac.channelTerminal(forKey: \(key))")) {
            subscriber in
            guard let defaults = reference.object else {
                state.finish()
                subscriber.sendCompleted()
                return nil
            }
            return DefaultsKeyObservation<Value>.start(
                defaults: defaults, key: key, subscriber: subscriber,
                register: { state.register($0) }, retainsDefaults: false, defaultsGone: { state.finish() })
        }
    }

    /// Writes a value (`.next`), or ends the terminal (`.completed`). RAC: `sendNext:` and
    /// `sendCompleted` on the terminal.
    ///
    /// ```
    /// sendNext(5)    defaults[key] = 5, other observers get 5
    /// sendNext(nil)  key removed, other observers get nil
    /// ```
    public func send(_ event: Event<Value?, Never>) {
        switch event {
        case .next(let value):
            write(value)
        case .error(let never):
            switch never {}
        case .completed:
            state.finish()
        }
    }

    /// Ties `disposable` (typically a subscription feeding this terminal) to the terminal: it is
    /// disposed when the terminal completes. RAC: `didSubscribeWithDisposable:`.
    public func add(_ disposable: (any Disposable)?) {
        state.sources.add(disposable)
    }

    private func write(_ value: Value?) {
        guard let defaults = reference.object else {
            // Gone: the value has nowhere to go, and the terminal ends.
            state.finish()
            return
        }
        guard let observations = state.activeObservations() else { return }
        for observation in observations {
            observation.beginWrite(value)
        }
        if let value {
            defaults.set(value.userDefaultsObject, forKey: key)
        } else {
            defaults.removeObject(forKey: key)
        }
        for observation in observations {
            observation.endWrite()
        }
        // Catch up with any change from another path that the write hid (normally: nothing to send).
        for observation in observations {
            observation.refresh()
        }
        #if !canImport(Darwin)
            // swift-corelibs-foundation does not post this for `set`; Darwin does, synchronously.
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        #endif
    }

    private struct WeakObservation {
        weak var observation: DefaultsKeyObservation<Value>?
        init(live: DefaultsKeyObservation<Value>) { observation = live }
        var live: DefaultsKeyObservation<Value>? {
            guard let observation, !observation.isDisposed else { return nil }
            return observation
        }
    }

    /// The terminal's shared state: its live subscriptions and whether it has completed.
    private final class State: @unchecked Sendable {
        private let lock = PthreadLock()
        /// Weak: an observation lives as long as its notification observer (until disposal).
        private var observations: [WeakObservation] = []
        private var finished = false
        /// The source subscriptions: those feeding the terminal (`add(_:)`).
        let sources = CompoundDisposable()

        /// Records a new subscription; `false` if the terminal has completed.
        func register(_ observation: DefaultsKeyObservation<Value>) -> Bool {
            lock.withLock {
                guard !finished else { return false }
                observations.removeAll { $0.live == nil }
                observations.append(WeakObservation(live: observation))
                return true
            }
        }

        /// The live subscriptions, or `nil` once the terminal has completed.
        func activeObservations() -> [DefaultsKeyObservation<Value>]? {
            lock.withLock {
                guard !finished else { return nil }
                observations.removeAll { $0.live == nil }
                return observations.compactMap(\.live)
            }
        }

        func finish() {
            let ending: [DefaultsKeyObservation<Value>]? = lock.withLock {
                guard !finished else { return nil }
                finished = true
                defer { observations = [] }
                return observations.compactMap(\.live)
            }
            guard let ending else { return }
            for observation in ending {
                observation.complete()
            }
            sources.dispose()
        }
    }
}
