import Observation
import RACOperators

extension RACExtension where Base: AnyObject & Observable {
    /// The current value of `keyPath`, then its value after every change, until the object is
    /// deallocated. RAC: `RACObserve(object, keyPath)`.
    ///
    /// - Subscribing sends the current value at once, on the subscribing thread.
    /// - Each change is delivered synchronously on the thread that made it, after the value is
    ///   stored (inside the setter), in order; deliveries never overlap. An assignment of an equal
    ///   value to an `Equatable` property is not a change (the Observation framework skips it).
    /// - The key path may go through other `@Observable` objects (`\.address.city`): a change to
    ///   any of them is seen, and the observation follows a replaced intermediate object.
    /// - The object is held weakly. The signal completes when the object is deallocated, on the
    ///   thread that releases it, as it is destroyed (after its `deinit` body has run); at once if
    ///   it is already gone. For a key path through another observable object that outlives it,
    ///   completion comes at the next change of that object, or when it is deallocated.
    /// - Values are read after each change; if several threads write at once (legal only for an
    ///   object that synchronises its own storage), a delivery may already read a later value, so
    ///   a value can be skipped and the latest one repeated. One writer at a time (an `@Observable`
    ///   model on the main actor, say) sees every value exactly once.
    /// - Disposal stops delivery at once; the Observation registration is cancelled at the next
    ///   change of the property or when the object goes (the framework offers no earlier handle).
    ///
    /// Unlike `RACObserve`, there is no implicit `self` observer and so no hidden retain cycle.
    ///
    /// ```
    /// model.title:                  a   b   c   (deinit)
    /// model.rac.observe(\.title):   a---b---c---|
    /// ```
    public func observe<Value>(_ keyPath: KeyPath<Base, Value>) -> Signal<Value, Never> {
        ObservableSignals.values(
            of: base, at: keyPath, name: SignalDebugNames.name("RACObserve(\(base), \(keyPath))"))
    }

    /// A new two-way terminal for `keyPath`. RAC: `RACChannelTo(object, keyPath)`
    /// (`RACKVOChannel`'s following terminal).
    ///
    /// It behaves as the terminal of ReactiveObjC's KVO channel
    /// (`RACKVOChannel.m -initWithTarget:keyPath:nilValue:`):
    ///
    /// - Subscribing sends the current value at once, then every change made by anything else, as
    ///   `observe(_:)` delivers it.
    /// - `sendNext(x)` sets the property; the terminal's own subscribers do not receive `x` back;
    ///   every other observer of the property does.
    /// - The terminal completes when the object is deallocated, at once if it is gone;
    ///   `sendCompleted()` ends the channel and its observation.
    ///
    /// The object is held weakly. Each call makes a new channel; its observation lasts until the
    /// object goes or the channel completes (as RAC's KVO channel lasted until its target
    /// deallocated). As in RAC, a subscriber that arrives after a write through this terminal is
    /// sent the value the channel last passed on, not that write.
    ///
    /// ```
    /// view.rac.channelTerminal(\.text) <~> model.rac.channelTerminal(\.name)
    /// model.name:   a----b------      view.text:   a----b--c---
    /// view writes:  ---------c--      model.name becomes c; nothing echoes back
    /// ```
    public func channelTerminal<Value>(_ keyPath: ReferenceWritableKeyPath<Base, Value>)
        -> ChannelTerminal<Value>
    {
        ObservableSignals.channelTerminal(of: base, at: keyPath)
    }

    /// The value of `keyPath` of the object at `path`, or `nilValue` while there is none, then its
    /// value after every change, until the object is deallocated. RAC: `RACObserve(object,
    /// address.city)` with a `nil` intermediate (RAC sent `nil`; Swift needs a value of the type).
    ///
    /// Follows the path as `observe(_:)` does: a change of the intermediate object (replaced, set
    /// to `nil`) or of its property is a change; so is the deallocation of a weakly held
    /// intermediate (`weak var address: Address?` going `nil` without a setter), which sends
    /// `nilValue` (RAC: "handles deallocation of intermediate objects correctly even without
    /// support from KVO").
    ///
    /// ```
    /// person.address:                    A------nil---B----
    /// address city:                      oslo         rome
    /// observe(\.address, \.city, ""):    oslo---""----rome-
    /// ```
    public func observe<Intermediate: AnyObject & Observable, Value>(
        _ path: KeyPath<Base, Intermediate?>, _ keyPath: KeyPath<Intermediate, Value>, nilValue: Value
    ) -> Signal<Value, Never> {
        IntermediateSignals.values(of: base, through: path, keyPath, nilValue: nilValue)
    }

    /// A new two-way terminal for `keyPath` of the object at `path`. RAC: `RACChannelTo(object,
    /// address.city, nilValue)`.
    ///
    /// Reads as `observe(_:_:nilValue:)`: the terminal's subscribers get `nilValue` while the
    /// intermediate object is `nil` (or has been deallocated). `sendNext(x)` sets the property
    /// of the current intermediate object; while there is none the value is dropped, as RAC's KVO
    /// channel could not set it either. Completion and echo rules are those of
    /// `channelTerminal(_:)`.
    ///
    /// ```
    /// person.address:      A------nil-------B---
    /// terminal receives:   oslo---""--------rome
    /// terminal sends x:    A.city = x   (dropped while nil)
    /// ```
    public func channelTerminal<Intermediate: AnyObject & Observable, Value>(
        _ path: KeyPath<Base, Intermediate?>, _ keyPath: ReferenceWritableKeyPath<Intermediate, Value>,
        nilValue: Value
    ) -> ChannelTerminal<Value> {
        IntermediateSignals.channelTerminal(of: base, through: path, keyPath, nilValue: nilValue)
    }

    /// The target for binding a signal to `keyPath`: `model.rac[\.title] <~ signal`. RAC:
    /// `RAC(object, title) = signal`. The object is not retained; the binding ends when it is
    /// deallocated, when the signal completes, or when the returned disposable is disposed.
    ///
    /// ```
    /// model.rac[\.title] <~ signal
    /// signal:        -a--b----
    /// model.title:   -a--b--x      (x: the model is deallocated; the binding ends)
    /// ```
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value>,
        isolation isolation: (any Actor)? = #isolation, file file: StaticString = #fileID,
        line line: UInt = #line
    ) -> BindingTarget<Value> {
        BindingTarget(
            object: base, keyPath: keyPath,
            ended: ObservableSignals.deallocation(of: base, watching: keyPath),
            isolation: isolation, file: file, line: line)
    }
}

extension Signal where Failure == Never {
    /// Writes every value to `keyPath` of an `@Observable` object, without retaining it. RAC:
    /// `-setKeyPath:onObject:`. The binding ends when this signal completes, when the returned
    /// disposable is disposed, or when `object` is deallocated (at that moment).
    ///
    /// ```
    /// signal:          -a--b---c-
    /// object.title:    -a--b--x      (x: object deallocated; the source is disposed)
    /// ```
    @discardableResult
    public func setKeyPath<Object: AnyObject & Observable>(
        _ keyPath: ReferenceWritableKeyPath<Object, Value>, on object: Object,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        object.rac[keyPath, isolation: isolation, file: file, line: line].bind(self)
    }
}
