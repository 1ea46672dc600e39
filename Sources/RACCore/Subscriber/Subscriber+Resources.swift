// The resources of a subscription: what a terminal event or `dispose()` disposes, once, in the
// order they were added. A resource is owned (`add(_:)`), or only linked (`link(_:)`): the
// subscription to an upstream whose handler holds this subscriber, which must not be kept alive
// from here (that would be a reference cycle; see `UnownedDisposable`).

/// One resource of a subscriber, after the first (`Subscriber.firstLink`, `firstResource`).
enum SubscriptionResource {
    /// A disposable the subscriber holds.
    case owned(any Disposable)
    /// An upstream subscription the subscriber refers to without holding it.
    case linked(UnownedDisposable)

    /// Lets the resource go and returns what to dispose: the disposable, or the linked one if it
    /// is still alive. (Disposed by the caller, so that the disposal of a deep chain nests as few
    /// frames per level as possible.)
    func take() -> (any Disposable)? {
        switch self {
        case .owned(let disposable): disposable
        case .linked(let link): link.take()
        }
    }
}

extension Subscriber {
    /// Ties `disposable` to this subscription; it is disposed at once if the subscriber has stopped.
    public func add(_ disposable: (any Disposable)?) {
        // Not bound to a local: storing the argument is then its only copy.
        guard disposable != nil else { return }
        lockResources()
        if resourcesDisposed {
            unlockResources()
            disposable.unsafelyUnwrapped.dispose()
            return
        }
        if firstResource == nil, otherResources.isEmpty {
            firstResource = disposable
            unlockResources()
            return
        }
        // Full and long: let go of the ones disposed already first (see `DisposedFlag`), the
        // first resource included.
        var dropped: [SubscriptionResource] = []
        var droppedFirst: (any Disposable)?
        if otherResources.count >= DisposedFlag.pruningThreshold,
            otherResources.count == otherResources.capacity
        {
            if let first = firstResource, DisposedFlag.isDisposed(first) {
                droppedFirst = first
                firstResource = nil
            }
            dropped = DisposedFlag.prune(&otherResources) { resource in
                guard case .owned(let owned) = resource else { return false }
                return DisposedFlag.isDisposed(owned)
            }
        }
        otherResources.append(.owned(disposable.unsafelyUnwrapped))
        unlockResources()
        // Released here, outside the lock (a deinitialiser may run).
        withExtendedLifetime(dropped) {}
        withExtendedLifetime(droppedFirst) {}
    }

    /// How many resources the subscriber holds now (for tests: disposed ones are let go).
    package var heldResourceCount: Int {
        lockResources()
        defer { unlockResources() }
        return (firstLink == nil ? 0 : 1) + (firstResource == nil ? 0 : 1) + otherResources.count
    }

    /// Ties a cleanup action to this subscription.
    public func add(_ action: @escaping () -> Void) {
        add(ActionDisposable(action))
    }

    /// Ties `upstream`, the subscriber that feeds this one, to this subscription *without keeping
    /// it alive*, and makes this subscriber its heir (`setHeir(_:)`): this subscriber's end or
    /// disposal disposes it, as `add(_:)` would, if it is still alive then. It is disposed at once
    /// if this subscriber has stopped.
    ///
    /// For the operators, whose upstream subscriber's handler holds this one: the chain is then
    /// held from its source down (the source holds its subscriber, whose stage holds the next
    /// subscriber, and so on), never back up, and a source released without ending releases the whole
    /// chain with it.
    ///
    /// Races with the upstream going away on another thread are settled by the Swift runtime's
    /// reference count (see `UnownedDisposable`): either the disposal here retains it first (and it
    /// stays alive until disposed), or its `deinit` has started, and then nothing can send to it
    /// any more, and that `deinit` hands its resources to its heir (`setHeir(_:)`). Only in that
    /// last case may the upstream's resources be disposed after this subscriber's `dispose()`
    /// returns: once the heir gets them (disposed at once if it has stopped).
    ///
    /// Inlinable, so that it is specialised where it is called: there the conversions of the two
    /// subscribers to existentials find their witness tables at no cost.
    @inlinable
    package func link<UpstreamValue, UpstreamFailure>(_ upstream: Subscriber<UpstreamValue, UpstreamFailure>)
    {
        upstream.setHeir(self)
        link(state: upstream)
    }

    /// `link(_:)` for the state of an operator that holds its own upstream subscriptions linked
    /// (a merge, a switch, a loop of subscriptions), whose subscribers' handlers hold it; it must
    /// be a native Swift object. Those subscribers' heir should be this subscriber.
    @usableFromInline
    package func link(state: any Disposable) {
        lockResources()
        if resourcesDisposed {
            unlockResources()
            state.dispose()
            return
        }
        if firstLink == nil, firstResource == nil, otherResources.isEmpty {
            firstLink = UnownedDisposable(state)
        } else {
            otherResources.append(.linked(UnownedDisposable(state)))
        }
        unlockResources()
    }

    /// Makes `heir` (a subscriber downstream, which links this one) the subscriber that this one's
    /// resources pass to if this one is released without stopping: its upstream let it go without
    /// ending, so nothing can send to it any more, but the resources (the disposable its signal's
    /// creation closure returned, say) are still to be disposed when the subscription ends, as
    /// they were while the downstream held this subscriber. Held strongly until this subscriber's
    /// resources are disposed (the heir does not hold this one). Call before subscribing this
    /// subscriber (no lock is taken: no other thread can reach it yet).
    @inlinable
    package func setHeir(_ heir: some SubscriberProtocol) {
        self.heir = heir
    }

    /// Disposes every resource, once, in the order they were added.
    @usableFromInline
    func disposeResources() {
        lockResources()
        guard !resourcesDisposed else {
            unlockResources()
            return
        }
        resourcesDisposed = true
        let registry = membership
        let link = firstLink
        let first = firstResource
        let heir = self.heir
        membership = nil
        firstLink = nil
        firstResource = nil
        self.heir = nil
        // Usually empty: then nothing to take (and no array to retain).
        let others = otherResources.isEmpty ? nil : takeOtherResources()
        unlockResources()
        withExtendedLifetime(heir) {}
        registry?.remove(ObjectIdentifier(self))
        link?.take()?.dispose()
        first?.dispose()
        if let others {
            disposeOthers(others)
        }
    }

    /// The resources after the first ones, taken out (call with the resources lock held).
    private func takeOtherResources() -> [SubscriptionResource] {
        defer { otherResources = [] }
        return otherResources
    }

    /// Disposes `resources` in order.
    private func disposeOthers(_ resources: [SubscriptionResource]) {
        for resource in resources {
            resource.take()?.dispose()
        }
    }

    /// From `deinit`, for a subscriber that never stopped: hands the resources it owns to its heir
    /// (`setHeir(_:)`), which disposes them when it ends, or drops them if it has none (a
    /// subscriber released without ending never disposes what it did not pass on, as before
    /// links). Its links are only given up: the subscriptions they refer to hold this subscriber
    /// (their handlers, their heir) until they stop, so they have all stopped or gone. The
    /// registry membership is only dropped: a subscriber in a subject's list is retained by it,
    /// so one being destroyed has left it already. No other thread can reach the resources
    /// (nothing holds the subscriber), so no lock is taken.
    func bequeathResources() {
        let heir = self.heir
        self.heir = nil
        bequeathResources(to: heir)
    }

    /// `bequeathResources()` to `heir`, given (an `OperatorStage`'s heir is its downstream, which
    /// it holds anyway, so it keeps no `heir` of its own). `heir` is evaluated only if there is a
    /// resource to hand over: making an existential of a generic subscriber looks up its metadata.
    func bequeathResources(to heir: @autoclosure () -> (any SubscriberProtocol)?) {
        resourcesDisposed = true
        membership = nil
        firstLink?.release()
        firstLink = nil
        if let first = firstResource {
            heir()?.add(first)
        }
        firstResource = nil
        if !otherResources.isEmpty {
            bequeathOtherResources(to: heir())
        }
    }

    /// The part of `bequeathResources(to:)` for the resources after the first.
    private func bequeathOtherResources(to heir: (any SubscriberProtocol)?) {
        for resource in otherResources {
            switch resource {
            case .owned(let disposable): heir?.add(disposable)
            case .linked(let link): link.release()
            }
        }
        otherResources = []
    }

    private func lockResources() {
        resourcesLock.lock()
    }

    private func unlockResources() {
        resourcesLock.unlock()
    }

    /// Records that `registry` (a subject's list) holds this subscriber, so that disposal removes
    /// it from there: as the first resource if it has none yet (then no disposable is allocated),
    /// otherwise as a disposable added after the others. Returns `false` if the subscriber has
    /// already disposed its resources; the caller then removes it itself.
    func join(_ registry: SubscriberRegistry) -> Bool {
        lockResources()
        if resourcesDisposed {
            unlockResources()
            return false
        }
        if membership == nil, firstLink == nil, firstResource == nil, otherResources.isEmpty {
            membership = registry
            unlockResources()
            return true
        }
        unlockResources()
        let identifier = ObjectIdentifier(self)
        add(ActionDisposable { [weak registry] in registry?.remove(identifier) })
        return true
    }
}
