import Foundation
import RACOperators
import RACTestSupport
import Testing

// The runtime check of Swift 6 isolation: a callback formed in an actor-isolated context runs only
// on that actor (`subscribe(next:error:completed:)`, `observe(_:)`, the side-effect operators,
// `Command`'s work, binding targets); nonisolated callbacks run anywhere, as before. The stops run
// in child processes (exit tests).

/// A main-actor view model, as in issue 29: its subscription's closure is main-actor-isolated.
@MainActor
private final class ViewModel {
    var updates = 0
    var subscription: (any Disposable)?

    /// The mistake: the closure belongs to the main actor, the delivery happens on "bg".
    func watchOnBackground(_ signal: Signal<Int, Never>, _ scheduler: QueueScheduler) {
        subscription = signal.deliver(on: scheduler).subscribe(next: { _ in self.updates += 1 })
    }

    /// The fix: the values are delivered on the main queue first.
    func watchOnMain(_ signal: Signal<Int, Never>, done: @escaping @Sendable () -> Void) {
        subscription = signal.deliver(on: Scheduler.main).subscribe(
            next: { _ in self.updates += 1 }, completed: { done() })
    }
}

/// A custom actor that subscribes with closures isolated to it.
private actor Tally {
    var count = 0
    var subscription: (any Disposable)?

    func watch(_ signal: Signal<Int, Never>) {
        subscription = signal.subscribe(next: { value in self.count += value })
    }

    func watchWithSideEffect(_ signal: Signal<Int, Never>) {
        subscription = signal.doNext { value in self.count += value }.subscribe()
    }

    /// Sends from inside the actor: the callbacks run on it.
    func send(_ values: [Int], to subject: Subject<Int, Never>) {
        for value in values { subject.sendNext(value) }
    }
}

/// Waits until `scheduler` has run everything queued before this call.
private func drain(_ scheduler: QueueScheduler) {
    let done = DispatchSemaphore(value: 0)
    scheduler.schedule { done.signal() }
    done.wait()
}

/// The standard error of an exit test's child process, as text.
private func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

@Suite("Isolation: callbacks formed on an actor run on it")
struct IsolationCheckTests {
    @Test("main actor: deliver(on: Scheduler.main) passes the check; values and completion arrive")
    @MainActor
    func mainActorThroughMainQueue() async {
        let subject = Subject<Int, Never>()
        let model = ViewModel()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            model.watchOnMain(subject, done: { finished.resume() })
            // Sent from another thread: each value is a block of the main queue.
            onThreads(1) { _ in
                subject.sendNext(1)
                subject.sendNext(2)
                subject.sendCompleted()
            }
        }
        #expect(model.updates == 2)
    }

    @Test("main actor: events sent on the main actor itself are delivered at once")
    @MainActor
    func mainActorSynchronous() {
        let subject = Subject<Int, Never>()
        var log: [String] = []
        let subscription = subject.subscribe(
            next: { log.append("next(\($0))") }, completed: { log.append("completed") })
        subject.sendNext(1)
        subject.sendCompleted()
        subscription.dispose()
        #expect(log == ["next(1)", "completed"])
    }

    @Test("a custom actor: events sent from inside the actor run its callbacks")
    func customActorInside() async {
        let subject = Subject<Int, Never>()
        let tally = Tally()
        await tally.watch(subject)
        await tally.send([1, 2, 3], to: subject)
        #expect(await tally.count == 6)

        let other = Subject<Int, Never>()
        await tally.watchWithSideEffect(other)
        await tally.send([10], to: other)
        #expect(await tally.count == 16)
        // The actor holds its subscriptions and their closures hold the actor: ending the
        // subscriptions lets both go.
        subject.sendCompleted()
        other.sendCompleted()
    }

    @Test("nonisolated callbacks run on any thread, unchecked, as before")
    func nonisolatedOnSeveralThreads() {
        let subject = Subject<Int, Never>()
        let received = Locked(0)
        let sideEffects = Locked(0)
        let subscription = subject.doNext { _ in sideEffects.withValue { $0 += 1 } }
            .subscribe(next: { value in received.withValue { $0 += value } })
        onThreads(4) { _ in
            for _ in 0..<250 { subject.sendNext(1) }
        }
        subscription.dispose()
        #expect(received.current == 1000)
        #expect(sideEffects.current == 1000)
    }

    @Test("nonisolated Command work and binding targets run on any thread, as before")
    func nonisolatedCommandAndBinding() {
        // Concurrent executions allowed: the two threads may execute at once.
        let command = Command<Int, Int, Never>(
            allowsConcurrentExecution: true, scheduler: Scheduler.immediate
        ) {
            Signal(value: $0 * 2)
        }
        let doubled = Locked<[Int]>([])
        onThreads(2) { index in
            _ = command.execute(index + 1).subscribe(next: { value in doubled.withValue { $0.append(value) } }
            )
        }
        #expect(doubled.current.sorted() == [2, 4])

        let written = Locked<[Int]>([])
        let target = BindingTarget<Int> { value in
            written.withValue { $0.append(value) }
            return true
        }
        let subject = Subject<Int, Never>()
        target <~ subject
        onThreads(3) { index in subject.sendNext(index) }
        #expect(written.current.sorted() == [0, 1, 2])
        subject.sendCompleted()  // ends the binding, which a live subject keeps
    }
}

@Suite("Isolation: a callback about to run off its actor stops the process", .serialized)
struct IsolationStopTests {
    @Test(
        "issue 29: a main-actor closure delivered on a background queue stops, naming call, actor and thread")
    func mainActorOnBackgroundQueue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            let background = QueueScheduler(name: "bg")
            let model = ViewModel()
            await model.watchOnBackground(subject, background)
            subject.sendNext(1)
            drain(background)
        }
        let message = standardError(result)
        #expect(message.contains("the next closure of subscribe(next:error:completed:)"))
        #expect(message.contains("IsolationCheckTests.swift:19"))
        #expect(message.contains("the main actor (MainActor)"))
        #expect(message.contains("about to run off it, on a thread"))
        #expect(message.contains("running the queue \"bg\""))
    }

    @Test("a custom actor's closure run from outside the actor stops, naming the actor")
    func customActorFromOutside() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            let tally = Tally()
            await tally.watch(subject)
            onThreads(1) { _ in subject.sendNext(1) }
        }
        let message = standardError(result)
        #expect(message.contains("the next closure of subscribe(next:error:completed:)"))
        #expect(message.contains("Tally"))
    }

    @Test("doNext formed on an actor, run off it, stops")
    func doNextFromOutside() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            let tally = Tally()
            await tally.watchWithSideEffect(subject)
            onThreads(1) { _ in subject.sendNext(1) }
        }
        let message = standardError(result)
        #expect(message.contains("the action closure of doNext(_:)"))
        #expect(message.contains("Tally"))
    }

    @Test(
        "doAfterNext, doSubscribed and the throwing doNext and doCompleted formed on the main actor, run off it, stop"
    )
    func laterHooksOffMain() async {
        let afterNext = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            _ = await MainActor.run { subject.doAfterNext { _ in }.subscribe() }
            onThreads(1) { _ in subject.sendNext(1) }
        }
        #expect(standardError(afterNext).contains("the action closure of doAfterNext(_:)"))

        let throwingNext = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, TestError>()
            _ = await MainActor.run { subject.doNext { (_: Int) throws(TestError) in }.subscribe() }
            onThreads(1) { _ in subject.sendNext(1) }
        }
        #expect(standardError(throwingNext).contains("the action closure of doNext(_:)"))

        let throwingCompleted = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
        {
            let subject = Subject<Int, TestError>()
            _ = await MainActor.run { subject.doCompleted { () throws(TestError) in }.subscribe() }
            onThreads(1) { _ in subject.sendCompleted() }
        }
        #expect(standardError(throwingCompleted).contains("the action closure of doCompleted(_:)"))

        let subscribed = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let signal = await MainActor.run { Signal<Int, Never>(value: 1).doSubscribed {} }
            onThreads(1) { _ in _ = signal.subscribe() }
        }
        #expect(standardError(subscribed).contains("the action closure of doSubscribed(_:)"))
    }

    @Test("finally and doDisposed formed on the main actor, run off it, stop")
    func finallyAndDoDisposedOffMain() async {
        let finally = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            _ = await MainActor.run { subject.finally {}.subscribe() }
            onThreads(1) { _ in subject.sendCompleted() }
        }
        #expect(standardError(finally).contains("the action closure of finally(_:)"))

        let disposed = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            let subscription = await MainActor.run { subject.doDisposed {}.subscribe() }
            onThreads(1) { _ in subscription.dispose() }
        }
        #expect(standardError(disposed).contains("the action closure of doDisposed(_:)"))
    }

    @Test("a Command made on the main actor, executed off it, stops before running its work")
    func commandOffMain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let command = await MainActor.run {
                Command<Int, Int, Never>(scheduler: Scheduler.immediate) { Signal(value: $0) }
            }
            onThreads(1) { _ in _ = command.execute(1) }
        }
        let message = standardError(result)
        #expect(message.contains("the execute closure of Command.init"))
        #expect(message.contains("the main actor (MainActor)"))
    }

    @Test("a binding target made on the main actor, written off it, stops")
    func bindingTargetOffMain() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let subject = Subject<Int, Never>()
            _ = await MainActor.run {
                BindingTarget<Int> { _ in true } <~ subject
            }
            onThreads(1) { _ in subject.sendNext(1) }
        }
        let message = standardError(result)
        #expect(message.contains("the accept closure of BindingTarget.init(ended:accept:)"))
        #expect(message.contains("the main actor (MainActor)"))
    }
}
