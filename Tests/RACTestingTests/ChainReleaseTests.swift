import RACCore
import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// `checksRelease` watches every subscriber a chain makes, not only the last one (issue 17, item 5):
/// a source that keeps its subscriber is found behind any number of operators, and the failure
/// names the operator whose subscriber was kept.
@Suite("checksRelease: every subscriber of the chain is watched, with the operator that made it")
struct ChainReleaseTests {
    let scheduler = TestScheduler(checksRelease: true)

    /// `source`, but keeping every subscriber it is given (in `kept`).
    private func hoarding(_ source: Signal<String, Never>, into kept: Locked<[AnyObject]>) -> Signal<
        String, Never
    > {
        Signal(name: "hoarding") { subscriber in
            kept.withValue { $0.append(subscriber) }
            return source.subscribe(subscriber)
        }
    }

    /// The failure for a chain whose first operator is `maker` and its stage `type`: the hoarding
    /// source keeps the stage in an array its creation closure captures, out of the library's
    /// sight, and every other subscriber of the chain is gone.
    private func leak(_ marble: String, maker: String, type: String) -> String {
        """
        expect(_:toEmit:) failed: a subscriber inside the chain ended but was not released (a leak: \
        something still holds the subscriber of \(maker))
          marble: \(marble)
          signal: <Signal<String, Never>: anonymous>
          not released: the subscriber of \(maker) (\(type))
            held by a closure's capture or by an object the library does not know (no other object \
        it knows of is alive)
        """
    }

    @Test("a hoarding source behind one operator: the map stage it keeps is reported")
    func behindOne() throws {
        let capture = FailureCapture(scheduler)
        let kept = Locked<[AnyObject]>([])
        let source = try scheduler.createColdSignal("-a-|")
        let line = #line + 1
        #expect(try !scheduler.expect(hoarding(source, into: kept).map { $0 }, toEmit: "-a-|"))
        #expect(
            capture.messages == [
                leak("-a-|", maker: "map(_:)", type: "MapStage<String, String, Never, Never>")
            ])
        #expect(capture.all.first?.sourceLocation.line == line)
        #expect(kept.current.count == 1)
    }

    @Test("behind two operators: the first one's stage is reported, the second was released")
    func behindTwo() throws {
        let capture = FailureCapture(scheduler)
        let kept = Locked<[AnyObject]>([])
        let source = try scheduler.createColdSignal("-a-b-|")
        let chain = hoarding(source, into: kept).filter { $0 != "b" }.map { $0.uppercased() }
        #expect(try !scheduler.expect(chain, toEmit: "-A---|"))
        #expect(capture.messages == [leak("-A---|", maker: "filter(_:)", type: "FilterStage<String, Never>")])
    }

    /// Ten operators, the first a `skip(1)`.
    private func tenOperators<Failure>(_ source: Signal<String, Failure>) -> Signal<String, Failure> {
        source.skip(1).map { $0 + "!" }.filter { !$0.isEmpty }.doNext { _ in }.distinctUntilChanged()
            .scan("") { $1 }.take(10).mapReplace("x").doCompleted {}.map { $0 }
    }

    @Test("behind ten operators, and when the subscription is disposed instead of ending")
    func behindTen() throws {
        let capture = FailureCapture(scheduler)
        let kept = Locked<[AnyObject]>([])
        let source = try scheduler.createColdSignal("-a-b-c-d-|")
        #expect(try !scheduler.expect(tenOperators(hoarding(source, into: kept)), toEmit: "---x-x-x-|"))
        let disposed = TestScheduler(checksRelease: true)
        let disposedCapture = FailureCapture(disposed)
        let endless = try disposed.createColdSignal("-a-b-c-d-")
        #expect(
            try !disposed.expect(tenOperators(hoarding(endless, into: kept)), toEmit: "---x-x", disposeAt: 6))
        let type = "CountStage<String, Never, SkipCount>"
        #expect(capture.messages == [leak("---x-x-x-|", maker: "skip(_:)", type: type)])
        #expect(disposedCapture.messages == [leak("---x-x", maker: "skip(_:)", type: type)])
        #expect(kept.current.count == 2)
    }

    @Test("a clean chain of ten operators is not reported: completion, error, disposal, empty")
    func cleanChain() throws {
        /// Whether `expect` holds for the ten operators over `marble`, with nothing reported.
        func passes(_ marble: String, _ expected: String, disposeAt frame: Int? = nil) throws -> Bool {
            let scheduler = TestScheduler(checksRelease: true)
            let capture = FailureCapture(scheduler)
            let source = try scheduler.createColdSignal(marble, error: TestError(1))
            let held = try scheduler.expect(
                tenOperators(source), toEmit: expected, error: TestError(1), disposeAt: frame)
            return held && capture.all.isEmpty
        }
        #expect(try passes("-a-b-|", "---x-|"))
        #expect(try passes("-a-b-#", "---x-#"))
        #expect(try passes("-a-b-c-", "---x-x", disposeAt: 6))
        #expect(try passes("|", "|"))
    }

    @Test("a subscriber kept behind a multi-input operator is reported with the signal that made it")
    func behindConcat() throws {
        let capture = FailureCapture(scheduler)
        let kept = Locked<[AnyObject]>([])
        let source = try scheduler.createColdSignal("-a|")
        let chain = hoarding(source, into: kept).concat(Signal(value: "b")).named("joined")
        #expect(try !scheduler.expect(chain, toEmit: "-a(b|)"))
        #expect(capture.messages.count == 1)
        #expect(
            capture.messages.first?.contains("not released: the subscriber of <Signal<String, Never>:")
                == true)
        #expect(capture.messages.first?.contains("(Subscriber<String, Never>)") == true)
    }

    @Test("a stage kept by another subscriber of the chain: the failure shows the path from it")
    func heldByAnotherSubscriber() throws {
        let capture = FailureCapture(scheduler)
        let kept = Locked<[AnyObject]>([])
        let source = try scheduler.createColdSignal("-a-|")
        // Its creation step makes a subscriber of its own (noted by the watch) that keeps the one
        // it was given in a stored property.
        let keeping = Signal<String, Never>(name: "keeping") { subscriber in
            let keeper = CompoundDisposable()
            keeper += subscriber
            let holder = Subscriber<String, Never> { _ in }
            holder.add(keeper)
            kept.withValue { $0.append(holder) }
            return source.subscribe(subscriber)
        }
        #expect(try !scheduler.expect(keeping.map { $0 }, toEmit: "-a-|"))
        let type = "MapStage<String, String, Never, Never>"
        #expect(
            capture.messages == [
                """
                expect(_:toEmit:) failed: a subscriber inside the chain ended but was not released (a leak: \
                something still holds the subscriber of map(_:))
                  marble: -a-|
                  signal: <Signal<String, Never>: anonymous>
                  not released: the subscriber of map(_:) (\(type))
                    held by: the subscriber of <Signal<String, Never>: keeping> (Subscriber<String, Never>) \
                → .firstResource → CompoundDisposable → .children[0] → \(type)
                """
            ])
        #expect(kept.current.count == 1)
    }

    @Test("without checksRelease nothing is watched and nothing reported")
    func offByDefault() throws {
        let unchecked = TestScheduler()
        let capture = FailureCapture(unchecked)
        let kept = Locked<[AnyObject]>([])
        let source = try unchecked.createColdSignal("-a-|")
        #expect(try unchecked.expect(hoarding(source, into: kept).map { $0 }, toEmit: "-a-|"))
        #expect(capture.all.isEmpty)
        #expect(!SubscriberWatch.isActiveOnThisThread)
    }

    @Test("a watch sees only the subscribers made on its own thread, each with its maker")
    func scopedToThread() {
        let watch = SubscriberWatch.begin()
        var here: (any Disposable)? = Signal<Int, Never>(value: 1).map { $0 + 1 }.subscribe(next: { _ in })
        onThreads(1) { _ in
            _ = Signal<Int, Never>(value: 1).filter { $0 > 0 }.subscribe(next: { _ in })
        }
        watch.end()
        #expect(watch.all.map(\.type) == ["Subscriber<Int, Never>", "MapStage<Int, Int, Never, Never>"])
        #expect(watch.all.map(\.maker) == [nil, "map(_:)"])
        // Ended but still held (here, by this test): a leak until it is let go of.
        #expect(watch.leaked.map(\.type) == ["Subscriber<Int, Never>"])
        here = nil
        #expect(here == nil && watch.leaked.isEmpty)
        #expect(!SubscriberWatch.isActiveOnThisThread)
    }
}
