/// A pull-based, immutable list of values: `head` is the first value, `tail` the rest.
///
/// RAC: `RACSequence` (and its class cluster: array, eager, dynamic, empty, unary sequences).
/// A sequence is either *lazy*, computing its values on demand and remembering each one (a value
/// or a tail is never computed twice, even when several threads ask at once), or *eager*, holding
/// all its values in an array. Operators on a lazy sequence (`map`, `filter`, `concat`,
/// `flattenMap`, `take`) stay lazy, so infinite sequences are fine as long as you only pull a
/// finite part; on an eager sequence they compute their whole result at once.
///
/// It conforms to `Swift.Sequence`, so `for value in sequence`, `prefix(_:)` and `Array(_:)` work.
/// Because `head` is `nil` for an empty sequence, use `isEmpty` when `Value` is itself optional.
///
/// ```
/// PullSequence(values: [1, 2, 3])   head 1, tail [2, 3]
/// empty                             head nil, tail empty
/// ```
public final class PullSequence<Value>: Sequence {
    enum Storage {
        /// `values[offset...]`; empty when `offset == values.count`.
        case array([Value], offset: Int, eager: Bool)
        /// A known head and a lazily computed tail.
        case cons(Value, tail: Memo<PullSequence<Value>>)
        /// A lazily computed head and tail.
        case cell(head: Memo<Value>, tail: Memo<PullSequence<Value>>)
        /// A sequence computed on first use (whether it is empty included).
        case deferred(Memo<PullSequence<Value>>)
    }

    let storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    deinit {
        // A long memoised chain would otherwise be released recursively (one nested deinit per
        // element) and could overflow the stack: unlink it one node at a time instead.
        var pending = detachSuccessor()
        while pending != nil {
            var node = pending!
            pending = nil
            if isKnownUniquelyReferenced(&node) {
                pending = node.detachSuccessor()
            }
        }
    }

    private func detachSuccessor() -> PullSequence<Value>? {
        switch storage {
        case .array: return nil
        case .cons(_, let tail), .cell(_, let tail), .deferred(let tail): return tail.take()
        }
    }

    /// A sequence of the elements of `values`, in order; the elements are copied, so later changes to
    /// the source do not show. RAC: `RACArraySequence` (`-[NSArray rac_sequence]`). The result is
    /// lazy-kind: operators on it are lazy.
    ///
    /// ```
    /// PullSequence(values: [a, b, c]):  a b c
    /// ```
    public convenience init<Values: Sequence>(values: Values) where Values.Element == Value {
        self.init(storage: .array(Array(values), offset: 0, eager: false))
    }

    /// A one-element sequence. RAC: `+return:` (`RACUnarySequence`).
    ///
    /// ```
    /// PullSequence(value: a):  a
    /// ```
    public convenience init(value: Value) {
        self.init(storage: .array([value], offset: 0, eager: false))
    }

    /// A non-empty lazy sequence whose head and tail are computed on first use, each closure at most
    /// once (also when several threads ask at once), and released after it has run.
    /// RAC: `+sequenceWithHeadBlock:tailBlock:` (`RACDynamicSequence`).
    ///
    /// ```
    /// func naturals(from n: Int) -> PullSequence<Int> {
    ///     PullSequence(head: { n }, tail: { naturals(from: n + 1) })
    /// }
    /// naturals(from: 0):  0 1 2 3 ...   (infinite; take or prefix a finite part)
    /// ```
    public convenience init(
        head: @escaping () -> Value,
        tail: @escaping () -> PullSequence<Value>
    ) {
        self.init(storage: .cell(head: Memo(head), tail: Memo(tail)))
    }

    /// A lazy sequence that calls `factory` on first use (of `head`, `tail`, `isEmpty`, iteration …)
    /// and then behaves as the sequence it returned. The factory runs at most once. Use it when even
    /// whether the sequence is empty is not known in advance. RAC:
    /// `+sequenceWithLazyDependency:headBlock:tailBlock:` (a dynamic sequence with a lazy dependency).
    ///
    /// ```
    /// PullSequence.defer { loadValues().isEmpty ? .empty : PullSequence(values: loadValues()) }
    /// ```
    public static func `defer`(_ factory: @escaping () -> PullSequence<Value>) -> PullSequence<Value> {
        PullSequence(storage: .deferred(Memo(factory)))
    }

    /// A sequence with no values; its `head` is `nil` and its `tail` is empty. RAC: `+empty`
    /// (a shared instance in RAC; a new, equally empty one here, as generic types cannot hold one).
    ///
    /// ```
    /// empty:  (nothing)
    /// ```
    public static var empty: PullSequence<Value> {
        PullSequence(storage: .array([], offset: 0, eager: false))
    }

    /// An eager sequence of `values`.
    static func eager(_ values: [Value]) -> PullSequence<Value> {
        PullSequence(storage: .array(values, offset: 0, eager: true))
    }

    /// A sequence with a known head and a lazily computed tail.
    static func cons(_ head: Value, _ tail: @escaping () -> PullSequence<Value>) -> PullSequence<Value> {
        PullSequence(storage: .cons(head, tail: Memo(tail)))
    }

    /// This sequence with every deferred layer evaluated: never `.deferred`. Chains of deferred
    /// sequences are followed in a loop (not recursively) and shortened for later calls.
    var resolved: PullSequence<Value> {
        guard case .deferred(let memo) = storage else { return self }
        var current = memo.get("PullSequence.defer(_:)")
        guard case .deferred = current.storage else { return current }
        var visited: [Memo<PullSequence<Value>>] = [memo]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        while case .deferred(let next) = current.storage {
            if !seen.insert(ObjectIdentifier(current)).inserted {
                racProgrammerError("PullSequence.defer(_:)", "the factories return each other in a cycle")
            }
            visited.append(next)
            current = next.get("PullSequence.defer(_:)")
        }
        for link in visited {
            link.replace(with: current)
        }
        return current
    }

    /// The first value of a resolved, non-empty sequence.
    var firstValue: Value {
        switch storage {
        case .array(let values, let offset, _): return values[offset]
        case .cons(let head, _): return head
        case .cell(let head, _): return head.get("PullSequence.head")
        case .deferred: return resolved.firstValue
        }
    }

    /// The first value, or `nil` if the sequence is empty. Forces (and remembers) the head of a lazy
    /// sequence. RAC: `head`.
    ///
    /// ```
    /// [a, b, c].head == a     empty.head == nil
    /// ```
    public var head: Value? {
        let node = resolved
        return node.isEmptyResolved ? nil : node.firstValue
    }

    /// The sequence after the first value; the tail of an empty sequence is empty. Forces (and
    /// remembers) the tail of a lazy sequence, but not the tail's own values. RAC: `tail` (which is
    /// `nil` for the last element in RAC; always a sequence here).
    ///
    /// ```
    /// [a, b, c].tail == [b, c]     [a].tail == empty     empty.tail == empty
    /// ```
    public var tail: PullSequence<Value> {
        let node = resolved
        switch node.storage {
        case .array(let values, let offset, let eager):
            guard offset < values.count else { return node }
            return PullSequence(storage: .array(values, offset: offset + 1, eager: eager))
        case .cons(_, let tail), .cell(_, let tail):
            return tail.get("PullSequence.tail")
        case .deferred:
            preconditionFailure("PullSequence.tail: a resolved sequence is never deferred")
        }
    }

    /// Whether the sequence has no values. Decides a deferred sequence, but never computes a lazy
    /// head. RAC: `head == nil`.
    ///
    /// ```
    /// empty.isEmpty == true     naturals.isEmpty == false  (no head computed)
    /// ```
    public var isEmpty: Bool {
        resolved.isEmptyResolved
    }

    private var isEmptyResolved: Bool {
        if case .array(let values, let offset, _) = storage {
            return offset >= values.count
        }
        return false
    }

    /// Whether this is an eager (array-backed, computed) sequence. RAC: `RACEagerSequence`.
    ///
    /// ```
    /// [a, b].eager.isEager == true     [a, b].isEager == false
    /// ```
    public var isEager: Bool {
        if case .array(_, _, true) = storage { return true }
        return false
    }

    /// All the values, in order. Forces the whole sequence (never returns for an infinite one).
    /// RAC: `array`.
    ///
    /// ```
    /// PullSequence(values: [a, b]).array == [a, b]
    /// ```
    public var array: [Value] {
        if case .array(let values, let offset, _) = storage {
            return offset == 0 ? values : Array(values[offset...])
        }
        return Array(self)
    }

    /// This sequence with every value computed now, held in an array; `self` if already eager. Later
    /// operators on the result are eager too. RAC: `eagerSequence`.
    ///
    /// ```
    /// lazy [a, b].eager  ->  eager [a, b]  (both values computed)
    /// ```
    public var eager: PullSequence<Value> {
        isEager ? self : .eager(array)
    }

    /// A lazy sequence of the same values; `self` if already lazy. Later operators on the result
    /// are lazy. RAC: `lazySequence`.
    ///
    /// ```
    /// eager [a, b].lazy  ->  lazy [a, b]
    /// ```
    public var lazy: PullSequence<Value> {
        guard case .array(let values, let offset, true) = storage else { return self }
        return PullSequence(storage: .array(values, offset: offset, eager: false))
    }

    /// Iterates the values in order, pulling each tail only when the next value is asked for.
    /// RAC: `objectEnumerator` / fast enumeration (`RACSequenceEnumerator`).
    ///
    /// ```
    /// for value in [a, b, c] { … }:  a b c
    /// ```
    public func makeIterator() -> Iterator {
        Iterator(self)
    }

    /// The iterator of a `PullSequence`: holds the rest of the sequence and advances to its tail
    /// when the next value is requested. RAC: `RACSequenceEnumerator`.
    public struct Iterator: IteratorProtocol {
        private var rest: PullSequence<Value>
        private var started = false

        init(_ sequence: PullSequence<Value>) {
            rest = sequence
        }

        /// The next value, or `nil` once the sequence is exhausted.
        public mutating func next() -> Value? {
            if started {
                rest = rest.tail
            }
            started = true
            let node = rest.resolved
            rest = node
            return node.isEmptyResolved ? nil : node.firstValue
        }
    }
}

extension PullSequence: @unchecked Sendable where Value: Sendable {}
