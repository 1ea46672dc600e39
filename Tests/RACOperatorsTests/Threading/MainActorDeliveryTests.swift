import Foundation
import RACOperators
import RACTestSupport
import Testing

/// A main-actor label to bind to.
@MainActor
private final class Label: RACCompatible {
    var text = ""
    var writes: [String] = []

    nonisolated init() {}
}

/// `deliverOnMainActor()`: events sent on other threads reach `@MainActor` callbacks on the main
/// queue, which the Swift Testing runner drains (as it must for `@MainActor` tests); each test
/// waits for the terminal event with a continuation.
@Suite("deliverOnMainActor(): @MainActor callbacks, on the main queue")
struct MainActorDeliveryTests {
    /// Sends `events` to `subject` from a thread of its own.
    private func sendFromBackground(
        _ subject: Subject<Int, DeliveryError>, _ events: [Event<Int, DeliveryError>]
    ) {
        onThreads(1) { _ in
            for event in events { subject.send(event) }
        }
    }

    @Test("values then completion, in order, from a background thread")
    @MainActor
    func valuesThenCompletion() async {
        let subject = Subject<Int, DeliveryError>()
        var log: [String] = []
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            subject.deliverOnMainActor().subscribe(
                next: { log.append("next(\($0))") }, error: { log.append("error(\($0))") },
                completed: {
                    log.append("completed")
                    finished.resume()
                })
            sendFromBackground(subject, [.next(1), .next(2), .next(3), .completed])
        }
        #expect(log == ["next(1)", "next(2)", "next(3)", "completed"])
    }

    @Test("an error, after the values; the empty signal completes alone")
    @MainActor
    func errorAndEmpty() async {
        let subject = Subject<Int, DeliveryError>()
        var log: [String] = []
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            subject.deliverOnMainActor().subscribe(
                next: { log.append("next(\($0))") },
                error: {
                    log.append("error(\($0))")
                    finished.resume()
                })
            sendFromBackground(subject, [.next(1), .error(.boom)])
        }
        #expect(log == ["next(1)", "error(boom)"])

        let empty = Subject<Int, DeliveryError>()
        var emptyLog: [String] = []
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            empty.deliverOnMainActor().subscribe(
                next: { emptyLog.append("next(\($0))") },
                completed: {
                    emptyLog.append("completed")
                    finished.resume()
                })
            sendFromBackground(empty, [.completed])
        }
        #expect(emptyLog == ["completed"])
    }

    @Test("observe(_:) gets every event on the main actor")
    @MainActor
    func observeEvents() async {
        let subject = Subject<Int, DeliveryError>()
        var events: [Event<Int, DeliveryError>] = []
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            subject.deliverOnMainActor().observe { event in
                events.append(event)
                if event.isTerminal { finished.resume() }
            }
            sendFromBackground(subject, [.next(7), .completed])
        }
        #expect(events == [.next(7), .completed])
    }

    @Test("disposed before the main queue runs: nothing is delivered")
    @MainActor
    func disposedBeforeDelivery() async {
        let subject = Subject<Int, DeliveryError>()
        var log: [String] = []
        let subscription = subject.deliverOnMainActor().subscribe(next: { log.append("next(\($0))") })
        sendFromBackground(subject, [.next(1), .completed])
        // The main queue has not run since: the queued events are dropped.
        subscription.dispose()
        await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
            Scheduler.main.schedule { drained.resume() }
        }
        #expect(log.isEmpty)
    }

    @Test("<~ binds into a main-actor target and a property, from a background thread")
    @MainActor
    func bindings() async {
        let label = Label()
        let subject = Subject<String, Never>()
        let property = MutableProperty("")
        label.rac[\.text] <~ subject.deliverOnMainActor()
        property <~ subject.deliverOnMainActor()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            subject.deliverOnMainActor().subscribe(completed: { finished.resume() })
            onThreads(1) { _ in
                subject.sendNext("a")
                subject.sendNext("b")
                subject.sendCompleted()
            }
        }
        #expect(label.text == "b")
        #expect(property.value == "b")
    }

    @Test("the subscription and its closures are released when the signal ends")
    @MainActor
    func releasedAfterEnd() async {
        weak var weakToken: Token?
        let subject = Subject<Int, DeliveryError>()
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let token = Token()
            weakToken = token
            subject.deliverOnMainActor().subscribe(
                next: { _ in _ = token },
                completed: { finished.resume() })
            sendFromBackground(subject, [.next(1), .completed])
        }
        await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
            Scheduler.main.schedule { drained.resume() }
        }
        #expect(weakToken == nil)
    }
}

/// An object whose release the test watches.
private final class Token: Sendable {}

/// The error of these tests.
private enum DeliveryError: Error, Equatable {
    case boom
}
