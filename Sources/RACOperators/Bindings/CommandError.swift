// CommandError: the error of a Command's execution signal.

/// The error of a `Command`'s execution signal: the execution's own error, or the refusal to
/// execute at all.
///
/// RAC: `RACCommandErrorDomain` / `RACCommandErrorNotEnabled`, where the execution's `NSError`
/// passed through unchanged. Swift's typed errors need one type for both, so a command whose
/// work fails with `Failure` returns `Signal<Output, CommandError<Failure>>` from `execute(_:)`.
///
/// ```
/// execute while disabled:   #            (.notEnabled; the work is not started)
/// execute, work fails:      -a-#         (.failed(error))
/// ```
public enum CommandError<Failure: Error>: Error, CustomStringConvertible {
    /// The command was disabled (its `enabled` input was false, or it was executing and does not
    /// allow concurrent execution). RAC: `RACCommandErrorNotEnabled`.
    case notEnabled
    /// The execution's own signal failed with this error.
    case failed(Failure)

    /// The underlying execution error, if any.
    public var underlying: Failure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// "The command is disabled and cannot be executed" (RAC's text), or the underlying error.
    public var description: String {
        switch self {
        case .notEnabled: return "The command is disabled and cannot be executed"
        case .failed(let failure): return "The command's execution failed: \(failure)"
        }
    }
}

extension CommandError: Equatable where Failure: Equatable {}
