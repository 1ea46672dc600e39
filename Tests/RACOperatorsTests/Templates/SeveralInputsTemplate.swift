// The template of an operator with several inputs (Docs/Internals.md, "Building an operator"):
// one state object per subscription, a final class whose receive methods every input's subscriber
// calls under the downstream's delivery lock, which they all share, so that the state needs no
// lock of its own. `Signal.pairInputs` (Combine/MultiInput.swift) makes the inputs' subscribers,
// links them to the downstream and subscribes them; `arrayInputs` does the same for a collection of
// signals of one type (`amb`), `packInputs` for a parameter pack (`combineLatest`, `zip`). To add
// such an operator, copy the extension and the state into Sources/RACOperators/<family>/, rename,
// and keep the tests beside the family's others.

import RACOperators
import RACTestSupport
import RACTesting
import Testing

extension Signal {
    /// RAC: none. Sends the values of this signal that arrive while the latest value of `gate` is
    /// `true` (none before `gate` has sent a value). Ends when this signal ends; `gate`'s completion
    /// is not an end (its latest value stays). `gate` is subscribed first, so a gate that sends at
    /// once is open for this signal's first value.
    ///
    /// ```
    /// self:        -a-b-c-d-|
    /// gate:        --t---f---
    /// gated(by:):  ---b-c---|
    /// ```
    @inlinable
    public func gated(by gate: Signal<Bool, Never>) -> Signal<Value, Failure> {
        .pairInputs(self, gate, named: SignalDebugNames.name("[\(self.name)] -gatedBy: \(gate)")) {
            GatedState(downstream: $0)
        }
    }
}

/// One subscription of `gated(by:)`: the receiver is the left input, the gate the right one,
/// subscribed first. Its methods run under the delivery lock that both inputs share with
/// `downstream`.
@usableFromInline
final class GatedState<Value, Failure: Error>: PairInputState, @unchecked Sendable {

    /// The result's subscriber: the state holds it; the inputs' subscribers hold the state.
    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The gate's latest value. Only touched under the shared delivery lock: no lock of its own.
    @exclusivity(unchecked) @usableFromInline var isOpen = false

    @inlinable
    init(downstream: Subscriber<Value, Failure>) {
        self.downstream = downstream
    }

    /// The gate first (the default is the left input first).
    @inlinable
    static var subscribesRightFirst: Bool { true }

    /// The receiver: a value passes while the gate is open; its error and completion end the
    /// result (the downstream's end disposes the gate, which it links).
    @inlinable
    func receiveLeft(_ event: Event<Value, Failure>) {
        if case .next = event, !isOpen { return }
        downstream.send(event)
    }

    /// The gate: its values open and close it; its completion changes nothing.
    @inlinable
    func receiveRight(_ event: Event<Bool, Never>) {
        if case .next(let open) = event {
            isOpen = open
        }
    }
}

@Suite("Templates: several inputs, one state sharing the downstream's lock", .checksRelease)
struct SeveralInputsTemplateTests {
    @Test("gated(by:) sends the values that arrive while the gate is open; ends with the receiver")
    func marble() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let gate = try scheduler.createColdSignal("--t---f---", values: ["t": true, "f": false])
        try scheduler.expect(source.gated(by: gate), toEmit: "---b-c---|")
        try scheduler.expect(source, toHaveSubscriptions: ["^--------!"])
        try scheduler.expect(gate, toHaveSubscriptions: ["^--------!"])
    }

    @Test("gated(by:): the receiver's error ends it and disposes the gate; an empty receiver completes")
    func errorAndEmpty() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let failing = try scheduler.createColdSignal("-a-b-#", error: TestError(1))
        let gate = try scheduler.createColdSignal("t-----", values: ["t": true])
        try scheduler.expect(failing.gated(by: gate), toEmit: "-a-b-#", error: TestError(1))
        try scheduler.expect(gate, toHaveSubscriptions: ["^----!"])

        let second = TestScheduler(checksRelease: true)
        let empty = try second.createColdSignal("--|")
        let quiet = try second.createColdSignal("------", values: ["t": true])
        try second.expect(empty.gated(by: quiet), toEmit: "--|")
        try second.expect(quiet, toHaveSubscriptions: ["^-!"])
    }

    @Test("gated(by:): the gate's completion keeps its latest value; disposal disposes both")
    func gateCompletionAndDisposal() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        let gate = try scheduler.createColdSignal("t|", values: ["t": true])
        try scheduler.expect(source.gated(by: gate), toEmit: "-a-b-", disposeAt: 5)
        try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
        try scheduler.expect(gate, toHaveSubscriptions: ["^!"])
    }

    @Test("gated(by:): inputs sending on two threads take turns")
    func threads() {
        let source = Subject<Int, Never>()
        let gate = Subject<Bool, Never>()
        let log = EventLog.of(source.gated(by: gate))
        gate.sendNext(true)
        onThreads(2) { index in
            if index == 0 {
                for value in 0..<3_000 { source.sendNext(value) }
                source.sendCompleted()
            } else {
                for value in 0..<3_000 { gate.sendNext(value % 2 == 0) }
            }
        }
        let values = log.values
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(log.events.last == .completed)
        #expect(source.subscriberCount == 0 && gate.subscriberCount == 0)
    }
}
