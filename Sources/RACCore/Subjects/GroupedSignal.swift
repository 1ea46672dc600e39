/// A subject that carries the key it was grouped by. RAC: `RACGroupedSignal`, the inner signals
/// that `groupBy(_:transform:)` sends.
///
/// ```
/// source:            -1-2-3-4-|     groupBy(isEven)
/// key false (odd):   -1---3---|
/// key true (even):   ---2---4-|
/// ```
public final class GroupedSignal<Key, Value, Failure: Error>: Subject<Value, Failure>, @unchecked Sendable {
    /// The key this group's values share.
    public let key: Key

    /// Creates an empty group for `key`. RAC: `+signalWithKey:`.
    ///
    /// - Parameters:
    ///   - key: the key this group's values share.
    ///   - name: the debug name, printed by `description`.
    public init(key: Key, name: String = "anonymous") {
        self.key = key
        super.init(name: name)
    }
}
