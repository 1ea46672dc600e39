// GuardedVar: a variable shared by the closures of one operator subscription, which guard it.

/// A variable shared by the closures of one operator subscription (`throttle`, `buffer(for:on:)`,
/// `rateLimit`, `window`, `groupBy`) that guard every access themselves: with the operator's lock,
/// or because the one subscriber that reads and writes it delivers serially. A captured `var`
/// would pay a run-time exclusivity check (`swift_beginAccess`) at each access instead.
@usableFromInline
final class GuardedVar<Value>: @unchecked Sendable {
    /// The variable. Only accessed under its operator's lock or from serialised deliveries.
    @exclusivity(unchecked) @usableFromInline var value: Value

    /// Once per subscription: out of line.
    @usableFromInline
    init(_ value: Value) {
        self.value = value
    }
}
