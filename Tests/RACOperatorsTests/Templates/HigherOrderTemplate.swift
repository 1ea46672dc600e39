// The template of a higher-order operator (Docs/Internals.md, "Building an operator"): one
// subscription state per subscription (`MergeSubscription`, `SwitchSubscription` or
// `SerialSubscription`, in Sources/RACOperators/HigherOrder/), linked by the downstream; the
// source's subscriber hands it each value's inner signal, and each inner signal is subscribed by an
// `InnerSubscriber` that shares the downstream's delivery lock and hands every event to the state's
// `receiveInner(_:from:)`, which forwards it through the state's `DeliveryRelay`. A new way of
// handling inner signals is a new `InnerSubscriptionOwner`, modelled on those three. To add such
// an operator, copy the extension into Sources/RACOperators/HigherOrder/ (there the state is
// internal, without `@testable`), rename, and keep the tests beside the family's others.

import RACTestSupport
import RACTesting
import Testing

// `@testable`: the subscription states are internal to RACOperators, where such an operator lives.
@testable import RACOperators

extension Signal {
    /// RAC: none. As `flattenMap(_:)`, with at most `limit` inner signals subscribed at once; the
    /// others wait, in order, for a running one to complete (`flatten(_:)` after `map`).
    ///
    /// ```
    /// self:                   -1-2-------|
    /// transform(1):            a---b|
    /// transform(2):              c-d|
    /// flattenMap(atMost: 1):  -a---bc-d--|
    /// ```
    @inlinable
    public func flattenMap<NewValue>(
        atMost limit: Int, _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        precondition(limit > 0, "flattenMap(atMost:): the limit must be positive")
        return Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -flattenMap:atMost:")) {
            subscriber in
            // The state, linked (not held) by the downstream: its end or disposal disposes it.
            let merge = MergeSubscription<NewValue, Failure>(downstream: subscriber, maxConcurrent: limit)
            subscriber.link(state: merge)
            // The source's subscriber: each value becomes an inner signal; its error fails
            // everything, its completion completes once every inner signal has.
            let source = Subscriber<Value, Failure> { event in
                merge.receiveSource(event) { merge.add(transform($0)) }
            }
            merge.subscribe(self, by: source)
            return nil
        }
    }
}

@Suite("Templates: higher-order, inner subscribers feeding one subscription state", .checksRelease)
struct HigherOrderTemplateTests {
    @Test("flattenMap(atMost: 1) runs one inner signal at a time, the next waiting in order")
    func marble() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-1-2-------|")
        let first = try scheduler.createColdSignal("a---b|")
        let second = try scheduler.createColdSignal("c-d|")
        let inner = ["1": first, "2": second]
        try scheduler.expect(source.flattenMap(atMost: 1) { inner[$0]! }, toEmit: "-a---bc-d--|")
        try scheduler.expect(first, toHaveSubscriptions: ["-^----!"])
        try scheduler.expect(second, toHaveSubscriptions: ["------^--!"])
    }

    @Test("flattenMap(atMost: 2): an inner error disposes everything, then is forwarded")
    func innerError() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-1-2----|", error: TestError(1))
        let first = try scheduler.createColdSignal("a-----b|", error: TestError(1))
        let failing = try scheduler.createColdSignal("c-#", error: TestError(1))
        let inner = ["1": first, "2": failing]
        try scheduler.expect(
            source.flattenMap(atMost: 2) { inner[$0]! }, toEmit: "-a-c-#", error: TestError(1))
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(first, toHaveSubscriptions: ["-^---!"])
    }

    @Test("flattenMap(atMost: 1): an empty source completes; disposal disposes the source and the inner")
    func emptyAndDisposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let empty = try scheduler.createColdSignal("--|")
        try scheduler.expect(empty.flattenMap(atMost: 1) { Signal(value: $0) }, toEmit: "--|")

        let second = TestScheduler(checksRelease: true)
        let source = try second.createColdSignal("-1------|")
        let inner = try second.createColdSignal("a-b-c-|")
        try second.expect(source.flattenMap(atMost: 1) { _ in inner }, toEmit: "-a-b", disposeAt: 4)
        try second.expect(source, toHaveSubscriptions: ["^---!"])
        try second.expect(inner, toHaveSubscriptions: ["-^--!"])
    }
}
