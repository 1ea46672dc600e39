// The state of one subscription of `Signal.combineLatest` over a parameter pack, and its inputs.

// The state of `Signal.combineLatest` over a parameter pack (the operator is in CombineLatest.swift).
// The latest values live in the memory of one tuple (`TupleStorage`): each input's handler writes
// its value into its element, and once every input has sent one, a closure specialised for the
// tuple type sends the whole tuple. The handlers cannot be specialised (Swift does not specialise
// code over the elements of a pack), so they are arranged to look up no type metadata: each
// input's subscriber calls a non-generic stage (`CombineLatestPackInputStage`), which reads the
// event through its input, a class generic over the event type (`CombineLatestPackTypedInput`).
// A handler generic over the value type looked up `Event`'s metadata on every event: 834
// instructions an update of 8 inputs, now 489 (Docs/Performance.md, item 14).

/// One input of a `Signal.combineLatest` over a parameter pack: whether it has sent a value (then its
/// element of the tuple is initialised). Not generic, so that its subscriber's stage
/// (`CombineLatestPackInputStage`) calls it without looking up a type.
@usableFromInline
class CombineLatestPackInput {
    @exclusivity(unchecked) @usableFromInline var hasValue = false

    @usableFromInline
    init() {}

    /// Stores the value of the event at `address` (an event of this input's type) in the
    /// element; returns the event's kind.
    @usableFromInline
    func receive(at address: UnsafeMutableRawPointer) -> PackEventKind {
        preconditionFailure("CombineLatestPackInput.receive(at:): overridden by every input")
    }

    /// Sends the error of the `error` event at `address` downstream.
    @usableFromInline
    func sendError(at address: UnsafeMutableRawPointer) {}

    /// Deinitialises this input's element of the tuple (called only if it has a value).
    @usableFromInline
    func destroyValue() {}
}

/// An input whose events are `InputEvent`s (an `Event` of the input's value type): the class is
/// generic over the event type so that its methods receive that type's metadata from the object
/// (see `PackInputEvent`).
@usableFromInline
final class CombineLatestPackTypedInput<InputEvent: PackInputEvent>: CombineLatestPackInput {
    /// This input's element of the tuple.
    @usableFromInline let element: UnsafeMutablePointer<InputEvent.Value>
    /// Sends an error downstream.
    @usableFromInline let failed: (InputEvent.Failure) -> Void

    @usableFromInline
    init(offset: Int, in storage: UnsafeMutableRawPointer, failed: @escaping (InputEvent.Failure) -> Void) {
        element = (storage + offset).assumingMemoryBound(to: InputEvent.Value.self)
        self.failed = failed
        super.init()
    }

    @usableFromInline
    override func receive(at address: UnsafeMutableRawPointer) -> PackEventKind {
        address.assumingMemoryBound(to: InputEvent.self).pointee.storeValue(
            in: element, initialized: hasValue)
    }

    @usableFromInline
    override func sendError(at address: UnsafeMutableRawPointer) {
        if let error = address.assumingMemoryBound(to: InputEvent.self).pointee.failure {
            failed(error)
        }
    }

    @usableFromInline
    override func destroyValue() {
        element.deinitialize(count: 1)
    }
}

/// What the inputs of one `Signal.combineLatest` over a parameter pack share, without its types:
/// how many inputs have sent a value or completed, and how to send the latest tuple and the
/// completion.
@usableFromInline
class CombineLatestPackCounts: @unchecked Sendable {
    @usableFromInline let count: Int
    /// Sends the latest tuple of the state it is called with (specialised for the tuple type, see
    /// `CombineLatestPackState`). It captures nothing, so calling it retains nothing.
    @usableFromInline let sendLatest: (CombineLatestPackCounts) -> Void
    @usableFromInline let sendCompleted: () -> Void
    /// How many inputs have sent a value.
    @exclusivity(unchecked) @usableFromInline var ready = 0
    @exclusivity(unchecked) @usableFromInline var completedCount = 0

    @usableFromInline
    init(
        count: Int, sendLatest: @escaping (CombineLatestPackCounts) -> Void,
        sendCompleted: @escaping () -> Void
    ) {
        self.count = count
        self.sendLatest = sendLatest
        self.sendCompleted = sendCompleted
    }
}

/// The stage of one input's subscriber. Neither it nor its `dispatch` is generic: generic code
/// that received an `Event<Value, Failure>` would look up the event type's metadata in the
/// runtime's cache on every event (about 330 instructions); this reads the event through its
/// input, whose class holds the event type.
///
/// ```
/// input 2:  --x--|   →  element 2 of the tuple = x; once every input has one, send the tuple
/// ```
@usableFromInline
final class CombineLatestPackInputStage {
    @usableFromInline let counts: CombineLatestPackCounts
    @usableFromInline let input: CombineLatestPackInput

    @usableFromInline
    init(counts: CombineLatestPackCounts, input: CombineLatestPackInput) {
        self.counts = counts
        self.input = input
    }

    /// Calls the stage with the address of each event (`Subscriber.dispatch`); nothing to release.
    @usableFromInline
    static var dispatch: (AnyObject, UnsafeMutableRawPointer?) -> Void {
        { object, address in
            if let address {
                unsafeDowncast(object, to: CombineLatestPackInputStage.self).receive(at: address)
            }
        }
    }

    @usableFromInline
    func receive(at address: UnsafeMutableRawPointer) {
        switch input.receive(at: address) {
        case .next:
            if !input.hasValue {
                input.hasValue = true
                counts.ready += 1
            }
            if counts.ready == counts.count { counts.sendLatest(counts) }
        case .error:
            input.sendError(at: address)
        case .completed:
            counts.completedCount += 1
            if counts.completedCount == counts.count { counts.sendCompleted() }
        }
    }
}

/// One subscription of `Signal.combineLatest` over a parameter pack whose values make up `Output`.
/// Every input delivers under the delivery lock of `downstream`, so the state needs no lock of its
/// own.
@usableFromInline
final class CombineLatestPackState<Output, Failure: Error>: CombineLatestPackCounts, PackInputState,
    @unchecked Sendable
{
    @usableFromInline let downstream: Subscriber<Output, Failure>
    /// The latest values, as one `Output`; an element is initialised once its input has sent.
    @usableFromInline let storage: TupleStorage<Output>
    /// The inputs, in order; filled while subscribing.
    @exclusivity(unchecked) @usableFromInline var inputs: ContiguousArray<CombineLatestPackInput> = []
    @exclusivity(unchecked) @usableFromInline var layout = TupleLayout()

    /// `sendLatest` is made here, where `Output` is a concrete type when the operator is called
    /// with concrete signals, so it is specialised.
    @inlinable
    init(downstream: Subscriber<Output, Failure>, count: Int) {
        self.downstream = downstream
        let storage = TupleStorage<Output>()
        self.storage = storage
        super.init(
            count: count,
            sendLatest: { counts in
                let state = unsafeDowncast(counts, to: CombineLatestPackState<Output, Failure>.self)
                state.downstream.sendNext(state.storage.tuple.pointee)
            },
            sendCompleted: { downstream.sendCompleted() })
    }

    deinit {
        for input in inputs where input.hasValue {
            input.destroyValue()
        }
        storage.deallocate()
    }

    /// The subscriber for the next input, a signal of `Value`s: it writes each value into its
    /// element of the tuple and sends the tuple once every input has sent.
    @usableFromInline
    func subscriber<Value>(for _: Signal<Value, Failure>) -> Subscriber<Value, Failure> {
        let input = CombineLatestPackTypedInput<Event<Value, Failure>>(
            offset: layout.place(Value.self), in: storage.base,
            failed: { [downstream] in downstream.sendError($0) })
        inputs.append(input)
        return Subscriber(
            stage: CombineLatestPackInputStage(counts: self, input: input), sharing: downstream.deliveryLock,
            dispatch: CombineLatestPackInputStage.dispatch)
    }

    /// Checks, once every input has its element, that they make up an `Output`.
    @usableFromInline
    func checkLayout() {
        layout.check(Output.self)
    }
}
