import Synchronization

/// The subscribers of a subject, kept so that a send reads them without taking a lock or
/// retaining anything.
///
/// The registry is also the subject's lock, which serialises every change (subscribe, dispose,
/// termination). A send counts itself in `readers` for as long as it uses the list it loaded, and
/// reads that list's `count` once: a subscriber added meanwhile is not in its snapshot.
///
/// - Subscribing writes the new subscriber into a free slot of the current list and then
///   publishes the larger count (a send that loaded the count before does not see it). A slot
///   that a send might still read is reused only when no send is in flight; otherwise, or when
///   the list is full, the subscribers move to a new, larger list.
/// - Disposing the last subscriber of the list lowers the count; disposing another one moves the
///   others to a new list, in order.
/// - A list or subscriber that a send in flight may still read is *retired* rather than released,
///   and the retired objects are released once no send is in flight (by the change that retires
///   them, or by the last send to finish). A list hands its subscribers over to the list that
///   replaces it.
///
/// Every step is an atomic operation with sequentially consistent ordering: a writer changes the
/// list, marks that objects are retired, and then reads `readers`; a reader increments `readers`
/// before it loads the list and reads `hasRetired` after it decrements. So either the writer sees
/// the reader (and the last reader releases what was retired) or the reader sees the change.
/// ThreadSanitizer sees all of it.
@usableFromInline
package final class SubscriberRegistry: RecursiveLock, @unchecked Sendable {
    // Handing the subscribers over from list to list moves them without a retain.
    /// The current list, retained once by the registry.
    @usableFromInline let published: Atomic<Unmanaged<SubscriberList>>
    /// How many sends are using a list they loaded.
    @usableFromInline let readers = Atomic<Int>(0)
    /// Whether `retired` may hold objects (set before `readers` is read; see the type's notes).
    @usableFromInline let hasRetired = Atomic<Bool>(false)
    /// Lists and subscribers that sends in flight may still read. Guarded by the lock.
    @exclusivity(unchecked) private var retired: [AnyObject] = []

    /// An empty registry.
    @usableFromInline
    package override init() {
        published = Atomic(Unmanaged.passRetained(SubscriberList.empty))
        super.init()
    }

    deinit {
        published.load(ordering: .sequentiallyConsistent).release()
    }

    /// Starts a read: returns the current list, which stays valid until `endReading()`.
    @inlinable @inline(__always)
    func beginReading() -> Unmanaged<SubscriberList> {
        readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return published.load(ordering: .sequentiallyConsistent)
    }

    /// Ends a read started with `beginReading()`; the last reader releases the retired objects.
    @inlinable @inline(__always)
    func endReading() {
        if readers.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0,
            hasRetired.load(ordering: .sequentiallyConsistent)
        {
            releaseRetired()
        }
    }

    @usableFromInline
    func releaseRetired() {
        lock()
        let released = takeReleasable()
        unlock()
        withExtendedLifetime(released) {}
    }

    /// Whether a send is in flight. Call with the lock held, after the change it is about.
    private var isRead: Bool {
        readers.load(ordering: .sequentiallyConsistent) != 0
    }

    /// The retired objects, taken out, if no send is reading. Call with the lock held; release
    /// what it returns once the registry is consistent (releasing may run deinitialisers).
    private func takeReleasable() -> [AnyObject] {
        guard !retired.isEmpty, !isRead else { return [] }
        hasRetired.store(false, ordering: .sequentiallyConsistent)
        defer { retired = [] }
        return retired
    }

    /// Releases `object` (owned by the caller) now if no send is in flight, or once none is.
    /// Call with the lock held, after the change that made `object` unreachable for new sends.
    private func retire(_ object: AnyObject) {
        if !isRead {
            // No send is reading, and any send from now on sees the change.
            withExtendedLifetime(object) {}
            return
        }
        retired.append(object)
        hasRetired.store(true, ordering: .sequentiallyConsistent)
        // The last reader may have finished before it could see `hasRetired`.
        let released = takeReleasable()
        withExtendedLifetime(released) {}
    }

    /// The current list. Call with the lock held.
    private var current: SubscriberList {
        published.load(ordering: .sequentiallyConsistent).takeUnretainedValue()
    }

    /// Makes `list` the current list and retires the previous one. Call with the lock held.
    private func publish(_ list: SubscriberList) {
        let previous = published.exchange(Unmanaged.passRetained(list), ordering: .sequentiallyConsistent)
        retire(previous.takeRetainedValue())
    }

    /// How many subscribers the current list holds. Call with the lock held.
    var count: Int {
        current.count.load(ordering: .sequentiallyConsistent)
    }

    /// Adds `subscriber` at the end of the list. Call with the lock held.
    func insert(_ subscriber: AnyObject) {
        let list = current
        let count = list.count.load(ordering: .sequentiallyConsistent)
        // A slot past every count published so far was never read; a slot below may be read by a
        // send that loaded a larger count, unless no send is in flight.
        if count < list.capacity, count == list.highWater || !isRead {
            (list.elements + count).initialize(to: Unmanaged.passRetained(subscriber))
            list.highWater = max(list.highWater, count + 1)
            list.count.store(count + 1, ordering: .sequentiallyConsistent)
            return
        }
        let larger = SubscriberList(capacity: max(4, count < list.capacity ? list.capacity : 2 * count))
        larger.elements.initialize(from: list.elements, count: count)
        (larger.elements + count).initialize(to: Unmanaged.passRetained(subscriber))
        larger.highWater = count + 1
        larger.count.store(count + 1, ordering: .relaxed)
        list.handOver()
        publish(larger)
    }

    /// Removes the subscriber whose identity is `identifier`, if it is in the list.
    func remove(_ identifier: ObjectIdentifier) {
        lock()
        defer { unlock() }
        let list = current
        let count = list.count.load(ordering: .sequentiallyConsistent)
        guard let position = list.position(of: identifier, below: count) else { return }
        let removed = list.elements[position]
        if position == count - 1 {
            // The last one: a send that loaded the larger count may still reach its slot, which
            // stays as it is until no send is in flight.
            list.count.store(count - 1, ordering: .sequentiallyConsistent)
        } else {
            let smaller = SubscriberList(capacity: list.capacity)
            smaller.elements.initialize(from: list.elements, count: position)
            (smaller.elements + position).initialize(
                from: list.elements + position + 1, count: count - position - 1)
            smaller.highWater = count - 1
            smaller.count.store(count - 1, ordering: .relaxed)
            list.handOver()
            publish(smaller)
        }
        retire(removed.takeRetainedValue())
    }

    /// The subscribers in the list now, in order: what a test's release check follows to find
    /// what holds an object (the list itself is out of reflection's sight). Takes the lock.
    package var subscribersNow: [AnyObject] {
        lock()
        defer { unlock() }
        let list = current
        return (0..<list.count.load(ordering: .sequentiallyConsistent)).map {
            list.elements[$0].takeUnretainedValue()
        }
    }

    /// Empties the list (the subject terminated, or is going away). Call with the lock held.
    @usableFromInline
    func removeAll() {
        if count > 0 {
            publish(SubscriberList.empty)
        }
    }
}

/// The subscribers of a subject in subscription order, each retained once, in a buffer that
/// grows in place (see `SubscriberRegistry`). A send reads `count` once and then the slots below
/// it, without retaining them.
@usableFromInline
final class SubscriberList: @unchecked Sendable {
    /// The list with no subscribers (and no room: the first subscriber moves to a new list).
    static let empty = SubscriberList(capacity: 0)

    /// How many slots hold published subscribers.
    @usableFromInline let count = Atomic<Int>(0)
    /// The slots.
    @usableFromInline let elements: UnsafeMutablePointer<Unmanaged<AnyObject>>
    /// How many slots there are.
    let capacity: Int
    /// The largest count ever published (slots below it may be read by a send in flight).
    /// Guarded by the registry's lock.
    @exclusivity(unchecked) var highWater = 0
    /// Whether the subscribers in the slots are this list's to release. Cleared when they move
    /// to the list that replaces this one; guarded by the registry's lock.
    @exclusivity(unchecked) private var ownsSubscribers = true

    init(capacity: Int) {
        self.capacity = capacity
        elements = .allocate(capacity: capacity)
    }

    deinit {
        if ownsSubscribers {
            for index in 0..<count.load(ordering: .sequentiallyConsistent) {
                elements[index].release()
            }
        }
        elements.deallocate()
    }

    /// The slot of the subscriber `identifier` among the first `count`, or `nil`.
    func position(of identifier: ObjectIdentifier, below count: Int) -> Int? {
        (0..<count).first { ObjectIdentifier(elements[$0].takeUnretainedValue()) == identifier }
    }

    /// Gives the subscribers to the list that replaces this one. Call with the lock held.
    func handOver() {
        if capacity > 0 {
            ownsSubscribers = false
        }
    }

    /// Calls `body` with each subscriber published when it starts, in order, without retaining
    /// them.
    @inlinable @inline(__always)
    func forEachUnretained(_ body: (AnyObject) -> Void) {
        // Sequentially consistent, as the registry's other steps (on x86 a plain load, as an
        // acquiring one): ordered after the send's increment of `readers`.
        let published = count.load(ordering: .sequentiallyConsistent)
        var index = 0
        while index < published {
            elements[index]._withUnsafeGuaranteedRef(body)
            index += 1
        }
    }
}
