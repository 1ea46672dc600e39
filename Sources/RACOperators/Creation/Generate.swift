// Signal.range, Signal.generate and Signal.repeatElement: synchronous cold signals of computed
// values (RxSwift's creation operators of the same names), each sent in a loop that stops as soon
// as the subscription is disposed.

extension Signal where Value: FixedWidthInteger {
    /// RAC: none (RxSwift `Observable.range(start:count:)`). Sends `count` consecutive integers
    /// from `start`, synchronously at subscription, then completes; a count of 0 completes at once.
    /// Cold: each subscription counts again. Disposed mid-way (`take(3)` of a range of a billion),
    /// it stops at once: no value is computed or sent after the disposal.
    ///
    /// `count` must be `>= 0`, and the last value, `start + count - 1`, must fit in `Value`; either
    /// fault stops the process with a message naming the call and its input.
    ///
    /// ```
    /// range(start: 1, count: 3):  (123|)
    /// ```
    ///
    /// - Parameters:
    ///   - start: the first integer sent.
    ///   - count: how many integers to send; `0` or more.
    /// - Returns: a cold signal that sends `start`, `start + 1`, … (`count` values) at subscription,
    ///   then completes; it never fails.
    public static func range(start: Value, count: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(count, "count", "Signal.range(start:count:)")
        if count > 0 {
            let offset = Value(exactly: count - 1)
            if offset == nil || start.addingReportingOverflow(offset!).overflow {
                racProgrammerError(
                    "Signal.range(start:count:)",
                    "start + count - 1 must fit in \(Value.self), got start \(start), count \(count)")
            }
        }
        return Signal(name: SignalDebugNames.name("+range: \(start) count: \(count)")) { subscriber in
            var next = start
            for index in 0..<count {
                if subscriber.isDisposed { return nil }
                if index > 0 { next += 1 }
                subscriber.sendNext(next)
            }
            subscriber.sendCompleted()
            return nil
        }
    }
}

extension Signal {
    /// RAC: none (RxSwift `Observable.generate(initialState:condition:iterate:)`, without its
    /// scheduler). Sends `initial`, then `iterate` of the last value sent, for as long as
    /// `condition` holds of the value about to be sent, synchronously at subscription; then
    /// completes. An `initial` that fails `condition` completes at once. Cold: each subscription
    /// starts again from `initial`. Disposed mid-way, it stops at once: neither `condition` nor
    /// `iterate` is called after the disposal. An endless `condition` (`{ _ in true }`) makes an
    /// endless signal: take a prefix of it (`take(_:)`, `take(until:)`).
    ///
    /// The calls, for each value: `condition(v)`, send `v`, `iterate(v)`.
    ///
    /// ```
    /// generate(initial: 1, condition: { $0 < 10 }, iterate: { $0 * 3 }):  (139|)
    /// ```
    ///
    /// - Parameters:
    ///   - initial: the first value, sent if `condition` holds of it.
    ///   - condition: whether a value is sent; the first value it rejects completes the signal.
    ///   - iterate: the next value, computed from the last one sent.
    /// - Returns: a cold signal that sends the values at subscription while `condition` holds, then
    ///   completes; it never fails.
    public static func generate(
        initial: Value, condition: @escaping (Value) -> Bool, iterate: @escaping (Value) -> Value
    ) -> Signal<Value, Failure> {
        Signal(name: SignalDebugNames.name("+generate: \(initial)")) { subscriber in
            var state = initial
            while !subscriber.isDisposed, condition(state) {
                subscriber.sendNext(state)
                if subscriber.isDisposed { return nil }
                state = iterate(state)
            }
            if !subscriber.isDisposed { subscriber.sendCompleted() }
            return nil
        }
    }

    /// RAC: none (RxSwift `Observable.repeatElement(_:)`, with Swift's `repeatElement(_:count:)`
    /// count). Sends `element` `count` times, synchronously at subscription, then completes; a
    /// count of 0 completes at once. Disposed mid-way, it stops at once.
    ///
    /// `count` must be `>= 0`; a negative count stops the process with a message naming the call
    /// and the count.
    ///
    /// ```
    /// repeatElement(a, count: 3):  (aaa|)
    /// ```
    ///
    /// - Parameters:
    ///   - element: the value sent each time.
    ///   - count: how many times to send it; `0` or more.
    /// - Returns: a cold signal that sends `element` `count` times at subscription, then completes;
    ///   it never fails.
    public static func repeatElement(_ element: Value, count: Int) -> Signal<Value, Failure> {
        racRequireNonNegative(count, "count", "Signal.repeatElement(_:count:)")
        return Signal(name: SignalDebugNames.name("+repeatElement: \(element) count: \(count)")) {
            subscriber in
            for _ in 0..<count {
                if subscriber.isDisposed { return nil }
                subscriber.sendNext(element)
            }
            subscriber.sendCompleted()
            return nil
        }
    }
}
