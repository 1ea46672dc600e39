// MutableProperty: a thread-safe value that tells its subscribers about every change.

/// A thread-safe value that tells its subscribers about every change, synchronously, at the
/// moment of the change.
///
/// RAC: a KVO-compliant property observed with `RACObserve` (the `Initial` option), which Linux
/// cannot offer for Swift classes; ReactiveSwift users know it as `MutableProperty`. It needs no
/// Observation framework and no `Lifetime` from its owner.
///
/// - `value` reads and writes from any thread; a write is delivered before it returns.
/// - `signal` sends the current value on subscription, then every change, in the order the
///   writes took effect. Deliveries never overlap: a write on another thread waits until the
///   current delivery has finished.
/// - A write made by a subscriber *during* a delivery, on the delivering thread, takes effect at
///   once (`value` returns it) but is delivered after the current change has reached every
///   subscriber, so every subscriber sees the changes in the same order and ends with the current
///   value. (Subjects deliver such events nested; a property queues them: see Docs/Bindings.md.)
/// - When the property is deallocated, `signal` completes and `lifetime` ends, which ends every
///   binding into it (`property <~ signal`).
///
/// ```
/// let name = MutableProperty("a")
/// writes:          ---b---c--   (deinit at x)
/// name.signal:     a--b---c--x|
/// ```
public final class MutableProperty<Value>: @unchecked Sendable {
    let core: PropertyCore<Value>

    /// Ends when the property is deallocated. RAC: the owner's `rac_willDeallocSignal`. Bindings
    /// into the property are tied to it, and so may be anything else that should last as long as
    /// the property.
    ///
    /// ```
    /// property.lifetime.ended:   -----|   (| at deinit)
    /// ```
    public let lifetime: Lifetime
    private let lifetimeToken: Lifetime.Token

    /// Creates a property holding `initialValue`.
    ///
    /// ```
    /// MutableProperty(0).signal:   0---
    /// ```
    ///
    /// - Parameter initialValue: the value the property starts with.
    public init(_ initialValue: Value) {
        core = PropertyCore(initialValue)
        (lifetime, lifetimeToken) = Lifetime.make()
    }

    deinit {
        core.finish()
    }

    /// The current value. RAC: a KVO-compliant property's getter and setter. Setting it delivers
    /// the new value to every subscriber of `signal` before the setter returns (or, inside a
    /// delivery, right after that delivery). Thread-safe.
    ///
    /// ```
    /// value = b    signal: --b--
    /// ```
    public var value: Value {
        get { core.value }
        set { core.set(newValue, origin: nil) }
    }

    /// Changes the value in place, atomically with respect to every other write, and delivers
    /// the result once. Returns what `body` returns; if `body` throws, nothing changes and nothing
    /// is delivered. Do not write the property from inside `body`.
    ///
    /// ```
    /// count.modify { $0 += 1 }    signal: 0--1--
    /// ```
    ///
    /// - Parameter body: changes the value in place; its result is returned.
    /// - Returns: what `body` returns.
    @discardableResult
    public func modify<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try core.modify(body)
    }

    /// Sets `newValue` and returns the value it replaced, atomically with respect to every other
    /// write.
    ///
    /// ```
    /// value 1, swap(2) returns 1    signal: 1--2--
    /// ```
    ///
    /// - Parameter newValue: the value to set.
    /// - Returns: the value it replaced.
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        core.modify { value in
            let old = value
            value = newValue
            return old
        }
    }

    /// The current value on subscription, then every change, synchronously on the thread that
    /// made it; completes when the property is deallocated (at once, if it already is). Holds the
    /// property's storage, not the property: subscribing does not keep the property alive. RAC:
    /// `RACObserve(object, property)`.
    ///
    /// ```
    /// value:    a   b   c   (deinit)
    /// signal:   a---b---c---|
    /// ```
    public var signal: Signal<Value, Never> {
        core.signal(named: "MutableProperty.signal")
    }
}

extension MutableProperty: CustomStringConvertible {
    /// `MutableProperty(value)`, for logging (RAC: `-description`).
    ///
    /// ```
    /// MutableProperty(3).description == "MutableProperty(3)"
    /// ```
    public var description: String {
        "MutableProperty(\(value))"
    }
}

/// One change of a property: the new value, and the channel terminal that wrote it (if any), so
/// that the terminal does not receive its own write back (as ReactiveObjC's `RACKVOChannel.m`
/// ignores the update its own write causes).
struct PropertyChange<Value> {
    let value: Value
    let origin: ObjectIdentifier?
}

/// The storage and delivery machinery of a `MutableProperty`, shared with its signals, channel
/// terminals and bindings so that none of them keeps the property itself alive.
final class PropertyCore<Value>: @unchecked Sendable {
    /// Serialises writes and deliveries; recursive so that a subscriber may write (queued).
    private let deliveryLock = PthreadLock(recursive: true)
    /// The current value; readers take only this lock, never waiting for a delivery.
    private let storage: Locked<Value>
    private let changes = Subject<PropertyChange<Value>, Never>(name: "MutableProperty.changes")
    // Guarded by `deliveryLock`:
    /// The value of the change being delivered (or last delivered): what a subscriber that
    /// arrives during a delivery starts from, so that it sees the queued changes after it.
    private var announced: Value
    private var pending: [PropertyChange<Value>] = []
    private var draining = false
    private var finished = false

    init(_ value: Value) {
        storage = Locked(value)
        announced = value
    }

    var value: Value {
        storage.current
    }

    func set(_ newValue: Value, origin: ObjectIdentifier?) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        storage.withValue { $0 = newValue }
        pending.append(PropertyChange(value: newValue, origin: origin))
        drain()
    }

    func modify<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        // Work on a copy so that `body` runs without the storage lock (it may read `value`).
        var copy = storage.current
        let result = try body(&copy)
        storage.withValue { [copy] in $0 = copy }
        pending.append(PropertyChange(value: copy, origin: nil))
        drain()
        return result
    }

    /// The current value on subscription, then every change; completes when the core finishes.
    /// Holds the core only.
    /// With `replayingLast`, a subscriber that arrives once the core has finished gets the last
    /// value before the completion (a read-only `Property` keeps its value when its source ends);
    /// without, only the completion (a deallocated `MutableProperty` has no value to read).
    func signal(named name: String, replayingLast: Bool = false) -> Signal<Value, Never> {
        Signal(name: SignalDebugNames.name(name)) { [self] subscriber in
            let forwarder = Subscriber<PropertyChange<Value>, Never> { event in
                switch event {
                case .next(let change): subscriber.sendNext(change.value)
                case .error(let never): switch never {}
                case .completed: subscriber.sendCompleted()
                }
            }
            subscriber.link(forwarder)
            subscribe(forwarder, replayingLast: replayingLast)
            return nil
        }
    }

    /// Sends the current value, then attaches `subscriber` for every later change; completes it
    /// at once if the property is gone.
    func subscribe(_ subscriber: Subscriber<PropertyChange<Value>, Never>, replayingLast: Bool = false) {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        guard !finished else {
            if replayingLast { subscriber.sendNext(PropertyChange(value: announced, origin: nil)) }
            subscriber.sendCompleted()
            return
        }
        subscriber.sendNext(PropertyChange(value: announced, origin: nil))
        if !subscriber.isDisposed {
            changes.subscribe(subscriber)
        }
    }

    /// Completes every subscriber (after any change still queued). Called from the property's
    /// `deinit`.
    func finish() {
        deliveryLock.lock()
        defer { deliveryLock.unlock() }
        guard !finished else { return }
        finished = true
        if !draining {
            changes.sendCompleted()
        }
    }

    /// Delivers the queued changes in order, unless this thread is already delivering (a write
    /// from a subscriber): then the outer loop delivers it next. Called with `deliveryLock` held.
    private func drain() {
        guard !draining else { return }
        draining = true
        var index = 0
        while index < pending.count {
            let change = pending[index]
            index += 1
            announced = change.value
            changes.sendNext(change)
        }
        pending.removeAll(keepingCapacity: true)
        draining = false
        if finished {
            changes.sendCompleted()
        }
    }
}
