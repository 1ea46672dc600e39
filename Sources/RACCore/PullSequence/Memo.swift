/// A value computed by a closure on first use, at most once, whatever threads ask for it.
///
/// The closure runs under a recursive lock, so a second thread asking at the same time waits for
/// the first one's result instead of running the closure again; the closure is released as soon as
/// it has run. A closure that asks for its own result (a cycle) is a programmer error, reported
/// with the name of the call that forced it.
final class Memo<Result>: @unchecked Sendable {
    private enum State {
        case pending(() -> Result)
        case evaluating
        case done(Result)
        case taken
    }

    private let lock = PthreadLock(recursive: true)
    private var state: State

    /// A memo that computes its value with `thunk` on first use.
    init(_ thunk: @escaping () -> Result) {
        state = .pending(thunk)
    }

    /// A memo that holds `value` already.
    init(value: Result) {
        state = .done(value)
    }

    /// The value, computing it first if nobody has. `call` names the public API that forced it, for
    /// the cycle error.
    func get(_ call: @autoclosure () -> String) -> Result {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case .done(let value):
            return value
        case .pending(let thunk):
            state = .evaluating
            let value = thunk()
            state = .done(value)
            return value
        case .evaluating:
            racProgrammerError(call(), "the closure that computes this value read it (a cycle)")
        case .taken:
            preconditionFailure("Memo.get: the value was taken during deinitialisation")
        }
    }

    /// Whether the value has been computed.
    var isDone: Bool {
        lock.withLock {
            if case .done = state { return true }
            return false
        }
    }

    /// Replaces a computed value with an equivalent one (used to shorten chains of deferred
    /// sequences). Does nothing if the value has not been computed.
    func replace(with value: Result) {
        lock.withLock {
            if case .done = state {
                state = .done(value)
            }
        }
    }

    /// Removes and returns the computed value, if any; used only while the owner is being
    /// deinitialised, to release long chains iteratively.
    func take() -> Result? {
        lock.withLock {
            guard case .done(let value) = state else { return nil }
            state = .taken
            return value
        }
    }
}
