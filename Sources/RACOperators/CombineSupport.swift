/// A first-in first-out queue without a capacity limit, for `zip`'s per-input buffers. Removing
/// releases the element at once; the storage is reused once the queue empties, so a zip whose
/// inputs alternate allocates nothing per value.
struct FIFO<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var isEmpty: Bool {
        head == storage.count
    }

    var count: Int {
        storage.count - head
    }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element; the queue must not be empty.
    mutating func removeFirst() -> Element {
        let element = storage[head]!
        storage[head] = nil
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}

/// One input of a `zip` over a parameter pack: its buffered values and whether it has completed.
final class ZipInput<Value> {
    var buffer = FIFO<Value>()
    var completed = false
}

/// One input of a `combineLatest` over a parameter pack: its latest value and whether it has
/// completed.
final class LatestInput<Value> {
    var latest: Value?
    var completed = false
}

extension Signal {
    /// Subscribes this signal and `other`, one subscriber each, feeding `left` and `right`; both
    /// subscriptions are tied to `downstream`, so its end or disposal ends them. The wiring shared
    /// by `combineLatest(with:)` and `zip(with:)`.
    func subscribePair<Other, DownstreamValue>(
        with other: Signal<Other, Failure>,
        into downstream: Subscriber<DownstreamValue, Failure>,
        left: @escaping (Event<Value, Failure>) -> Void,
        right: @escaping (Event<Other, Failure>) -> Void
    ) {
        let leftSubscriber = Subscriber<Value, Failure>(left)
        let rightSubscriber = Subscriber<Other, Failure>(right)
        downstream.add(leftSubscriber)
        downstream.add(rightSubscriber)
        subscribe(leftSubscriber)
        other.subscribe(rightSubscriber)
    }
}
