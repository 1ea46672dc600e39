import AllocationCounter
import Foundation

/// Keeps a value alive and observable, so that the optimizer cannot delete the work producing it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Returns its argument through a function the optimizer cannot see into: the plain loops call
/// their closures through it, as a caller of the framework would (the closures arrive from
/// elsewhere), instead of letting the compiler fold the whole loop away.
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T {
    value
}

/// A counter captured by the closures under test.
final class Sink: @unchecked Sendable {
    var total = 0
    var count = 0
}

/// One implementation's numbers for one workload.
struct Sample {
    /// Nanoseconds per operation, one per repetition, sorted.
    var nanoseconds: [Double]
    /// Heap allocations per operation (in the first measured repetition).
    var allocationsPerOperation: Double
    /// Peak live heap bytes above the level at the start of the repetition.
    var peakBytes: Int64

    var median: Double { nanoseconds[nanoseconds.count / 2] }
    /// The fastest repetition.
    var minimum: Double { nanoseconds[0] }
    /// (max - min) / median, as a percentage.
    var spread: Double {
        guard let low = nanoseconds.first, let high = nanoseconds.last, median > 0 else { return 0 }
        return (high - low) / median * 100
    }
}

/// The numbers of one repetition of one implementation.
struct Run {
    var nanosecondsPerOperation: Double
    var allocations: UInt64
    var peakBytes: Int64
}

/// Runs `body` once, timing it with a monotonic clock and counting its heap allocations.
/// `operations` is what the run is divided by.
func time(operations: Int, _ body: () -> Void) -> Run {
    let liveBefore = rac_live_bytes()
    rac_reset_peak_live_bytes()
    let allocationsBefore = rac_allocation_count()
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    let end = DispatchTime.now().uptimeNanoseconds
    let allocationsAfter = rac_allocation_count()
    return Run(
        nanosecondsPerOperation: Double(end - start) / Double(operations),
        allocations: allocationsAfter - allocationsBefore,
        peakBytes: rac_peak_live_bytes() - liveBefore)
}

/// Runs each of `bodies` once to warm up, then `repetitions` rounds in which each runs once, in
/// an order that rotates from round to round, so that all of them see the same machine: a busy
/// moment slows one round of each rather than every run of one. Returns one sample per body and,
/// for each round, the time of each body (to compare them round by round).
func measureInterleaved(
    operations: Int, repetitions: Int, _ bodies: [() -> Void]
) -> (samples: [Sample], rounds: [[Double]]) {
    for body in bodies { body() }
    var runs: [[Run]] = Array(repeating: [], count: bodies.count)
    var rounds: [[Double]] = []
    for round in 0..<repetitions {
        var times = Array(repeating: 0.0, count: bodies.count)
        for offset in 0..<bodies.count {
            let index = (round + offset) % bodies.count
            let run = time(operations: operations, bodies[index])
            runs[index].append(run)
            times[index] = run.nanosecondsPerOperation
        }
        rounds.append(times)
    }
    let samples = runs.map { runs in
        Sample(
            nanoseconds: runs.map(\.nanosecondsPerOperation).sorted(),
            allocationsPerOperation: Double(runs.first?.allocations ?? 0) / Double(operations),
            peakBytes: runs.map(\.peakBytes).max() ?? 0)
    }
    return (samples, rounds)
}

/// The median, over the rounds, of the ratio of body `numerator`'s time to body `denominator`'s
/// in the same round.
func pairedRatio(_ rounds: [[Double]], _ numerator: Int, _ denominator: Int) -> Double {
    let ratios = rounds.map { $0[numerator] / $0[denominator] }.sorted()
    return ratios[ratios.count / 2]
}
