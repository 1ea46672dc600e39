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
    /// (max - min) / median, as a percentage.
    var spread: Double {
        guard let low = nanoseconds.first, let high = nanoseconds.last, median > 0 else { return 0 }
        return (high - low) / median * 100
    }
}

/// Runs `body` once to warm up, then `repetitions` times, timing each run with a monotonic clock
/// and counting its heap allocations. `operations` is what one run is divided by.
func measure(operations: Int, repetitions: Int, _ body: () -> Void) -> Sample {
    body()
    var times: [Double] = []
    var allocations: UInt64 = 0
    var peak: Int64 = 0
    for repetition in 0..<repetitions {
        let liveBefore = rac_live_bytes()
        rac_reset_peak_live_bytes()
        let allocationsBefore = rac_allocation_count()
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        let end = DispatchTime.now().uptimeNanoseconds
        let allocationsAfter = rac_allocation_count()
        if repetition == 0 {
            allocations = allocationsAfter - allocationsBefore
        }
        peak = max(peak, rac_peak_live_bytes() - liveBefore)
        times.append(Double(end - start) / Double(operations))
    }
    return Sample(
        nanoseconds: times.sorted(),
        allocationsPerOperation: Double(allocations) / Double(operations),
        peakBytes: peak)
}
