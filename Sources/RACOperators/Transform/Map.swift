// map, mapReplace and mapping(named:) (the map of RAC's map-like operators), with their stages;
// mapError and promoteError use map's stage too.

extension Signal {
    /// RAC: `-map:`. Sends `transform(value)` for each value.
    ///
    /// ```
    /// self:     -1-2-3-|
    /// map(*2):  -2-4-6-|
    /// ```
    ///
    /// - Parameter transform: Called with each value; its result is sent in the value's place.
    /// - Returns: A signal that sends one transformed value per value, and completes or fails when
    ///   this signal does.
    ///
    /// ```swift
    /// let celsius = Subject<Double, Never>()
    /// let fahrenheit = celsius.map { $0 * 9 / 5 + 32 }
    /// let subscription = fahrenheit.subscribe(next: { print("\($0) °F") })
    /// celsius.sendNext(20)    // prints 68.0 °F
    /// celsius.sendNext(-40)   // prints -40.0 °F
    /// subscription.dispose()
    /// ```
    @inlinable
    public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> Signal<NewValue, Failure> {
        mapping(named: "[\(self.name)] -map:", transform)
    }

    /// RAC: `-mapReplace:`. Sends `value` in place of every value.
    ///
    /// ```
    /// self:            -1-2-3-|
    /// mapReplace(x):   -x-x-x-|
    /// ```
    ///
    /// - Parameter value: the value to send for each source value.
    /// - Returns: a signal that sends `value` each time the source sends a value; it completes or fails
    ///   when the source does.
    @inlinable
    public func mapReplace<NewValue>(_ value: NewValue) -> Signal<NewValue, Failure> {
        lift(
            MapReplaceStage.self, value,
            named: SignalDebugNames.name("[\(self.name)] -mapReplace: \(value)"))
    }
}

extension Signal {
    /// `map(_:)` with the result named `name` (evaluated only when debug names are on): a
    /// `LiftedSignal` whose arguments are `transform`, made for the operator `function`. An
    /// operator applied to the result may run in the same stage, subscribed to this signal
    /// directly (`fusedAfterMap`: a `filter`).
    ///
    /// ```
    /// self:                     -1-2-3-|
    /// mapping(named: n, *2):    -2-4-6-|
    /// ```
    @inlinable
    func mapping<NewValue>(
        named name: @autoclosure () -> String, _ transform: @escaping (Value) -> NewValue,
        function: StaticString = #function
    ) -> Signal<NewValue, Failure> {
        lift(
            MapStage.self, Transforms(transform, { $0 }), named: SignalDebugNames.name(name()),
            fusing: Signal<NewValue, Failure>.fusedAfterMap, function: function)
    }
}

/// A subscription of `map(_:)` (or `mapError(_:)`, `promoteError(_:)`): sends `transform(value)`
/// for each value, and `transformError(error)` for the error.
///
/// ```
/// -1-2-#  →  -f(1)-f(2)-#'     (#' = transformError(#))
/// ```
@usableFromInline
final class MapStage<Value, NewValue, Failure: Error, NewFailure: Error>:
    OperatorStage<Value, Failure, NewValue, NewFailure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let transform: (Value) -> NewValue
    @usableFromInline let transformError: (Failure) -> NewFailure

    @inlinable
    init(
        _ transforms: Transforms<Value, NewValue, Failure, NewFailure>,
        feeding downstream: Subscriber<NewValue, NewFailure>
    ) {
        transform = transforms.value
        transformError = transforms.error
        super.init(feeding: downstream, as: MapStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        emitNext(transform(value))
    }

    @inlinable
    func receive(error: Failure) {
        emitError(transformError(error))
    }
}

/// The two transforms of a `MapStage`, as its arguments.
@usableFromInline
struct Transforms<Value, NewValue, Failure: Error, NewFailure: Error> {
    @usableFromInline let value: (Value) -> NewValue
    @usableFromInline let error: (Failure) -> NewFailure

    @inlinable
    init(_ value: @escaping (Value) -> NewValue, _ error: @escaping (Failure) -> NewFailure) {
        self.value = value
        self.error = error
    }
}

/// A subscription of `mapReplace(_:)`: sends `value` in place of every value.
///
/// ```
/// -1-2-|  →  -x-x-|
/// ```
@usableFromInline
final class MapReplaceStage<Value, NewValue, Failure: Error>:
    OperatorStage<Value, Failure, NewValue, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let value: NewValue

    @inlinable
    init(_ value: NewValue, feeding downstream: Subscriber<NewValue, Failure>) {
        self.value = value
        super.init(feeding: downstream, as: MapReplaceStage.self)
    }

    @inlinable @inline(__always)
    func receive(_: Value) {
        emitNext(value)
    }
}
