// Observing and binding a property of an optional, possibly weakly held, intermediate object:
// RAC's RACObserve/RACChannelTo through a key path whose intermediate object may be nil or go away.

import Observation
import RACOperators

/// The signals behind `observe(_:_:nilValue:)` and `channelTerminal(_:_:nilValue:)`.
enum IntermediateSignals {
    /// The property at `keyPath` of the object at `path`, `nilValue` while there is none; follows
    /// the intermediate object as it is replaced, set to `nil` or deallocated; completes when the
    /// root object goes.
    ///
    /// ```
    /// path:     A---------nil--B-----      (A deallocated at x: reads as nil)
    /// values:   a--a2-----n----b--x-n      n = nilValue
    /// ```
    static func values<Root: AnyObject & Observable, Intermediate: AnyObject & Observable, Value>(
        of root: Root, through path: KeyPath<Root, Intermediate?>, _ keyPath: KeyPath<Intermediate, Value>,
        nilValue: Value
    ) -> Signal<Value, Never> {
        let name = SignalDebugNames.name("RACObserve(\(root), \(path), \(keyPath))")
        return ObservableSignals.values(of: root, at: path, name: name)
            .map { intermediate -> Signal<Value, Never> in
                guard let intermediate else { return Signal(value: nilValue) }
                // Completes when the intermediate object is deallocated: from then on, it is nil.
                return ObservableSignals.values(of: intermediate, at: keyPath, name: name)
                    .concat(Signal(value: nilValue))
            }
            .switchToLatest()
            .take(until: ObservableSignals.deallocation(of: root, watching: path))
    }

    /// A two-way terminal: reads as `values(of:through:_:nilValue:)`, writes to the current
    /// intermediate object (dropped while there is none); its own writes are not sent back to its
    /// subscribers (as in ReactiveObjC's `RACKVOChannel.m`). Holds the root object weakly.
    static func channelTerminal<Root: AnyObject & Observable, Intermediate: AnyObject & Observable, Value>(
        of root: Root, through path: KeyPath<Root, Intermediate?>,
        _ keyPath: ReferenceWritableKeyPath<Intermediate, Value>, nilValue: Value
    ) -> ChannelTerminal<Value> {
        let channel = Channel<Value>()
        let leading = channel.leadingTerminal
        let reference = WeakObject(root)
        let echo = OwnWrites()
        let reading = SerialDisposable()
        let writes = Subscriber<Value, Never> { event in
            switch event {
            case .next(let value):
                echo.write { reference.object?[keyPath: path]?[keyPath: keyPath] = value }
            case .error(let never):
                switch never {}
            case .completed:
                reading.dispose()
            }
        }
        leading.subscribe(writes)
        reading.inner = values(of: root, through: path, keyPath, nilValue: nilValue).subscribe(
            Subscriber { event in echo.deliver { leading.send(event) } })
        return channel.followingTerminal
    }
}

/// Tells the changes a terminal's own write causes (delivered synchronously inside the setter, on
/// the writing thread) from the others. Writes and deliveries take one recursive lock, so a change
/// made on another thread waits for the write to end and is delivered, not dropped.
private final class OwnWrites: @unchecked Sendable {
    private let lock = PthreadLock(recursive: true)
    private var writing = false

    func write(_ store: () -> Void) {
        lock.withLock {
            writing = true
            store()
            writing = false
        }
    }

    func deliver(_ send: () -> Void) {
        lock.withLock {
            guard !writing else { return }
            send()
        }
    }
}
