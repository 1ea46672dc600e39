import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// The chain whose order of calls is RxSwift's `do(onNext:afterNext:onError:afterError:onCompleted:
/// afterCompleted:onSubscribe:onSubscribed:onDispose:)` (as doSubscribed's doc comment gives it),
/// logging each call.
private func hooked(_ source: Signal<String, TestError>, _ log: Log<String>) -> Signal<String, TestError> {
    source.initially { log.append("onSubscribe") }
        .doSubscribed { log.append("onSubscribed") }
        .doDisposed { log.append("onDispose") }
        .doNext { log.append("onNext(\($0))") }
        .doAfterNext { log.append("afterNext(\($0))") }
        .doError { log.append("onError(\($0))") }
        .doAfterError { log.append("afterError(\($0))") }
        .doCompleted { log.append("onCompleted") }
        .doAfterCompleted { log.append("afterCompleted") }
}

@Suite(
    "doSubscribed, doAfterNext, doAfterError, doAfterCompleted: marbles and RxSwift's order of calls",
    .checksRelease)
struct DoHooksTests {
    @Test("values, error, completion, the empty source and disposal pass unchanged")
    func marbles() throws {
        for apply in [
            { (signal: Signal<String, TestError>) in signal.doSubscribed {} },
            { $0.doAfterNext { _ in } },
            { $0.doAfterError { _ in } },
            { $0.doAfterCompleted {} },
        ] {
            try expectMarbles(
                apply,
                [
                    MarbleCase("-a-b-|", "-a-b-|", ["^----!"]),
                    MarbleCase("-a-#", "-a-#", ["^--!"]),
                    MarbleCase("|", "|", ["(^!)"]),
                    MarbleCase("-a-b-|", "-a-", ["^--!"], disposeAt: 3),
                ])
        }
    }

    @Test("each after-action runs after the downstream's delivery of its event, once per event")
    func afterActionsFollowDelivery() {
        for end in ["|", "#"] {
            let source = Subject<String, TestError>()
            let log = Log<String>()
            log.record(
                source.doAfterNext { log.append("after(\($0))") }.doAfterError { log.append("after(\($0))") }
                    .doAfterCompleted { log.append("after(|)") })
            source.sendNext("a")
            source.sendNext("b")
            if end == "|" { source.sendCompleted() } else { source.sendError(TestError(2)) }
            let terminal = end == "|" ? ["|", "after(|)"] : ["#", "after(TestError(2))"]
            #expect(log.all == ["a", "after(a)", "b", "after(b)"] + terminal, "\(end)")
        }
    }

    @Test("doSubscribed runs after the source's subscription call, initially before it")
    func subscribedAfterSubscription() {
        let log = Log<String>()
        let source = Signal<String, TestError> { subscriber in
            log.append("source subscribed")
            subscriber.sendNext("a")
            return nil
        }
        let subscription = log.record(
            source.doSubscribed { log.append("subscribed") }.initially { log.append("subscribe") })
        #expect(log.all == ["subscribe", "source subscribed", "a", "subscribed"])
        subscription.dispose()
    }

    @Test("RxSwift's order, a source sending later: completed")
    func orderCompleted() {
        let source = Subject<String, TestError>()
        let log = Log<String>()
        log.record(hooked(source, log))
        source.sendNext("a")
        source.sendCompleted()
        #expect(
            log.all == [
                "onSubscribe", "onSubscribed", "onNext(a)", "a", "afterNext(a)", "onCompleted", "|",
                "afterCompleted", "onDispose",
            ])
    }

    @Test("RxSwift's order, a source sending later: error")
    func orderError() {
        let source = Subject<String, TestError>()
        let log = Log<String>()
        log.record(hooked(source, log))
        source.sendNext("a")
        source.sendError(TestError(1))
        #expect(
            log.all == [
                "onSubscribe", "onSubscribed", "onNext(a)", "a", "afterNext(a)", "onError(TestError(1))", "#",
                "afterError(TestError(1))", "onDispose",
            ])
    }

    @Test("RxSwift's order, a source sending later: disposed by the subscriber")
    func orderDisposed() {
        let source = Subject<String, TestError>()
        let log = Log<String>()
        let subscription = log.record(hooked(source, log))
        source.sendNext("a")
        subscription.dispose()
        subscription.dispose()
        source.sendNext("b")
        #expect(log.all == ["onSubscribe", "onSubscribed", "onNext(a)", "a", "afterNext(a)", "onDispose"])
        #expect(source.subscriberCount == 0)
    }

    @Test("RxSwift's order, a source that sends everything while it is subscribed")
    func orderSynchronous() {
        let log = Log<String>()
        log.record(hooked(Signal(values: ["a"]), log))
        #expect(
            log.all == [
                "onSubscribe", "onNext(a)", "a", "afterNext(a)", "onCompleted", "|", "afterCompleted",
                "onSubscribed", "onDispose",
            ])
    }

    @Test("RxSwift's order, an empty source")
    func orderEmpty() {
        let log = Log<String>()
        log.record(hooked(.empty, log))
        #expect(
            log.all == ["onSubscribe", "onCompleted", "|", "afterCompleted", "onSubscribed", "onDispose"])
    }

    @Test("each subscription runs the hooks again; an ended subscription releases them")
    func perSubscriptionAndReleased() {
        let log = Log<String>()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<String, TestError>(values: ["a"]).doSubscribed {
                _ = token
                log.append("s")
            }
            .doAfterNext { _ in
                _ = token
                log.append("n")
            }
            log.record(signal)
            log.record(signal)
        }
        #expect(log.all == ["a", "n", "|", "s", "a", "n", "|", "s"])
        #expect(weakToken == nil)
    }
}
