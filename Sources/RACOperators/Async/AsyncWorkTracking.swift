// How a virtual-time test scheduler (RACTesting's TestScheduler) learns about the async work that
// `Signal { try await … }` runs in a task, so that a test can wait for it to settle before virtual
// time moves on. Package-internal: nothing here is public API.

/// A scheduler that keeps count of the async work started while it is current.
package protocol AsyncWorkTracking: AnyObject, Sendable {
    /// The group async operations subscribed to during this scheduler's actions register with.
    var asyncWork: AsyncWorkGroup { get }
}

/// Where the async bridge registers in-flight operations, and who waits for them.
package enum AsyncWork {
    /// The group of the code that runs now, when no tracking scheduler is current (a test's
    /// settling advance or expectation binds it around the subscription it makes).
    @TaskLocal package static var boundGroup: AsyncWorkGroup?
    /// The operation the current task runs for (bound by the bridge in its task), so that a
    /// virtual clock can mark it asleep while it waits for virtual time.
    @TaskLocal package static var currentItem: AsyncWorkItem?

    /// The group an operation subscribed now belongs to: that of the tracking scheduler running
    /// the current action, else the bound one, else none (the operation is not tracked).
    package static var currentGroup: AsyncWorkGroup? {
        (Scheduler.current as? any AsyncWorkTracking)?.asyncWork ?? boundGroup
    }
}

/// The in-flight async operations of one test scheduler: each is busy from its subscription until
/// it has handed its result back, except while it sleeps in virtual time.
package final class AsyncWorkGroup: Sendable {
    private struct State {
        var nextID = 0
        /// Busy count and description of each operation not yet ended.
        var items: [Int: (busy: Int, description: String)] = [:]
        var idleWaiters: [Int: @Sendable () -> Void] = [:]

        var isIdle: Bool { items.values.allSatisfy { $0.busy <= 0 } }
    }

    private let state = Locked(State())
    private let deliver: @Sendable (sending @escaping () -> Void) -> Void

    /// A group whose operations hand their results back through `deliver` (which runs them at the
    /// scheduler's current virtual time, on the thread that advances it).
    package init(deliver: @escaping @Sendable (sending @escaping () -> Void) -> Void) {
        self.deliver = deliver
    }

    /// Registers an operation, busy from now.
    package func begin(_ description: String) -> AsyncWorkItem {
        let id = state.withValue { state in
            state.nextID += 1
            state.items[state.nextID] = (1, description)
            return state.nextID
        }
        return AsyncWorkItem(group: self, id: id)
    }

    /// The descriptions of the operations busy now (neither ended nor asleep in virtual time).
    package var busyDescriptions: [String] {
        state.withValue { state in
            state.items.sorted { $0.key < $1.key }.filter { $0.value.busy > 0 }.map(\.value.description)
        }
    }

    /// Calls `callback` once no operation is busy: now (and returns `nil`) if none is, else later
    /// (and returns an identifier for `removeIdleWaiter(_:)`).
    package func whenIdle(_ callback: @escaping @Sendable () -> Void) -> Int? {
        let id = state.withValue { state -> Int? in
            if state.isIdle { return nil }
            state.nextID += 1
            state.idleWaiters[state.nextID] = callback
            return state.nextID
        }
        if id == nil { callback() }
        return id
    }

    /// Forgets a callback given to `whenIdle(_:)` that is no longer wanted.
    package func removeIdleWaiter(_ id: Int) {
        state.withValue { _ = $0.idleWaiters.removeValue(forKey: id) }
    }

    fileprivate func change(_ id: Int, busy delta: Int?) {
        let waiters = state.withValue { state -> [@Sendable () -> Void] in
            if let delta {
                state.items[id]?.busy += delta
            } else {
                state.items[id] = nil
            }
            guard state.isIdle else { return [] }
            defer { state.idleWaiters = [:] }
            return Array(state.idleWaiters.values)
        }
        for waiter in waiters { waiter() }
    }

    fileprivate func handBack(_ work: sending @escaping () -> Void) {
        deliver(work)
    }
}

/// One tracked async operation.
package final class AsyncWorkItem: Sendable {
    private let group: AsyncWorkGroup
    private let id: Int

    fileprivate init(group: AsyncWorkGroup, id: Int) {
        self.group = group
        self.id = id
    }

    /// The operation waits for virtual time (a test clock's sleep): not busy until `wake()`.
    package func sleep() { group.change(id, busy: -1) }

    /// The operation's sleep ended (its deadline came, or it was cancelled): busy again.
    package func wake() { group.change(id, busy: 1) }

    /// Hands `work` (sending the result) to the scheduler, then ends the operation.
    package func finish(handing work: sending @escaping () -> Void) {
        group.handBack(work)
        group.change(id, busy: nil)
    }
}
