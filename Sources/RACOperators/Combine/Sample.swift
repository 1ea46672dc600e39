// sample: sends the receiver's latest value each time a sampler sends. Two inputs, one state
// (Combine/MultiInput.swift): the latest value needs no lock of its own, since both inputs deliver
// under the downstream's delivery lock.

extension Signal {
    /// RAC: `-sample:`. Each time `sampler` sends a value, sends the latest value of this signal
    /// (nothing if it has sent none yet). Completes, or fails, as soon as either signal does.
    ///
    /// Peers: an unchanged latest value is sent again at each tick (`c` twice below), as
    /// ReactiveSwift's `sample(on:)` does; RxSwift's `sample` sends each value at most once (a
    /// tick with no new value sends nothing) and ends with the sampler. Combine has no `sample`.
    /// For RxSwift's, add `distinctUntilChanged()` when the values are distinct, or sample a
    /// signal of `(index, value)` pairs.
    ///
    /// ```
    /// self:            -a--b-c----|
    /// sampler:         --x----x-x---|
    /// sample:          --a----c-c-|
    /// RxSwift sample:  --a----c-----|     (c once; completes when the sampler does)
    /// ```
    ///
    /// A display that shows the latest temperature reading at each refresh:
    ///
    /// ```swift
    /// let temperature = Subject<Double, Never>()
    /// let refresh = Subject<Void, Never>()
    /// let shown = temperature.sample(refresh)
    /// let subscription = shown.subscribe(next: { print("\($0) °C") })
    /// refresh.sendNext(())          // nothing: no reading yet
    /// temperature.sendNext(19.5)
    /// temperature.sendNext(20.0)
    /// refresh.sendNext(())          // 20.0 °C
    /// refresh.sendNext(())          // 20.0 °C (again: the latest reading)
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameter sampler: the signal whose values say when to send this signal's latest value.
    /// - Returns: a signal of this signal's latest value at each value of `sampler` (once this
    ///   signal has sent one); it completes, or fails, as soon as either signal does.
    @inlinable
    public func sample<Sampler>(_ sampler: Signal<Sampler, Failure>) -> Signal<Value, Failure> {
        .pairInputs(self, sampler, named: SignalDebugNames.name("[\(self.name)] -sample: \(sampler)")) {
            SampleState<Value, Sampler, Failure>(downstream: $0)
        }
    }

    /// RAC: none (RxSwift `sample(_:defaultValue:)`). `sample(_:)`, but a tick of `sampler` before
    /// this signal's first value sends `defaultValue`. After that, as `sample(_:)`: each tick sends
    /// the latest value, again if no newer one came (as RAC's `-sample:`; RxSwift's `sample` sends
    /// only a value that is new since the last tick).
    ///
    /// ```
    /// self:                -----a---|
    /// sampler:             --x-x---x-x-|
    /// sample(default: z):  --z-z---a|
    /// ```
    ///
    /// - Parameters:
    ///   - sampler: the signal whose values say when to send this signal's latest value.
    ///   - defaultValue: what a value of `sampler` sends before this signal's first value.
    /// - Returns: a signal of this signal's latest value (or `defaultValue`) at each value of
    ///   `sampler`; it completes, or fails, as soon as either signal does.
    @inlinable
    public func sample<Sampler>(
        _ sampler: Signal<Sampler, Failure>, default defaultValue: Value
    ) -> Signal<Value, Failure> {
        .pairInputs(
            self, sampler, named: SignalDebugNames.name("[\(self.name)] -sample: \(sampler) default")
        ) {
            SampleState<Value, Sampler, Failure>(downstream: $0, latest: defaultValue)
        }
    }
}

/// One subscription of `sample(_:)`: the receiver is the left input, subscribed first, the sampler
/// the right one. Its methods run under the delivery lock that both inputs share with
/// `downstream`.
@usableFromInline
final class SampleState<Value, Sampler, Failure: Error>: PairInputState, @unchecked Sendable {

    @usableFromInline let downstream: Subscriber<Value, Failure>
    /// The receiver's latest value, `nil` until its first (or the default of `sample(_:default:)`).
    @exclusivity(unchecked) @usableFromInline var latest: Value?

    /// `latest` is what a tick sends before the receiver's first value (`nil`: nothing).
    @inlinable
    init(downstream: Subscriber<Value, Failure>, latest: Value? = nil) {
        self.downstream = downstream
        self.latest = latest
    }

    /// The receiver: its values are kept; its end is the end.
    @inlinable
    func receiveLeft(_ event: Event<Value, Failure>) {
        if case .next(let value) = event {
            latest = value
        } else {
            downstream.send(event)
        }
    }

    /// The sampler: each value sends the receiver's latest, if any; its end is the end.
    @inlinable
    func receiveRight(_ event: Event<Sampler, Failure>) {
        switch event {
        case .next:
            if let latest {
                downstream.sendNext(latest)
            }
        case .error(let error):
            downstream.sendError(error)
        case .completed:
            downstream.sendCompleted()
        }
    }
}
