/// One thing a signal tells its subscriber: a value, an error, or completion.
///
/// RAC: `RACEvent` (`RACEventTypeNext`, `RACEventTypeError`, `RACEventTypeCompleted`). A
/// subscription sees `next* (error | completed)?`: any number of values, then at most one
/// terminal event, and nothing after it.
///
/// ```
/// -a-b-c-|    .next(a) .next(b) .next(c) .completed
/// -a-#        .next(a) .error(e)
/// ```
public enum Event<Value, Failure: Error> {
    /// A value. RAC: `sendNext:`.
    case next(Value)
    /// A failure; terminal. RAC: `sendError:`.
    case error(Failure)
    /// Successful completion; terminal. RAC: `sendCompleted`.
    case completed

    /// Whether this event ends the subscription (`error` or `completed`).
    @inlinable
    public var isTerminal: Bool {
        if case .next = self { return false }
        return true
    }

    /// The value of a `next` event, `nil` otherwise.
    @inlinable
    public var value: Value? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The failure of an `error` event, `nil` otherwise.
    @inlinable
    public var error: Failure? {
        if case .error(let failure) = self { return failure }
        return nil
    }

    /// The same event with its value transformed; terminal events pass unchanged.
    ///
    /// - Parameter transform: makes the new value; what it throws becomes an `error` event.
    /// - Returns: `.next(transform(value))` for a value (`.error` if `transform` throws), the same
    ///   terminal event otherwise.
    @inlinable
    public func map<NewValue>(_ transform: (Value) throws(Failure) -> NewValue) -> Event<NewValue, Failure> {
        switch self {
        case .next(let value):
            do {
                return .next(try transform(value))
            } catch {
                return .error(error)
            }
        case .error(let failure): return .error(failure)
        case .completed: return .completed
        }
    }

    /// The same event with its failure transformed; values and completion pass unchanged.
    ///
    /// - Parameter transform: makes the new failure from an `error` event's failure.
    /// - Returns: `.error(transform(failure))` for an error, the same value or completion otherwise.
    @inlinable
    public func mapError<NewFailure>(_ transform: (Failure) -> NewFailure) -> Event<Value, NewFailure> {
        switch self {
        case .next(let value): return .next(value)
        case .error(let failure): return .error(transform(failure))
        case .completed: return .completed
        }
    }
}

extension Event: Equatable where Value: Equatable, Failure: Equatable {}
extension Event: Hashable where Value: Hashable, Failure: Hashable {}
extension Event: Sendable where Value: Sendable, Failure: Sendable {}

extension Event: CustomStringConvertible {
    /// `next(1)`, `error(SomeError)` or `completed`.
    public var description: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let failure): return "error(\(failure))"
        case .completed: return "completed"
        }
    }
}
