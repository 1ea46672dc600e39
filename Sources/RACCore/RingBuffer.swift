/// A first-in first-out buffer that keeps at most `capacity` elements, dropping the oldest.
struct RingBuffer<Element> {
    let capacity: Int
    private var storage: [Element?] = []
    private var start = 0
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func append(_ element: Element) {
        guard capacity > 0 else { return }
        if storage.count < capacity && start == 0 {
            storage.append(element)
            count += 1
            return
        }
        if count < capacity {
            storage[(start + count) % storage.count] = element
            count += 1
        } else {
            storage[start] = element
            start = (start + 1) % storage.count
        }
    }

    /// The element `offset` places after the oldest one.
    subscript(offset: Int) -> Element {
        storage[(start + offset) % storage.count]!
    }

    var elements: [Element] {
        (0..<count).map { self[$0] }
    }
}
