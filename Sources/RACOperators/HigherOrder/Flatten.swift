// Higher-order operators: signals of signals, and operators that subscribe to new signals as
// events arrive. Every one of them disposes the source and every inner subscription when the
// result is disposed, and an error from any of them disposes everything, then is forwarded.
// Each holds its upstream signal in its creation closure, which `Signal.deinit` releases through
// the `TeardownTrampoline`, so that releasing a chain of a million of them does not nest a million
// `deinit`s.
// The downstream subscriber links (`Subscriber.link(_:)`) the operator's state or source
// subscriber rather than holding it: their handlers hold the downstream, so the subscription is
// held from its sources down only.

extension Signal {
    /// RAC: `-bind:`. Calls `block` once per subscription (RAC R57) to get a binding closure, which
    /// turns each source value into a signal to subscribe to at once; their values are merged as
    /// they arrive (R62).
    ///
    /// Returning `nil`, or setting `stop` to `true`, disposes the source subscription and counts it
    /// as completed; signals already returned keep running (R59). The result completes when the
    /// source and every inner signal have completed (R58). An error from the source or any inner
    /// signal disposes everything, then is forwarded (R60).
    ///
    /// ```
    /// self:              -1----2----3-|
    /// block(1):           a-b|
    /// block(2):                c--d|
    /// block(3):  nil (stop)
    /// bind:              -a-b--c--d-|      (3 stops the source: it completes then)
    /// ```
    public func bind<NewValue>(
        _ block: @escaping () -> (Value, inout Bool) -> Signal<NewValue, Failure>?
    ) -> Signal<NewValue, Failure> {
        return Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -bind:")) {
            subscriber in
            let binding = block()
            let merge = MergeSubscription<NewValue, Failure>(downstream: subscriber)
            subscriber.link(state: merge)
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    var stop = false
                    let signal = binding(value, &stop)
                    if let signal {
                        merge.add(signal)
                    }
                    if signal == nil || stop {
                        merge.stopSource()
                    }
                case .error(let error):
                    merge.fail(error)
                case .completed:
                    merge.sourceCompleted()
                }
            }
            if merge.setSource(source) {
                self.subscribe(source)
            }
            return nil
        }
    }

    /// RAC: `-flattenMap:`. Maps each value to a signal, subscribes to it at once and merges the
    /// values of all of them; completes when the source and every inner signal have completed. RAC's
    /// `nil` result (treated as `empty`, R34) is `.empty` here.
    ///
    /// ```
    /// self:              -1-----2---|
    /// transform(1):       a--b|
    /// transform(2):             c--d|
    /// flattenMap:        -a--b--c--d|
    /// ```
    public func flattenMap<NewValue>(
        _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        return Signal<NewValue, Failure>(name: SignalDebugNames.name("[\(self.name)] -flattenMap:")) {
            subscriber in
            let merge = MergeSubscription<NewValue, Failure>(downstream: subscriber)
            subscriber.link(state: merge)
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    merge.add(transform(value))
                case .error(let error):
                    merge.fail(error)
                case .completed:
                    merge.sourceCompleted()
                }
            }
            if merge.setSource(source) {
                self.subscribe(source)
            }
            return nil
        }
    }

    /// Subscribes to each inner signal, at most `maxConcurrent` at once, queueing the others in
    /// order; `maxConcurrent == .max` means no limit.
    fileprivate func flattenSignals<Inner>(
        maxConcurrent: Int, name: @autoclosure () -> String
    ) -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        return Signal<Inner, Failure>(name: SignalDebugNames.name(name())) { subscriber in
            let merge = MergeSubscription<Inner, Failure>(
                downstream: subscriber, maxConcurrent: maxConcurrent)
            subscriber.link(state: merge)
            let source = Subscriber<Signal<Inner, Failure>, Failure> { event in
                switch event {
                case .next(let signal):
                    merge.add(signal)
                case .error(let error):
                    merge.fail(error)
                case .completed:
                    merge.sourceCompleted()
                }
            }
            if merge.setSource(source) {
                self.subscribe(source)
            }
            return nil
        }
    }

    /// RAC: `-flatten`. Subscribes to every inner signal as it arrives and merges their values;
    /// completes when the source and every inner signal have completed.
    ///
    /// ```
    /// self:     -x------y-----|      x: a--b|   y: c-d|
    /// flatten:  -a--b---c-d---|
    /// ```
    public func flatten<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        flattenSignals(maxConcurrent: .max, name: "[\(self.name)] -flatten")
    }

    /// RAC: `-flatten:`. Like `flatten()`, but subscribes to at most `maxConcurrent` inner signals at
    /// once; the others wait, in order, for a running one to complete.
    ///
    /// `maxConcurrent` must be at least 1; anything else stops the process with a message naming
    /// the call and the value. (RAC read `0` as "no limit": use `flatten()` for that.)
    ///
    /// ```
    /// self:        -x-y-------|      x: a---b|   y: c-d|
    /// flatten(1):  -a---bc-d--|      (y waits for x)
    /// ```
    public func flatten<Inner>(_ maxConcurrent: Int) -> Signal<Inner, Failure>
    where Value == Signal<Inner, Failure> {
        if maxConcurrent <= 0 {
            racProgrammerError("flatten(_:)", "maxConcurrent must be > 0, got \(maxConcurrent)")
        }
        return flattenSignals(maxConcurrent: maxConcurrent, name: "[\(self.name)] -flatten: \(maxConcurrent)")
    }

    /// RAC: `-concat` on a signal of signals (`flatten:1`). Subscribes to the inner signals one
    /// after another, in the order they arrived.
    ///
    /// ```
    /// self:    -x-y-------|      x: a---b|   y: c-d|
    /// concat:  -a---bc-d--|
    /// ```
    public func concat<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        flattenSignals(maxConcurrent: 1, name: "[\(self.name)] -concat")
    }

    /// Maps each value to a signal and forwards only the latest one's values.
    fileprivate func switchMap<NewValue>(
        name: @autoclosure () -> String, _ transform: @escaping (Value) -> Signal<NewValue, Failure>
    ) -> Signal<NewValue, Failure> {
        return Signal<NewValue, Failure>(name: SignalDebugNames.name(name())) { subscriber in
            let state = SwitchSubscription<NewValue, Failure>(downstream: subscriber)
            subscriber.link(state: state)
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    state.switchTo(transform(value))
                case .error(let error):
                    state.fail(error)
                case .completed:
                    state.sourceCompleted()
                }
            }
            state.setSource(source)
            self.subscribe(source)
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
    public func switchToLatest<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        switchMap(name: "[\(self.name)] -switchToLatest") { $0 }
    }

    /// RAC: `+switch:cases:default:`. Each value of `key` selects the signal to forward from
    /// `cases` (or `defaultSignal` for a key not in `cases`), switching as `switchToLatest()` does.
    ///
    /// RAC errors with `RACSignalErrorNoMatchingCase` for an unknown key without a default; with
    /// typed errors, use the overload whose `default` builds the signal (an error signal, say) from
    /// the key.
    ///
    /// ```
    /// key:      -A-----B---|       cases: A: a-a-a…   B: b-b|
    /// switch:   -a-a-a-b-b-|
    /// ```
    public static func `switch`<Key: Hashable>(
        _ key: Signal<Key, Failure>,
        cases: [Key: Signal<Value, Failure>],
        default defaultSignal: Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        key.switchMap(name: "+switch: \(key) cases: \(cases) default: \(defaultSignal)") { value in
            cases[value] ?? defaultSignal
        }
    }

    /// RAC: `+switch:cases:default:`, with a default built from the unmatched key: return
    /// `Signal(error: …)` to fail as RAC does without a default (`RACSignalErrorNoMatchingCase`).
    ///
    /// ```
    /// key:      -A---C-|        cases: A: a-a…   default(C): #
    /// switch:   -a-a-#
    /// ```
    public static func `switch`<Key: Hashable>(
        _ key: Signal<Key, Failure>,
        cases: [Key: Signal<Value, Failure>],
        default makeDefault: @escaping (Key) -> Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        key.switchMap(name: "+switch: \(key) cases: \(cases) default:") { value in
            cases[value] ?? makeDefault(value)
        }
    }

    /// RAC: `+if:then:else:`. Forwards `trueSignal` while `condition` last sent `true` and
    /// `falseSignal` while it last sent `false`, switching as `switchToLatest()` does.
    ///
    /// ```
    /// condition:  -T-----F----|     then: t-t-t…   else: f-f-f…
    /// if:         -t-t-t-f-f-f…
    /// ```
    public static func `if`(
        _ condition: Signal<Bool, Failure>,
        then trueSignal: Signal<Value, Failure>,
        else falseSignal: Signal<Value, Failure>
    ) -> Signal<Value, Failure> {
        condition.switchMap(name: "+if: \(condition) then: \(trueSignal) else: \(falseSignal)") { value in
            value ? trueSignal : falseSignal
        }
    }

    /// RAC: `-catch:`. On an error, subscribes to the signal `handler` returns for it and forwards
    /// that signal's events instead; the failure type may change.
    ///
    /// ```
    /// self:      -a-b-#
    /// handler:        c-d|
    /// catch:     -a-b-c-d|
    /// ```
    public func `catch`<NewFailure: Error>(
        _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        return Signal<Value, NewFailure>(name: SignalDebugNames.name("[\(self.name)] -catch:")) {
            subscriber in
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    subscriber.sendNext(value)
                case .error(let error):
                    handler(error).subscribe(subscriber)
                case .completed:
                    subscriber.sendCompleted()
                }
            }
            subscriber.link(source)
            self.subscribe(source)
            return nil
        }
    }

    /// RAC: `-catchTo:`. On an error, forwards `signal`'s events instead.
    ///
    /// ```
    /// self:       -a-#
    /// signal:        c|
    /// catch(to:): -a-c|
    /// ```
    public func `catch`<NewFailure: Error>(to signal: Signal<Value, NewFailure>) -> Signal<Value, NewFailure>
    {
        `catch` { _ in signal }
    }

    /// RAC: `-groupBy:transform:`. Sends a hot `GroupedSignal` the first time each key appears, then
    /// sends each value, transformed, into its key's group. Completion and errors go to the result
    /// first, then to every group.
    ///
    /// ```
    /// self:           -1-2-3-4-|      keyOf: isEven
    /// groupBy:        -F-T-----|      (the groups, as they appear)
    /// group false:    -1---3---|
    /// group true:     ---2---4-|
    /// ```
    public func groupBy<Key: Hashable, Transformed>(
        _ keyOf: @escaping (Value) -> Key,
        transform: @escaping (Value) -> Transformed
    ) -> Signal<GroupedSignal<Key, Transformed, Failure>, Failure> {
        typealias Group = GroupedSignal<Key, Transformed, Failure>
        return Signal<Group, Failure>(name: SignalDebugNames.name("[\(self.name)] -groupBy:transform:")) {
            subscriber in
            // The source subscriber serialises its events, so these need no lock.
            var groups: [Key: Group] = [:]
            var ordered: [Group] = []
            let source = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    let key = keyOf(value)
                    let group: Group
                    if let existing = groups[key] {
                        group = existing
                    } else {
                        group = Group(key: key, name: SignalDebugNames.name("group \(key)"))
                        groups[key] = group
                        ordered.append(group)
                        subscriber.sendNext(group)
                    }
                    group.sendNext(transform(value))
                case .error(let error):
                    let finished = ordered
                    groups = [:]
                    ordered = []
                    subscriber.sendError(error)
                    for group in finished {
                        group.sendError(error)
                    }
                case .completed:
                    let finished = ordered
                    groups = [:]
                    ordered = []
                    subscriber.sendCompleted()
                    for group in finished {
                        group.sendCompleted()
                    }
                }
            }
            subscriber.link(source)
            self.subscribe(source)
            return nil
        }
    }

    /// RAC: `-groupBy:`. Groups the values by `keyOf`, untransformed.
    ///
    /// ```
    /// self:           -1-2-3-|        keyOf: isEven
    /// group false:    -1---3-|
    /// group true:     ---2---|
    /// ```
    public func groupBy<Key: Hashable>(
        _ keyOf: @escaping (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
        groupBy(keyOf, transform: { $0 })
    }
}
