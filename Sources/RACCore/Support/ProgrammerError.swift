/// Stops the process with a message that names the call and the bad input.
///
/// RAC asserts on programmer errors (`take:` with a negative count, a replay subject with a negative
/// capacity). We keep those as hard failures, never a silent wrong result, and use `fatalError` so
/// the message survives optimised builds: `precondition` drops its message under `-O`.
///
/// - Parameters:
///   - call: the API that was misused, as written in source, e.g. `"take(_:)"`.
///   - problem: what is wrong with the input, including the value, e.g. `"count must be >= 0, got -1"`.
@usableFromInline
package func racProgrammerError(
    _ call: String, _ problem: String, file: StaticString = #fileID, line: UInt = #line
) -> Never {
    fatalError("ReactiveCocoa: \(call): \(problem)", file: file, line: line)
}

/// Stops with a programmer error (`racProgrammerError`) if `value`, the input `name` of `call`, is
/// negative: `take(_:)` with a count of -1 stops with `"take(_:): count must be >= 0, got -1"`.
@usableFromInline
package func racRequireNonNegative(
    _ value: Int, _ name: String, _ call: String, file: StaticString = #fileID, line: UInt = #line
) {
    if value < 0 {
        racProgrammerError(call, "\(name) must be >= 0, got \(value)", file: file, line: line)
    }
}

/// Stops with a programmer error (`racProgrammerError`) if `value`, the input `name` of `call`, is
/// not positive: `buffer(count:)` with a count of 0 stops with
/// `"buffer(count:): count must be > 0, got 0"`.
@usableFromInline
package func racRequirePositive(
    _ value: Int, _ name: String, _ call: String, file: StaticString = #fileID, line: UInt = #line
) {
    if value <= 0 {
        racProgrammerError(call, "\(name) must be > 0, got \(value)", file: file, line: line)
    }
}
