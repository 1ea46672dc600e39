// The runtime check that keeps Swift 6's isolation: a callback formed in an actor-isolated context
// (a `@MainActor` view model's `subscribe(next:)`, a `doNext` in an actor method) runs only on
// that actor. The entry points that take callbacks record the caller's isolation (`#isolation`,
// `nil` in nonisolated code); before calling such a callback, the framework checks that the
// calling context is on that actor and otherwise stops the process with a message naming the
// callback, its subscription, the actor and the thread.

internal import Dispatch
internal import RACRuntimeShims

/// Whether the calling context runs on `actor`'s executor (`isMainActor`: whether it is the main
/// actor, known in advance). The main actor is current where `racIsOnMainThreadOrQueue()` holds;
/// otherwise the runtime is asked, without asserting.
@usableFromInline
package func racIsCurrentlyIsolated(to actor: any Actor, isMainActor: Bool) -> Bool {
    if isMainActor && racIsOnMainThreadOrQueue() {
        return true
    }
    let executor = unsafeBitCast(actor.unownedExecutor, to: (UnsafeRawPointer?, UInt).self)
    return swift_task_isCurrentExecutorWithFlags(executor.0, executor.1, 0)
}

/// Where a callback formed in an actor-isolated context was handed to the framework: the actor,
/// the API (`"subscribe(next:error:completed:)"`), the call's source location and the subscribed
/// signal's name. Made only when the caller's isolation is an actor.
@usableFromInline
package struct IsolatedCallSite: Sendable {
    @usableFromInline let actor: any Actor
    @usableFromInline let call: StaticString
    @usableFromInline let file: StaticString
    @usableFromInline let line: UInt
    @usableFromInline let signalName: String
    /// Whether `actor` is the main actor: its check starts with cheap loads.
    @usableFromInline let isMainActor: Bool

    @inlinable
    package init(actor: any Actor, call: StaticString, file: StaticString, line: UInt, signalName: String) {
        self.actor = actor
        self.isMainActor = actor === MainActor.shared
        self.call = call
        self.file = file
        self.line = line
        self.signalName = signalName
    }

    /// The site of a call made from `isolation`, or `nil` when that is no actor (nonisolated
    /// code): then nothing is checked.
    @inlinable
    package init?(
        _ isolation: (any Actor)?, call: StaticString, file: StaticString, line: UInt,
        signalName: @autoclosure () -> String
    ) {
        guard let isolation else { return nil }
        self.init(actor: isolation, call: call, file: file, line: line, signalName: signalName())
    }

    /// Stops the process unless the calling context runs on the actor: `callback` (`"next"`,
    /// `"error"` …) is about to run.
    @inlinable @inline(__always)
    package func check(_ callback: StaticString) {
        if !racIsCurrentlyIsolated(to: actor, isMainActor: isMainActor) {
            racIsolationViolation(self, callback)
        }
    }
}

/// Stops the process: the `callback` of `site` is about to run off its actor.
@usableFromInline @inline(never)
package func racIsolationViolation(_ site: IsolatedCallSite, _ callback: StaticString) -> Never {
    fatalError(
        """
        ReactiveCocoa: the \(callback) closure of \(site.call) (called at \(site.file):\(site.line)\
        \(site.signalName.isEmpty ? "" : ", signal \"\(site.signalName)\"")) was formed on \(racActorDescription(site.actor)) but is about to \
        run off it, on \(racCurrentThreadDescription()). A closure formed in an actor-isolated \
        context runs only on that actor: deliver the events there first (deliver(on: \
        Scheduler.main) or deliverOnMainActor() for the main actor), or form the closure in \
        nonisolated code.
        """)
}

/// `MainActor`, or the actor's type and address.
package func racActorDescription(_ actor: any Actor) -> String {
    if actor === MainActor.shared {
        return "the main actor (MainActor)"
    }
    return "actor \(String(reflecting: type(of: actor))) (\(ObjectIdentifier(actor)))"
}

/// The calling thread: whether it is the main thread or runs the main queue, its name, its
/// identifier and the label of the dispatch queue it runs.
package func racCurrentThreadDescription() -> String {
    var name = [CChar](repeating: 0, count: 64)
    rac_current_thread_name(&name, UInt(name.count))
    let text = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let kind =
        rac_is_main_thread()
        ? "the main thread"
        : MainQueueMarker.isRunningOnMainQueue ? "a thread running the main queue" : "a thread"
    let queue = String(cString: rac_current_queue_label())
    return "\(kind) \"\(text)\" (0x\(String(Platform.currentThread, radix: 16)))"
        + (queue.isEmpty ? "" : " running the queue \"\(queue)\"")
}

/// Whether the calling code runs on the main thread, or on the main queue or a queue that targets
/// it, on whatever thread libdispatch drains it (Linux drains the main queue on a worker thread
/// after `dispatchMain()`): where the main actor is current and RAC's main-thread checks hold. Loads
/// and compares first, `DispatchQueue.getSpecific` for a targeting queue.
package func racIsOnMainThreadOrQueue() -> Bool {
    rac_is_main_thread() || rac_is_running_main_queue() || MainQueueMarker.isRunningOnMainQueue
}

/// Marks the main queue, so that a block it runs on a worker thread knows it is on the main queue:
/// tells whether the calling code runs on the main queue, on whatever thread libdispatch drains it
/// (a queue-specific value set on the main queue once).
enum MainQueueMarker {
    // Set on the main queue once, before any read.
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isRunningOnMainQueue: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}
