/// A binary min-heap of virtual-time entries, ordered by due time and then by the order they were
/// scheduled in (FIFO among equal due times).
///
/// An entry refers to its action without a reference count of Swift's: the timeline retains the
/// action by hand when it queues it and releases it when the entry leaves the heap, so sifting
/// copies no references and costs no reference counting.
struct VirtualTimeHeap {
    struct Entry {
        let due: Int64
        let sequence: UInt64
        /// The action, retained by hand by the timeline while the entry is in the heap.
        let action: Unmanaged<VirtualTimeAction>

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }
    var first: Entry? { entries.first }

    mutating func insert(_ entry: Entry) {
        entries.append(entry)
        entries.withUnsafeMutableBufferPointer { buffer in
            Self.siftUp(buffer, from: buffer.count - 1)
        }
    }

    mutating func removeFirst() -> Entry? {
        guard !entries.isEmpty else { return nil }
        let top = entries[0]
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            entries.withUnsafeMutableBufferPointer { buffer in
                Self.siftDown(buffer, from: 0)
            }
        }
        return top
    }

    /// Keeps only the entries that satisfy `isIncluded`, then restores the heap order.
    mutating func filter(_ isIncluded: (Entry) -> Bool) {
        entries = entries.filter(isIncluded)
        entries.withUnsafeMutableBufferPointer { buffer in
            var index = buffer.count / 2
            while index > 0 {
                index -= 1
                Self.siftDown(buffer, from: index)
            }
        }
    }

    mutating func removeAll() {
        entries = []
    }

    private static func siftUp(_ entries: UnsafeMutableBufferPointer<Entry>, from start: Int) {
        var child = start
        let entry = entries[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard entry.precedes(entries[parent]) else { break }
            entries[child] = entries[parent]
            child = parent
        }
        entries[child] = entry
    }

    private static func siftDown(_ entries: UnsafeMutableBufferPointer<Entry>, from start: Int) {
        var parent = start
        let entry = entries[parent]
        let count = entries.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let smaller = right < count && entries[right].precedes(entries[left]) ? right : left
            guard entries[smaller].precedes(entry) else { break }
            entries[parent] = entries[smaller]
            parent = smaller
        }
        entries[parent] = entry
    }
}
