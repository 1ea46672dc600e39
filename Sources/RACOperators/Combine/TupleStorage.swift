// TupleStorage and TupleLayout: the memory of the tuple a parameter-pack combineLatest or zip sends.

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
