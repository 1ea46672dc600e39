// Property: a read-only value with its changes, made from a MutableProperty, a constant, a signal,
// or other properties (PropertyComposition.swift).

/// What every property offers: its current value, and a signal of the current value then every
/// change. `MutableProperty` and `Property` conform; `map`, `combineLatest(with:)`, `zip(with:)`
/// and `distinctUntilChanged()` on any of them give a `Property`.
///
/// RAC: none (ReactiveSwift `PropertyProtocol`; RAC observed a KVO property with `RACObserve`).
///
/// ```
/// property.value:    c           (now)
/// property.signal:   c--d--e--|  (current value, then changes; | when its source goes away)
/// ```
public protocol PropertyProtocol<Value>: AnyObject {
    associatedtype Value
    /// The current value.
    var value: Value { get }
    /// The current value on subscription, then every change; completes when the property's
    /// source goes away.
    var signal: Signal<Value, Never> { get }
}

extension MutableProperty: PropertyProtocol {}

/// A read-only property: a current value that can be read at any time, and a signal of it and its
/// changes. Made from a `MutableProperty` (a view that cannot write), a constant, an initial value
/// and a signal of later values, or other properties (`map`, `combineLatest(with:)`, `zip(with:)`,
/// `distinctUntilChanged()`). Bind one into a `MutableProperty` or a binding target with `<~`.
///
/// RAC: none (ReactiveSwift `Property`). A property made from other properties keeps them (and so
/// their sources) alive, and holds its own copy of the value, updated by the deliveries of its
/// sources: it follows a `MutableProperty` with the same ordering guarantees. When a source ends
/// (a `MutableProperty` deallocated, a signal completed), the property keeps its last value and
/// its `signal` completes.
///
/// ```
/// let count = MutableProperty(1)
/// let label = count.map { "\($0) items" }        // Property<String>
/// count.value = 2       label.value == "2 items"
/// label.signal:   "1 items"--"2 items"--
/// ```
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    private let read: () -> Value
    private let changes: Signal<Value, Never>
    /// What the property keeps alive: the properties it is made from, and the subscription that
    /// feeds its own value.
    private let retained: [AnyObject]

    private init(read: @escaping () -> Value, signal: Signal<Value, Never>, retaining retained: [AnyObject]) {
        self.read = read
        self.changes = signal
        self.retained = retained
    }

    /// A read-only view of `property`: the same value and signal, and it keeps the property alive.
    ///
    /// ```
    /// let view = Property(mutable)      mutable.value = b      view.value == b
    /// view.signal:   a--b--
    /// ```
    ///
    /// - Parameter property: the property to view; kept alive by the view.
    public convenience init(_ property: MutableProperty<Value>) {
        self.init(read: { property.value }, signal: property.signal, retaining: [property])
    }

    /// A property that never changes. RAC: none (ReactiveSwift `Property(value:)`).
    ///
    /// ```
    /// Property(value: a).signal:   (a|)
    /// ```
    ///
    /// - Parameter value: the property's only value.
    public convenience init(value: Value) {
        self.init(read: { value }, signal: Signal(value: value), retaining: [])
    }

    /// A property that starts at `initial` and takes each value of `values`; it subscribes at once
    /// and for as long as it lives. When `values` completes, the property keeps its last value and
    /// its signal completes. RAC: none (ReactiveSwift `Property(initial:then:)`).
    ///
    /// ```
    /// values:                         --b--c-|
    /// Property(initial: a, then:):    a-b--c-|    value: a, then b, then c
    /// ```
    ///
    /// - Parameters:
    ///   - initial: the value the property starts with.
    ///   - values: the signal whose values the property takes, subscribed at once.
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        let feed = PropertyFeed(PropertyCore(initial))
        feed.follow(values)
        self.init(feed: feed, retaining: [])
    }

    /// A property whose value is the latest of `signal`, which must send one value synchronously
    /// when subscribed (the signal of a property, or a combination of them); keeps `sources`
    /// alive. `call` names the operation in the message of a signal that does not.
    init(deriving signal: Signal<Value, Never>, retaining sources: [AnyObject], call: String) {
        let feed = PropertyFeed<Value>(deriving: signal, call: call)
        self.read = { feed.core.value }
        self.changes = feed.core.signal(named: "Property.signal", replayingLast: true)
        self.retained = sources + [feed]
    }

    private convenience init(feed: PropertyFeed<Value>, retaining sources: [AnyObject]) {
        let core = feed.core
        self.init(
            read: { core.value }, signal: core.signal(named: "Property.signal", replayingLast: true),
            retaining: sources + [feed])
    }

    /// The current value. Thread-safe.
    ///
    /// ```
    /// source.value = b     property.value == b
    /// ```
    public var value: Value { read() }

    /// The current value on subscription, then every change; completes when the property's source
    /// ends (after the last value, if it already has). Subscribing does not keep the property
    /// alive.
    ///
    /// ```
    /// value:    a   b   (source ends)
    /// signal:   a---b---|
    /// ```
    public var signal: Signal<Value, Never> { changes }
}

extension Property: CustomStringConvertible {
    /// `Property(value)`, for logging.
    ///
    /// ```
    /// Property(value: 3).description == "Property(3)"
    /// ```
    public var description: String {
        "Property(\(value))"
    }
}

/// The storage of a property made from a signal, and the subscription that writes into it; ending
/// that subscription (at the property's deallocation) completes the property's signal.
final class PropertyFeed<Value>: @unchecked Sendable {
    let core: PropertyCore<Value>
    private let subscription = SerialDisposable()

    init(_ core: PropertyCore<Value>) {
        self.core = core
    }

    /// Subscribes to `signal`, which must send its first value synchronously: that value is the
    /// property's initial value.
    convenience init(deriving signal: Signal<Value, Never>, call: String) {
        let first = Locked<PropertyCore<Value>?>(nil)
        let pending = SerialDisposable()
        let subscriber = Subscriber<Value, Never> { event in
            switch event {
            case .next(let value):
                if let core = first.current {
                    core.set(value, origin: nil)
                } else {
                    first.withValue { $0 = PropertyCore(value) }
                }
            case .error(let never): switch never {}
            case .completed: first.current?.finish()
            }
        }
        pending.inner = signal.subscribe(subscriber)
        guard let core = first.current else {
            pending.dispose()
            racProgrammerError(
                call, "the source signal did not send its current value when subscribed: \(signal)")
        }
        self.init(core)
        subscription.inner = pending
    }

    /// Writes every value of `values` into the core, and finishes it when `values` completes.
    func follow(_ values: Signal<Value, Never>) {
        let core = self.core
        subscription.inner = values.subscribe(
            Subscriber { event in
                switch event {
                case .next(let value): core.set(value, origin: nil)
                case .error(let never): switch never {}
                case .completed: core.finish()
                }
            })
    }

    deinit {
        subscription.dispose()
        core.finish()
    }
}
