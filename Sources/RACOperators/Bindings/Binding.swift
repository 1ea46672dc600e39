// One-way bindings: BindingTarget, the <~ operator, setKeyPath and the rac[keyPath] targets.

infix operator <~ : AssignmentPrecedence

/// Where a one-way binding writes: a setter that accepts values until its target goes away, and
/// a signal that completes when it does.
///
/// RAC: the left-hand side of `RAC(object, key) = signal` (`RACSubscriptingAssignmentTrampoline`).
/// Made by `object.rac[\.key]`; bound with `target <~ signal` or `target.bind(signal)`.
///
/// ```
/// signal:            -a--b---c-
/// target ended:      --------|
/// values written:    -a--b---      (the binding ends with the target)
/// ```
public struct BindingTarget<Value>: @unchecked Sendable {
    /// Completes when the target goes away; the binding ends then. `Signal.never` for a target
    /// that cannot tell (the binding then ends at the first value after the target has gone).
    /// RAC: the target's `rac_willDeallocSignal`.
    ///
    /// ```
    /// ended:   -----|    (| when the target goes away)
    /// ```
    public let ended: Signal<Never, Never>
    private let accept: (Value) -> Bool
    /// Where the target was made, when that was an actor-isolated context: every write checks
    /// that it runs on that actor.
    private let site: IsolatedCallSite?

    /// Creates a target. `accept` writes one value and returns `false` if the target has gone
    /// (the binding then ends); `ended` completes when the target goes away.
    ///
    /// Made in an actor-isolated context (a `@MainActor` view), `accept` belongs to that actor:
    /// a value bound from another thread stops the process with a message naming the target's
    /// creation, the actor and the thread. Bind a signal that delivers there
    /// (`deliverOnMainActor()`). `isolation`, `file` and `line` are the caller's; leave them out.
    ///
    /// ```
    /// BindingTarget(ended: lifetime.ended) { [weak label] text in
    ///     guard let label else { return false }
    ///     label.text = text
    ///     return true
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - ended: completes when the target goes away (`Signal.never` if it cannot tell).
    ///   - accept: writes one value; returns `false` once the target has gone.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    public init(
        ended: Signal<Never, Never> = .never, accept: @escaping (Value) -> Bool,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) {
        self.ended = ended
        self.accept = accept
        self.site = IsolatedCallSite(
            isolation, call: "BindingTarget.init(ended:accept:)", file: file, line: line, signalName: "")
    }

    /// A target that writes `keyPath` of `object` without retaining it. It ends at the first value
    /// after `object` has been deallocated, or when `ended` completes. Made in an actor-isolated
    /// context, its writes check that they run on that actor (see `init(ended:accept:)`).
    ///
    /// ```
    /// BindingTarget(object: label, keyPath: \.text)
    /// ```
    ///
    /// - Parameters:
    ///   - object: the object written to; not retained.
    ///   - keyPath: the property of `object` each value is written to.
    ///   - ended: completes when the target should end; `Signal.never` by default.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    public init<Object: AnyObject>(
        object: Object, keyPath: ReferenceWritableKeyPath<Object, Value>,
        ended: Signal<Never, Never> = .never,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) {
        let reference = WeakReference(object)
        self.ended = ended
        self.accept = { value in
            guard let object = reference.object else { return false }
            object[keyPath: keyPath] = value
            return true
        }
        self.site = IsolatedCallSite(
            isolation, call: "BindingTarget(object:keyPath:)", file: file, line: line,
            signalName: "\(keyPath)")
    }

    /// Writes every value of `source` into the target until `source` terminates, the target goes
    /// away, or the returned disposable is disposed. RAC: `-setKeyPath:onObject:`.
    ///
    /// ```
    /// source:          -a-b-|
    /// written:         -a-b         (the binding ends with the source)
    /// ```
    ///
    /// - Parameter source: the signal whose values are written.
    /// - Returns: a disposable that ends the binding (it also ends with `source` or the target).
    @discardableResult
    public func bind(_ source: Signal<Value, Never>) -> any Disposable {
        let binding = CompoundDisposable()
        let accept = self.accept
        let site = self.site
        let sink = Subscriber<Value, Never> { event in
            switch event {
            case .next(let value):
                site?.check("accept")
                if !accept(value) { binding.dispose() }
            case .error(let never):
                switch never {}
            case .completed:
                binding.dispose()
            }
        }
        let endWatch = Subscriber<Never, Never> { _ in binding.dispose() }
        binding.add(sink)
        binding.add(endWatch)
        ended.subscribe(endWatch)
        if !binding.isDisposed {
            source.subscribe(sink)
        }
        return binding
    }
}

/// A weak reference that can be captured by a `Sendable` closure.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}

/// Binds `source` one way into `target`: every value of `source` is written to the target.
/// RAC: `RAC(object, key) = signal`. Returns a disposable that ends the binding; the binding also
/// ends when `source` terminates or the target goes away. Only signals that cannot fail bind
/// (RAC asserts on an error); handle errors first, e.g. with `catch(to:)`.
///
/// ```
/// label.rac[\.text] <~ nameSignal
/// nameSignal:   -a--b-|
/// label.text:   -a--b
/// ```
///
/// - Parameters:
///   - target: where the values are written.
///   - source: the signal whose values are written.
/// - Returns: a disposable that ends the binding.
@discardableResult
public func <~ <Value>(target: BindingTarget<Value>, source: Signal<Value, Never>) -> any Disposable {
    target.bind(source)
}

/// Binds `source` one way into `property`: each value of `source` is set as the property's value.
/// The binding ends when `source` terminates, when the property is deallocated (it is not
/// retained), or when the returned disposable is disposed.
///
/// ```
/// title <~ source
/// source:          -a--b-|
/// title.signal:   z-a--b---
/// ```
///
/// - Parameters:
///   - property: the property set by each value; not retained.
///   - source: the signal whose values are set.
/// - Returns: a disposable that ends the binding.
@discardableResult
public func <~ <Value>(property: MutableProperty<Value>, source: Signal<Value, Never>) -> any Disposable {
    property.bindingTarget.bind(source)
}

extension MutableProperty {
    /// The property as the target of a one-way binding: writes set `value`; it ends when the
    /// property is deallocated. The target does not retain the property.
    ///
    /// ```
    /// property.bindingTarget <~ signal      // the same as property <~ signal
    /// ```
    public var bindingTarget: BindingTarget<Value> {
        let reference = WeakReference(self)
        return BindingTarget(ended: lifetime.ended) { value in
            guard let property = reference.object else { return false }
            property.value = value
            return true
        }
    }
}

extension Signal where Failure == Never {
    /// Writes every value to `keyPath` of `object`, without retaining `object`. RAC:
    /// `-setKeyPath:onObject:`. The binding ends when this signal completes, when the returned
    /// disposable is disposed, or when `object` goes away: for an `@Observable` object (with
    /// RACFoundationBridge) at its deallocation, for any other object at the first value after
    /// it. Only signals that cannot fail bind (RAC asserts on an error).
    ///
    /// ```
    /// signal:           -a--b--|
    /// object.title:     -a--b
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: the property of `object` each value is written to.
    ///   - object: the object written to; not retained.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a disposable that ends the binding.
    @discardableResult
    public func setKeyPath<Object: AnyObject>(
        _ keyPath: ReferenceWritableKeyPath<Object, Value>, on object: Object,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        BindingTarget(object: object, keyPath: keyPath, isolation: isolation, file: file, line: line).bind(
            self)
    }
}

extension RACExtension where Base: AnyObject {
    /// The target for binding a signal to `keyPath`: `object.rac[\.title] <~ signal`. RAC:
    /// `RAC(object, title)`. The object is not retained; the binding ends at the first value
    /// after it has gone (at its deallocation for an `@Observable` object).
    ///
    /// ```
    /// object.rac[\.title] <~ signal
    /// signal:         -a--b-
    /// object.title:   -a--b-
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: the property of the object each bound value is written to.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a binding target for `keyPath` that does not retain the object.
    public subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Base, Value>,
        isolation isolation: (any Actor)? = #isolation, file file: StaticString = #fileID,
        line line: UInt = #line
    ) -> BindingTarget<Value> {
        BindingTarget(object: base, keyPath: keyPath, isolation: isolation, file: file, line: line)
    }
}
