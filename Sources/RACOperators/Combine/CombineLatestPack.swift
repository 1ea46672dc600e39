// The state of `Signal.combineLatest` over a parameter pack (the operator is in CombineLatest.swift).
// The latest values live in the memory of one tuple (`TupleStorage`): each input's handler writes
// its value into its element, and once every input has sent one, a closure specialised for the
// tuple type sends the whole tuple. The handlers are generic code (Swift does not specialise code
// over the elements of a pack), but they look up no type metadata beyond the event's and assemble
// no tuple.

/// One input of a `Signal.combineLatest` over a parameter pack: whether it has sent a value (then its
/// element of the tuple is initialised).
@usableFromInline
class CombineLatestPackInput {
    @exclusivity(unchecked) @usableFromInline var hasValue = false

    @usableFromInline
    init() {}

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

    @usableFromInline
    init(offset: Int, in storage: UnsafeMutableRawPointer) {
        element = (storage + offset).assumingMemoryBound(to: InputEvent.Value.self)
        super.init()
    }

    /// Stores the value of a `next` event in the element; returns the event's kind.
    @usableFromInline
    func receive(_ event: InputEvent) -> PackEventKind {
        event.storeValue(in: element, initialized: hasValue)
    }

    @usableFromInline
    override func destroyValue() {
        element.deinitialize(count: 1)
    }
}

/// One subscription of `Signal.combineLatest` over a parameter pack whose values make up `Output`.
/// Every input delivers under the delivery lock of `downstream`, so the state needs no lock of its
/// own.
@usableFromInline
final class CombineLatestPackState<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let downstream: Subscriber<Output, Failure>
    /// The latest values, as one `Output`; an element is initialised once its input has sent.
    @usableFromInline let storage: TupleStorage<Output>
    /// Sends the tuple in `storage`. Made in `init`, where `Output` is a concrete type when the
    /// operator is called with concrete signals, so it is specialised.
    @usableFromInline let sendLatest: () -> Void
    @usableFromInline let count: Int
    /// How many inputs have sent a value.
    @exclusivity(unchecked) @usableFromInline var ready = 0
    @exclusivity(unchecked) @usableFromInline var completedCount = 0
    /// The inputs, in order; filled while subscribing.
    @exclusivity(unchecked) @usableFromInline var inputs: ContiguousArray<CombineLatestPackInput> = []
    @exclusivity(unchecked) @usableFromInline var layout = TupleLayout()

    @inlinable
    init(downstream: Subscriber<Output, Failure>, count: Int) {
        self.downstream = downstream
        self.count = count
        let storage = TupleStorage<Output>()
        self.storage = storage
        sendLatest = { downstream.sendNext(storage.tuple.pointee) }
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
            offset: layout.place(Value.self), in: storage.base)
        inputs.append(input)
        return Subscriber(
            { [self] event in
                switch input.receive(event) {
                case .next:
                    if !input.hasValue {
                        input.hasValue = true
                        ready += 1
                    }
                    if ready == count { sendLatest() }
                case .error:
                    if case .error(let error) = event { downstream.sendError(error) }
                case .completed:
                    completedCount += 1
                    if completedCount == count { downstream.sendCompleted() }
                }
            }, sharing: downstream.deliveryLock)
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
