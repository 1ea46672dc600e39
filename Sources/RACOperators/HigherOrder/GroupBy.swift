// groupBy: splits the values into a hot GroupedSignal per key.

extension Signal {
    /// RAC: `-groupBy:transform:`. Sends a hot `GroupedSignal` the first time each key appears, then
    /// sends each value, transformed, into its key's group. Completion and errors go to the result
    /// first, then to every group.
    ///
    /// Peers: disposing the subscription to the result disposes the source's, and the groups get
    /// no further event, not even an end: a group's subscribers wait forever. RxSwift's
    /// `groupBy` keeps the source subscribed while a group has subscribers. Keep the result
    /// subscribed for as long as the groups are used, and dispose the groups' subscriptions
    /// with it (one `CompoundDisposable`).
    ///
    /// ```
    /// self:                   -1-2-3-4-|      keyOf: isEven
    /// groupBy:                -F-T-----|      (the groups, as they appear)
    /// group false:            -1---3---|
    /// group true:             ---2---4-|
    /// result disposed at 4:   -F-T…
    /// group false then:       -1--------      (3 never comes, nor the end: it waits forever)
    /// RxSwift group false:    -1---3---|      (the source stays subscribed for the group)
    /// ```
    ///
    /// - Parameters:
    ///   - keyOf: the key of a value: values with equal keys go to the same group.
    ///   - transform: maps each value before it is sent into its group.
    /// - Returns: a signal of one hot `GroupedSignal` per key, sent when the key first appears; it
    ///   completes or fails when the source does, and then so does every group.
    @inlinable
    public func groupBy<Key: Hashable, Transformed>(
        _ keyOf: @escaping (Value) -> Key,
        transform: @escaping (Value) -> Transformed
    ) -> Signal<GroupedSignal<Key, Transformed, Failure>, Failure> {
        typealias Group = GroupedSignal<Key, Transformed, Failure>
        return Signal<Group, Failure>(name: SignalDebugNames.name("[\(self.name)] -groupBy:transform:")) {
            subscriber in
            // The source subscriber serialises its events, so these need no lock.
            let groups = GuardedVar<[Key: Group]>([:])
            let ordered = GuardedVar<[Group]>([])
            let sourceSubscriber = Subscriber<Value, Failure> { event in
                switch event {
                case .next(let value):
                    let key = keyOf(value)
                    let group: Group
                    if let existing = groups.value[key] {
                        group = existing
                    } else {
                        group = Group(key: key, name: SignalDebugNames.name("group \(key)"))
                        groups.value[key] = group
                        ordered.value.append(group)
                        subscriber.sendNext(group)
                    }
                    group.sendNext(transform(value))
                case .error(let error):
                    let finished = ordered.value
                    groups.value = [:]
                    ordered.value = []
                    subscriber.sendError(error)
                    for group in finished {
                        group.sendError(error)
                    }
                case .completed:
                    let finished = ordered.value
                    groups.value = [:]
                    ordered.value = []
                    subscriber.sendCompleted()
                    for group in finished {
                        group.sendCompleted()
                    }
                }
            }
            subscriber.link(sourceSubscriber)
            self.subscribe(sourceSubscriber)
            return nil
        }
    }

    /// RAC: `-groupBy:`. Groups the values by `keyOf`, untransformed.
    ///
    /// ```
    /// self:               -1-2-3-|        keyOf: isEven
    /// groupBy(isEven):    -F-T---|        (the groups, as they appear)
    /// group false:        -1---3-|
    /// group true:         ---2---|
    /// ```
    ///
    /// - Parameter keyOf: the key of a value: values with equal keys go to the same group.
    /// - Returns: a signal of one hot `GroupedSignal` per key, sent when the key first appears; it
    ///   completes or fails when the source does, and then so does every group.
    @inlinable
    public func groupBy<Key: Hashable>(
        _ keyOf: @escaping (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
        groupBy(keyOf, transform: { $0 })
    }
}
