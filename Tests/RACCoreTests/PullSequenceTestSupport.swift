import RACCore
import RACTestSupport

/// The natural numbers from `start`, lazily, counting how many heads and tails were computed.
func naturals(from start: Int = 0, heads: Locked<Int>? = nil, tails: Locked<Int>? = nil) -> PullSequence<Int>
{
    PullSequence(
        head: {
            heads?.withValue { $0 += 1 }
            return start
        },
        tail: {
            tails?.withValue { $0 += 1 }
            return naturals(from: start + 1, heads: heads, tails: tails)
        }
    )
}

/// A lazy sequence of `values` built from `PullSequence(head:tail:)` cells.
func lazyCells<Value>(_ values: [Value], from index: Int = 0) -> PullSequence<Value> {
    guard index < values.count else { return .empty }
    return PullSequence(head: { values[index] }, tail: { lazyCells(values, from: index + 1) })
}
