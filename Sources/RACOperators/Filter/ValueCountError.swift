// ValueCountError: why element(at:) or single() failed (the source had too few or too many values).

/// Why `element(at:)` or `single()` failed: the signal completed with too few values, or sent more
/// than one to `single()`. RAC: none (RxSwift's `RxError.argumentOutOfRange`, `.noElements` and
/// `.moreThanOneElement`). A signal that can fail otherwise gets one of these through the
/// `raising:` forms (`element(at:raising:)`, `single(raising:)`), which turn it into its own error.
///
/// ```
/// self: -a-b-|   element(at: 2)   fails with .indexOutOfRange(index: 2, count: 2)
/// self: ---|     single()         fails with .noValues
/// self: -a-b-|   single()         fails with .moreThanOneValue
/// ```
public enum ValueCountError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `element(at: index)`: the signal completed after `count` values, fewer than `index + 1`.
    case indexOutOfRange(index: Int, count: Int)
    /// `single()`: the signal completed without a value.
    case noValues
    /// `single()`: the signal sent a second value.
    case moreThanOneValue

    /// "no value at index 2: the signal completed after 2 values", "no values", "more than one value".
    public var description: String {
        switch self {
        case .indexOutOfRange(let index, let count):
            "no value at index \(index): the signal completed after \(count) value\(count == 1 ? "" : "s")"
        case .noValues: "no values: the signal completed without one"
        case .moreThanOneValue: "more than one value"
        }
    }
}
