// ifEmpty(default:) and ifEmpty(switchTo:): what an empty signal sends instead, with their stage.

extension Signal {
    /// RAC: none (RxSwift `ifEmpty(default:)`, Combine `replaceEmpty(with:)`). Forwards the source;
    /// if it completes without having sent a value, sends `defaultValue` first, then completes.
    /// An error is forwarded as it is, even from a source that sent no value.
    ///
    /// ```
    /// self:                 ---|
    /// ifEmpty(default: z):  ---(z|)
    /// ```
    ///
    /// - Parameter defaultValue: the value to send when the source completes without a value.
    /// - Returns: a signal that sends the source's values, or `defaultValue` alone if there were none,
    ///   and completes or fails when the source does.
    @inlinable
    public func ifEmpty(default defaultValue: Value) -> Signal<Value, Failure> {
        lift(
            IfEmptyStage.self, defaultValue, named: SignalDebugNames.name("[\(self.name)] -ifEmpty: default"))
    }

    /// RAC: none (RxSwift `ifEmpty(switchTo:)`, RxJava `switchIfEmpty`). Forwards the source; if it
    /// completes without having sent a value, subscribes to `other` and forwards its events
    /// instead. An error of the source is forwarded, and `other` is not subscribed; nor is it when
    /// the source sent a value.
    ///
    /// ```
    /// self:                   ---|
    /// other:                     -x-y-|
    /// ifEmpty(switchTo: o):   ----x-y-|
    /// ```
    ///
    /// - Parameter other: the signal to follow when the source completes without a value; it is
    ///   subscribed only then.
    /// - Returns: a signal that sends the source's values, or, if there were none, `other`'s events;
    ///   it completes or fails as the source does, or as `other` does after the switch.
    @inlinable
    public func ifEmpty(switchTo other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("[\(self.name)] -ifEmpty: \(other)")) { subscriber in
            // The source's subscriber delivers serially, so the flag needs no lock.
            let isEmpty = GuardedVar(true)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                switch event {
                case .next:
                    isEmpty.value = false
                    subscriber.send(event)
                case .completed where isEmpty.value:
                    other.subscribe(subscriber)
                default:
                    subscriber.send(event)
                }
            }
            subscriber.link(sourceSubscriber)
            self.subscribe(sourceSubscriber)
            return nil
        }
    }
}

/// A subscription of `ifEmpty(default:)`: forwards values, and sends the default before the
/// completion if none came.
///
/// ```
/// ---|  →  ---(z|)      -a-|  →  -a-|
/// ```
@usableFromInline
final class IfEmptyStage<Value, Failure: Error>:
    OperatorStage<Value, Failure, Value, Failure>, LiftableStage, @unchecked Sendable
{
    /// The default, until a value comes (then `nil`: let go of).
    @exclusivity(unchecked) @usableFromInline var defaultValue: Value?

    @inlinable
    init(_ defaultValue: Value, feeding downstream: Subscriber<Value, Failure>) {
        self.defaultValue = defaultValue
        super.init(feeding: downstream, as: IfEmptyStage.self)
    }

    @inlinable @inline(__always)
    func receive(_ value: Value) {
        defaultValue = nil
        emitNext(value)
    }

    /// Sends the default if no value came, then completes.
    @inlinable
    func receiveCompleted() {
        if let value = defaultValue.take() {
            emitNext(value)
        }
        emitCompleted()
    }

    /// Lets go of the default.
    @inlinable
    func releaseState() {
        defaultValue = nil
    }
}
