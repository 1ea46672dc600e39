// How the single-source operators with a stage subscribe it. The common ones (`map`, `filter`,
// `scan`, `distinctUntilChanged`, `take`) have stage subscribers (`StageSubscriber` in RACCore):
// one object per subscription. `relayStopping(into:_:)` keeps a stage object beside its subscriber.

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

    /// `relay(into:_:)` for a stage object that also needs the upstream subscriber (to dispose it
    /// before it ends the subscription, as `relayStopping(into:_:)` does): the stage refers to it.
    @inlinable
    func relayEvents<Stage: UpstreamHoldingStage, DownstreamValue, DownstreamFailure>(
        into downstream: Subscriber<DownstreamValue, DownstreamFailure>, stage: Stage
    ) -> (any Disposable)? where Stage.Value == Value, Stage.Failure == Failure {
        let upstream = Subscriber<Value, Failure>(stage: stage, sharing: downstream.lockForUpstream)
        stage.upstream = Unmanaged.passUnretained(upstream)
        downstream.link(upstream)
        subscribe(claiming: upstream)
        return nil
    }
}

/// A stage that refers to its upstream subscriber, whose handler it is. The reference is not
/// retained (retaining it would make a cycle: the upstream holds the stage through its handler),
/// and it need not be: the stage reads it only in `receive`, which only the upstream calls, from
/// inside one of its deliveries, while it is alive.
@usableFromInline
protocol UpstreamHoldingStage<Value, Failure>: SubscriptionStage {
    /// Set once, before the upstream is subscribed; not retained (see the protocol's notes).
    var upstream: Unmanaged<Subscriber<Value, Failure>>? { get set }
}
