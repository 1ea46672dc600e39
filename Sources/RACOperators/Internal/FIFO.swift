// FIFO: the first-in first-out ring that zip's inputs, the hand-offs and takeLast(_:) keep
// values in.

/// A first-in first-out queue without a capacity limit (`zip`'s per-input buffers, a hand-off's
/// waiting values, the values `takeLast(_:)` keeps): a ring of elements that doubles when full.
/// Removing moves the element out (the queue keeps no reference to it); the storage is kept, so a
/// zip whose inputs alternate allocates nothing per value. Not thread-safe: owned by one
/// subscription, which guards it.
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

    /// Removes every element, releasing them, and keeps the storage.
    @inlinable
    func removeAll() {
        while count > 0 { _ = removeFirst() }
        head = 0
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
