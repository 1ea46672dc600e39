// The state of `Signal.zip` over a parameter pack (the operator is in CombineZip.swift). Each input
// buffers its values in a queue of its own type; once every queue holds a value, the oldest value
// of each is moved into the memory of one tuple (`TupleStorage`) and a closure specialised for the
// tuple type sends it. The handlers are generic code (Swift does not specialise code over the
// elements of a pack), but they look up no type metadata beyond the event's and assemble no tuple.

/// One input of a `Signal.zip` over a parameter pack: where its value goes in the tuple, how many
/// values it has buffered, and whether it has completed.
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

    @usableFromInline
    override init(offset: Int) {
        super.init(offset: offset)
    }

    /// Buffers the value of a `next` event; returns the event's kind.
    @usableFromInline
    func receive(_ event: InputEvent) -> PackEventKind {
        event.enqueueValue(in: queue)
    }

    @usableFromInline
    override func moveFirst(into storage: UnsafeMutableRawPointer) {
        (storage + offset).assumingMemoryBound(to: Value.self).initialize(to: queue.removeFirst())
        buffered -= 1
    }
}

/// One subscription of `Signal.zip` over a parameter pack whose values make up `Output`. Every
/// input delivers under the delivery lock of `downstream`, so the state needs no lock of its own.
@usableFromInline
final class ZipPackState<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let downstream: Subscriber<Output, Failure>
    /// Where a tuple is assembled: initialised only between `moveFirst` and `sendTuple`.
    @usableFromInline let storage: TupleStorage<Output>
    /// Moves the tuple out of `storage` and sends it. Made in `init`, where `Output` is a concrete
    /// type when the operator is called with concrete signals, so it is specialised.
    @usableFromInline let sendTuple: () -> Void
    /// The inputs, in order; filled while subscribing.
    @exclusivity(unchecked) @usableFromInline var inputs: ContiguousArray<ZipPackInput> = []
    /// How many inputs have a value buffered.
    @exclusivity(unchecked) @usableFromInline var filled = 0
    @exclusivity(unchecked) @usableFromInline var finished = false
    @exclusivity(unchecked) @usableFromInline var layout = TupleLayout()

    @inlinable
    init(downstream: Subscriber<Output, Failure>) {
        self.downstream = downstream
        let storage = TupleStorage<Output>()
        self.storage = storage
        sendTuple = { downstream.sendNext(storage.tuple.move()) }
    }

    deinit {
        storage.deallocate()
    }

    /// The subscriber for the next input, a signal of `Value`s: it buffers each value and sends a
    /// tuple once every input has one buffered.
    @usableFromInline
    func subscriber<Value>(for _: Signal<Value, Failure>) -> Subscriber<Value, Failure> {
        let input = ZipPackTypedInput<Value, Event<Value, Failure>>(offset: layout.place(Value.self))
        inputs.append(input)
        return Subscriber(
            { [self] event in
                guard !finished else { return }
                switch input.receive(event) {
                case .next:
                    input.buffered += 1
                    if input.buffered == 1 {
                        filled += 1
                        if filled == inputs.count { emit() }
                    }
                case .error:
                    if case .error(let error) = event { downstream.sendError(error) }
                case .completed:
                    input.completed = true
                    if input.buffered == 0 { finish() }
                }
            }, sharing: downstream.deliveryLock)
    }

    /// Sends a tuple of the oldest value of each input, then completes if a completed input is now
    /// empty.
    @usableFromInline
    func emit() {
        filled = 0
        for input in inputs {
            input.moveFirst(into: storage.base)
            if input.buffered > 0 { filled += 1 }
        }
        sendTuple()
        for input in inputs where input.completed && input.buffered == 0 {
            finish()
            return
        }
    }

    @usableFromInline
    func finish() {
        guard !finished else { return }
        finished = true
        downstream.sendCompleted()
    }

    /// Subscribes `subscriber` to `signal` (once every input's subscriber is made and added).
    @usableFromInline
    func subscribe<Value>(_ signal: Signal<Value, Failure>, _ subscriber: Subscriber<Value, Failure>) {
        signal.subscribe(claiming: subscriber)
    }

    /// Checks, once every input has its element, that they make up an `Output`.
    @usableFromInline
    func checkLayout() {
        layout.check(Output.self)
    }
}
