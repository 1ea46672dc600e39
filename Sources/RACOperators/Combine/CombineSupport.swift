// What combineLatest and zip share: the per-input queue of zip, the wiring of two inputs, and the
// layout of the tuple a parameter-pack operator sends.
//
// Performance (see Docs/Performance.md): the state of every subscription is a `final` class whose
// per-event methods are `@inlinable`, so they are specialised in the caller's module; the inputs
// share the delivery lock of the downstream subscriber, so an event takes one lock.

/// A first-in first-out queue without a capacity limit, for `zip`'s per-input buffers: a ring of
/// elements that doubles when full. Removing moves the element out (the queue keeps no reference to
/// it); the storage is kept, so a zip whose inputs alternate allocates nothing per value. Touched
/// only under the delivery lock of the subscription that owns it.
@usableFromInline
final class FIFO<Element> {
    /// `capacity` slots; the elements are the `count` slots from `head` on, wrapping around.
    @exclusivity(unchecked) @usableFromInline var elements: UnsafeMutablePointer<Element>
    /// A power of two.
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var head = 0
    @exclusivity(unchecked) @usableFromInline var count = 0

    @inlinable
    init() {
        capacity = 4
        elements = .allocate(capacity: 4)
    }

    deinit {
        for index in 0..<count {
            (elements + ((head &+ index) & (capacity &- 1))).deinitialize(count: 1)
        }
        elements.deallocate()
    }

    @inlinable
    var isEmpty: Bool {
        count == 0
    }

    @inlinable
    func append(_ element: Element) {
        if count == capacity { grow() }
        (elements + ((head &+ count) & (capacity &- 1))).initialize(to: element)
        count &+= 1
    }

    /// Removes and returns the oldest element; the queue must not be empty.
    @inlinable
    func removeFirst() -> Element {
        let element = (elements + head).move()
        head = (head &+ 1) & (capacity &- 1)
        count &-= 1
        return element
    }

    /// Doubles the capacity, moving the elements to the start of the new storage.
    @usableFromInline
    func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        let tail = min(count, capacity - head)
        larger.moveInitialize(from: elements + head, count: tail)
        (larger + tail).moveInitialize(from: elements, count: count - tail)
        elements.deallocate()
        elements = larger
        capacity *= 2
        head = 0
    }
}

extension Signal {
    /// Subscribes this signal and `other`, one subscriber each, feeding `left` and `right`; both
    /// subscriptions are linked to `downstream` (`Subscriber.link(_:)`: not held, as their handlers
    /// hold it), so its end or disposal ends them. The wiring shared by `combineLatest(with:)` and
    /// `zip(with:)`.
    ///
    /// Both subscribers share `downstream`'s delivery lock: an event takes it once, and `left` and
    /// `right` run under it, so they can update the operator's state and send without another lock
    /// (a signal made with `Signal(relayingNamed:)` may hand such a handler a claimed subscriber).
    @inlinable
    func subscribePair<Other, DownstreamValue>(
        with other: Signal<Other, Failure>,
        into downstream: Subscriber<DownstreamValue, Failure>,
        left: @escaping (Event<Value, Failure>) -> Void,
        right: @escaping (Event<Other, Failure>) -> Void
    ) {
        let leftSubscriber = Subscriber<Value, Failure>(left, sharing: downstream.deliveryLock)
        let rightSubscriber = Subscriber<Other, Failure>(right, sharing: downstream.deliveryLock)
        downstream.link(leftSubscriber)
        downstream.link(rightSubscriber)
        subscribe(claiming: leftSubscriber)
        other.subscribe(claiming: rightSubscriber)
    }
}

/// The memory of one value of a tuple type `Output` (the result of an operator over a parameter
/// pack), filled element by element at offsets computed as Swift lays tuples out: each element at
/// the next offset aligned for its type (the ABI's tuple layout, checked against `MemoryLayout` once
/// every element is placed).
///
/// Code over the elements of a pack is not specialised by the compiler (Swift 6.3), so the
/// per-input handlers of `Signal.combineLatest` and `Signal.zip` are generic code; they write their
/// values straight into this memory, and the tuple is read back by a closure made where `Output` is
/// a concrete type, hence specialised. No tuple is assembled element by element per event.
@usableFromInline
struct TupleStorage<Output> {
    @usableFromInline let base: UnsafeMutableRawPointer

    /// Allocates uninitialised memory for one `Output`.
    @inlinable
    init() {
        base = .allocate(
            byteCount: Swift.max(MemoryLayout<Output>.size, 1), alignment: MemoryLayout<Output>.alignment)
        base.bindMemory(to: Output.self, capacity: 1)
    }

    /// The tuple, as one value.
    @inlinable
    var tuple: UnsafeMutablePointer<Output> {
        base.assumingMemoryBound(to: Output.self)
    }

    /// Frees the memory (its elements must have been deinitialised or moved out).
    @usableFromInline
    func deallocate() {
        base.deallocate()
    }
}

/// Places the elements of a pack one after the other as Swift lays a tuple out.
@usableFromInline
struct TupleLayout {
    /// The end of the last element placed.
    @usableFromInline var size = 0

    @inlinable
    init() {}

    /// The offset of the next element, of type `Element`.
    @usableFromInline
    mutating func place<Element>(_: Element.Type) -> Int {
        let alignment = MemoryLayout<Element>.alignment
        let offset = (size + alignment - 1) & ~(alignment - 1)
        size = offset + MemoryLayout<Element>.size
        return offset
    }

    /// Checks that the elements placed make up an `Output`.
    @usableFromInline
    func check<Output>(_: Output.Type) {
        precondition(
            size == MemoryLayout<Output>.size,
            "TupleLayout: \(Output.self) is not laid out as its elements one after the other")
    }
}

/// What an event of one input of `Signal.combineLatest` or `Signal.zip` over a parameter pack was,
/// once its value (if any) is stored.
@usableFromInline
enum PackEventKind {
    case next
    case error
    case completed
}

/// An event, as the generic input handlers of the parameter-pack operators see it.
///
/// Those handlers are generic code; switching over an `Event<Value, Failure>` there would look up
/// the event type's metadata in the runtime's cache for every event. These requirements are called
/// on a class generic over the event type itself, whose metadata holds the event type and this
/// conformance, so `Event`'s witnesses receive the event type's metadata and look nothing up.
@usableFromInline
protocol PackInputEvent {
    associatedtype Value

    /// Writes the value of a `next` event into `element`: initialises it if `initialized` is
    /// false, assigns it otherwise. Returns the event's kind.
    func storeValue(in element: UnsafeMutablePointer<Value>, initialized: Bool) -> PackEventKind

    /// Appends the value of a `next` event to `queue`. Returns the event's kind.
    func enqueueValue(in queue: FIFO<Value>) -> PackEventKind
}

extension Event: PackInputEvent {
    @usableFromInline
    func storeValue(in element: UnsafeMutablePointer<Value>, initialized: Bool) -> PackEventKind {
        switch self {
        case .next(let value):
            if initialized {
                element.pointee = value
            } else {
                element.initialize(to: value)
            }
            return .next
        case .error: return .error
        case .completed: return .completed
        }
    }

    @usableFromInline
    func enqueueValue(in queue: FIFO<Value>) -> PackEventKind {
        switch self {
        case .next(let value):
            queue.append(value)
            return .next
        case .error: return .error
        case .completed: return .completed
        }
    }
}
