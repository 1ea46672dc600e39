import Synchronization

/// Notes every subscriber made on one thread while it is active, with the operator that made it,
/// so that a test can ask afterwards which of them ended but are still held by something (a leak
/// anywhere in a chain, not only at its end). RACTesting's `TestScheduler(checksRelease: true)`
/// turns one on around each `expect(_:toEmit:)`.
///
/// RAC: none (RxSwift's `Resources.total`, but per test and naming the operator). Off, it costs a
/// subscription one relaxed atomic load (`isActive`) where a subscriber is made and where a
/// creation step runs; a delivered value costs nothing. On, it is scoped to the thread that began
/// it (a thread-local), so tests running in parallel on other threads do not mix their counts.
///
/// ```
/// let watch = SubscriberWatch.begin()
/// subscribe source.map(f), run until it completes     // the map stage is noted, made by map(_:)
/// watch.end()
/// watch.leaked                                         // [] unless something kept the map stage
/// ```
@usableFromInline
package final class SubscriberWatch: @unchecked Sendable {
    /// One subscriber seen: held weakly, with what made it.
    package struct Watched: @unchecked Sendable {
        /// The subscriber, `nil` once released.
        package weak var subscriber: (any Disposable)?
        /// The subscriber's class (an operator's stage class, or `Subscriber<…>`).
        package let type: String
        /// The operator or signal whose subscription made it (`map(_:)`), if one was running.
        package let maker: String?
    }

    /// How many watches are active in the process: the cheap test before the thread-local one.
    @usableFromInline static let activeCount = Atomic<Int>(0)

    /// Whether any thread has an active watch (then `note` looks at this thread's).
    @inlinable @inline(__always)
    package static var isActive: Bool {
        activeCount.load(ordering: .relaxed) != 0
    }

    /// Whether the calling thread has an active watch.
    package static var isActiveOnThisThread: Bool {
        isActive && ThreadState.current.pointee.subscriberWatch != nil
    }

    /// The subscribers noted, in the order they were made. Touched only by the watching thread.
    private var watched: [Watched] = []
    /// The signals whose creation steps are running on the thread, innermost last.
    private var makers: [String] = []
    /// The watch that was active on this thread when this one began (restored by `end()`).
    private var outer: SubscriberWatch?
    /// Whether `end()` has been called.
    private var ended = false

    private init() {}

    /// Starts a watch on the calling thread: every subscriber made on it from now until `end()`
    /// is noted. Watches nest (the inner one sees what is made while it is active).
    package static func begin() -> SubscriberWatch {
        let watch = SubscriberWatch()
        let state = ThreadState.current
        watch.outer = state.pointee.subscriberWatch
        state.pointee.subscriberWatch = watch
        activeCount.add(1, ordering: .relaxed)
        return watch
    }

    /// Stops noting subscribers (call on the thread that began the watch). Runs once.
    package func end() {
        guard !ended else { return }
        ended = true
        let state = ThreadState.current
        if state.pointee.subscriberWatch === self {
            state.pointee.subscriberWatch = outer
        }
        outer = nil
        Self.activeCount.subtract(1, ordering: .relaxed)
    }

    /// Every subscriber noted.
    package var all: [Watched] {
        watched
    }

    /// The subscribers that have stopped (a terminal event or `dispose()`) and are still alive:
    /// something still holds them although their subscription is over.
    package var leaked: [Watched] {
        watched.filter { $0.subscriber?.isDisposed ?? false }
    }

    /// Notes `subscriber` if this thread has an active watch (called by `Subscriber`'s
    /// initialisers when `isActive`).
    @usableFromInline
    static func note(_ subscriber: any Disposable) {
        guard let watch = ThreadState.current.pointee.subscriberWatch else { return }
        watch.watched.append(
            Watched(
                subscriber: subscriber, type: String(describing: type(of: subscriber)),
                maker: watch.makers.last))
    }

    /// Runs `body`, the creation step of a subscription to `signal`, noting subscribers made
    /// meanwhile as made by it (called by `Signal` when `isActive`).
    static func creating<Result>(_ maker: @autoclosure () -> String, _ body: () -> Result) -> Result {
        guard let watch = ThreadState.current.pointee.subscriberWatch else { return body() }
        watch.makers.append(maker())
        defer { watch.makers.removeLast() }
        return body()
    }
}
