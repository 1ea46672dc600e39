// uniqueValues() and uniqueValues(_:): each value only the first time it is seen, with the stage.

extension Signal {
    /// RAC: none (ReactiveSwift `uniqueValues(_:)`, RxSwift's `distinct` of RxSwiftExt). Sends a
    /// value only if no earlier value of this subscription had the same `identity`; unlike
    /// `distinctUntilChanged()`, which compares with the previous value only. The identities seen
    /// are kept until the subscription ends, so use it on signals with a bounded set of values.
    ///
    /// ```
    /// self:                              -a-B-A-b-c-|
    /// uniqueValues { $0.lowercased() }:  -a-B-----c-|
    /// ```
    ///
    /// - Parameter identity: what makes two values the same: values with equal identities are sent
    ///   once, the first time.
    /// - Returns: a signal of the source's values whose identity was not seen before in this
    ///   subscription; it completes or fails when the source does.
    @inlinable
    public func uniqueValues<Identity: Hashable>(
        _ identity: @escaping (Value) -> Identity
    ) -> Signal<Value, Failure> {
        lift(UniqueValuesStage.self, identity, named: SignalDebugNames.name("[\(self.name)] uniqueValues"))
    }
}

extension Signal where Value: Hashable {
    /// RAC: none (ReactiveSwift `uniqueValues()`). Sends a value only the first time it appears in
    /// this subscription; the values seen are kept until the subscription ends.
    ///
    /// ```
    /// self:            -1-2-1-3-2-|
    /// uniqueValues():  -1-2---3---|
    /// ```
    ///
    /// - Returns: a signal of the source's values not seen before in this subscription; it completes or
    ///   fails when the source does.
    @inlinable
    public func uniqueValues() -> Signal<Value, Failure> {
        uniqueValues { $0 }
    }
}

/// A subscription of `uniqueValues(_:)`: drops a value whose identity it has already seen.
///
/// ```
/// -1-2-1-|  →  -1-2---|
/// ```
@usableFromInline
final class UniqueValuesStage<Value, Failure: Error, Identity: Hashable>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    @usableFromInline let identity: (Value) -> Identity
    /// The identities of the values sent so far.
    @exclusivity(unchecked) @usableFromInline var seen: Set<Identity> = []

    @inlinable
    init(_ identity: @escaping (Value) -> Identity, feeding downstream: Subscriber<Value, Failure>) {
        self.identity = identity
        super.init(feeding: downstream, as: UniqueValuesStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        if seen.insert(identity(value)).inserted {
            emitNext(value)
        }
    }

    /// Lets go of the identities seen.
    @inlinable
    func releaseState() {
        seen = []
    }
}
