/// Anything that accepts a signal's events: a `Subscriber`, or a subject.
///
/// RAC: the `RACSubscriber` protocol. `signal.subscribe(subject)` feeds a subject from a signal.
///
/// ```
/// source:  -a-b-|
/// subject: -a-b-|   (forwarded to the subject's own subscribers)
/// ```
public protocol SubscriberProtocol<Value, Failure>: AnyObject, Sendable {
    /// The type of the values accepted.
    associatedtype Value
    /// The type of the error accepted.
    associatedtype Failure: Error

    /// Accepts one event. After a terminal event, further events are ignored.
    func send(_ event: Event<Value, Failure>)

    /// Ties `disposable` to this subscriber: it is disposed when the subscriber receives a terminal
    /// event or is disposed. RAC: `didSubscribeWithDisposable:`.
    func add(_ disposable: (any Disposable)?)
}

extension SubscriberProtocol {
    /// Sends a value. RAC: `sendNext:`.
    @inlinable @inline(__always)
    public func sendNext(_ value: Value) {
        send(.next(value))
    }

    /// Sends an error and ends the subscription. RAC: `sendError:`.
    @inlinable @inline(__always)
    public func sendError(_ error: Failure) {
        send(.error(error))
    }

    /// Completes the subscription. RAC: `sendCompleted`.
    @inlinable @inline(__always)
    public func sendCompleted() {
        send(.completed)
    }
}
