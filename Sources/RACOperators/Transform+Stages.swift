// How the single-source operators with a stage subscribe it. The common ones (`map`, `filter`,
// `scan`, `distinctUntilChanged`, `take`) have stage subscribers (`StageSubscriber` in RACCore):
// one object per subscription. (`relayStopping(into:_:)` keeps a `StoppingRelay` beside its
// subscriber.)

extension Signal {
    /// Subscribes `upstream`, a stage subscriber made for this one subscription that feeds
    /// `downstream`, to this signal, tied to `downstream` as `relay(into:_:)` ties its subscriber
    /// (a link). The stage's heir is its downstream without `setHeir(_:)`: it holds it already
    /// (see `StageSubscriber.deinit`). Returns `nil`.
    @inlinable
    func relay<Output, OutputFailure>(
        into downstream: Subscriber<Output, OutputFailure>,
        stage upstream: StageSubscriber<Value, Failure, Output, OutputFailure>
    ) -> (any Disposable)? {
        downstream.link(state: upstream)
        subscribe(claiming: upstream)
        return nil
    }
}
