import Foundation

/// One subscription to a defaults key: it sends the key's value when the subscription starts and
/// again after every `UserDefaults.didChangeNotification` if the value differs from the last one
/// it sent (or was told about by a write through the subscription's own terminal).
///
/// The notification is observed with `object: nil`: swift-corelibs-foundation posts it with the
/// instance whose method was called as the object, which need not be the instance observed (any
/// instance can change any suite), so every post re-reads the key and compares.
final class DefaultsKeyObservation<Value: UserDefaultsValue>: @unchecked Sendable {
    /// Weak: a terminal must not keep its defaults alive; once they are gone, the next refresh
    /// calls `defaultsGone` (and completes the subscriber).
    private weak var defaults: UserDefaults?
    private let defaultsGone: () -> Void
    private let key: String
    private let subscriber: Subscriber<Value?, Never>
    /// Held while reading, comparing and sending, so values reach the subscriber in the order they
    /// were read. Recursive: a subscriber may write the key from inside its callback.
    private let deliveryLock = PthreadLock(recursive: true)
    /// Guards `last` and `writesInFlight`; never held while calling out, so a writer on another
    /// thread never waits for a delivery.
    private let stateLock = PthreadLock()
    /// The value last sent or written through the terminal; `.none` until the first one.
    private var last: Value??
    /// How many writes through the subscription's own terminal are under way.
    private var writesInFlight = 0
    /// How many writes through the subscription's own terminal have begun.
    private var writesBegun = 0

    private init(
        defaults: UserDefaults, key: String, subscriber: Subscriber<Value?, Never>,
        defaultsGone: @escaping () -> Void
    ) {
        self.defaults = defaults
        self.key = key
        self.subscriber = subscriber
        self.defaultsGone = defaultsGone
    }

    /// Starts observing for `subscriber`: registers the observer, then sends the current value.
    /// `register` is called with the observation before the first read (a terminal records it there
    /// to suppress echoes); if it returns `false` (the terminal has completed), the subscriber is
    /// completed instead. With `retainsDefaults` the observation keeps the defaults alive until it
    /// ends (`values(forKey:)`); without (a terminal), `defaultsGone` is called when a refresh
    /// finds them deallocated. Returns the disposable that removes the observer.
    static func start(
        defaults: UserDefaults, key: String, subscriber: Subscriber<Value?, Never>,
        register: (DefaultsKeyObservation<Value>) -> Bool = { _ in true },
        retainsDefaults: Bool = true, defaultsGone: @escaping () -> Void = {}
    ) -> (any Disposable)? {
        let observation = DefaultsKeyObservation(
            defaults: defaults, key: key, subscriber: subscriber, defaultsGone: defaultsGone)
        guard register(observation) else {
            subscriber.sendCompleted()
            return nil
        }
        let center = NotificationCenter.default
        // The observer's block owns the observation; removing the observer releases both.
        let token = center.addObserver(forName: UserDefaults.didChangeNotification, object: nil, queue: nil) {
            _ in
            observation.refresh()
        }
        observation.refresh()
        // `values(forKey:)` keeps its defaults for as long as it observes; a terminal does not
        // (it passes `defaultsGone`, and holds them weakly itself).
        let kept: UserDefaults? = retainsDefaults ? defaults : nil
        return ActionDisposable {
            center.removeObserver(token)
            withExtendedLifetime(kept) {}
        }
    }

    /// The key's current value, `nil` if it is absent or of another type; `.none` if the
    /// defaults are gone.
    private func read() -> Value?? {
        guard let defaults else { return .none }
        return .some(defaults.object(forKey: key).flatMap { Value(userDefaultsObject: $0) })
    }

    /// Reads the key and sends its value if it differs from the last one.
    ///
    /// A read that overlaps a write through the subscription's own terminal sends nothing: it may
    /// have seen the value from before the write and would send it back. The writer refreshes
    /// again once its write has landed, so no change is lost.
    func refresh() {
        deliveryLock.withLock {
            guard !subscriber.isDisposed else { return }
            let before = stateLock.withLock { (inFlight: writesInFlight, begun: writesBegun) }
            guard before.inFlight == 0 else { return }
            guard case .some(let value) = read() else {
                defaultsGone()
                subscriber.sendCompleted()
                return
            }
            let changed: Bool = stateLock.withLock {
                if writesInFlight > 0 || writesBegun != before.begun { return false }
                if case .some(let previous) = last, previous == value { return false }
                last = .some(value)
                return true
            }
            if changed {
                subscriber.sendNext(value)
            }
        }
    }

    /// Records that the subscription's own terminal is about to write `value`, so the change it
    /// causes is not sent back. Pair with `endWrite()` once the value is stored.
    func beginWrite(_ value: Value?) {
        stateLock.withLock {
            writesInFlight += 1
            writesBegun += 1
            // A subscription that has not sent its first value yet gets the written value as that
            // first value, from the writer's refresh.
            if case .some = last {
                last = .some(value)
            }
        }
    }

    /// Records that a write announced with `beginWrite(_:)` has landed.
    func endWrite() {
        stateLock.withLock { writesInFlight -= 1 }
    }

    /// Whether the subscription has ended.
    var isDisposed: Bool {
        subscriber.isDisposed
    }

    /// Completes the subscription (the terminal was completed).
    func complete() {
        subscriber.sendCompleted()
    }
}
