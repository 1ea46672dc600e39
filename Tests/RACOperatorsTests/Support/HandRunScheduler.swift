import RACOperators
import RACTestSupport

/// A scheduler whose actions run only when the test says so, on the test's thread: the test
/// plays the timer thread of a real scheduler and chooses the interleaving, with no sleep.
///
/// Each `schedule` call records an `Action`. Disposing the returned disposable cancels it, as on a
/// real scheduler, unless the test has already *started* it: a started action models a timer that
/// has fired and whose closure is running (waiting for the operator's lock, say), which a
/// cancellation can no longer stop.
///
/// A hook set with `beforeNextSchedule(_:)` runs at the start of the next `schedule` call, before
/// that call records its action: another operation performed between a caller's change and its
/// action reaching the scheduler (two threads' publications reaching it in the other order).
///
/// ```
/// source.sendNext("a")            // schedules action 0
/// scheduler.actions[0].start()    // a's timer fires; its closure waits for the lock
/// source.sendNext("b")            // cancels action 0: too late
/// scheduler.actions[0].run()      // a's closure takes the lock
/// ```
final class HandRunScheduler: Scheduler, @unchecked Sendable {
    /// One scheduled action and where it stands.
    final class Action: @unchecked Sendable {
        /// What an action's state is made of, guarded by `state`.
        private struct State {
            var body: (() -> Void)?
            var isCancelled = false
            var isStarted = false
            var runs = 0
        }

        /// The delay it was scheduled with (zero for `schedule(_:)`).
        let delay: Duration
        /// Whether it repeats (scheduled with `schedule(after:repeatingEvery:leeway:_:)`).
        let repeats: Bool
        private let state: Locked<State>

        init(delay: Duration, repeats: Bool, body: @escaping () -> Void) {
            self.delay = delay
            self.repeats = repeats
            state = Locked(State(body: body))
        }

        /// Whether its disposable was disposed (before or after it started).
        var isCancelled: Bool { state.withValue { $0.isCancelled } }

        /// How many times its closure ran.
        var runs: Int { state.withValue { $0.runs } }

        /// Whether `run()` would run its closure: it was started, or neither cancelled nor run (a
        /// repeating action: not cancelled).
        var isPending: Bool { state.withValue { $0.body != nil } }

        /// Fires the action without running its closure yet: from now on cancelling it is too late,
        /// as for a timer that has fired and whose closure waits for the operator's lock.
        func start() {
            state.withValue { $0.isStarted = true }
        }

        /// Runs the closure (outside the action's own lock): a started action runs even if it was
        /// cancelled since; one cancelled before it started does nothing. A one-shot action runs
        /// once and then releases its closure.
        func run() {
            let body: (() -> Void)? = state.withValue { state in
                guard let body = state.body else { return nil }
                state.runs += 1
                state.isStarted = false
                if !repeats || state.isCancelled { state.body = nil }
                return body
            }
            body?()
        }

        /// What its disposable does: releases the closure, unless the action has started.
        func cancel() {
            state.withValue { state in
                state.isCancelled = true
                if !state.isStarted { state.body = nil }
            }
        }
    }

    private let recorded = Locked<[Action]>([])
    private let hook = Locked<(() -> Void)?>(nil)

    /// A scheduler with no action yet.
    init() {
        super.init(name: "HandRunScheduler")
    }

    /// Every action scheduled so far, in the order scheduled.
    var actions: [Action] { recorded.current }

    /// The actions that `run()` would still run, in the order scheduled.
    var pending: [Action] { actions.filter(\.isPending) }

    /// How many times `schedule` has been called.
    var scheduleCount: Int { recorded.withValue { $0.count } }

    /// Runs `hook` at the start of the next `schedule` call (once), before that call records its
    /// action.
    func beforeNextSchedule(_ hook: @escaping () -> Void) {
        self.hook.withValue { $0 = hook }
    }

    /// Runs the hook now if no `schedule` call has run it.
    func runHookIfPending() {
        takeHook()?()
    }

    /// Runs the pending one-shot actions in the order scheduled, and those they schedule, with
    /// this scheduler as `Scheduler.current`, until none is left (a serial scheduler draining).
    func runAll() {
        performAsCurrent {
            while let next = pending.first(where: { !$0.repeats }) { next.run() }
        }
    }

    /// Records `action` with no delay; the test runs it.
    override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        record(Action(delay: .zero, repeats: false, body: action))
    }

    /// Records `action` with `delay`; the test runs it.
    override func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)? {
        record(Action(delay: delay, repeats: false, body: action))
    }

    /// Records a repeating `action`; each `run()` is one tick.
    override func schedule(
        after delay: Duration, repeatingEvery interval: Duration, leeway: Duration = .zero,
        _ action: @escaping () -> Void
    ) -> (any Disposable)? {
        record(Action(delay: delay, repeats: true, body: action))
    }

    private func record(_ action: Action) -> any Disposable {
        takeHook()?()
        recorded.withValue { $0.append(action) }
        return ActionDisposable { action.cancel() }
    }
}

extension HandRunScheduler {
    fileprivate func takeHook() -> (() -> Void)? {
        hook.withValue { hook in
            defer { hook = nil }
            return hook
        }
    }
}
