import Dispatch
import Foundation
import RACOperators
import RACTestSupport
import Testing

private let threads = 8

@Suite("Stress: many threads sending, subscribing and disposing", .checksRelease)
struct StressTests {
    private let sends = ReliabilityEnvironment.stressSends

    @Test("8 threads send into a Subject: every subscriber gets every value once, in each thread's order")
    func subjectFromManyThreads() {
        let subject = Subject<Tagged, Never>()
        let first = checked(subject)
        let second = checked(subject)
        let count = sends
        onThreads(threads) { thread in
            for sequence in 0..<count { subject.sendNext(Tagged(thread: thread, sequence: sequence)) }
        }
        subject.sendCompleted()
        for subscription in [first, second] {
            #expect(subscription.checker.violations == [])
            #expect(orderProblems(subscription.checker.values, threads: threads, count: count) == [])
            #expect(subscription.checker.isTerminated)
        }
    }

    @Test("8 threads send into a ReplaySubject; a late subscriber replays everything in order")
    func replaySubjectFromManyThreads() {
        let subject = ReplaySubject<Tagged, Never>()
        let early = checked(subject)
        let count = sends
        onThreads(threads) { thread in
            for sequence in 0..<count { subject.sendNext(Tagged(thread: thread, sequence: sequence)) }
        }
        subject.sendCompleted()
        let late = checked(subject)
        #expect(early.checker.violations == [])
        #expect(late.checker.violations == [])
        #expect(orderProblems(early.checker.values, threads: threads, count: count) == [])
        #expect(orderProblems(late.checker.values, threads: threads, count: count) == [])
        // Defect 1 (fixed): the replay order must be the order live subscribers were given.
        #expect(late.checker.values == early.checker.values)
        #expect(late.checker.isTerminated)
    }

    @Test("Signal.merge of 8 subjects, each fed by its own thread")
    func mergeOfEight() {
        let subjects = (0..<threads).map { _ in Subject<Tagged, Never>() }
        let merged = Signal.merge(subjects)
        let first = checked(merged)
        let second = checked(merged.map { $0 })
        let count = sends
        onThreads(threads) { thread in
            for sequence in 0..<count {
                subjects[thread].sendNext(Tagged(thread: thread, sequence: sequence))
            }
            subjects[thread].sendCompleted()
        }
        for subscription in [first, second] {
            #expect(subscription.checker.violations == [])
            #expect(orderProblems(subscription.checker.values, threads: threads, count: count) == [])
            #expect(subscription.checker.events.last.map { "\($0)" } == "completed")
        }
    }

    @Test("subscribing and disposing races with sends: each subscription sees an ordered run")
    func subscribeDisposeRacingSends() {
        let subject = Subject<Tagged, Never>()
        let count = sends
        let senders = threads - 2
        let rounds = max(100, count / 20)
        let problems = Locked([String]())
        onThreads(threads) { thread in
            if thread < senders {
                for sequence in 0..<count { subject.sendNext(Tagged(thread: thread, sequence: sequence)) }
                return
            }
            for _ in 0..<rounds {
                let subscription = checked(subject)
                subscription.dispose()
                problems.withValue { $0.append(contentsOf: subscription.checker.violations) }
                // A subscription sees, from each thread, consecutive values in order.
                var last = [Int: Int]()
                for value in subscription.checker.values {
                    if let previous = last[value.thread], previous + 1 != value.sequence {
                        problems.withValue {
                            $0.append("thread \(value.thread): \(previous) then \(value.sequence)")
                        }
                        break
                    }
                    last[value.thread] = value.sequence
                }
            }
        }
        subject.sendCompleted()
        #expect(problems.current == [])
    }

    @Test("disposing races with completion: at most one terminal event, nothing after dispose")
    func disposeRacingCompletion() {
        let rounds = max(200, sends / 10)
        let problems = Locked([String]())
        for _ in 0..<rounds {
            let subject = Subject<Int, Never>()
            let subscription = checked(subject)
            onThreads(2) { thread in
                if thread == 0 {
                    subject.sendNext(1)
                    subject.sendCompleted()
                } else {
                    subscription.dispose()
                }
            }
            let found = subscription.checker.violations
            if !found.isEmpty { problems.withValue { $0.append(contentsOf: found) } }
        }
        #expect(problems.current == [])
    }

    @Test("deliver(on:) through two QueueSchedulers loses and reorders nothing")
    func deliverAcrossQueueSchedulers() {
        let subject = Subject<Tagged, Never>()
        let first = QueueScheduler(name: "stress.first")
        let second = QueueScheduler(name: "stress.second")
        let done = DispatchSemaphore(value: 0)
        let subscription = checked(subject.deliver(on: first).map { $0 }.deliver(on: second)) { event in
            if case .completed = event { done.signal() }
        }
        let count = sends
        onThreads(threads) { thread in
            for sequence in 0..<count { subject.sendNext(Tagged(thread: thread, sequence: sequence)) }
        }
        subject.sendCompleted()
        #expect(done.wait(timeout: .now() + 120) == .success)
        #expect(subscription.checker.violations == [])
        #expect(orderProblems(subscription.checker.values, threads: threads, count: count) == [])
    }

    @Test("throttle on a QueueScheduler: no value is sent before the interval has passed since it arrived")
    func throttleNeverEarly() {
        // One sender, gaps around the interval, so that a held value's timer often fires just as
        // the next value arrives (defect 7: the newer value was then sent at once).
        let interval = Duration.milliseconds(1)
        let count = 2_000
        let clock = ContinuousClock()
        let arrivals = Locked([ContinuousClock.Instant]())
        let deliveries = Locked([(value: Int, at: ContinuousClock.Instant)]())
        let source = Subject<Int, Never>()
        let subscription = source.throttle(interval, on: QueueScheduler(name: "stress.throttle")).subscribe(
            next: { value in
                let now = clock.now
                deliveries.withValue { $0.append((value, now)) }
            })
        for value in 0..<count {
            let now = clock.now
            arrivals.withValue { $0.append(now) }
            source.sendNext(value)
            usleep(UInt32(900 + value % 7 * 30))
        }
        let lastSent = eventually { deliveries.withValue { $0.last?.value == count - 1 } }
        #expect(lastSent, "the last value was not sent")
        subscription.dispose()
        let arrived = arrivals.current
        let early = deliveries.current.filter { $0.at - arrived[$0.value] < interval }
        #expect(early.map { "\($0.value) sent \($0.at - arrived[$0.value]) after it arrived" } == [])
        #expect(deliveries.current.map(\.value) == deliveries.current.map(\.value).sorted())
    }
}
