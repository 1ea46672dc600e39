/// Where and when work runs: the abstract base of every scheduler.
///
/// RAC: `RACScheduler`. A scheduler runs actions serially (they never overlap); `schedule(_:)` runs
/// one as soon as possible, `schedule(after:_:)` after a delay and
/// `schedule(after:repeatingEvery:leeway:_:)` repeatedly. Each returns a disposable that cancels
/// the action if it has not run yet (a repeating action stops), or `nil` when there is nothing to
/// cancel (the action already ran). Disposing releases the action's closure at once.
///
/// It is a class, not a protocol, so that `Scheduler.current`, `Scheduler.immediate`,
/// `Scheduler.main` and `Scheduler.subscription` can be written on it. Subclasses override the
/// three `schedule` methods; `scheduleRecursive(_:)` and `performAsCurrent(_:)` are built on them.
///
/// Delays are `Duration`s: a negative delay means "now". A repeating interval must be positive
/// (at least one nanosecond) and a leeway must not be negative; anything else is a programmer
/// error that stops the process with a message naming the call and the value.
///
/// ```
/// schedule(a)                     -a--------
/// schedule(after: 3, b)           ---b------
/// schedule(after: 2, every: 3, c) --c--c--c-
/// ```
open class Scheduler: @unchecked Sendable {
    /// The scheduler's name, for debugging. RAC: `name`.
    public let name: String

    /// Creates a scheduler called `name`. Subclasses call it; `Scheduler` itself schedules
    /// nothing.
    public init(name: String) {
        self.name = name
    }

    /// Runs `action` as soon as possible. RAC: `-schedule:`.
    ///
    /// - Returns: a disposable that cancels `action` if it has not started yet, or `nil` when it
    ///   has run already (as on the immediate scheduler).
    ///
    /// ```
    /// schedule(a):  a--   (at the scheduler's next opportunity)
    /// ```
    @discardableResult
    open func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        Self.subclassMustOverride("schedule(_:)")
    }

    /// Runs `action` once, `delay` from now, without holding up other actions meanwhile.
    /// RAC: `-afterDelay:schedule:` (and `-after:schedule:` with a date). A negative delay is
    /// treated as zero.
    ///
    /// - Returns: a disposable that cancels `action` if it has not started yet, or `nil`.
    ///
    /// ```
    /// schedule(after: 3, a):  ---a
    /// ```
    @discardableResult
    open func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)? {
        Self.subclassMustOverride("schedule(after:_:)")
    }

    /// Runs `action` first `delay` from now, then every `interval`, until the returned disposable
    /// is disposed. RAC: `-after:repeatingEvery:withLeeway:schedule:`. `leeway` is how late a tick
    /// may be, so that the system can coalesce timers. A negative delay is treated as zero; an
    /// `interval` below one nanosecond or a negative `leeway` is a programmer error, and so is
    /// repeating on a scheduler that cannot (`ImmediateScheduler`, which keeps this default).
    ///
    /// - Returns: a disposable that stops the repetition; no tick starts after `dispose()`
    ///   returns.
    ///
    /// ```
    /// schedule(after: 2, repeatingEvery: 3, a):  --a--a--a-- ...
    /// ```
    @discardableResult
    open func schedule(
        after delay: Duration,
        repeatingEvery interval: Duration,
        leeway: Duration = .zero,
        _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        Self.validateRepetition(interval: interval, leeway: leeway, in: "\(Swift.type(of: self))")
        return scheduleRepetition(after: delay, every: interval, leeway: leeway, action)
    }

    /// `schedule(after:repeatingEvery:leeway:_:)` once `interval` and `leeway` have been
    /// validated: what this module's schedulers that can repeat override (`QueueScheduler`,
    /// `SubscriptionScheduler`, `VirtualTimeScheduler`). A scheduler that overrides neither cannot
    /// repeat (RAC's immediate scheduler asserts).
    func scheduleRepetition(
        after delay: Duration, every interval: Duration, leeway: Duration, _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        let type = "\(Swift.type(of: self))"
        racProgrammerError(
            "\(type).schedule(after:repeatingEvery:leeway:_:)",
            "\(type) cannot repeat an action (interval \(interval)); a scheduler that can overrides this method"
        )
    }

    private static func subclassMustOverride(_ call: String) -> Never {
        racProgrammerError("Scheduler.\(call)", "\(self) must override it; Scheduler is abstract")
    }
}

extension Scheduler: CustomStringConvertible {
    /// `<QueueScheduler: name>`.
    public var description: String {
        "<\(type(of: self)): \(name)>"
    }
}
