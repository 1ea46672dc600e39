// A lazy PullSequence over an iterator (RAC: `-[NSEnumerator rac_sequence]`). The collection
// bridges (`.rac.sequence` and friends) are in CollectionSequence.swift.

extension PullSequence {
    /// A lazy sequence of the values `iterator` produces, pulled from it one at a time as the
    /// sequence is walked (so an infinite iterator is fine) and remembered, so the sequence can be
    /// walked again. The iterator is copied: advancing the original afterwards does not affect the
    /// sequence. RAC: `-[NSEnumerator rac_sequence]`.
    ///
    /// ```
    /// PullSequence(iterator: [a, b, c].makeIterator()):  a b c   (each next() on first use)
    /// ```
    public convenience init<Source: IteratorProtocol>(iterator: Source) where Source.Element == Value {
        let source = IteratorSource(iterator)
        self.init(storage: .deferred(Memo { source.sequence() }))
    }
}

/// The iterator behind `PullSequence(iterator:)`. `next()` is called only from the memo that
/// computes a node's tail, and those run one after another (each tail is reached from the one
/// before it, under that memo's lock), so the iterator is never advanced concurrently.
private final class IteratorSource<Source: IteratorProtocol>: @unchecked Sendable {
    private var iterator: Source

    init(_ iterator: Source) {
        self.iterator = iterator
    }

    /// The sequence of the iterator's remaining values.
    func sequence() -> PullSequence<Source.Element> {
        guard let value = iterator.next() else { return .empty }
        return .cons(value) { self.sequence() }
    }
}
