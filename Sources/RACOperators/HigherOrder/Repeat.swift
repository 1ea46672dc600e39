// repeat: resubscribes every time the receiver completes.
//
// Resubscribing operators, on `SerialSubscription`'s loop: the next attempt is subscribed once the
// previous attempt's subscription call has returned (RAC's `-subscribeForever:`), so a source that
// terminates synchronously can be resubscribed any number of times without growing the stack.

extension Signal {
    /// RAC: `-repeat`. Resubscribes every time the signal completes, forever; an error ends it.
    /// Combine with `take(_:)` (or dispose) to stop. Each round is subscribed once the previous
    /// round's subscription call has returned, so state its creation closure updates after
    /// completing is seen.
    ///
    /// ```
    /// self (attempts):  -a-|  -a-|  -a-#
    /// repeat():         -a--a--a-#
    /// ```
    ///
    /// - Returns: a signal of the values of every round; it never completes, and fails with the
    ///   first error.
    @inlinable
    public func `repeat`() -> Signal<Value, Failure> {
        return Signal(name: SignalDebugNames.name("[\(self.name)] -repeat")) { subscriber in
            let source = self
            let loop = SerialSubscription<Value, Failure>(downstream: subscriber) { event, _ in
                if case .completed = event { return source }
                return nil
            }
            subscriber.link(state: loop)
            loop.start(source)
            return nil
        }
    }
}
