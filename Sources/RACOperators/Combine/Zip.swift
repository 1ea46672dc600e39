// zip: the pair, array and parameter-pack forms, and the state of each subscription.
//
// zip: pairs values of the same index (RAC R64, R50, R51). Each input's values wait in a FIFO
// buffer; a tuple goes out once every buffer holds a value; the result completes as soon as one
// input has completed and its buffer is empty. Every input delivers under the downstream
// subscriber's (recursive) delivery lock, so tuples keep their order whatever threads the inputs
// send on, and an event takes one lock. The state of the parameter-pack form is at the end of
// this file.

/// One subscription of `zip(with:)`. Its methods run under the delivery lock that both inputs
/// share with `downstream`.
@usableFromInline
final class ZipPairState<Left, Right, Failure: Error>: CombinePairState, @unchecked Sendable {
    @usableFromInline let downstream: Subscriber<(Left, Right), Failure>
    @usableFromInline let left = FIFO<Left>()
    @usableFromInline let right = FIFO<Right>()
    @exclusivity(unchecked) @usableFromInline var leftCompleted = false
    @exclusivity(unchecked) @usableFromInline var rightCompleted = false
    @exclusivity(unchecked) @usableFromInline var finished = false

    @inlinable
    init(downstream: Subscriber<(Left, Right), Failure>) {
        self.downstream = downstream
    }

    @inlinable
    func receiveLeft(_ event: Event<Left, Failure>) {
        switch event {
        case .next(let value):
            guard !finished else { return }
            left.append(value)
            emit()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            leftCompleted = true
            if left.isEmpty { finish() }
        }
    }

    @inlinable
    func receiveRight(_ event: Event<Right, Failure>) {
        switch event {
        case .next(let value):
            guard !finished else { return }
            right.append(value)
            emit()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            rightCompleted = true
            if right.isEmpty { finish() }
        }
    }

    /// Sends a pair if both buffers hold a value, then completes if a completed side is now empty.
    @inlinable
    func emit() {
        guard !left.isEmpty, !right.isEmpty else { return }
        downstream.sendNext((left.removeFirst(), right.removeFirst()))
        if (leftCompleted && left.isEmpty) || (rightCompleted && right.isEmpty) {
            finish()
        }
    }

    @inlinable
    func finish() {
        guard !finished else { return }
        finished = true
        downstream.sendCompleted()
    }
}

/// One subscription of `Signal.zip` over a collection of signals of one type. Its methods run
/// under the delivery lock that every input shares with `downstream`.
@usableFromInline
final class ZipArrayState<Value, Failure: Error>: CombineArrayState, @unchecked Sendable {
    @usableFromInline let downstream: Subscriber<[Value], Failure>
    @usableFromInline let buffers: ContiguousArray<FIFO<Value>>
    @exclusivity(unchecked) @usableFromInline var completed: ContiguousArray<Bool>
    /// How many buffers hold at least one value.
    @exclusivity(unchecked) @usableFromInline var filled = 0
    @exclusivity(unchecked) @usableFromInline var finished = false

    @inlinable
    init(downstream: Subscriber<[Value], Failure>, count: Int) {
        self.downstream = downstream
        buffers = ContiguousArray((0..<count).lazy.map { _ in FIFO<Value>() })
        completed = ContiguousArray(repeating: false, count: count)
    }

    @inlinable
    func receive(_ event: Event<Value, Failure>, at index: Int) {
        switch event {
        case .next(let value):
            guard !finished else { return }
            if buffers[index].isEmpty { filled += 1 }
            buffers[index].append(value)
            emit()
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            completed[index] = true
            if buffers[index].isEmpty { finish() }
        }
    }

    @inlinable
    func emit() {
        guard filled == buffers.count else { return }
        var values: [Value] = []
        values.reserveCapacity(buffers.count)
        filled = 0
        for buffer in buffers {
            values.append(buffer.removeFirst())
            if !buffer.isEmpty { filled += 1 }
        }
        downstream.sendNext(values)
        for index in buffers.indices where completed[index] && buffers[index].isEmpty {
            finish()
            return
        }
    }

    @inlinable
    func finish() {
        guard !finished else { return }
        finished = true
        downstream.sendCompleted()
    }
}

extension Signal {
    /// RAC: `-zipWith:`. Pairs the n-th value of this signal with the n-th value of `other`.
    /// Values wait in a buffer until the other side has one to pair with; the result completes as
    /// soon as one side has completed and its buffer is empty, dropping the other side's leftovers.
    /// An error from either side is forwarded. (RAC R64.)
    ///
    /// ```
    /// self:       -1--2-3-|
    /// other:      --a----b--c-|
    /// zip(with:): --x----y--(z|)     x = (1, a), y = (2, b), z = (3, c): self is done and empty
    /// ```
    @inlinable
    public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        combinedPair(
            ZipPairState<Value, Other, Failure>.self, with: other,
            named: SignalDebugNames.name("[\(self.name)] -zipWith: \(other)"))
    }

    /// RAC: `+zip:`. Zips any number of signals of any value types into tuples of the values with
    /// the same index, as `zip(with:)` does for two. Subscribes in argument order; with no signals,
    /// completes at once.
    ///
    /// ```
    /// a:    -1---2---|
    /// b:    --x----y-|
    /// c:    ---p-q---|
    /// zip:  ---u---v-|       u = (1, x, p), v = (2, y, q)
    /// ```
    @inlinable
    public static func zip<each Input>(
        _ signals: repeat Signal<each Input, Failure>
    ) -> Signal<(repeat each Input), Failure> where Value == (repeat each Input) {
        combinedPack(
            ZipPackState<(repeat each Input), Failure>.self, repeat each signals,
            named: SignalDebugNames.name("+zip:"))
    }

    /// RAC: `+zip:` on a collection. Sends arrays of the values with the same index, in the order
    /// of `signals`. An empty collection gives a signal that completes at once (RAC R50).
    ///
    /// ```
    /// signals:  [ -1--2-|, --a-b-| ]
    /// zip:      --u-v-|         u = [1, a], v = [2, b]
    /// ```
    @inlinable
    public static func zip<Element>(
        _ signals: some Sequence<Signal<Element, Failure>>
    ) -> Signal<[Element], Failure> where Value == [Element] {
        let signals = ContiguousArray(signals)
        return combinedArray(
            ZipArrayState<Element, Failure>.self, signals, named: SignalDebugNames.name("+zip: \(signals)"))
    }
}

// The state of `Signal.zip` over a parameter pack (the operator is above). Each input
// buffers its values in a queue of its own type; once every queue holds a value, the oldest value
// of each is moved into the memory of one tuple (`TupleStorage`) and a closure specialised for the
// tuple type sends it. The handlers cannot be specialised (Swift does not specialise code over the
// elements of a pack), so, as for `combineLatest`'s pack form, each input's subscriber calls a
// non-generic stage (`ZipPackInputStage`) that reads the event through its input, a class generic
// over the event type, and no type metadata is looked up per event.

/// One input of a `Signal.zip` over a parameter pack: where its value goes in the tuple, how many
/// values it has buffered, and whether it has completed. Not generic, so that its subscriber's
/// stage calls it without looking up a type.
@usableFromInline
class ZipPackInput {
    /// The offset of this input's element in the tuple.
    @usableFromInline let offset: Int
    /// How many values wait in the queue.
    @exclusivity(unchecked) @usableFromInline var buffered = 0
    @exclusivity(unchecked) @usableFromInline var completed = false

    @usableFromInline
    init(offset: Int) {
        self.offset = offset
    }

    /// Buffers the value of the event at `address` (an event of this input's type); returns the
    /// event's kind.
    @usableFromInline
    func receive(at address: UnsafeMutableRawPointer) -> PackEventKind {
        preconditionFailure("ZipPackInput.receive(at:): overridden by every input")
    }

    /// Sends the error of the `error` event at `address` downstream.
    @usableFromInline
    func sendError(at address: UnsafeMutableRawPointer) {}

    /// Moves the oldest buffered value into this input's element of the tuple at `storage`.
    @usableFromInline
    func moveFirst(into storage: UnsafeMutableRawPointer) {}
}

/// An input of `Value`s, whose events are `InputEvent`s (an `Event` of `Value`s): the class is
/// generic over the event type so that its methods receive that type's metadata from the object
/// (see `PackInputEvent`).
@usableFromInline
final class ZipPackTypedInput<Value, InputEvent: PackInputEvent>: ZipPackInput
where InputEvent.Value == Value {
    @usableFromInline let queue = FIFO<Value>()
    /// Sends an error downstream.
    @usableFromInline let failed: (InputEvent.Failure) -> Void

    @usableFromInline
    init(offset: Int, failed: @escaping (InputEvent.Failure) -> Void) {
        self.failed = failed
        super.init(offset: offset)
    }

    @usableFromInline
    override func receive(at address: UnsafeMutableRawPointer) -> PackEventKind {
        address.assumingMemoryBound(to: InputEvent.self).pointee.enqueueValue(in: queue)
    }

    @usableFromInline
    override func sendError(at address: UnsafeMutableRawPointer) {
        if let error = address.assumingMemoryBound(to: InputEvent.self).pointee.failure {
            failed(error)
        }
    }

    @usableFromInline
    override func moveFirst(into storage: UnsafeMutableRawPointer) {
        (storage + offset).assumingMemoryBound(to: Value.self).initialize(to: queue.removeFirst())
        buffered -= 1
    }
}

/// What the inputs of one `Signal.zip` over a parameter pack share, without its types: the
/// inputs, how many have a value buffered, and how to send a tuple and the completion.
@usableFromInline
class ZipPackCore: @unchecked Sendable {
    /// Where a tuple is assembled: initialised only between `moveFirst` and `sendTuple`.
    @usableFromInline let base: UnsafeMutableRawPointer
    /// Moves the tuple of the state it is called with out of `base` and sends it (specialised for
    /// the tuple type, see `ZipPackState`). It captures nothing, so calling it retains nothing.
    @usableFromInline let sendTuple: (ZipPackCore) -> Void
    @usableFromInline let sendCompleted: () -> Void
    /// The inputs, in order; filled while subscribing.
    @exclusivity(unchecked) @usableFromInline var inputs: ContiguousArray<ZipPackInput> = []
    /// How many inputs have a value buffered.
    @exclusivity(unchecked) @usableFromInline var filled = 0
    @exclusivity(unchecked) @usableFromInline var finished = false

    @usableFromInline
    init(
        base: UnsafeMutableRawPointer, sendTuple: @escaping (ZipPackCore) -> Void,
        sendCompleted: @escaping () -> Void
    ) {
        self.base = base
        self.sendTuple = sendTuple
        self.sendCompleted = sendCompleted
    }

    /// Sends a tuple of the oldest value of each input, then completes if a completed input is now
    /// empty.
    @usableFromInline
    final func emit() {
        filled = 0
        for input in inputs {
            input.moveFirst(into: base)
            if input.buffered > 0 { filled += 1 }
        }
        sendTuple(self)
        for input in inputs where input.completed && input.buffered == 0 {
            finish()
            return
        }
    }

    @usableFromInline
    final func finish() {
        guard !finished else { return }
        finished = true
        sendCompleted()
    }
}

/// The stage of one input's subscriber: not generic, nor is its `dispatch` (see
/// `CombineLatestPackInputStage`).
///
/// ```
/// input 2:  --x--y|   →  queue 2: x, y; once every queue has a value, send the oldest of each
/// ```
@usableFromInline
final class ZipPackInputStage {
    @usableFromInline let core: ZipPackCore
    @usableFromInline let input: ZipPackInput

    @usableFromInline
    init(core: ZipPackCore, input: ZipPackInput) {
        self.core = core
        self.input = input
    }

    /// Calls the stage with the address of each event (`Subscriber.dispatch`); nothing to release.
    @usableFromInline
    static var dispatch: (AnyObject, UnsafeMutableRawPointer?) -> Void {
        { object, address in
            if let address {
                unsafeDowncast(object, to: ZipPackInputStage.self).receive(at: address)
            }
        }
    }

    @usableFromInline
    func receive(at address: UnsafeMutableRawPointer) {
        guard !core.finished else { return }
        switch input.receive(at: address) {
        case .next:
            input.buffered += 1
            if input.buffered == 1 {
                core.filled += 1
                if core.filled == core.inputs.count { core.emit() }
            }
        case .error:
            input.sendError(at: address)
        case .completed:
            input.completed = true
            if input.buffered == 0 { core.finish() }
        }
    }
}

/// One subscription of `Signal.zip` over a parameter pack whose values make up `Output`. Every
/// input delivers under the delivery lock of `downstream`, so the state needs no lock of its own.
@usableFromInline
final class ZipPackState<Output, Failure: Error>: ZipPackCore, CombinePackState, @unchecked Sendable {
    @usableFromInline let downstream: Subscriber<Output, Failure>
    @usableFromInline let storage: TupleStorage<Output>
    @exclusivity(unchecked) @usableFromInline var layout = TupleLayout()

    /// `sendTuple` is made here, where `Output` is a concrete type when the operator is called
    /// with concrete signals, so it is specialised.
    @inlinable
    init(downstream: Subscriber<Output, Failure>, count _: Int) {
        self.downstream = downstream
        let storage = TupleStorage<Output>()
        self.storage = storage
        super.init(
            base: storage.base,
            sendTuple: { core in
                let state = unsafeDowncast(core, to: ZipPackState<Output, Failure>.self)
                state.downstream.sendNext(state.storage.tuple.move())
            },
            sendCompleted: { downstream.sendCompleted() })
    }

    deinit {
        storage.deallocate()
    }

    /// The subscriber for the next input, a signal of `Value`s: it buffers each value and sends a
    /// tuple once every input has one buffered.
    @usableFromInline
    func subscriber<Value>(for _: Signal<Value, Failure>) -> Subscriber<Value, Failure> {
        let input = ZipPackTypedInput<Value, Event<Value, Failure>>(
            offset: layout.place(Value.self), failed: { [downstream] in downstream.sendError($0) })
        inputs.append(input)
        return Subscriber(
            stage: ZipPackInputStage(core: self, input: input), sharing: downstream.deliveryLock,
            dispatch: ZipPackInputStage.dispatch)
    }

    /// Checks, once every input has its element, that they make up an `Output`.
    @usableFromInline
    func checkLayout() {
        layout.check(Output.self)
    }
}
