// The `didSet` form of `withObservationTracking` is SPI of the Observation module that ships with
// the toolchain. The public form (`onChange:`) fires *before* the new value is stored and only
// once, so it cannot report the new value at the moment of the change; the `didSet` form fires
// synchronously on the setting thread after the value is stored, and stays installed until it is
// cancelled. See Docs/Bindings.md.
@_spi(SwiftUI) import Observation
import RACOperators
import Synchronization

/// Observes one key path of one `@Observable` object, holding the object weakly, and reports the
/// current value, then the value after each change, then completion when the object is gone.
///
/// How it works:
/// - one `withObservationTracking(_:didSet:)` registration stays installed; it fires on the
///   thread that sets the property, after the value is stored, for every change; the value is
///   read again and delivered under `lock`, so deliveries never overlap and follow the order of
///   the reads;
/// - a change to something else the key path read (an intermediate object, or the stored
///   properties behind a computed one) installs a fresh registration before retiring the old
///   one, so that the observation follows the new path and no change is missed meanwhile;
/// - the registrar of an `@Observable` object releases its registrations when the object is
///   deallocated; a registration released without having been retired means the object is gone,
///   and the observation completes there and then.
final class KeyPathObservation<Root: AnyObject & Observable, Value>: @unchecked Sendable {
    typealias Handler = (Event<Value, Never>) -> Void

    private let lock = PthreadLock(recursive: true)
    private weak var object: Root?
    private let keyPath: KeyPath<Root, Value>
    // Guarded by `lock`:
    private var handler: Handler?
    private var generation = 0
    private var ignoringOwnWrite = false

    init(object: Root, keyPath: KeyPath<Root, Value>) {
        self.object = object
        self.keyPath = keyPath
    }

    /// Starts observing: sends the current value to `handler`, or completes it at once if the
    /// object is gone.
    func start(_ handler: @escaping Handler) {
        lock.lock()
        defer { lock.unlock() }
        guard let object else {
            handler(.completed)
            return
        }
        self.handler = handler
        let value = track(object)
        handler(.next(value))
    }

    /// Stops delivering and releases the handler. The registration is retired at the next change
    /// (or with the object): the tracking API gives no handle to cancel it before it fires.
    func stop() {
        let released: Handler? = lock.withLock {
            defer { handler = nil }
            return handler
        }
        withExtendedLifetime(released) {}
    }

    /// Writes `value` through `writableKeyPath`; the change this write causes is not delivered
    /// (a channel terminal does not receive its own writes, as in ReactiveObjC's
    /// `RACKVOChannel.m`). Does nothing once stopped or once the object is gone.
    func write(_ value: Value, through writableKeyPath: ReferenceWritableKeyPath<Root, Value>) {
        lock.lock()
        defer { lock.unlock() }
        guard handler != nil, let object else { return }
        ignoringOwnWrite = true
        object[keyPath: writableKeyPath] = value
        ignoringOwnWrite = false
    }

    /// Installs a new registration (the current one from now on) and returns the value read.
    /// Called with `lock` held.
    private func track(_ object: Root) -> Value {
        generation += 1
        let registration = TrackingRegistration(observation: self, generation: generation)
        let keyPath = self.keyPath
        return withObservationTracking({ object[keyPath: keyPath] }, didSet: didSetHandler(registration))
    }

    /// A registration fired: some property the key path read has been set.
    fileprivate func changed(
        _ registration: TrackingRegistration<Root, Value>, _ tracking: ObservationTracking
    ) {
        lock.lock()
        defer { lock.unlock() }
        guard handler != nil else {
            registration.retire(tracking)
            return
        }
        guard let object else {
            registration.retire(tracking)
            end()
            return
        }
        let value: Value
        if registration.generation != generation {
            // An older registration (only after a concurrent change of the path): its change may
            // not have reached the current one, so read again, then retire it.
            registration.retire(tracking)
            value = object[keyPath: keyPath]
        } else if tracking.changed != keyPath as AnyKeyPath {
            // Something else the path read has changed: follow the path anew, new before old.
            value = track(object)
            registration.retire(tracking)
        } else {
            value = object[keyPath: keyPath]
        }
        if ignoringOwnWrite {
            ignoringOwnWrite = false
            return
        }
        handler?(.next(value))
    }

    /// A registration that was not retired has been released: the registrar that held it is
    /// gone, which is how the object's deallocation shows.
    fileprivate func registrationReleased(generation released: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard released == generation, handler != nil else { return }
        if let object {
            // Not the object's own registrar (only possible for a key path through other
            // observable objects): keep following the path.
            _ = track(object)
        } else {
            end()
        }
    }

    /// Completes the handler and releases it. Called with `lock` held.
    private func end() {
        let ending = handler
        handler = nil
        ending?(.completed)
    }
}

/// What a registration's `didSet` closure calls; not generic, so that the closure (which must be
/// `@Sendable`) captures no metatype.
private protocol TrackingFiring: AnyObject, Sendable {
    func fired(_ tracking: ObservationTracking)
}

private func didSetHandler(_ registration: any TrackingFiring) -> @Sendable (ObservationTracking) -> Void {
    { tracking in registration.fired(tracking) }
}

/// One `withObservationTracking` registration of a `KeyPathObservation`, captured by the closure
/// the object's registrar keeps. It holds the observation weakly, so a disposed observation is
/// not kept alive by the object it observed.
private final class TrackingRegistration<Root: AnyObject & Observable, Value>: TrackingFiring,
    @unchecked Sendable
{
    weak var observation: KeyPathObservation<Root, Value>?
    let generation: Int
    private let retired = Atomic<Bool>(false)

    init(observation: KeyPathObservation<Root, Value>, generation: Int) {
        self.observation = observation
        self.generation = generation
    }

    func fired(_ tracking: ObservationTracking) {
        guard let observation else {
            retire(tracking)
            return
        }
        observation.changed(self, tracking)
    }

    /// Cancels the registration on purpose, so that its release is not taken for the object's
    /// deallocation.
    func retire(_ tracking: ObservationTracking) {
        retired.store(true, ordering: .releasing)
        tracking.cancel()
    }

    deinit {
        if !retired.load(ordering: .acquiring) {
            observation?.registrationReleased(generation: generation)
        }
    }
}

/// Observation-backed signals shared by the `.rac` members of `@Observable` objects.
enum ObservableSignals {
    /// The current value, each new value, completion when the object is gone.
    static func values<Root: AnyObject & Observable, Value>(
        of object: Root, at keyPath: KeyPath<Root, Value>, name: String
    ) -> Signal<Value, Never> {
        let reference = WeakObject(object)
        return Signal(name: name) { subscriber in
            guard let object = reference.object else {
                subscriber.sendCompleted()
                return nil
            }
            let observation = KeyPathObservation(object: object, keyPath: keyPath)
            subscriber.add { observation.stop() }
            observation.start { event in subscriber.send(event) }
            return nil
        }
    }

    /// Sends no values; completes when the object is deallocated (at once if it is gone).
    static func deallocation<Root: AnyObject & Observable, Value>(
        of object: Root, watching keyPath: KeyPath<Root, Value>
    ) -> Signal<Never, Never> {
        let reference = WeakObject(object)
        return Signal(name: SignalDebugNames.name("deallocation")) { subscriber in
            guard let object = reference.object else {
                subscriber.sendCompleted()
                return nil
            }
            let observation = KeyPathObservation(object: object, keyPath: keyPath)
            subscriber.add { observation.stop() }
            observation.start { event in
                if event.isTerminal { subscriber.sendCompleted() }
            }
            return nil
        }
    }

    /// The following terminal of a channel whose leading side is the key path.
    static func channelTerminal<Root: AnyObject & Observable, Value>(
        of object: Root, at keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> ChannelTerminal<Value> {
        let channel = Channel<Value>()
        let leading = channel.leadingTerminal
        let observation = KeyPathObservation(object: object, keyPath: keyPath)
        let writes = Subscriber<Value, Never> { event in
            switch event {
            case .next(let value): observation.write(value, through: keyPath)
            case .error(let never): switch never {}
            case .completed: observation.stop()
            }
        }
        leading.subscribe(writes)
        observation.start { event in leading.send(event) }
        return channel.followingTerminal
    }
}

/// A weak reference a `Sendable` closure can capture.
final class WeakObject<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
