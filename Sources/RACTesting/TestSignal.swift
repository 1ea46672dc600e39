import RACCore

/// A signal made from a marble that records when it is subscribed to and when each subscription
/// ends (disposed by the subscriber, or by the signal's own `|` or `#`).
///
/// RxTest: `TestableObservable` (`ColdObservable` / `HotObservable`) and its `subscriptions`;
/// RxJS: `cold(…)` / `hot(…)` and `expectSubscriptions`. Make one with
/// `TestScheduler.createColdSignal` or `createHotSignal`. It is a `Signal`: subscribe to it or
/// build operators on it, then check `subscriptions` (raw virtual times) or
/// `subscriptionMarbles` (marbles in frames from time zero).
///
/// ```
/// cold "-a-|" subscribed at frame 2:  subscriptionMarbles == ["--^--!"]
/// hot  "^-a--" subscribed at 1, disposed at 3:  subscriptionMarbles == ["-^-!"]
/// ```
public final class TestSignal<Value, Failure: Error>: Signal<Value, Failure>, @unchecked Sendable {
    /// The marble the signal was made from.
    ///
    /// ```
    /// try scheduler.createColdSignal("-a-|").marble == "-a-|"
    /// ```
    public let marble: String
    /// Whether it is a hot signal (shared events in absolute time) rather than a cold one.
    ///
    /// ```
    /// createHotSignal("^-a").isHot == true;  createColdSignal("-a").isHot == false
    /// ```
    public let isHot: Bool
    private let log: SubscriptionLog
    private let scheduler: TestScheduler

    /// A signal that logs each subscription on `scheduler`, then lets `play` feed the subscriber.
    init(
        marble: String, isHot: Bool, scheduler: TestScheduler,
        play: @escaping (Subscriber<Value, Failure>) -> (any Disposable)?
    ) {
        let log = SubscriptionLog()
        self.marble = marble
        self.isHot = isHot
        self.scheduler = scheduler
        self.log = log
        super.init(name: "\(isHot ? "hot" : "cold") \"\(marble)\"") { [weak scheduler] subscriber in
            guard let scheduler else { return nil }
            log.record(subscriber, on: scheduler)
            return play(subscriber)
        }
    }

    /// Every subscription so far, in the order they were made, with virtual times.
    ///
    /// ```
    /// "^--!"   [RecordedSubscription(subscribed: .zero, disposed: scheduler.frames(3))]
    /// ```
    public var subscriptions: [RecordedSubscription] {
        log.subscriptions
    }

    /// Every subscription so far as a subscription marble, frames counted from time zero: `^`
    /// where it began, `!` where it ended, `(^!)` when both fall in one frame.
    ///
    /// ```
    /// subscribed at 0, disposed at 3:   "^--!"
    /// subscribed at 2, still active:    "--^"
    /// subscribed and disposed at 1:     "-(^!)"
    /// ```
    public var subscriptionMarbles: [String] {
        subscriptions.map { MarbleRenderer.subscriptionMarble($0, on: scheduler) }
    }
}

/// The subscriptions of one test signal, thread-safe.
final class SubscriptionLog: Sendable {
    private let entries = Locked<[RecordedSubscription]>([])

    var subscriptions: [RecordedSubscription] {
        entries.current
    }

    /// Records a subscription made now and arranges for its end to be recorded when `subscriber`
    /// terminates or is disposed.
    func record<Value, Failure>(_ subscriber: Subscriber<Value, Failure>, on scheduler: TestScheduler) {
        let now = scheduler.now
        let index = entries.withValue { entries in
            entries.append(RecordedSubscription(subscribed: now, frameDuration: scheduler.frameDuration))
            return entries.count - 1
        }
        subscriber.add { [weak scheduler, entries] in
            guard let scheduler else { return }
            let end = scheduler.now
            entries.withValue { entries in
                entries[index] = RecordedSubscription(
                    subscribed: entries[index].subscribed, disposed: end,
                    frameDuration: scheduler.frameDuration)
            }
        }
    }
}
