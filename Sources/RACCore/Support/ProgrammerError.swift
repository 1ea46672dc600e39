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
