// The state of one subscription of `Signal.zip` over a parameter pack, and its inputs.

// The state of `Signal.zip` over a parameter pack (the operator is in Zip.swift). Each input
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
final class ZipPackState<Output, Failure: Error>: ZipPackCore, PackInputState, @unchecked Sendable {
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
