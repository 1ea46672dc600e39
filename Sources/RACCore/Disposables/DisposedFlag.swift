// Letting go of disposed disposables (RAC: "should not retain disposed disposables"). A long-lived
// subscriber or compound that is given many short-lived disposables sweeps out the ones disposed
// already when its list is full (about to grow) and at least `pruningThreshold` long, so it holds
// at most about twice its live ones, plus the threshold; a sweep of `n` entries comes after at
// least `n / 2` additions, so the cost is amortised. RAC removed each one as it was disposed,
// through a callback registered on it; `any Disposable` offers no such hook.

/// A disposable whose `isDisposed` is a lock-free read that calls nothing else, so that a holder
/// may read it while holding its own lock (whose critical sections never call out). Others are
/// kept until their holder ends.
protocol DisposedFlagReadsWithoutLocking: Disposable {}

extension ActionDisposable: DisposedFlagReadsWithoutLocking {}

extension Subscriber: DisposedFlagReadsWithoutLocking {}

/// The sweep shared by `Subscriber` and `CompoundDisposable`.
enum DisposedFlag {
    /// The length from which a full list is swept.
    static let pruningThreshold = 32

    /// Whether `disposable` is known to be disposed (only asked of lock-free ones).
    static func isDisposed(_ disposable: any Disposable) -> Bool {
        guard let flagged = disposable as? any DisposedFlagReadsWithoutLocking else { return false }
        return flagged.isDisposed
    }

    /// Removes the elements of `list` that `isDropped` picks, keeping the order of the others, and
    /// returns them, for the caller to release after it unlocks. Reserves room for as many
    /// additions as are kept (at least `pruningThreshold`) before the list is full again.
    static func prune<Element>(_ list: inout [Element], _ isDropped: (Element) -> Bool) -> [Element] {
        var kept: [Element] = []
        var dropped: [Element] = []
        for element in list {
            if isDropped(element) { dropped.append(element) } else { kept.append(element) }
        }
        guard !dropped.isEmpty else { return [] }
        kept.reserveCapacity(Swift.max(pruningThreshold, 2 * kept.count))
        list = kept
        return dropped
    }
}
