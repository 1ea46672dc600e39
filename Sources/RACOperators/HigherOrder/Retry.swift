// retry(_:) and retry(): resubscribe on an error.
//
// Resubscribing operators, on `SerialSubscription`'s loop: the next attempt is subscribed once the
// previous attempt's subscription call has returned (RAC's `-subscribeForever:`), so a source that
// terminates synchronously can be resubscribed any number of times without growing the stack.

extension Signal {
    /// RAC: `-retry:`. On an error, resubscribes, up to `count` times; the error after the last
    /// retry is forwarded. Values from every attempt are forwarded; completion ends it. Each
    /// attempt is subscribed once the previous attempt's subscription call has returned (RAC's
    /// `-subscribeForever:`), so state its creation closure updates after sending is seen.
    ///
    /// - Important: as RAC's `retry:0`, **`retry(0)` retries forever** (it is `retry()`), it does
    ///   not mean "no retries" (ReactiveObjC's `RACSignal+Operations.m -retry:` resubscribes while
    ///   `retryCount == 0 || currentRetryCount < retryCount`). To not retry, do not call `retry`.
    ///
    /// `count` must be `>= 0`; a negative count stops the process with a message naming the call.
    ///
    /// Peers: `count` counts retries, as Combine's `retry(_:)` and ReactiveSwift's
    /// `retry(upTo:)` do; RxSwift's `retry(3)` counts attempts (the first subscription
    /// included), so it is `retry(2)` here. And `retry(0)` retries forever, where Combine's
    /// `retry(0)` and ReactiveSwift's `retry(upTo: 0)` do not retry at all.
    ///
    /// ```
    /// self (attempts):     -a-#  -a-#  -a-b|
    /// retry(2):            -a--a--a-b|      (each attempt starts when the last one fails)
    /// retry(1):            -a--a-#
    /// retry(0):            -a--a--a-b|      (forever, as retry())
    /// RxSwift retry(3):    -a--a--a-b|      (3 attempts: retry(2) here)
    /// Combine retry(0):    -a-#             (no retry: do not call retry here)
    /// ```
    ///
    /// A flaky request, tried up to three times in all:
    ///
    /// ```swift
    /// enum InboxError: Error { case offline }
    /// var attempts = 0
    /// let fetchInbox = Signal<String, InboxError> { subscriber in
    ///     attempts += 1
    ///     if attempts < 3 { subscriber.sendError(.offline); return nil }
    ///     subscriber.sendNext("3 new messages")
    ///     subscriber.sendCompleted()
    ///     return nil
    /// }
    /// let inbox = fetchInbox.retry(2)
    /// inbox.subscribe(next: { print($0) }, error: { print("gave up:", $0) })
    /// // 3 new messages (after two failed attempts)
    /// ```
    ///
    /// - Parameter count: how many times to resubscribe after an error (`>= 0`; 0 means forever).
    /// - Returns: a signal of the values of every attempt; it completes when an attempt completes
    ///   and fails with the error of the attempt after the last retry.
    @inlinable
    public func retry(_ count: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(count, "count", "retry(_:)")
        if count == 0 { return retry() }
        return Signal(name: SignalDebugNames.name("[\(self.name)] -retry: \(count)")) { subscriber in
            let source = self
            // `started - 1` retries so far.
            let loop = SerialSubscription<Value, Failure>(downstream: subscriber) { event, started in
                guard case .error = event, started <= count else { return nil }
                return source
            }
            subscriber.link(state: loop)
            loop.start(source)
            return nil
        }
    }

    /// RAC: `-retry`. Resubscribes on every error, forever; completion ends it. Each attempt is
    /// subscribed once the previous attempt's subscription call has returned.
    ///
    /// ```
    /// self (attempts):  -a-#  -b-#  -c|
    /// retry():          -a--b--c|
    /// ```
    ///
    /// - Returns: a signal of the values of every attempt; it completes when an attempt completes
    ///   and never fails.
    @inlinable
    public func retry() -> Signal<Value, Failure> {
        return Signal(name: SignalDebugNames.name("[\(self.name)] -retry")) { subscriber in
            let source = self
            let loop = SerialSubscription<Value, Failure>(downstream: subscriber) { event, _ in
                if case .error = event { return source }
                return nil
            }
            subscriber.link(state: loop)
            loop.start(source)
            return nil
        }
    }
}
