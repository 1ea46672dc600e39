import RACCore
import RACOperators
import RACSchedulers

/// A virtual-time scheduler measured in marble frames, with marble signals, a recorder and
/// assertions. Nothing it is given runs until you advance it.
///
/// RAC: `RACTestScheduler`; RxTest: `TestScheduler`; RxJS: `TestScheduler` with marbles.
/// Built on `VirtualTimeScheduler`: time is exact (whole nanoseconds since creation), actions run
/// in due-time order and, when due together, in the order they were scheduled (FIFO), on the
/// thread that advances. `schedule(_:)` is due *now* but still waits for the next advance
/// (`advance(by: .zero)` runs what is due now and nothing later).
///
/// One frame — one character of a marble — is `frameDuration`, by default one virtual
/// millisecond: small enough that delays written in milliseconds read directly as frames
/// (`delay(.milliseconds(2))` is two dashes), and any whole number of nanoseconds may be chosen.
/// `advance()` moves the clock by exactly one frame, running everything due up to and including
/// the new time; `run()` runs everything (until nothing is scheduled).
///
/// ```swift
/// let scheduler = TestScheduler()
/// let source = try scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
/// try scheduler.expect(source.map { $0 * 10 }, toEmit: "-x-y-|", values: ["x": 10, "y": 20])
/// try scheduler.expect(source, toHaveSubscriptions: ["^----!"])
/// ```
///
/// A failed expectation reports a side-by-side diff (Swift Testing `Issue` or `XCTFail`, see
/// `FailureReporter`), for instance for `try scheduler.expect(signal, toEmit: "-a-(b|)", …)`
/// when the signal completes two frames late:
///
/// ```
/// expect(_:toEmit:) failed: the events differ from frame 3 on
///   expected: -a-(b|)
///   actual:   -a-b   -|
///                ^
///     expected events       actual events
///     frame 1: next(1)      frame 1: next(1)
///     frame 3: next(2)      frame 3: next(2)
///   * frame 3: completed    frame 5: completed
/// ```
public final class TestScheduler: VirtualTimeScheduler, @unchecked Sendable {
    /// The virtual time one marble frame stands for (one character such as `-` or `a`):
    /// `"--a"` sends `a` at `2 * frameDuration`.
    public let frameDuration: Duration
    /// `frameDuration` in nanoseconds.
    let frameNanoseconds: Int64
    private let reporter = Locked(FailureReporter.automatic)
    private let releaseChecks: Locked<Bool>
    /// The async operations (`Signal { try await … }`) subscribed during this scheduler's actions
    /// or settling calls: what `settle()` waits for.
    package let asyncWork: AsyncWorkGroup

    /// Creates a scheduler at virtual time zero whose frames last `frameDuration` (default one
    /// millisecond; it must be a positive whole number of nanoseconds). `checksRelease` sets
    /// the property of that name (off by default).
    ///
    /// ```
    /// TestScheduler()                                   "-a"  a at 1 ms
    /// TestScheduler(frameDuration: .seconds(1))         "-a"  a at 1 s
    /// TestScheduler(checksRelease: true)                expect(_:toEmit:) also checks for leaks
    /// ```
    public init(
        frameDuration: Duration = .milliseconds(1), name: String = "TestScheduler",
        checksRelease: Bool = false
    ) {
        releaseChecks = Locked(checksRelease)
        let nanoseconds = frameDuration.exactNanoseconds
        guard let nanoseconds, nanoseconds > 0 else {
            racProgrammerError(
                "TestScheduler(frameDuration:)",
                "frameDuration must be a positive whole number of nanoseconds, got \(frameDuration)")
        }
        self.frameDuration = frameDuration
        self.frameNanoseconds = nanoseconds
        let target = WeakTestScheduler()
        asyncWork = AsyncWorkGroup { work in target.scheduler?.schedule(work) }
        super.init(name: name)
        target.scheduler = self
    }

    /// Where failed expectations go; `.automatic` (Swift Testing or XCTest, detected at run time)
    /// unless you set another, e.g. to capture a failure in a test of your own test helpers.
    ///
    /// ```
    /// scheduler.failureReporter = FailureReporter { failure in captured.append(failure) }
    /// ```
    public var failureReporter: FailureReporter {
        get { reporter.current }
        set { reporter.withValue { $0 = newValue } }
    }

    /// Whether `expect(_:toEmit:)` also checks that the chain let go of its subscriber once the
    /// subscription ended: when the signal sent `|` or `#`, or `disposeAt` came, during the run,
    /// nothing (an operator's stage, a source's list of subscribers, a scheduled action) may
    /// still hold the subscriber when the run is over (`TestRecorder.isReleased`); otherwise the
    /// expectation fails, naming the marble, the signal and the frame the subscription ended at.
    /// A subscription still active after the run is not checked.
    ///
    /// Off by default, since a signal written for a test may keep its subscribers on purpose
    /// (a hand-made source that stores them, say). Turn it on for tests of operators, whose
    /// chains must release everything once they end:
    ///
    /// ```
    /// let scheduler = TestScheduler(checksRelease: true)
    /// try scheduler.expect(source.map { $0 * 10 }, toEmit: "-x-y-|", values: ["x": 10, "y": 20])
    /// on a leak:
    /// expect(_:toEmit:) failed: the subscription ended at frame 5 but the signal did not release
    /// its subscriber (a leak: something in the chain still holds it)
    ///   marble: -x-y-|
    ///   signal: <Signal<Int, Never>: anonymous>
    /// ```
    public var checksRelease: Bool {
        get { releaseChecks.current }
        set { releaseChecks.withValue { $0 = newValue } }
    }

    /// The virtual time of `count` frames: `frames(3)` is `3 * frameDuration`. A negative count
    /// is a programmer error.
    ///
    /// ```
    /// "---a"   a at scheduler.frames(3)
    /// ```
    public func frames(_ count: Int) -> Duration {
        racRequireNonNegative(count, "count", "TestScheduler.frames(_:)")
        return .nanoseconds(Int64(count) * frameNanoseconds)
    }

    /// How many whole frames of virtual time have passed (`now` divided by `frameDuration`,
    /// rounded down).
    ///
    /// ```
    /// "--a"  after advance(frames: 2): currentFrame == 2
    /// ```
    public var currentFrame: Int {
        position(of: now).frame
    }

    /// Moves the clock one frame on, running every action due up to and including the new time.
    ///
    /// ```
    /// schedule(after: frames(1), a); advance()   // a runs, now == frames(1)
    /// ```
    public func advance() {
        advance(by: frameDuration)
    }

    /// Moves the clock `count` frames on (`count` >= 0), running every action due meanwhile.
    ///
    /// ```
    /// "-a-b"  advance(frames: 2) -> a seen, b not yet
    /// ```
    public func advance(frames count: Int) {
        advance(by: frames(count))
    }

    /// Moves the clock to the start of frame `frame` (not earlier than now), running every
    /// action due up to then.
    ///
    /// ```
    /// "-a-b"  advance(toFrame: 3) -> a and b seen
    /// ```
    public func advance(toFrame frame: Int) {
        advance(to: frames(frame))
    }

    /// The frame `time` falls in, and how far into that frame it is.
    func position(of time: Duration) -> (frame: Int, offset: Duration) {
        let nanoseconds = time.exactNanoseconds ?? 0
        let frame = nanoseconds / frameNanoseconds
        return (Int(frame), .nanoseconds(nanoseconds - frame * frameNanoseconds))
    }
}

extension TestScheduler: AsyncWorkTracking {}

/// The scheduler that async operations hand their results back to, not kept alive by them; set
/// once, before the scheduler is shared.
private final class WeakTestScheduler: @unchecked Sendable {
    weak var scheduler: TestScheduler?
}

extension Duration {
    /// The duration in nanoseconds, or `nil` if it has a fraction of a nanosecond or does not fit.
    var exactNanoseconds: Int64? {
        let (seconds, attoseconds) = components
        guard attoseconds % 1_000_000_000 == 0 else { return nil }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflow || overflowAgain ? nil : total
    }
}
