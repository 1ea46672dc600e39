import RACOperators
import RACTestSupport
import Testing

private func numbers(_ values: [Int]) -> Signal<Int, ProbeError> {
    Signal(values: values)
}

private func failing(after values: [Int], _ code: Int = 1) -> Signal<Int, ProbeError> {
    Signal { subscriber in
        for value in values { subscriber.sendNext(value) }
        subscriber.sendError(ProbeError(code))
        return nil
    }
}

/// Subscribes to `signal`, writing each event into `lines` after the operator's own entries.
@discardableResult
private func recordLines(_ signal: Signal<Int, ProbeError>, into lines: Lines) -> any Disposable {
    signal.observe { event in lines.append("event \(event)") }
}

@Suite("Side-effect operators", .checksRelease)
struct SideEffectsTests {
    @Test("doNext runs before each value is forwarded; errors and completion pass")
    func doNext() {
        let lines = Lines()
        recordLines(numbers([1, 2]).doNext { lines.append("action \($0)") }, into: lines)
        #expect(lines.all == ["action 1", "event next(1)", "action 2", "event next(2)", "event completed"])
        let failed = Lines()
        recordLines(failing(after: [1]).doNext { failed.append("action \($0)") }, into: failed)
        #expect(failed.all == ["action 1", "event next(1)", "event error(ProbeError(1))"])
        let empty = Lines()
        recordLines(numbers([]).doNext { empty.append("action \($0)") }, into: empty)
        #expect(empty.all == ["event completed"])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.doNext { _ in } })
    }

    @Test("doNext runs for each subscription and for reentrant values, in order")
    func doNextReentrancy() {
        weak var weakSubject: Subject<Int, ProbeError>?
        do {
            let subject = Subject<Int, ProbeError>()
            weakSubject = subject
            let lines = Lines()
            let tapped = subject.doNext { lines.append("action \($0)") }
            let subscription = tapped.observe { event in
                lines.append("event \(event)")
                if event == .next(1) { subject.sendNext(2) }
            }
            subject.sendNext(1)
            #expect(lines.all == ["action 1", "event next(1)", "action 2", "event next(2)"])
            // The subscriber captures the subject: disposing it releases the chain.
            subscription.dispose()
        }
        #expect(weakSubject == nil)
    }

    @Test("doError runs before the error is forwarded, only on error")
    func doError() {
        let lines = Lines()
        recordLines(failing(after: [1], 3).doError { lines.append("action \($0)") }, into: lines)
        #expect(lines.all == ["event next(1)", "action ProbeError(3)", "event error(ProbeError(3))"])
        let completed = Lines()
        recordLines(numbers([1]).doError { completed.append("action \($0)") }, into: completed)
        #expect(completed.all == ["event next(1)", "event completed"])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.doError { _ in } })
    }

    @Test("doCompleted runs before the completion is forwarded, only on completion")
    func doCompleted() {
        let lines = Lines()
        recordLines(numbers([1]).doCompleted { lines.append("action") }, into: lines)
        #expect(lines.all == ["event next(1)", "action", "event completed"])
        let empty = Lines()
        recordLines(numbers([]).doCompleted { empty.append("action") }, into: empty)
        #expect(empty.all == ["action", "event completed"])
        let failed = Lines()
        recordLines(failing(after: []).doCompleted { failed.append("action") }, into: failed)
        #expect(failed.all == ["event error(ProbeError(1))"])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.doCompleted {} })
    }

    @Test("initially runs at each subscription, before the source is subscribed")
    func initially() {
        let probe = ProbeSource<Int, ProbeError>()
        let lines = Lines()
        let signal = probe.signal.initially {
            lines.append("initially, subscriptions: \(probe.subscriptions)")
        }
        #expect(lines.all.isEmpty)
        let log = EventLog.of(signal)
        _ = EventLog.of(signal)
        #expect(lines.all == ["initially, subscriptions: 0", "initially, subscriptions: 1"])
        probe.sendNext(1)
        probe.sendCompleted()
        #expect(log.events == [.next(1), .completed])
        #expect(eventsOf(failing(after: []).initially {}) == [.error(ProbeError(1))])
        #expect(eventsOf(numbers([]).initially {}) == [.completed])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.initially {} })
    }

    @Test("finally runs before completion or error is forwarded, not on disposal")
    func finally() {
        let lines = Lines()
        recordLines(numbers([1]).finally { lines.append("finally") }, into: lines)
        #expect(lines.all == ["event next(1)", "finally", "event completed"])
        let failed = Lines()
        recordLines(failing(after: [1]).finally { failed.append("finally") }, into: failed)
        #expect(failed.all == ["event next(1)", "finally", "event error(ProbeError(1))"])

        let probe = ProbeSource<Int, ProbeError>()
        let disposed = Lines()
        let subscription = recordLines(probe.signal.finally { disposed.append("finally") }, into: disposed)
        probe.sendNext(1)
        subscription.dispose()
        probe.sendCompleted()
        #expect(disposed.all == ["event next(1)"])
        #expect(probe.disposals == 1)
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.finally {} })
    }

    @Test("logAll writes every event with the receiver's description, as RAC's NSLog")
    func logAll() {
        let lines = Lines()
        let source = Signal<Int, ProbeError>(name: "numbers") { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(ProbeError(2))
            return nil
        }
        let logged = source.logAll(to: lines.append)
        #expect(logged.name == "numbers")
        #expect(eventsOf(logged) == [.next(1), .error(ProbeError(2))])
        #expect(
            lines.all == [
                "<Signal<Int, ProbeError>: numbers> next: 1",
                "<Signal<Int, ProbeError>: numbers> error: ProbeError(2)",
            ])
        let completed = Lines()
        #expect(eventsOf(numbers([]).named("empty").logAll(to: completed.append)) == [.completed])
        #expect(completed.all == ["<Signal<Int, ProbeError>: empty> completed"])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.logAll(to: { _ in }) })
    }

    @Test("logNext, logError and logCompleted write only their own event")
    func logSingle() {
        let source = Signal<Int, ProbeError>(values: [1, 2]).named("s")
        let next = Lines()
        let error = Lines()
        let completed = Lines()
        let chain = source.logNext(to: next.append).logError(to: error.append).logCompleted(
            to: completed.append)
        #expect(eventsOf(chain) == [.next(1), .next(2), .completed])
        #expect(next.all == ["<Signal<Int, ProbeError>: s> next: 1", "<Signal<Int, ProbeError>: s> next: 2"])
        #expect(error.all.isEmpty)
        #expect(completed.all == ["<Signal<Int, ProbeError>: s> completed"])
        let failed = Lines()
        #expect(
            eventsOf(failing(after: []).named("f").logError(to: failed.append)) == [.error(ProbeError(1))])
        #expect(failed.all == ["<Signal<Int, ProbeError>: f> error: ProbeError(1)"])
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.logNext(to: { _ in }) })
        #expect(disposalReachesSource { (source: Signal<Int, ProbeError>) in source.logError(to: { _ in }) })
        #expect(
            disposalReachesSource { (source: Signal<Int, ProbeError>) in source.logCompleted(to: { _ in }) })
    }
}

@Suite("Side-effect operators release what they capture", .checksRelease)
struct SideEffectsDeallocationTests {
    @Test("after completion or disposal, side-effect closures and captured objects are released")
    func released() {
        for endsByDisposal in [false, true] {
            let subject = Subject<Int, ProbeError>()
            weak var weakCaptured: DeallocProbe?
            var subscription: (any Disposable)?
            do {
                let captured = DeallocProbe()
                weakCaptured = captured
                let chain =
                    subject
                    .initially { [captured] in withExtendedLifetime(captured) {} }
                    .doNext { [captured] _ in withExtendedLifetime(captured) {} }
                    .doError { [captured] _ in withExtendedLifetime(captured) {} }
                    .doCompleted { [captured] in withExtendedLifetime(captured) {} }
                    .finally { [captured] in withExtendedLifetime(captured) {} }
                    .logAll(to: { [captured] _ in withExtendedLifetime(captured) {} })
                subscription = chain.subscribe(next: { _ in })
            }
            subject.sendNext(1)
            #expect(weakCaptured != nil)
            if endsByDisposal {
                subscription?.dispose()
            } else {
                subject.sendCompleted()
            }
            #expect(weakCaptured == nil)
            #expect(subject.subscriberCount == 0)
        }
    }
}
