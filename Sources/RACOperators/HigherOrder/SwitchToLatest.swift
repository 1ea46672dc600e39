// switchToLatest: forwards the values of the latest inner signal only.

extension Signal {
    /// Maps each value to a signal and forwards only the latest one's values.
    @inlinable
    func switchMap<NewValue>(
        name: @autoclosure () -> String, _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        return Signal<NewValue, Failure>(name: SignalDebugNames.name(name())) { subscriber in
            let state = SwitchSubscription<NewValue, Failure>(downstream: subscriber)
            subscriber.link(state: state)
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    state.switchTo(transform(value))
                case .error(let error):
                    state.fail(error)
                case .completed:
                    state.sourceCompleted()
                }
            }
            state.setSource(sourceSubscriber)
            self.subscribe(sourceSubscriber)
            return nil
        }
    }

    /// RAC: `-switchToLatest`. Forwards the values of the latest inner signal only: a new inner
    /// signal disposes the previous one. Completing the source does not cut the current inner
    /// signal: the result completes when both have completed. Errors from either are forwarded.
    ///
    /// ```
    /// self:            -x----y------|     x: a-b-c-d|   y: e---f|
    /// switchToLatest:  -a-b-ce---f--|     (x disposed when y arrives)
    /// ```
    ///
    /// - Returns: A signal that forwards the values of the latest inner signal; it completes when this
    ///   signal and the latest inner signal have completed, and fails with the first error of either.
    ///
    /// ```swift
    /// let searches = Subject<Signal<String, Never>, Never>()
    /// let results = searches.switchToLatest()
    /// let subscription = results.subscribe(next: { print($0) })
    /// let shortQuery = Subject<String, Never>()
    /// let longQuery = Subject<String, Never>()
    /// searches.sendNext(shortQuery)
    /// shortQuery.sendNext("results for sw")      // prints results for sw
    /// searches.sendNext(longQuery)               // shortQuery is disposed
    /// shortQuery.sendNext("late results for sw") // prints nothing
    /// longQuery.sendNext("results for swift")    // prints results for swift
    /// subscription.dispose()
    /// ```
    @inlinable
    public func switchToLatest<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        switchMap(name: "[\(self.name)] -switchToLatest") { $0 }
    }

    /// RAC: `-switchToLatest` on a signal that may send `nil` ("should accept nil signals"). As
    /// `switchToLatest()`, with a `nil` inner signal counting as an empty one: it disposes the
    /// previous inner signal and sends nothing.
    ///
    /// ```
    /// self:            -x--n--y--|     x: a-b-c|   y: d|   (n = nil)
    /// switchToLatest:  -a-b---d--|     (x disposed when nil arrives)
    /// ```
    ///
    /// - Returns: A signal that forwards the values of the latest inner signal (none after a `nil`); it
    ///   completes when this signal and the latest inner signal have completed, and fails with the
    ///   first error of either.
    @inlinable
    public func switchToLatest<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure>? {
        switchMap(name: "[\(self.name)] -switchToLatest") { $0 ?? .empty }
    }
}
